import type { DocumentCommentsAnswer, DocumentCommentThread, DocumentCommentView } from '@ferry/shared';
import { api } from './client';
import { type DocumentScope, documentKeys } from './documents';

/** Comments pinned on document pages (docs/api.md "Product documents"). */
export type { DocumentCommentThread, DocumentCommentView };

/** Under the document's keys, so the `changed`/`documents` frame refreshes them too. */
export const documentCommentKeys = {
  threads: (teamId: string, projectId: string, docId: string, versionId: string) =>
    [...documentKeys.all(teamId, projectId), 'comments', docId, versionId] as const,
};

export interface NewDocumentComment {
  doc_id: string;
  version_id: string;
  content: string;
  mentions: string[];
  /** A thread: the page and the point on it (fractions of the page). */
  page?: number;
  position?: { x: number; y: number };
  /** A reply. */
  parent_id?: string;
}

export const documentCommentsApi = {
  threads: (scope: DocumentScope, docId: string, versionId: string) =>
    api.get<DocumentCommentsAnswer>('project/doc/comments', {
      ...scope,
      doc_id: docId,
      version_id: versionId,
    }),
  create: (scope: DocumentScope, comment: NewDocumentComment) =>
    api.post<DocumentCommentView>('project/doc/comment', { ...scope, ...comment }),
  edit: (scope: DocumentScope, commentId: string, content: string, mentions: string[]) =>
    api.put<DocumentCommentView>('project/doc/comment', {
      ...scope,
      comment_id: commentId,
      content,
      mentions,
    }),
  resolve: (scope: DocumentScope, commentId: string, resolved: boolean) =>
    api.put<DocumentCommentView>('project/doc/comment', { ...scope, comment_id: commentId, resolved }),
  remove: (scope: DocumentScope, commentId: string) =>
    api.delete<Record<string, never>>('project/doc/comment', { ...scope, comment_id: commentId }),
};
