import type { ChatBinding, ChatProvider } from '@ferry/shared';
import { App, Modal, Tabs } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chatApi } from '../../api/chatAccounts';
import { RedirectPanel } from './ChatSignInPanels';
import { providerName } from './providerLooks';
import { QrPanel } from './QrPanel';

/** The WeChat QR of a binding (first or change), closed over its ticket so closing clears it. */
export function WechatBindQr({
  purpose,
  onDone,
  onTicket,
}: {
  purpose: 'bind' | 'rebind';
  onDone: (bound: boolean) => void;
  onTicket?: (ticket: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <div className="chat-panel" data-testid="chat-bind-wechat">
      <QrPanel
        load={() => (purpose === 'bind' ? chatApi.wechatFollow() : chatApi.startBinding('wechat', 'rebind'))}
        poll={chatApi.pollBinding}
        onTicket={onTicket}
        onOutcome={(outcome) => {
          if (outcome.status === 'bound') {
            void message.success(t('chat.boundDone', { name: outcome.nickname }));
            onDone(true);
          } else {
            void message.error(outcome.msg ?? t('common.requestFailed'));
            onDone(false);
          }
        }}
      />
      <p className="chat-panel-info">{t('chat.wechatBindInfo')}</p>
    </div>
  );
}

/**
 * The bind-account dialog (spec 000 §2): a tab for the workplace-chat account and one for the social-chat
 * account, each only while that account is not bound.
 */
export function BindAccountDialog({
  open,
  bindings,
  initial,
  onClose,
}: {
  open: boolean;
  bindings: ChatBinding[];
  initial?: ChatProvider;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const ticket = useRef<string | null>(null);
  const unbound = bindings.filter((row) => !row.bound && row.provider !== 'work_wechat');
  const close = (changed: boolean) => {
    // A QR left behind binds nothing if someone scans it later.
    if (ticket.current) void chatApi.clearBinding(ticket.current).catch(() => undefined);
    ticket.current = null;
    onClose(changed);
  };
  return (
    <Modal
      open={open}
      footer={null}
      width={380}
      destroyOnHidden
      title={t('chat.bindAccounts')}
      onCancel={() => close(false)}
    >
      <Tabs
        defaultActiveKey={initial}
        items={unbound.map((row) => ({
          key: row.provider,
          label: t(providerName(row.provider)),
          children:
            row.provider === 'wechat' ? (
              <WechatBindQr
                purpose="bind"
                onTicket={(shown) => {
                  ticket.current = shown;
                }}
                onDone={(bound) => {
                  ticket.current = null;
                  close(bound);
                }}
              />
            ) : (
              <RedirectPanel provider={row.provider} purpose="bind" />
            ),
        }))}
      />
    </Modal>
  );
}
