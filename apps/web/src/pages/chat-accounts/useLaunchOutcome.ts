import { ChatLimits, type ChatPoll, Codes, codeMessage } from '@ferry/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { chatApi, forgetPendingTicket, pendingTicket } from '../../api/chatAccounts';
import { isApiError } from '../../api/errors';
import { useLang } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { Paths } from '../../state/redirect';
import { acceptLogin } from '../login/LoginPage';
import { CHAT_PATHS } from './paths';
import { isMobileAgent } from './providerLooks';

/**
 * Why a provider's way back ended without a sign-in: a catalogue code when there is one, and its wording
 * (null when the client already showed the user a reaction to it).
 */
export interface LaunchProblem {
  code: string | null;
  text: string | null;
}

/**
 * A provider's way back: asks for the outcome of the ticket the page kept before leaving. Signed in goes on to
 * the app (the tip page on a phone), no linked account to the bind page, bound back to the settings; anything
 * else is answered as the problem. `refusal` is the callback's own error code, when it refused.
 */
export function useLaunchOutcome(refusal: string | null): LaunchProblem | null {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<LaunchProblem | null>(
    refusal ? { code: refusal, text: codeMessage(refusal, lang) } : null,
  );

  useEffect(() => {
    if (refusal) return;
    const pending = pendingTicket();
    if (!pending) {
      setProblem({ code: null, text: t('chat.noPendingSignIn') });
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
        setProblem({ code: Codes.CHAT_STATE_EXPIRED.code, text: t('chat.qrExpired') });
      } else {
        setProblem({ code: poll.code ?? null, text: poll.msg ?? t('common.requestFailed') });
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
        if (stopped) return;
        const text = formErrorText(error, t('common.requestFailed'));
        setProblem({ code: isApiError(error) ? error.code : null, text });
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [refusal, navigate, t]);

  return problem;
}
