import { z } from 'zod';
import { CommentLimits, ShareLimits } from '../limits.js';
import { pageNumberSchema, textSchema } from '../validation.js';
import type { NoticeGroup, RealtimeMessage } from './notices.js';

/** Comments pinned on designs, their threads, mentions and the stored notices (message centre). */
const id = z.string().min(1);
const content = textSchema.trim().min(1).max(CommentLimits.contentMax);
const mentions = z.array(id).max(CommentLimits.mentionsMax).default([]);

/** A new thread (`position` and/or `layer_id`) or, with `parent_id`, a reply in one. */
export const createCommentBody = z.object({
  team_id: id.optional(),
  project_id: id,
  image_id: id,
  /** The version the pin was put on; the current one when left out. Replies take their thread's. */
  version_id: id.optional(),
  parent_id: id.optional(),
  content,
  /** Design pixels of the version, so the pin stays put at any zoom. */
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
  layer_id: z.string().max(200).optional(),
  /** User ids of project members; anyone else is refused with MENTION_NOT_MEMBER. */
  mentions,
});
/**
 * A share link's visitor posting (the link's `comment` right): signed with a name, mentioning nobody (a visitor
 * does not see the team's people).
 */
export const guestCommentBody = createCommentBody.extend({
  guest_name: textSchema.trim().min(1).max(ShareLimits.guestNameMaxLength),
  mentions: z.array(id).max(0).default([]),
});
export const updateCommentBody = z.object({
  team_id: id.optional(),
  project_id: id,
  comment_id: id,
  content,
  mentions,
  /** The `update_time` the editor started from; a newer one answers COMMENT_UPDATE_FAILED. */
  update_time: z.string().optional(),
});
export const commentRef = z.object({ team_id: id.optional(), project_id: id, comment_id: id });
export const resolveCommentBody = commentRef.extend({ resolved: z.boolean() });
export const commentsQuery = z.object({
  team_id: id.optional(),
  project_id: id,
  image_id: id,
  /** Threads of one version; all versions when left out. */
  version_id: id.optional(),
  status: z.enum(['all', 'open', 'resolved']).default('all'),
  /** Threads the caller started, replied in or was mentioned in. */
  mine: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true' || value === '1'),
});

export interface CommentAuthor {
  /** Empty for a guest. */
  user_id: string;
  name: string;
  avatar: string;
  /** Posted by a share link's visitor under the name they gave. */
  guest?: boolean;
}

export interface CommentView {
  id: string;
  comment_id: string;
  project_id: string;
  image_id: string;
  version_id: string;
  /** null for a thread's first comment. */
  parent_id: string | null;
  content: string;
  position: { x: number; y: number } | null;
  layer_id: string | null;
  mentions: CommentAuthor[];
  author: CommentAuthor;
  /** Threads only: resolution. */
  resolved: boolean;
  resolved_by: CommentAuthor | null;
  resolved_time: string | null;
  edited: boolean;
  create_time: string;
  update_time: string;
  can_edit: boolean;
  can_delete: boolean;
  can_resolve: boolean;
}

/** Someone a comment may @mention: anyone who sees the project (`GET project/comment/people`). */
export interface MentionCandidate {
  user_id: string;
  name: string;
  email: string;
  color: string;
  /** Their nickname in the team, or empty. */
  remark: string;
}

/** A thread: its first comment with its replies, oldest first. `number` counts threads of the design from 1. */
export interface CommentThread extends CommentView {
  number: number;
  replies: CommentView[];
}

/** `GET msg_center/messages` (paged): notices stored per recipient. Issue-7 delivery reads the same rows. */
export const messagesQuery = z.object({
  page: pageNumberSchema,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** A kind of spec 002 §5 (`new_comment`, `comment_reply` …); all when left out. */
  kind: z.string().max(40).optional(),
  unread: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true' || value === '1'),
  /** Only notices stored after this time (ISO 8601): what a reconnecting client missed. */
  since: z.iso.datetime({ offset: true }).optional(),
});

/** `POST msg_center/messages/read`: the caller's notices by id, or all of them. */
export const readMessagesBody = z.object({
  ids: z.array(id).max(500).optional(),
  all: z.boolean().optional(),
});

/**
 * Notice wording (spec 002 "Interface wording rules": sender names cut to 6 characters, 3 in comment titles);
 * a notice keeps the start of the comment.
 */
export const NoticeLimits = {
  senderNameMax: 6,
  senderNameInTitleMax: 3,
  contentMax: 200,
} as const;

export interface MessageView {
  id: string;
  /** new_comment | comment_reply | … (spec 002 §5 kinds) */
  kind: string;
  method: string;
  team_id: string;
  project_id: string | null;
  project_name: string;
  image_id: string | null;
  image_name: string;
  comment_id: string | null;
  from_user: CommentAuthor | null;
  content: string;
  has_at: boolean;
  url: string;
  read: boolean;
  create_time: string;
  /** The new-message dot it lights: project, team or other. */
  group: NoticeGroup;
  /** The notice's wording in the caller's language (the templates of `GET msg_center/templates`). */
  title: string;
  text: string;
  /** The real-time message as it was sent. */
  message: RealtimeMessage;
}
