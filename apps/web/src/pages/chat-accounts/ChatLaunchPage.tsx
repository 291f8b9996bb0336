import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../components/AuthShell';
import { usePageTitle } from '../../components/hooks';
import { Paths } from '../../state/redirect';
import { useLaunchOutcome } from './useLaunchOutcome';

/**
 * LarkLaunch: where a provider sends the page back. It follows the outcome of the ticket the page kept
 * before leaving (useLaunchOutcome) and shows why, when it failed.
 */
export function ChatLaunchPage() {
  usePageTitle('chat.launchTitle');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const problem = useLaunchOutcome(params.get('error'))?.text;

  return (
    <AuthShell title={t('chat.launchTitle')}>
      <div data-testid="chat-launch">
        {problem ? (
          <>
            <Alert type="error" showIcon title={problem} data-testid="chat-launch-error" />
            <Button type="link">
              <Link to={Paths.login}>{t('chat.backToSignIn')}</Link>
            </Button>
          </>
        ) : (
          <Spin />
        )}
      </div>
    </AuthShell>
  );
}
