import type { ChatProvider, LoginResult } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Divider, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { chatApi, rememberPendingTicket } from '../../api/chatAccounts';
import { CHAT_PATHS } from './paths';
import { ProviderIcon, providerName } from './providerLooks';
import { QrPanel } from './QrPanel';

/** Sends the page to a redirect provider's authorization, keeping the ticket for the launch page. */
export async function goToProvider(provider: ChatProvider, purpose: 'login' | 'bind' | 'rebind') {
  const start =
    purpose === 'login' ? await chatApi.startLogin(provider) : await chatApi.startBinding(provider, purpose);
  rememberPendingTicket(start, purpose);
  window.location.assign(start.url);
}

/** The workplace-chat panel: logo, description, button (spec 000 §2). */
export function RedirectPanel({
  provider,
  purpose,
}: {
  provider: ChatProvider;
  purpose: 'login' | 'bind' | 'rebind';
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const name = t(providerName(provider));
  return (
    <div className="chat-panel" data-testid={`chat-panel-${provider}`}>
      <ProviderIcon provider={provider} size="logo" />
      <p className="chat-panel-info">
        {t(purpose === 'login' ? 'chat.redirectLoginInfo' : 'chat.redirectBindInfo', { name })}
      </p>
      <Button
        type="primary"
        loading={busy}
        data-testid={`chat-go-${provider}`}
        onClick={() => {
          setBusy(true);
          goToProvider(provider, purpose).catch((error) => {
            setBusy(false);
            void message.error(error instanceof Error ? error.message : t('common.requestFailed'));
          });
        }}
      >
        {t(purpose === 'login' ? 'chat.signInWith' : 'chat.bindWith', { name })}
      </Button>
    </div>
  );
}

/** Under the sign-in form: a button per configured chat app, opening its panel. Nothing when none is on. */
export function ChatSignInPanels({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState<ChatProvider | null>(null);
  const providers = useQuery({ queryKey: ['chat', 'providers'], queryFn: chatApi.providers });
  const on = (Object.entries(providers.data?.providers ?? {}) as [ChatProvider, boolean][])
    .filter(([, configured]) => configured)
    .map(([provider]) => provider);
  if (on.length === 0) return null;

  return (
    <div data-testid="chat-sign-in">
      <Divider className="chat-login-divider" plain>
        {t('chat.orSignInWith')}
      </Divider>
      <div className="chat-login-buttons">
        {on.map((provider) => (
          <Button
            key={provider}
            icon={<ProviderIcon provider={provider} size="button" />}
            onClick={() => setOpen(provider)}
            data-testid={`chat-open-${provider}`}
          >
            {t(providerName(provider))}
          </Button>
        ))}
      </div>
      <Modal
        open={open !== null}
        footer={null}
        width={360}
        destroyOnHidden
        title={open ? t('chat.signInWith', { name: t(providerName(open)) }) : null}
        onCancel={() => setOpen(null)}
      >
        {open === 'wechat' ? (
          <div className="chat-panel" data-testid="chat-panel-wechat">
            <QrPanel
              load={chatApi.startWechatLogin}
              poll={chatApi.pollLogin}
              onOutcome={(outcome) => {
                if (outcome.status === 'signed_in' && outcome.login) onSignedIn(outcome.login);
                else if (outcome.status === 'unlinked') {
                  navigate(CHAT_PATHS.bind);
                } else {
                  setOpen(null);
                  void message.error(outcome.msg ?? t('common.requestFailed'));
                }
              }}
              onTicket={(ticket) => rememberPendingTicket({ ticket, provider: 'wechat' }, 'login')}
            />
            <p className="chat-panel-info">{t('chat.wechatScanInfo')}</p>
            <Button onClick={() => setOpen(null)} data-testid="chat-use-email">
              {t('chat.useEmail')}
            </Button>
          </div>
        ) : open ? (
          <RedirectPanel provider={open} purpose="login" />
        ) : null}
      </Modal>
    </div>
  );
}
