import { ChatLimits, type ChatPoll, codeMessage } from '@ferry/shared';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { chatApi, forgetPendingTicket, pendingTicket } from '../../api/chatAccounts';
import { AuthShell } from '../../components/AuthShell';
import { useLang, usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { Paths } from '../../state/redirect';
import { acceptLogin } from '../login/LoginPage';
import { CHAT_PATHS } from './paths';
import { isMobileAgent } from './providerLooks';

/**
 * LarkLaunch: where a provider sends the page back. It asks for the outcome of the ticket the page kept
 * before leaving: signed in (on to the app, or the tip page on a phone), no linked account (the bind page),
 * bound (back to the settings), or why it failed.
 */
export function ChatLaunchPage() {
  usePageTitle('chat.launchTitle');
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const refusal = params.get('error');
  const [problem, setProblem] = useState<string | null>(refusal ? codeMessage(refusal, lang) : null);

  useEffect(() => {
    if (refusal) return;
    const pending = pendingTicket();
    if (!pending) {
      setProblem(t('chat.noPendingSignIn'));
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (poll: ChatPoll) => {
      if (poll.status === 'signed_in' && poll.login) {
        forgetPendingTicket();
        acceptLogin(poll.login, null);
        navigate(isMobileAgent() ? CHAT_PATHS.tip : '/', { replace: true });
      } else if (poll.status === 'unlinked') {
        navigate(CHAT_PATHS.bind, { replace: true });
      } else if (poll.status === 'bound') {
        forgetPendingTicket();
        navigate(`${Paths.userInfo}?bound=${pending.provider}`, { replace: true });
      } else if (poll.status === 'expired') {
        setProblem(t('chat.qrExpired'));
      } else {
        setProblem(poll.msg ?? t('common.requestFailed'));
      }
    };
    const ask = async () => {
      try {
        const poll =
          pending.purpose === 'login'
            ? await chatApi.pollLogin(pending.ticket)
            : await chatApi.pollBinding(pending.ticket);
        if (stopped) return;
        if (poll.status === 'waiting') timer = setTimeout(ask, ChatLimits.pollMs);
        else finish(poll);
      } catch (error) {
        if (!stopped) setProblem(formErrorText(error, t('common.requestFailed')));
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [refusal, navigate, t]);

  return (
    <AuthShell title={t('chat.launchTitle')}>
      <div data-testid="chat-launch">
        {problem ? (
          <>
            <Alert type="error" showIcon title={problem} data-testid="chat-launch-error" />
            <Button type="link">
              <Link to={Paths.login}>{t('chat.backToSignIn')}</Link>
            </Button>
          </>
        ) : (
          <Spin />
        )}
      </div>
    </AuthShell>
  );
}
