import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recoveryApi } from '../../api/recovery';
import { formErrorText } from '../../forms/errors';
import { acceptLogin } from '../login/LoginPage';
import { CodeForm } from './CodeForm';

/**
 * A new account waiting for its address to be confirmed (after sign-up, or a sign-in answered 10004): the
 * mailed code activates and signs in; the mail can be sent again. `sentAt` is null when no mail went out yet.
 */
export function ActivationPanel({ email, sentAt: firstSentAt }: { email: string; sentAt: number | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sentAt, setSentAt] = useState(firstSentAt);
  const [error, setError] = useState<string | null>(null);
  const failed = (failure: unknown) => setError(formErrorText(failure, t('common.requestFailed')));
  const send = useMutation({
    mutationFn: () => recoveryApi.sendCode({ email, scene: 'activate' }),
    onSuccess: () => {
      setSentAt(Date.now());
      void message.success(t('recovery.resent'));
    },
    onError: failed,
  });
  const activate = useMutation({
    mutationFn: (code: string) => recoveryApi.activate({ email, code }),
    onSuccess: (result) => acceptLogin(result, null),
    onError: failed,
  });

  if (sentAt === null) {
    return (
      <div data-testid="activation-needed">
        <Alert type="warning" showIcon title={t('recovery.notActivated')} className="auth-alert" />
        {error ? <Alert type="error" showIcon title={error} className="auth-alert" /> : null}
        <Button type="primary" block size="large" loading={send.isPending} onClick={() => send.mutate()}>
          {t('recovery.sendActivation')}
        </Button>
      </div>
    );
  }
  return (
    <CodeForm
      intro={
        <>
          <h2 className="recovery-heading">{t('recovery.activateTitle')}</h2>
          <p className="recovery-text">{t('recovery.activateText', { email })}</p>
        </>
      }
      submitLabel={t('recovery.activate')}
      submitting={activate.isPending}
      error={error}
      onEdit={() => error && setError(null)}
      onSubmit={(code) => {
        setError(null);
        activate.mutate(code);
      }}
      sentAt={sentAt}
      resending={send.isPending}
      onResend={() => send.mutate()}
      ids={{
        form: 'activation-panel',
        code: 'activation-code',
        error: 'activation-error',
        submit: 'activation-submit',
        resend: 'activation-resend',
      }}
    />
  );
}
