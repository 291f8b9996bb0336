import { Codes, codeEntry, codeMessage } from '@ferry/shared';
import { Alert, Button, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { pendingTicket } from '../../api/chatAccounts';
import { AuthShell } from '../../components/AuthShell';
import { useLang, usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { Paths } from '../../state/redirect';
import { goToProvider } from './ChatSignInPanels';
import { DINGTALK_PATHS } from './paths';
import { ProviderIcon } from './providerLooks';
import { useLaunchOutcome } from './useLaunchOutcome';

/**
 * ding_ding_welcome: the address a DingTalk workbench app opens. It sends the page to DingTalk's sign-in at
 * once; the button is there for when that could not start (DingTalk off here, no network).
 */
export function DingTalkWelcomePage() {
  usePageTitle('chat.dingtalk.welcomeTitle');
  const { t } = useTranslation();
  const [busy, setBusy] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const start = useCallback(() => {
    setBusy(true);
    setProblem(null);
    goToProvider('dingtalk', 'login').catch((error) => {
      setBusy(false);
      setProblem(formErrorText(error, t('common.requestFailed')));
    });
  }, [t]);
  useEffect(() => {
    // Once, though development runs effects twice: a second sign-in would replace the kept ticket.
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  return (
    <AuthShell
      title={t('chat.dingtalk.welcomeTitle')}
      subtitle={problem ? undefined : t('chat.dingtalk.welcomeInfo')}
    >
      <div className="chat-panel" data-testid="dingtalk-welcome">
        <ProviderIcon provider="dingtalk" size="logo" />
        {problem ? (
          <Alert
            className="auth-alert"
            type="error"
            showIcon
            title={problem}
            data-testid="dingtalk-welcome-error"
          />
        ) : null}
        <Button type="primary" block loading={busy} onClick={start} data-testid="dingtalk-start">
          {t('chat.signInWith', { name: t('chat.provider.dingtalk') })}
        </Button>
      </div>
    </AuthShell>
  );
}

/**
 * ding_ding_landing: where DingTalk's sign-in comes back. The launch page's outcome (signed in, the bind page,
 * the tip page on a phone); a problem goes on to the error page.
 */
export function DingTalkLandingPage() {
  usePageTitle('chat.launchTitle');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const problem = useLaunchOutcome(params.get('error'));
  useEffect(() => {
    if (!problem) return;
    const query = problem.code ? `?${new URLSearchParams({ error: problem.code })}` : '';
    navigate(`${DINGTALK_PATHS.error}${query}`, { replace: true });
  }, [problem, navigate]);

  return (
    <AuthShell title={t('chat.launchTitle')}>
      <div data-testid="dingtalk-landing">
        <Spin />
      </div>
    </AuthShell>
  );
}

/** ding_ding_login_error: why DingTalk did not sign the user in, with a way to try again or to use e-mail. */
export function DingTalkLoginErrorPage() {
  usePageTitle('chat.dingtalk.errorTitle');
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('error');
  // The catalogue's wording of 19182 speaks of a QR code, which DingTalk's sign-in has none of.
  const reason =
    code === Codes.CHAT_STATE_EXPIRED.code
      ? t('chat.dingtalk.expired')
      : code && codeEntry(code)
        ? codeMessage(code, lang)
        : t('chat.dingtalk.unfinished');
  // A binding started in the settings is tried again there.
  const binding = (pendingTicket()?.purpose ?? 'login') !== 'login';

  return (
    <AuthShell title={t('chat.dingtalk.errorTitle')}>
      <div className="chat-panel" data-testid="dingtalk-login-error">
        <Alert
          className="auth-alert"
          type="error"
          showIcon
          title={reason}
          data-testid="dingtalk-error-reason"
        />
        <Button
          type="primary"
          block
          onClick={() => navigate(binding ? Paths.userInfo : DINGTALK_PATHS.welcome)}
          data-testid="dingtalk-try-again"
        >
          {t('chat.dingtalk.tryAgain')}
        </Button>
        <Button type="link" block onClick={() => navigate(Paths.login)} data-testid="dingtalk-use-email">
          {t('chat.useEmail')}
        </Button>
      </div>
    </AuthShell>
  );
}
