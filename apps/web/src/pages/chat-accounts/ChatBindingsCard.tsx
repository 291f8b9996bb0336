import { CHAT_PROVIDERS, type ChatBinding, ChatLimits, type ChatProvider } from '@ferry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { chatApi } from '../../api/chatAccounts';
import { formErrorText } from '../../forms/errors';
import { BindAccountDialog, WechatBindQr } from './BindAccountDialog';
import { goToProvider } from './ChatSignInPanels';
import { ProviderIcon, providerName } from './providerLooks';

const BINDINGS_KEY = ['chat', 'bindings'];

const isChatProvider = (value: string): value is ChatProvider =>
  (CHAT_PROVIDERS as readonly string[]).includes(value);

/** Account settings: one row per configured chat app, with bind, change and unbind. */
export function ChatBindingsCard() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const bindings = useQuery({ queryKey: BINDINGS_KEY, queryFn: chatApi.bindings });
  const [binding, setBinding] = useState<ChatProvider | null>(null);
  const [changing, setChanging] = useState<ChatBinding | null>(null);
  const [rebindingWechat, setRebindingWechat] = useState(false);
  const [expiredSeen, setExpiredSeen] = useState(false);
  const lastRebind = useRef(Number.NEGATIVE_INFINITY);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: BINDINGS_KEY });
  const justBound = params.get('bound');

  useEffect(() => {
    if (justBound && isChatProvider(justBound)) {
      void message.success(t('chat.boundDone', { name: t(providerName(justBound)) }));
    }
  }, [justBound, message, t]);

  const unbind = useMutation({
    mutationFn: chatApi.unbind,
    onSuccess: () => {
      void message.success(t('chat.unbound'));
      refresh();
    },
    onError: (error) => void message.error(formErrorText(error, t('common.requestFailed'))),
  });

  const rows = bindings.data?.bindings ?? [];
  if (rows.length === 0) return null;

  const confirmUnbind = (row: ChatBinding) =>
    modal.confirm({
      title: t('chat.unbindConfirm', { name: t(providerName(row.provider)) }),
      okText: t('chat.yes'),
      cancelText: t('chat.no'),
      onOk: () => unbind.mutateAsync(row.provider),
    });

  /** The change-bind dialog's "yes", debounced 1 s (spec 000 §9). */
  const startChange = (row: ChatBinding) => {
    const now = Date.now();
    if (now - lastRebind.current < ChatLimits.refreshDebounceMs) return;
    lastRebind.current = now;
    setChanging(null);
    if (row.provider === 'wechat') setRebindingWechat(true);
    else
      void goToProvider(row.provider, 'rebind').catch((error) =>
        message.error(formErrorText(error, t('common.requestFailed'))),
      );
  };

  const startBind = (provider: ChatProvider) => {
    if (provider === 'work_wechat') {
      void goToProvider(provider, 'bind').catch((error) =>
        message.error(formErrorText(error, t('common.requestFailed'))),
      );
    } else setBinding(provider);
  };

  return (
    <Card title={t('chat.bindingsTitle')} className="settings-card" data-testid="chat-bindings">
      {rows.map((row) => (
        <div className="chat-bind-row" key={row.provider} data-testid={`chat-bind-row-${row.provider}`}>
          <span className="chat-bind-name">
            <ProviderIcon provider={row.provider} size="row" />
            <span>
              <div>{t(providerName(row.provider))}</div>
              <div className="chat-bind-state" data-testid={`chat-bind-state-${row.provider}`}>
                {row.bound
                  ? t(row.expired ? 'chat.expiredState' : 'chat.boundAs', { name: row.nickname })
                  : t('chat.notBound')}
              </div>
            </span>
          </span>
          <Space>
            {row.bound ? (
              <>
                <Button onClick={() => setChanging(row)} data-testid={`chat-change-${row.provider}`}>
                  {t('chat.change')}
                </Button>
                <Button danger onClick={() => confirmUnbind(row)} data-testid={`chat-unbind-${row.provider}`}>
                  {t('chat.unbind')}
                </Button>
              </>
            ) : (
              <Button
                type="primary"
                onClick={() => startBind(row.provider)}
                data-testid={`chat-bind-${row.provider}`}
              >
                {t('chat.bind')}
              </Button>
            )}
          </Space>
        </div>
      ))}
      <BindAccountDialog
        open={binding !== null}
        bindings={rows}
        initial={binding ?? undefined}
        onClose={(changed) => {
          setBinding(null);
          if (changed) refresh();
        }}
      />
      <Modal
        open={Boolean(bindings.data?.bind_expired) && !expiredSeen && !rebindingWechat}
        title={t('chat.expiredTitle')}
        closable={false}
        footer={[
          <Button key="ok" onClick={() => setExpiredSeen(true)} data-testid="chat-expired-ok">
            {t('chat.gotIt')}
          </Button>,
          <Button
            key="rebind"
            type="primary"
            data-testid="chat-expired-rebind"
            onClick={() => {
              const wechat = rows.find((row) => row.provider === 'wechat');
              setExpiredSeen(true);
              if (wechat) startChange(wechat);
            }}
          >
            {t('chat.rebind')}
          </Button>,
        ]}
      >
        <div data-testid="chat-expired-dialog">{t('chat.expiredBody')}</div>
      </Modal>
      <Modal
        open={changing !== null}
        title={t('chat.changeTitle')}
        okText={t('chat.yes')}
        cancelText={t('chat.no')}
        onOk={() => changing && startChange(changing)}
        onCancel={() => setChanging(null)}
      >
        {changing
          ? t('chat.changeBody', {
              name: t(providerName(changing.provider)),
              nickname: changing.nickname,
            })
          : null}
      </Modal>
      <Modal
        open={rebindingWechat}
        footer={null}
        width={380}
        destroyOnHidden
        title={t('chat.changeTitle')}
        onCancel={() => setRebindingWechat(false)}
      >
        <WechatBindQr
          purpose="rebind"
          onDone={() => {
            setRebindingWechat(false);
            refresh();
          }}
        />
      </Modal>
    </Card>
  );
}
