import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The stage's search by design name (members' toolbar and a share link's bar). */
export function StageSearch({ keyword, onChange }: { keyword: string; onChange: (keyword: string) => void }) {
  const { t } = useTranslation();
  return (
    <Input
      allowClear
      className="stage-search"
      prefix={<SearchOutlined />}
      placeholder={t('stage.searchPlaceholder')}
      value={keyword}
      onChange={(event) => onChange(event.target.value)}
      data-testid="stage-search"
    />
  );
}
