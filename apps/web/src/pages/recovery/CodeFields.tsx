import { passwordSchema, RecoveryLimits, verificationCodeSchema } from '@ferry/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../components/hooks';
import { sameAsRule, schemaRule } from '../../forms/rules';

/** The six-digit code of a mail, checked by the shared rule before any call. */
export function CodeField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Form.Item name="code" label={t('recovery.code')} rules={[schemaRule(verificationCodeSchema, lang)]}>
      <Input
        data-testid={testId}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={RecoveryLimits.codeDigits}
        placeholder={t('recovery.codePlaceholder')}
        className="recovery-code"
      />
    </Form.Item>
  );
}

/** The new password and its confirmation, with the shared rules. */
export function NewPasswordFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <Form.Item
        name="password"
        label={t('account.newPassword')}
        rules={[schemaRule(passwordSchema, lang)]}
        extra={t('auth.passwordHint')}
      >
        <Input.Password data-testid={`${prefix}-password`} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.confirmPassword')}
        dependencies={['password']}
        rules={[sameAsRule('password', lang)]}
      >
        <Input.Password data-testid={`${prefix}-confirm`} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/**
 * "Send again", usable once the server would take another code (a minute after the last one); `sentAt` is
 * when the last one went out.
 */
export function ResendButton({
  sentAt,
  onResend,
  loading,
  testId,
}: {
  sentAt: number;
  onResend: () => void;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const waitMs = Math.max(0, sentAt + RecoveryLimits.codeResendMs - now);
  useEffect(() => {
    if (waitMs <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitMs]);
  return (
    <Button type="link" disabled={waitMs > 0} loading={loading} onClick={onResend} data-testid={testId}>
      {waitMs > 0 ? t('recovery.resendIn', { seconds: Math.ceil(waitMs / 1000) }) : t('recovery.resend')}
    </Button>
  );
}

/** A refusal above the form's button, in the server's words. */
export function FormErrorLine({ error, testId }: { error: string | null; testId: string }) {
  if (!error) return null;
  return (
    <div className="auth-error" role="alert" data-testid={testId}>
      <Alert type="error" showIcon title={error} />
    </div>
  );
}
