import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Codes, emailSchema, loginBody } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { accountApi, type LoginResult } from '../../api/account';
import { isApiError } from '../../api/errors';
import { AuthShell } from '../../components/AuthShell';
import { useLang, usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { normalisedEmail, schemaRule } from '../../forms/rules';
import { queryClient } from '../../queryClient';
import { queryKeys } from '../../state/queries';
import { Paths, postLoginTarget } from '../../state/redirect';
import { applyLogin, useSession } from '../../state/session';
import { ChatSignInPanels } from '../chat-accounts/ChatSignInPanels';
import { PluginSignInNote } from '../plugin/PluginSignInNote';
import { ActivationPanel } from '../recovery/ActivationPanel';
import { RecoveryPaths } from '../recovery/paths';
import { SSO_PATH } from '../sso/paths';

interface LoginValues {
  email: string;
  password: string;
}

/** Keeps a sign-in answer: the session check of the guarded pages then needs no second call. */
export function acceptLogin(result: LoginResult, tid: string | null): void {
  const { token, ...check } = result;
  queryClient.setQueryData(queryKeys.session(token), check);
  applyLogin(result, { tid });
}

export function LoginPage() {
  usePageTitle('titles.login');
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const { token, team } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [unactivated, setUnactivated] = useState<string | null>(null);
  const redirecturl = params.get('redirecturl');
  const tid = params.get('tid');

  const login = useMutation({
    mutationFn: (values: LoginValues) =>
      accountApi.login({ email: normalisedEmail(values.email), password: values.password }),
    onSuccess: (result) => acceptLogin(result, tid),
    onError: (failure, values) => {
      // 10004: the address was never confirmed; the activation mail can be sent from here.
      if (isApiError(failure) && failure.code === Codes.NOT_ACTIVATED.code) {
        setUnactivated(normalisedEmail(values.email));
        return;
      }
      setError(formErrorText(failure, t('common.requestFailed')));
    },
  });

  // Signed in (already, or just now): straight on to where the user was going (spec 000 §2).
  if (token) {
    return (
      <Navigate
        replace
        to={postLoginTarget({ redirecturl, teamId: team?.team_id, folderId: team?.folderId })}
      />
    );
  }

  const registerLink = redirecturl
    ? `${Paths.register}?${new URLSearchParams({ redirecturl })}`
    : Paths.register;

  return (
    <AuthShell title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <PluginSignInNote redirecturl={redirecturl} />
      {params.get('type') === 'autologout' ? (
        <Alert className="auth-alert" type="info" showIcon title={t('auth.signedOutNotice')} />
      ) : null}
      <Form<LoginValues>
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        size="large"
        onFinish={(values) => {
          setError(null);
          login.mutate(values);
        }}
        onValuesChange={() => error && setError(null)}
      >
        <Form.Item name="email" label={t('auth.email')} rules={[schemaRule(emailSchema, lang)]}>
          <Input
            data-testid="login-email"
            prefix={<MailOutlined />}
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[schemaRule(loginBody.shape.password, lang)]}
        >
          <Input.Password
            data-testid="login-password"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder')}
          />
        </Form.Item>
        {error ? (
          <div className="auth-error" data-testid="login-error" role="alert">
            <Alert type="error" showIcon title={error} />
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('auth.signIn')}
        </Button>
        <div className="login-forgot">
          <Link to={RecoveryPaths.forgot} data-testid="login-forgot">
            {t('recovery.forgotLink')}
          </Link>
        </div>
      </Form>
      {unactivated ? <ActivationPanel key={unactivated} email={unactivated} sentAt={null} /> : null}
      <ChatSignInPanels onSignedIn={(result) => acceptLogin(result, tid)} />
      <div className="auth-switch">
        {t('auth.noAccount')} <Link to={registerLink}>{t('auth.signUpNow')}</Link>
      </div>
      <div className="auth-switch">
        <Link to={SSO_PATH} data-testid="login-sso-link">
          {t('sso.loginLink')}
        </Link>
      </div>
    </AuthShell>
  );
}
