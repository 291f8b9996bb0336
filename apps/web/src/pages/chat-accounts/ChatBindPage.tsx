import { emailSchema, loginBody } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { chatApi, forgetPendingTicket, pendingTicket } from '../../api/chatAccounts';
import { AuthShell } from '../../components/AuthShell';
import { useLang, usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { normalisedEmail, schemaRule } from '../../forms/rules';
import { Paths } from '../../state/redirect';
import { acceptLogin } from '../login/LoginPage';
import { providerName } from './providerLooks';

/**
 * LarkBind: a chat account that is linked to no one is bound here to the Ferry account whose e-mail and
 * password are given, which is then signed in.
 */
export function ChatBindPage() {
  usePageTitle('chat.bindTitle');
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const pending = pendingTicket();
  const [error, setError] = useState<string | null>(null);
  const bind = useMutation({
    mutationFn: (values: { email: string; password: string }) =>
      chatApi.bindWithPassword({
        ticket: pending?.ticket ?? '',
        email: normalisedEmail(values.email),
        password: values.password,
      }),
    onSuccess: (result) => {
      forgetPendingTicket();
      acceptLogin(result, null);
      navigate('/', { replace: true });
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  const name = pending ? t(providerName(pending.provider)) : '';

  return (
    <AuthShell title={t('chat.bindTitle')} subtitle={pending ? t('chat.bindExplain', { name }) : undefined}>
      <div data-testid="chat-bind-page">
        {pending ? (
          <Form
            layout="vertical"
            size="large"
            requiredMark={false}
            onFinish={(values) => {
              setError(null);
              bind.mutate(values);
            }}
          >
            <Form.Item name="email" label={t('auth.email')} rules={[schemaRule(emailSchema, lang)]}>
              <Input data-testid="chat-bind-email" autoComplete="email" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('auth.password')}
              rules={[schemaRule(loginBody.shape.password, lang)]}
            >
              <Input.Password data-testid="chat-bind-password" autoComplete="current-password" />
            </Form.Item>
            {error ? (
              <Alert
                className="auth-alert"
                type="error"
                showIcon
                title={error}
                data-testid="chat-bind-error"
              />
            ) : null}
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={bind.isPending}
              data-testid="chat-bind-submit"
            >
              {t('chat.bindAndSignIn')}
            </Button>
          </Form>
        ) : (
          <Alert type="info" showIcon title={t('chat.noPendingSignIn')} />
        )}
        <div className="auth-switch">
          <Link to={Paths.login}>{t('chat.backToSignIn')}</Link>
        </div>
      </div>
    </AuthShell>
  );
}
