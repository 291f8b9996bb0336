import { CheckCircleFilled, CheckOutlined, MessageOutlined, UndoOutlined } from '@ant-design/icons';
import type { CommentView } from '@ferry/shared';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../components/hooks';
import { MemberAvatar } from '../../../components/MemberAvatar';
import { formatTime, timeAgo } from '../../../components/time';
import { splitMentions } from './mentions';

/** What the text and byline show: a design's comment, or any comment of the same shape (a document's). */
type ShownText = Pick<CommentView, 'content' | 'mentions'>;
type ShownByline = Pick<CommentView, 'author' | 'create_time' | 'edited'>;

/** The text of a comment with the members it mentions highlighted. */
export function CommentText({ comment, clamp }: { comment: ShownText; clamp?: boolean }) {
  const parts = splitMentions(
    comment.content,
    comment.mentions.map((person) => person.name),
  );
  return (
    <div className={`comment-text${clamp ? ' is-clamped' : ''}`} data-testid="comment-text">
      {parts.map((part, index) =>
        part.mention ? (
          <span key={index} className="comment-mention" data-testid="comment-mention">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </div>
  );
}

/** Avatar, name and time of a comment's author; a share link's visitor is marked as a guest. */
export function CommentByline({ comment }: { comment: ShownByline }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="comment-byline">
      <MemberAvatar name={comment.author.name} avatar={comment.author.avatar} size={24} />
      <span className="comment-author" data-testid="comment-author">
        {comment.author.name}
      </span>
      {comment.author.guest ? (
        <Tag className="comment-guest-tag" variant="filled" data-testid="comment-guest">
          {t('comments.guest.tag')}
        </Tag>
      ) : null}
      <Tooltip title={formatTime(comment.create_time, lang)}>
        <span className="comment-time">{timeAgo(comment.create_time, lang)}</span>
      </Tooltip>
      {comment.edited ? <span className="comment-edited">{t('comments.edited')}</span> : null}
    </div>
  );
}

/** A collapsed thread: its number, byline, clamped text, reply count and whether it is resolved. */
export function ThreadSummary({
  thread,
  replyCountTestId,
}: {
  thread: ShownText & ShownByline & { number: number; resolved: boolean; replies: unknown[] };
  replyCountTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="comment-row-head">
        <span className="comment-number">#{thread.number}</span>
        <CommentByline comment={thread} />
      </div>
      <CommentText comment={thread} clamp />
      <div className="comment-row-foot">
        <span className="comment-reply-count" data-testid={replyCountTestId}>
          <MessageOutlined />
          {t('comments.replyCount', { count: thread.replies.length })}
        </span>
        {thread.resolved ? (
          <span className="comment-resolved">
            <CheckCircleFilled />
            {t('comments.resolved')}
          </span>
        ) : null}
      </div>
    </>
  );
}

/** Resolve or reopen a thread; `testIdPrefix` names the button `<prefix>-resolve` / `<prefix>-reopen`. */
export function ResolveButton({
  resolved,
  pending,
  onToggle,
  testIdPrefix,
}: {
  resolved: boolean;
  pending: boolean;
  onToggle: (resolved: boolean) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      icon={resolved ? <UndoOutlined /> : <CheckOutlined />}
      loading={pending}
      onClick={() => onToggle(!resolved)}
      data-testid={`${testIdPrefix}-${resolved ? 'reopen' : 'resolve'}`}
    >
      {t(resolved ? 'comments.reopen' : 'comments.resolve')}
    </Button>
  );
}
