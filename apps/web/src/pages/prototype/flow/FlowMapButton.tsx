import { ApartmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { flowMapPath } from '../paths';

/** The stage toolbar's way to the project's flow map. */
export function FlowMapButton({ teamId, projectId }: { teamId: string; projectId: string }) {
  const { t } = useTranslation();
  return (
    <Link to={flowMapPath(teamId, projectId)} data-testid="flow-map-open" tabIndex={-1}>
      <Button icon={<ApartmentOutlined />}>{t('flowMap.open')}</Button>
    </Link>
  );
}
