import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { emailSchema, passwordSchema, userNameSchema } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { AuthShell } from '../../components/AuthShell';
import { useLang, usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { normalisedEmail, sameAsRule, schemaRule } from '../../forms/rules';
import { loginPath, postLoginTarget } from '../../state/redirect';
import { useSession } from '../../state/session';
import { acceptLogin } from '../login/LoginPage';
import { ActivationPanel } from '../recovery/ActivationPanel';

interface RegisterValues {
  email: string;
  name: string;
  password: string;
  confirm: string;
}

export function RegisterPage() {
  usePageTitle('titles.register');
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const { token, team } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ email: string; sentAt: number } | null>(null);
  const redirecturl = params.get('redirecturl');

  const register = useMutation({
    mutationFn: (values: RegisterValues) =>
      accountApi.register({
        email: normalisedEmail(values.email),
        password: values.password,
        name: values.name.trim(),
      }),
    // Where the deployment asks new accounts to confirm their address, sign-up ends at the mailed code.
    onSuccess: (result) =>
      'activation_required' in result
        ? setPending({ email: result.email, sentAt: Date.now() })
        : acceptLogin(result, null),
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });

  if (token) {
    return (
      <Navigate
        replace
        to={postLoginTarget({ redirecturl, teamId: team?.team_id, folderId: team?.folderId })}
      />
    );
  }

  if (pending) {
    return (
      <AuthShell title={t('auth.registerTitle')}>
        <ActivationPanel email={pending.email} sentAt={pending.sentAt} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <Form<RegisterValues>
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        size="large"
        onFinish={(values) => {
          setError(null);
          register.mutate(values);
        }}
        onValuesChange={() => error && setError(null)}
      >
        <Form.Item name="email" label={t('auth.email')} rules={[schemaRule(emailSchema, lang)]}>
          <Input
            data-testid="register-email"
            prefix={<MailOutlined />}
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="name" label={t('auth.name')} rules={[schemaRule(userNameSchema, lang)]}>
          <Input
            data-testid="register-name"
            prefix={<UserOutlined />}
            autoComplete="nickname"
            placeholder={t('auth.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[schemaRule(passwordSchema, lang)]}
          extra={t('auth.passwordHint')}
        >
          <Input.Password
            data-testid="register-password"
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('auth.newPasswordPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={[sameAsRule('password', lang)]}
        >
          <Input.Password
            data-testid="register-confirm"
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('auth.confirmPlaceholder')}
          />
        </Form.Item>
        {error ? (
          <div className="auth-error" data-testid="register-error" role="alert">
            <Alert type="error" showIcon title={error} />
          </div>
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending}
          data-testid="register-submit"
        >
          {t('auth.signUp')}
        </Button>
      </Form>
      <div className="auth-switch">
        {t('auth.haveAccount')} <Link to={loginPath({ redirecturl })}>{t('auth.signInNow')}</Link>
      </div>
    </AuthShell>
  );
}
