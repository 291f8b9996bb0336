import type { MessageView } from '@ferry/shared';
import { App, Badge, Button, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentKeys, commentsApi } from '../api/comments';
import { formErrorText } from '../forms/errors';
import { queryClient } from '../queryClient';
import { isCommentMethod, type RealtimeMessage } from '../realtime/message';
import { messageOfView } from '../realtime/missed';
import { useLang } from './hooks';
import { MemberAvatar } from './MemberAvatar';
import { formatTime, timeAgo } from './time';

/** Answers a comment from its notice (POST project/comment with the notice's comment as parent). */
function ReplyBox({ view, onDone }: { view: MessageView; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const content = text.trim();
    if (!content || !view.project_id || !view.image_id || !view.comment_id) return;
    setBusy(true);
    try {
      await commentsApi.create(
        { team_id: view.team_id, project_id: view.project_id },
        { image_id: view.image_id, parent_id: view.comment_id, content, mentions: [] },
      );
      void queryClient.invalidateQueries({
        queryKey: commentKeys.design(view.team_id, view.project_id, view.image_id),
      });
      void message.success(t('realtime.centre.replied'));
      onDone();
    } catch (error) {
      const failure = formErrorText(error, t('common.requestFailed'));
      if (failure) void message.error(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="message-item-reply">
      <Input.TextArea
        autoFocus
        autoSize={{ minRows: 2, maxRows: 5 }}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('realtime.centre.replyPlaceholder')}
        data-testid="message-reply-input"
      />
      <div className="notice-toast-actions">
        <Button size="small" onClick={onDone}>
          {t('realtime.centre.cancel')}
        </Button>
        <Button
          size="small"
          type="primary"
          loading={busy}
          disabled={!text.trim()}
          onClick={send}
          style={{ marginLeft: 8 }}
          data-testid="message-reply-send"
        >
          {t('realtime.centre.send')}
        </Button>
      </div>
    </div>
  );
}

export interface MessageItemProps {
  view: MessageView;
  onOpen(view: MessageView, message: RealtimeMessage): void;
  onRead(view: MessageView, message: RealtimeMessage): void;
}

/** One notice of the message centre: who, what, where and when; read mark; reply for comments. */
export function MessageItem({ view, onOpen, onRead }: MessageItemProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [replying, setReplying] = useState(false);
  const message = messageOfView(view);
  if (!message) return null;
  // The server words a stored notice in the caller's language.
  const wording = { title: view.title, text: view.text };
  const place = [view.project_name, view.image_name].filter(Boolean).join(' / ');
  // A share link's visitor has no account (from_user null): the name they signed with stands in.
  const sender = view.from_user ?? (message.fromUserName ? { name: message.fromUserName, avatar: '' } : null);
  const canReply = isCommentMethod(message.method) && !!view.comment_id && !!view.image_id;
  return (
    <div
      className={`message-item${view.read ? ' is-read' : ''}`}
      data-testid="message-item"
      data-read={view.read}
    >
      <button
        type="button"
        className="message-item-open"
        onClick={() => onOpen(view, message)}
        data-testid="message-open"
      >
        <div className="message-item-head">
          {sender ? <MemberAvatar name={sender.name} avatar={sender.avatar} size={24} /> : null}
          <span className="message-item-title" title={wording.title}>
            {wording.title}
          </span>
          {view.read ? null : <Badge status="processing" data-testid="message-unread" />}
        </div>
        {wording.text ? <div className="message-item-text">{wording.text}</div> : null}
      </button>
      <div className="message-item-meta">
        <Tooltip title={formatTime(view.create_time, lang)}>
          <span>{timeAgo(view.create_time, lang)}</span>
        </Tooltip>
        {place ? <span>{place}</span> : null}
        {view.read ? null : (
          <Button
            type="link"
            size="small"
            onClick={() => onRead(view, message)}
            data-testid="message-mark-read"
          >
            {t('realtime.centre.markRead')}
          </Button>
        )}
        {canReply && !replying ? (
          <Button type="link" size="small" onClick={() => setReplying(true)} data-testid="message-reply">
            {t('realtime.centre.reply')}
          </Button>
        ) : null}
      </div>
      {replying ? <ReplyBox view={view} onDone={() => setReplying(false)} /> : null}
    </div>
  );
}
