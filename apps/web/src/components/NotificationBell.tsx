import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKeys, messagesApi } from '../api/messages';
import { useMessageDots } from '../state/messageDots';
import { useSession } from '../state/session';
import { lazyNamed, OnceOpened } from './OnceOpened';

const MessageCentre = lazyNamed(
  () => import('./headerExtras'),
  (module) => module.MessageCentre,
);

/** The unread count of the message centre; notices that arrive refresh it (realtime/dispatch). */
export function useUnreadCount(): number {
  const { token } = useSession();
  return (
    useQuery({
      queryKey: messageKeys.unread(),
      queryFn: async () => (await messagesApi.unread()).unread,
      enabled: Boolean(token),
      staleTime: 30_000,
    }).data ?? 0
  );
}

/** The header's bell: the unread count (a dot when only new-message flags are lit) opening the message centre. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const dots = useMessageDots();
  const [open, setOpen] = useState(false);
  const flagged = dots.project || dots.team || dots.other;
  return (
    <>
      <Tooltip title={t('realtime.centre.bell')}>
        <Badge
          count={unread}
          dot={unread === 0 && flagged}
          size="small"
          overflowCount={99}
          className="notification-bell"
          data-testid="notification-count"
          data-count={unread}
        >
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined />}
            aria-label={t('realtime.centre.bell')}
            onClick={() => setOpen(true)}
            data-testid="notification-bell"
          />
        </Badge>
      </Tooltip>
      <OnceOpened open={open}>
        <MessageCentre open={open} onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}
