import { CheckCircleFilled } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { recoveryApi } from '../../api/recovery';
import { formErrorText } from '../../forms/errors';
import { Paths } from '../../state/redirect';
import { FormErrorLine, NewPasswordFields } from './CodeFields';

/** After a reset: what happened, and the way to sign in. */
export function ResetDone() {
  const { t } = useTranslation();
  return (
    <div className="recovery-done" data-testid="reset-done">
      <CheckCircleFilled className="recovery-done-icon" />
      <p>{t('recovery.doneText')}</p>
      <Link to={Paths.login}>
        <Button type="primary" size="large" block data-testid="reset-to-login">
          {t('recovery.toLogin')}
        </Button>
      </Link>
    </div>
  );
}

/** The last step of a reset, from a mailed link or a right code: the new password; `onDone` once saved. */
export function NewPasswordStep({
  token,
  email,
  onDone,
}: {
  token: string;
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (password: string) => recoveryApi.resetPassword({ token, new_password: password }),
    onSuccess: onDone,
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });

  return (
    <Form<{ password: string; confirm: string }>
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      size="large"
      onFinish={({ password }) => {
        setError(null);
        reset.mutate(password);
      }}
      onValuesChange={() => error && setError(null)}
    >
      <p className="recovery-text">{t('recovery.newPasswordFor', { email })}</p>
      <NewPasswordFields prefix="reset" />
      <FormErrorLine error={error} testId="reset-error" />
      <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
        {t('recovery.savePassword')}
      </Button>
    </Form>
  );
}

/** A mailed link that cannot be used: why, in the server's words, and the way on. */
export function LinkProblem({
  error,
  to,
  action,
  testId,
}: {
  error: unknown;
  to: string;
  action: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Alert
        type="error"
        showIcon
        title={t('recovery.linkProblem')}
        description={formErrorText(error, t('common.requestFailed'))}
      />
      <Link to={to}>
        <Button type="primary" size="large" block className="recovery-retry">
          {action}
        </Button>
      </Link>
    </div>
  );
}
