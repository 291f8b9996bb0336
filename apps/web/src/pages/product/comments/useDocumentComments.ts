import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentCommentKeys,
  documentCommentsApi,
  type NewDocumentComment,
} from '../../../api/documentComments';
import type { DocumentScope } from '../../../api/documents';
import { useCommentFailure } from '../../detail/comments/useComments';

/**
 * The comments of one version of a document, shared by the panel and the pins of every page (one request), and
 * the changes to them. Each change refreshes the threads; a refusal shows as a toast in the server's words and
 * rejects, so a composer keeps its text.
 */
export function useDocumentComments(scope: DocumentScope, docId: string, versionId: string) {
  const client = useQueryClient();
  const failed = useCommentFailure();
  const key = documentCommentKeys.threads(scope.team_id, scope.project_id, docId, versionId);
  const threads = useQuery({
    queryKey: key,
    queryFn: () => documentCommentsApi.threads(scope, docId, versionId),
    enabled: !!docId && !!versionId,
    select: (answer) => answer.threads,
  });
  // Everyone who sees the project may comment, as on designs (docs/api.md "Comments"); editing, resolving
  // and deleting follow each comment's can_* flags.

  const change =
    <Args extends unknown[], Answer>(call: (...args: Args) => Promise<Answer>) =>
    async (...args: Args): Promise<Answer> => {
      try {
        return await call(...args);
      } catch (error) {
        failed(error);
        throw error;
      } finally {
        void client.invalidateQueries({ queryKey: key });
      }
    };

  return {
    threads,
    post: change((comment: Omit<NewDocumentComment, 'doc_id' | 'version_id'>) =>
      documentCommentsApi.create(scope, { doc_id: docId, version_id: versionId, ...comment }),
    ),
    edit: change((commentId: string, content: string, mentions: string[]) =>
      documentCommentsApi.edit(scope, commentId, content, mentions),
    ),
    resolve: change((commentId: string, resolved: boolean) =>
      documentCommentsApi.resolve(scope, commentId, resolved),
    ),
    remove: change((commentId: string) => documentCommentsApi.remove(scope, commentId)),
  };
}

export type DocumentComments = ReturnType<typeof useDocumentComments>;
