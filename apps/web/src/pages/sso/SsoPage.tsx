import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Codes, codeEntry, codeMessage } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { ssoApi } from '../../api/sso';
import { AuthShell } from '../../components/AuthShell';
import { useLang, usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { Paths, postLoginTarget, teamSwitchPath } from '../../state/redirect';
import { useSession } from '../../state/session';
import { acceptLogin } from '../login/LoginPage';

/** The words for an outcome the provider's return carried: the catalogue's, or the provider's own refusal. */
function returnedError(code: string, serverWords: string | null, lang: 'zh-CN' | 'en-US'): string {
  const known = codeEntry(code);
  if (!known || code === Codes.SSO_PROVIDER_REFUSED.code) return serverWords ?? codeMessage(code, lang);
  return codeMessage(known, lang);
}

/**
 * The single sign-on page (spec 000 §2 `/sso/#/`): a work e-mail or the team's SSO id sends the browser to
 * the team's identity provider; its return comes back here with a one-time id that becomes the session, and
 * the person lands on the team's projects.
 */
export function SsoPage() {
  usePageTitle('sso.title');
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const connectionId = params.get('connection_id');
  const ssoTeamId = params.get('sso_team_id');
  const returnedCode = params.get('error');
  const [failure, setFailure] = useState<string | null>(null);
  const [signedInTeam, setSignedInTeam] = useState<string | null>(null);
  const { token } = useSession();

  const entry = useQuery({
    queryKey: ['sso', 'entry', connectionId, ssoTeamId],
    queryFn: () => ssoApi.entry(connectionId ?? '', ssoTeamId ?? ''),
    enabled: Boolean(connectionId && ssoTeamId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (!entry.data) return;
    acceptLogin(entry.data, entry.data.sso_team_id);
    setSignedInTeam(entry.data.sso_team_id);
  }, [entry.data]);

  const start = useMutation({
    mutationFn: (identifier: string) =>
      ssoApi.start(identifier.includes('@') ? { email: identifier } : { sso_id: identifier }),
    onSuccess: (answer) => window.location.assign(answer.authorization_url),
    onError: (error) => setFailure(formErrorText(error, t('common.requestFailed'))),
  });

  if (signedInTeam) return <Navigate replace to={postLoginTarget({ teamId: signedInTeam })} />;
  if (connectionId && (entry.isPending || entry.data)) {
    return (
      <AuthShell title={t('sso.title')}>
        <div className="sso-finishing" data-testid="sso-finishing">
          <Spin /> <span>{t('sso.finishing')}</span>
        </div>
      </AuthShell>
    );
  }

  const shown =
    failure ??
    (entry.error ? formErrorText(entry.error, t('common.requestFailed')) : null) ??
    (returnedCode ? returnedError(returnedCode, params.get('msg'), lang) : null);

  return (
    <AuthShell title={t('sso.title')} subtitle={t('sso.subtitle')}>
      {params.get('required') ? (
        <Alert
          className="auth-alert"
          type="info"
          showIcon
          title={t('sso.requiredNotice')}
          data-testid="sso-required"
        />
      ) : null}
      {shown ? (
        <div className="auth-error" role="alert" data-testid="sso-error">
          <Alert type="error" showIcon title={t('sso.failedTitle')} description={shown} />
        </div>
      ) : null}
      <Form<{ identifier: string }>
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ identifier: params.get('sso_id') ?? '' }}
        onFinish={({ identifier }) => {
          setFailure(null);
          start.mutate(identifier.trim().toLowerCase());
        }}
      >
        <Form.Item
          name="identifier"
          label={t('sso.identifier')}
          rules={[{ required: true, whitespace: true, message: t('sso.identifierRequired') }]}
        >
          <Input
            data-testid="sso-identifier"
            prefix={<SafetyCertificateOutlined />}
            autoComplete="email"
            placeholder={t('sso.identifierPlaceholder')}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={start.isPending || start.isSuccess}
          data-testid="sso-continue"
        >
          {start.isSuccess ? t('sso.redirecting') : t('sso.continue')}
        </Button>
      </Form>
      <div className="auth-switch">
        {token ? (
          // Signed in already (sent here by a team that requires SSO): another team may be opened instead.
          <Link to={teamSwitchPath} data-testid="sso-switch-team">
            {t('sso.switchTeam')}
          </Link>
        ) : (
          <Link to={Paths.login} data-testid="sso-back-to-login">
            {t('sso.backToLogin')}
          </Link>
        )}
      </div>
    </AuthShell>
  );
}
