import { FileSearchOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Nothing found for `keyword` (with `hint`, what to try, when the default does not fit), or the server's refusal in its own words. */
export function SearchState(
  props: { kind: 'empty'; keyword: string; hint?: string } | { kind: 'error'; message: string },
) {
  const { t } = useTranslation();
  if (props.kind === 'error') {
    return (
      <div className="search-state search-state-error" role="alert" data-testid="search-error">
        <WarningOutlined className="search-state-icon" />
        <div className="search-state-title">{t('search.failed')}</div>
        <div className="search-state-text">{props.message || t('common.requestFailed')}</div>
      </div>
    );
  }
  return (
    <div className="search-state" data-testid="search-empty">
      <FileSearchOutlined className="search-state-icon" />
      <div className="search-state-title">{t('search.empty', { keyword: props.keyword })}</div>
      <div className="search-state-text">{props.hint ?? t('search.emptyHint')}</div>
    </div>
  );
}
