import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../components/AuthShell';
import { usePageTitle } from '../../components/hooks';
import { Paths } from '../../state/redirect';
import './plugin.css';

/** /user/plug-login-success?pluginType: the plugin has its token; the user goes back to it (spec 000 §2). */
export function PlugLoginSuccessPage() {
  usePageTitle('plugin.successTitle');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pluginType = params.get('pluginType');
  return (
    <AuthShell title={t('plugin.successTitle')}>
      <Result
        status="success"
        className="plugin-success"
        data-testid="plugin-success"
        title={pluginType ? t('plugin.successText', { type: pluginType }) : t('plugin.successTextAny')}
        subTitle={t('plugin.successHint')}
        extra={
          <Link to={Paths.item}>
            <Button>{t('plugin.toProjects')}</Button>
          </Link>
        }
      />
    </AuthShell>
  );
}
