import { z } from 'zod';
import { CommentLimits } from '../limits.js';
import { textSchema } from '../validation.js';
import type { CommentAuthor } from './comments.js';

/**
 * Comments pinned on a page of a product document (spec 001 §2 `pageId`, `commentId`; spec 000 §6 "document
 * comment add"). A thread is pinned on one page of one version, at a point given in fractions of the page
 * (0…1, y from the top), so it stays put at any zoom and width; replies share their thread's page.
 */
const id = z.string().min(1).max(64);
const content = textSchema.trim().min(1).max(CommentLimits.contentMax);
const mentions = z.array(id).max(CommentLimits.mentionsMax).default([]);
const fraction = z.number().finite().min(0).max(1);

/** `POST project/doc/comment`: a thread (`page`, `position`) or, with `parent_id`, a reply. */
export const createDocumentCommentBody = z.object({
  team_id: id.optional(),
  project_id: id,
  doc_id: id,
  /** The version the pin is put on; the latest when left out. Replies take their thread's. */
  version_id: id.optional(),
  parent_id: id.optional(),
  page: z.number().int().min(1).optional(),
  position: z.object({ x: fraction, y: fraction }).optional(),
  content,
  /** Project members; anyone else is refused with MENTION_NOT_MEMBER. */
  mentions,
});

/** `PUT project/doc/comment`: the author edits the text, or anyone who may resolves (`resolved`). */
export const updateDocumentCommentBody = z.object({
  team_id: id.optional(),
  project_id: id,
  comment_id: id,
  content: content.optional(),
  mentions: mentions.optional(),
  resolved: z.boolean().optional(),
});

/** `DELETE project/doc/comment`. */
export const deleteDocumentCommentBody = z.object({ team_id: id.optional(), project_id: id, comment_id: id });

/** `GET project/doc/comments`: the threads of a version (the latest by default), all pages. */
export const documentCommentsQuery = z.object({
  team_id: id.optional(),
  project_id: id,
  doc_id: id,
  version_id: id.optional(),
});

export interface DocumentCommentView {
  id: string;
  doc_id: string;
  version_id: string;
  /** null for a thread's first comment. */
  parent_id: string | null;
  page: number;
  position: { x: number; y: number } | null;
  content: string;
  mentions: CommentAuthor[];
  author: CommentAuthor;
  resolved: boolean;
  edited: boolean;
  create_time: string;
  update_time: string;
  can_edit: boolean;
  can_delete: boolean;
  can_resolve: boolean;
}

/** A thread: its first comment with its replies, oldest first; `number` counts the document's threads from 1. */
export interface DocumentCommentThread extends DocumentCommentView {
  number: number;
  replies: DocumentCommentView[];
}

export interface DocumentCommentsAnswer {
  version_id: string;
  threads: DocumentCommentThread[];
}
