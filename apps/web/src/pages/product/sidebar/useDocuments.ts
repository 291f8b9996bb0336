import { StageLimits } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type DocumentListAnswer,
  type DocumentScope,
  type DocumentSummary,
  documentKeys,
  documentsApi,
} from '../../../api/documents';
import { useCachedChanges } from '../../../components/useCachedChanges';

const isProcessing = (list: DocumentListAnswer) =>
  [...list.groups.flatMap((group) => group.resources), ...list.ungrouped].some(
    (doc) => doc.status === 'processing',
  );

/** The project's groups and documents; read again while a document is converting, and on the `documents` signal. */
export function useDocumentList(scope: DocumentScope) {
  return useQuery({
    queryKey: documentKeys.list(scope.team_id, scope.project_id),
    queryFn: () => documentsApi.list(scope),
    enabled: Boolean(scope.team_id && scope.project_id),
    refetchInterval: (query) =>
      query.state.data && isProcessing(query.state.data) ? StageLimits.processingPollMs : false,
  });
}

/** Every document of the list, groups first (in their order), then the ungrouped ones. */
export const allDocuments = (list: DocumentListAnswer | undefined): DocumentSummary[] =>
  list ? [...list.groups.flatMap((group) => group.resources), ...list.ungrouped] : [];

/**
 * What editors do with groups and documents. Each change reads the documents again (list, details, search);
 * a refusal shows the server's message. Group names and document names are asked in a dialog, which shows
 * the refusal under its field instead: those calls throw.
 */
export function useDocumentActions(scope: DocumentScope) {
  const { t } = useTranslation();
  const { message, attempt, refresh } = useCachedChanges<DocumentListAnswer>(
    documentKeys.all(scope.team_id, scope.project_id),
  );
  /** For the dialogs: the refusal goes to the caller, the list is read again either way. */
  const named = async <T>(call: () => Promise<T>) => {
    try {
      return await call();
    } finally {
      await refresh();
    }
  };

  return {
    createGroup: (name: string) => named(() => documentsApi.createGroup(scope, name)),
    renameGroup: (groupId: string, name: string) =>
      named(() => documentsApi.updateGroup(scope, groupId, { name })),
    /** To the 1-based place `order` among the groups. */
    moveGroup: (groupId: string, order: number) =>
      attempt(() => documentsApi.updateGroup(scope, groupId, { order })),
    deleteGroup: async (groupId: string) => {
      const deleted = await attempt(() => documentsApi.deleteGroup(scope, groupId));
      if (deleted) void message.success(t('product.group.deleted'));
      return deleted;
    },
    /** Into a group, or ungrouped with ''. */
    moveDocument: (docId: string, groupId: string) =>
      attempt(() => documentsApi.moveToGroup(scope, groupId, [docId])),
    renameDocument: (docId: string, name: string) => named(() => documentsApi.rename(scope, docId, name)),
    /** One version, or the whole document without `versionId`; answers whether the document is gone. */
    removeDocument: async (docId: string, versionId?: string) => {
      let documentDeleted = false;
      const removed = await attempt(async () => {
        documentDeleted = (await documentsApi.remove(scope, docId, versionId)).document_deleted;
      });
      if (removed)
        void message.success(t(documentDeleted ? 'product.doc.deleted' : 'product.doc.versionDeleted'));
      return { removed, documentDeleted };
    },
  };
}

export type DocumentActions = ReturnType<typeof useDocumentActions>;
