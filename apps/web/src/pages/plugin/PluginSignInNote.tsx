import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { safeRedirect } from '../../state/redirect';
import { PLUG_BIND_PATH } from './paths';

/** On the sign-in page, when it was reached from a plugin's approval page: why the user is signing in. */
export function PluginSignInNote({ redirecturl }: { redirecturl: string | null }) {
  const { t } = useTranslation();
  const target = safeRedirect(redirecturl);
  if (!target?.startsWith(PLUG_BIND_PATH)) return null;
  const pluginType = new URLSearchParams(target.split('?')[1] ?? '').get('pluginType');
  return (
    <Alert
      className="auth-alert"
      type="info"
      showIcon
      data-testid="login-plugin-note"
      title={pluginType ? t('plugin.signInFirst', { type: pluginType }) : t('plugin.signInFirstAny')}
    />
  );
}
