import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { chatApi } from '../../api/chatAccounts';
import { api } from '../../api/client';
import { WechatBindQr } from './BindAccountDialog';

/** The routes the bind-WeChat dialog appears on (spec 000 §2). */
const PROMPT_ROUTES = ['detailDetach', 'product'];
const SEEN_KEY = 'ferry.wxDialogSeen';

async function promptWanted(): Promise<boolean> {
  if (localStorage.getItem(SEEN_KEY) === 'true') return false;
  const { providers } = await chatApi.providers();
  if (!providers.wechat) return false;
  const [bindings, seen, longLive] = await Promise.all([
    chatApi.bindings(),
    api.get<{ isSeenDialog: boolean }>('account/user_profile', { group: 'wxDialogShowed' }),
    api.get<{ isLongShow: boolean }>('account/user_profile', { group: 'longLive' }),
  ]);
  return !bindings.bind_wechat && !seen.isSeenDialog && longLive.isLongShow === true;
}

/**
 * The bind-WeChat dialog (spec 000 §4): only for a user with no WeChat bound, who has not closed it before
 * (kept locally and in wxDialogShowed.isSeenDialog) and whose longLive.isLongShow is true. Closing records
 * that it was seen; leaving the route hides it. Share visitors never reach the signed-in routes it sits in.
 */
export function BindWechatPrompt() {
  const { t } = useTranslation();
  const matches = useMatches();
  const routeId = matches.map((match) => match.id).find((id) => PROMPT_ROUTES.includes(id));
  const ticket = useRef<string | null>(null);
  const wanted = useQuery({
    queryKey: ['chat', 'wechatPrompt'],
    queryFn: promptWanted,
    enabled: Boolean(routeId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [closed, setClosed] = useState(false);

  const close = () => {
    setClosed(true);
    localStorage.setItem(SEEN_KEY, 'true');
    if (ticket.current) void chatApi.clearBinding(ticket.current).catch(() => undefined);
    void api
      .post('account/user_profile', { info: { wxDialogShowed: { isSeenDialog: true } } })
      .catch(() => undefined);
  };

  // Leaving the route (the name changes) hides it: it is open only on the prompting routes.
  const open = Boolean(routeId) && wanted.data === true && !closed;
  return (
    <Modal
      open={open}
      footer={null}
      width={380}
      destroyOnHidden
      rootClassName="chat-wechat-prompt-root"
      title={t('chat.promptTitle')}
      onCancel={close}
    >
      <div data-testid="chat-wechat-prompt">
        <WechatBindQr
          purpose="bind"
          onTicket={(shown) => {
            ticket.current = shown;
          }}
          onDone={() => {
            ticket.current = null;
            setClosed(true);
          }}
        />
        <p className="chat-panel-info">{t('chat.promptBody')}</p>
      </div>
    </Modal>
  );
}
