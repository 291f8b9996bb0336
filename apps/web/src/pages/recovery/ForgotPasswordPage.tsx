import { MailOutlined } from '@ant-design/icons';
import { emailSchema } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { recoveryApi } from '../../api/recovery';
import { AuthShell } from '../../components/AuthShell';
import { useLang, usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { normalisedEmail, schemaRule } from '../../forms/rules';
import { Paths } from '../../state/redirect';
import { FormErrorLine } from './CodeFields';
import { CodeForm } from './CodeForm';
import { NewPasswordStep, ResetDone } from './NewPasswordStep';

type Step =
  | { kind: 'email' }
  | { kind: 'code'; email: string; sentAt: number }
  | { kind: 'password'; email: string; token: string }
  | { kind: 'done' };

/** Forgot password (/user/forgot-password): the address, the mailed code, a new password. */
export function ForgotPasswordPage() {
  usePageTitle('recovery.forgotTitle');
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [error, setError] = useState<string | null>(null);
  const failed = (failure: unknown) => setError(formErrorText(failure, t('common.requestFailed')));

  const send = useMutation({
    mutationFn: (email: string) => recoveryApi.sendCode({ email, scene: 'reset_password' }),
    onSuccess: ({ email }, _vars) => {
      if (step.kind === 'code') void message.success(t('recovery.resent'));
      setStep({ kind: 'code', email, sentAt: Date.now() });
    },
    onError: failed,
  });
  const check = useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) => recoveryApi.checkResetCode(email, code),
    onSuccess: (answer) => setStep({ kind: 'password', email: answer.email, token: answer.token }),
    onError: failed,
  });

  if (step.kind === 'done') {
    return (
      <AuthShell title={t('recovery.doneTitle')}>
        <ResetDone />
      </AuthShell>
    );
  }
  const titles =
    step.kind === 'password'
      ? { title: t('recovery.newPasswordTitle') }
      : { title: t('recovery.forgotTitle'), subtitle: t('recovery.forgotSubtitle') };
  return (
    <AuthShell {...titles}>
      {step.kind === 'email' ? (
        <Form<{ email: string }>
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          size="large"
          initialValues={{ email: params.get('email') ?? '' }}
          onFinish={({ email }) => {
            setError(null);
            send.mutate(normalisedEmail(email));
          }}
          onValuesChange={() => error && setError(null)}
        >
          <Form.Item name="email" label={t('auth.email')} rules={[schemaRule(emailSchema, lang)]}>
            <Input
              data-testid="forgot-email"
              prefix={<MailOutlined />}
              autoComplete="email"
              placeholder={t('auth.emailPlaceholder')}
            />
          </Form.Item>
          <FormErrorLine error={error} testId="forgot-error" />
          <Button type="primary" htmlType="submit" block loading={send.isPending} data-testid="forgot-send">
            {t('recovery.sendCode')}
          </Button>
        </Form>
      ) : null}
      {step.kind === 'code' ? (
        <CodeForm
          intro={
            <p className="recovery-text" data-testid="forgot-sent">
              {t('recovery.codeSentTo', { email: step.email })}
            </p>
          }
          submitLabel={t('recovery.verifyCode')}
          submitting={check.isPending}
          error={error}
          onEdit={() => error && setError(null)}
          onSubmit={(code) => {
            setError(null);
            check.mutate({ email: step.email, code });
          }}
          sentAt={step.sentAt}
          resending={send.isPending}
          onResend={() => send.mutate(step.email)}
          aside={
            <Button
              type="link"
              onClick={() => {
                setError(null);
                setStep({ kind: 'email' });
              }}
            >
              {t('recovery.otherAddress')}
            </Button>
          }
          ids={{
            code: 'forgot-code',
            error: 'forgot-error',
            submit: 'forgot-verify',
            resend: 'forgot-resend',
          }}
        />
      ) : null}
      {step.kind === 'password' ? (
        <NewPasswordStep token={step.token} email={step.email} onDone={() => setStep({ kind: 'done' })} />
      ) : null}
      <div className="auth-switch">
        <Link to={Paths.login}>{t('auth.signInNow')}</Link>
      </div>
    </AuthShell>
  );
}
