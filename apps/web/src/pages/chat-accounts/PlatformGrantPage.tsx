import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { AuthShell } from '../../components/AuthShell';
import { usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { useSession } from '../../state/session';

/**
 * A design platform asks to bind (platformsBindAccount) or verify (mastergoVerifyAccount) the signed-in
 * account. Confirming sends the browser back to the platform with a one-use code its server redeems.
 */
function PlatformGrant({ purpose }: { purpose: 'bind' | 'verify' }) {
  usePageTitle(purpose === 'bind' ? 'chat.platformBindTitle' : 'chat.platformVerifyTitle');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const platform = params.get('platformName') ?? '';
  const back = (purpose === 'bind' ? params.get('redirectURL') : params.get('callBackUrl')) ?? '';
  const title = t(purpose === 'bind' ? 'chat.platformBindTitle' : 'chat.platformVerifyTitle');

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ redirect_url: string }>('account/platform_binds', {
        platform,
        redirect_url: back,
        purpose,
      });
      window.location.assign(answer.redirect_url);
    } catch (failure) {
      setBusy(false);
      setError(formErrorText(failure, t('common.requestFailed')));
    }
  };

  return (
    <AuthShell title={title}>
      <div data-testid={`platform-${purpose}`}>
        {platform && back ? (
          <div className="chat-panel">
            <p className="chat-platform-ask" data-testid="platform-ask">
              {t(purpose === 'bind' ? 'chat.platformBindAsk' : 'chat.platformVerifyAsk', {
                platform,
                email: user?.email ?? '',
              })}
            </p>
            {error ? (
              <Alert
                className="auth-alert"
                type="error"
                showIcon
                title={error}
                data-testid="platform-error"
              />
            ) : null}
            <Space>
              <Button
                type="primary"
                loading={busy}
                onClick={() => void confirm()}
                data-testid="platform-confirm"
              >
                {t(purpose === 'bind' ? 'chat.platformBindConfirm' : 'chat.platformVerifyConfirm')}
              </Button>
              <Button onClick={() => window.history.back()}>{t('chat.no')}</Button>
            </Space>
          </div>
        ) : (
          <Alert type="error" showIcon title={t('chat.platformMissing')} />
        )}
      </div>
    </AuthShell>
  );
}

export const PlatformBindPage = () => <PlatformGrant purpose="bind" />;
export const PlatformVerifyPage = () => <PlatformGrant purpose="verify" />;
