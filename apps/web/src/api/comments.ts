import type { CommentThread, CommentView, MentionCandidate } from '@ferry/shared';
import { api } from './client';

/**
 * Comments pinned on designs (docs/api.md "Comments"): the threads of a design version, one thread, and what
 * members do to them. Every call names the project; the server checks the design belongs to it.
 */
export interface CommentScope {
  team_id: string;
  project_id: string;
}

/** The lists the comments panel and the pins read: every thread of a version, or only the caller's. */
export type ThreadFilter = 'all' | 'mine';

export interface NewComment {
  image_id: string;
  version_id?: string;
  parent_id?: string;
  content: string;
  position?: { x: number; y: number };
  layer_id?: string;
  mentions: string[];
  /** A share link's visitor signs with a name (and mentions nobody); left out for members. */
  guest_name?: string;
}

/** Query keys under the project, one branch per design, so a change refreshes everything about it at once. */
export const commentKeys = {
  design: (teamId: string, projectId: string, imageId: string) =>
    ['team', teamId, 'project', projectId, 'comments', imageId] as const,
  threads: (teamId: string, projectId: string, imageId: string, versionId: string, filter: ThreadFilter) =>
    [...commentKeys.design(teamId, projectId, imageId), 'threads', versionId, filter] as const,
  thread: (teamId: string, projectId: string, imageId: string, commentId: string) =>
    [...commentKeys.design(teamId, projectId, imageId), 'thread', commentId] as const,
};

export const commentsApi = {
  threads: (scope: CommentScope, imageId: string, versionId: string, filter: ThreadFilter) =>
    api.get<{ threads: CommentThread[] }>('project/comments', {
      ...scope,
      image_id: imageId,
      version_id: versionId,
      status: 'all',
      ...(filter === 'mine' ? { mine: true } : {}),
    }),
  /** The thread holding a comment (a thread's first comment or a reply); 19051 once it was deleted. */
  thread: (scope: CommentScope, commentId: string) =>
    api.get<CommentThread>('project/comment', { ...scope, comment_id: commentId }),
  /** A member's comment, or with `guest_name` a share link's visitor's (who needs the link's `comment` right). */
  create: (scope: CommentScope, comment: NewComment) =>
    api.post<CommentView>('project/comment', { ...scope, ...comment }),
  /** `update_time` is the one the editor started from: a newer one on the server answers 19052. */
  update: (
    scope: CommentScope,
    change: { comment_id: string; content: string; mentions: string[]; update_time: string },
  ) => api.put<CommentView>('project/comment', { ...scope, ...change }),
  remove: (scope: CommentScope, commentId: string) =>
    api.delete<Record<string, never>>('project/comment', { ...scope, comment_id: commentId }),
  /** Everyone who sees the project, whom a comment may @mention. */
  people: (scope: CommentScope) =>
    api.get<{ people: MentionCandidate[] }>('project/comment/people', { ...scope }),
  resolve: (scope: CommentScope, commentId: string, resolved: boolean) =>
    api.post<CommentThread>('project/comment/resolve', { ...scope, comment_id: commentId, resolved }),
};
