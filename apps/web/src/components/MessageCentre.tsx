import type { MessageView } from '@ferry/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge, Button, Drawer, Empty, Select, Spin, Switch, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MessageFilter, messageKeys, messagesApi } from '../api/messages';
import { queryClient } from '../queryClient';
import {
  DOT_GROUPS,
  type DotGroup,
  kindGroup,
  NOTICE_KINDS,
  type RealtimeMessage,
} from '../realtime/message';
import { openNotice } from '../realtime/open';
import { logNoticeAction } from '../realtime/optionLog';
import { clearToasts } from '../realtime/toasts';
import { kindTitle } from '../realtime/wording';
import { clearDot, useMessageDots } from '../state/messageDots';
import { usePreferences, writePreferences } from '../state/preferences';
import { useLang } from './hooks';
import { MessageItem } from './MessageItem';
import './realtime.css';

/** Every kind a notice can have (spec 002 §4 "Notification kinds"), and the group each lights. */
export const MESSAGE_KINDS: readonly string[] = [
  ...new Set([...Object.values(NOTICE_KINDS), 'design_added']),
];

type Tab = 'all' | DotGroup;

/** A group's tab shows few rows of a page: more pages are read until it has this many (or none are left). */
const GROUP_FILL = 10;
const GROUP_AUTO_PAGES = 5;

function markRead(target: { ids: string[] } | { all: true }) {
  return messagesApi.read(target).then(({ unread }) => {
    queryClient.setQueryData(messageKeys.unread(), unread);
    void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  });
}

/**
 * The message centre (spec 002 §4): the caller's notices, newest first, a page at a time; tabs for the
 * project, team and other notices carry their new-message dots, which go out once the tab is looked at;
 * a kind filter and "unread only"; mark one or all read; a click opens the notice's target; a comment can
 * be answered from its notice.
 */
export function MessageCentre({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const dots = useMessageDots();
  const [tab, setTab] = useState<Tab>('all');
  const [kind, setKind] = useState<string | undefined>(undefined);
  // The "unread only" switch is the user's preference: it stays as they left it, in any browser.
  const { unreadOnly } = usePreferences();
  const setUnreadOnly = (on: boolean) => writePreferences({ unreadOnly: on });
  const filter: MessageFilter = { kind, unread: unreadOnly };

  const pages = useInfiniteQuery({
    queryKey: messageKeys.list(filter),
    queryFn: ({ pageParam }) => messagesApi.list(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.has_next ? all.length + 1 : undefined),
    enabled: open,
  });
  const loaded = pages.data?.pages ?? [];
  const items = loaded.flatMap((page) => page.list).filter((view) => tab === 'all' || view.group === tab);

  useEffect(() => {
    if (open && tab !== 'all') clearDot(tab);
  }, [open, tab]);
  // The centre lists what the toasts were telling: they would only cover it.
  useEffect(() => {
    if (open) clearToasts();
  }, [open]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (tab === 'all' || !hasNextPage || isFetchingNextPage) return;
    if (items.length < GROUP_FILL && loaded.length < GROUP_AUTO_PAGES) void fetchNextPage();
  }, [tab, hasNextPage, isFetchingNextPage, fetchNextPage, items.length, loaded.length]);

  const kinds = MESSAGE_KINDS.filter((value) => tab === 'all' || kindGroup(value) === tab);
  const chooseTab = (next: Tab) => {
    setTab(next);
    if (kind && next !== 'all' && kindGroup(kind) !== next) setKind(undefined);
  };
  const openItem = (view: MessageView, message: RealtimeMessage) => {
    if (!view.read) void markRead({ ids: [view.id] }).catch(() => {});
    logNoticeAction('view', message, { messageId: view.id });
    onClose();
    openNotice(message);
  };
  const readItem = (view: MessageView, message: RealtimeMessage) => {
    void markRead({ ids: [view.id] }).catch(() => {});
    logNoticeAction('read', message, { messageId: view.id });
  };

  const tabLabel = (value: Tab) => {
    const label = t(`realtime.group.${value}`);
    if (value === 'all') return label;
    return (
      <Badge dot={dots[value]} offset={[6, 0]} data-testid={`message-dot-${value}`} data-lit={dots[value]}>
        {label}
      </Badge>
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('realtime.centre.title')}
      size={440}
      extra={
        <Button
          size="small"
          onClick={() => void markRead({ all: true }).catch(() => {})}
          data-testid="message-read-all"
        >
          {t('realtime.centre.markAllRead')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="message-centre">
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => chooseTab(key as Tab)}
          items={(['all', ...DOT_GROUPS] as Tab[]).map((value) => ({ key: value, label: tabLabel(value) }))}
        />
        <div className="message-centre-toolbar">
          <Select
            size="small"
            value={kind ?? ''}
            onChange={(value) => setKind(value || undefined)}
            options={[
              { value: '', label: t('realtime.centre.allKinds') },
              ...kinds.map((value) => ({ value, label: kindTitle(value, lang) })),
            ]}
            data-testid="message-kind"
          />
          <span>
            <Switch
              size="small"
              checked={unreadOnly}
              onChange={setUnreadOnly}
              data-testid="message-unread-only"
            />{' '}
            {t('realtime.centre.unreadOnly')}
          </span>
        </div>
        {pages.isPending ? <Spin /> : null}
        {!pages.isPending && items.length === 0 && !hasNextPage ? (
          <Empty description={t('realtime.centre.empty')} />
        ) : null}
        {items.map((view) => (
          <MessageItem key={view.id} view={view} onOpen={openItem} onRead={readItem} />
        ))}
        {hasNextPage ? (
          <Button block type="link" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('realtime.centre.loadMore')}
          </Button>
        ) : null}
      </div>
    </Drawer>
  );
}
