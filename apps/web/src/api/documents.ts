import type {
  DocumentDetail,
  DocumentGroupView,
  DocumentListAnswer,
  DocumentPageText,
  DocumentSearchAnswer,
  DocumentSummary,
} from '@ferry/shared';
import { api } from './client';

/** Product documents (docs/api.md "Product documents"): groups, documents, versions, pages, search. */
export interface DocumentScope {
  team_id: string;
  project_id: string;
}

export type { DocumentDetail, DocumentGroupView, DocumentListAnswer, DocumentPageText, DocumentSummary };

/** Under the project, so the `changed`/`documents` frame refreshes every one (realtime/connection.ts). */
export const documentKeys = {
  all: (teamId: string, projectId: string) => ['team', teamId, 'project', projectId, 'documents'] as const,
  list: (teamId: string, projectId: string) => [...documentKeys.all(teamId, projectId), 'list'] as const,
  detail: (teamId: string, projectId: string, docId: string, versionId?: string) =>
    [...documentKeys.all(teamId, projectId), 'doc', docId, versionId ?? 'latest'] as const,
  search: (teamId: string, projectId: string, keyword: string) =>
    [...documentKeys.all(teamId, projectId), 'search', keyword] as const,
};

type Resource = { id: string; type: 'document' };
const asResources = (docIds: string[]): Resource[] => docIds.map((id) => ({ id, type: 'document' }));

export const documentsApi = {
  list: (scope: DocumentScope) => api.get<DocumentListAnswer>('project/product_documents', { ...scope }),
  detail: (scope: DocumentScope, docId: string, versionId?: string) =>
    api.get<DocumentDetail>('project/doc', {
      ...scope,
      doc_id: docId,
      ...(versionId ? { version_id: versionId } : {}),
    }),
  /** Registers a file stored through the signed upload path (the stage's upload queue posts it). */
  register: (scope: DocumentScope, key: string, options: { name?: string; group_id?: string } = {}) =>
    api.post<DocumentSummary>('project/doc', { ...scope, key, ...options }),
  rename: (scope: DocumentScope, docId: string, name: string) =>
    api.put<DocumentSummary>('project/doc', { ...scope, doc_id: docId, name }),
  /** One version (the only one takes the document with it), or the whole document. */
  remove: (scope: DocumentScope, docId: string, versionId?: string) =>
    api.delete<{ doc_id: string; document_deleted: boolean }>('project/doc', {
      ...scope,
      doc_id: docId,
      ...(versionId ? { version_id: versionId } : {}),
    }),
  search: (scope: DocumentScope, keyword: string) =>
    api.get<DocumentSearchAnswer>('project/project_product_search', { ...scope, keyword }),

  createGroup: (scope: DocumentScope, name: string) =>
    api.post<DocumentGroupView>('project/product_document_group', { ...scope, name }),
  updateGroup: (scope: DocumentScope, groupId: string, change: { name?: string; order?: number }) =>
    api.put<DocumentGroupView>('project/product_document_group', { ...scope, group_id: groupId, ...change }),
  /** Its documents become ungrouped. */
  deleteGroup: (scope: DocumentScope, groupId: string) =>
    api.delete<{ group_id: string }>('project/product_document_group', { ...scope, group_id: groupId }),
  /** Moves documents into a group ('' = ungrouped), after its last one. */
  moveToGroup: (scope: DocumentScope, groupId: string, docIds: string[]) =>
    api.post<DocumentListAnswer>('project/product_group/source', {
      ...scope,
      group_id: groupId,
      resources: asResources(docIds),
    }),
  /** The group's order: these documents first, in this order, then the rest. */
  orderGroup: (scope: DocumentScope, groupId: string, docIds: string[]) =>
    api.put<DocumentListAnswer>('project/product_group/source', {
      ...scope,
      group_id: groupId,
      resources: asResources(docIds),
    }),

  /** A page's text runs, from its signed `text_url` (no session header: the URL is the credential). */
  pageText: async (textUrl: string, signal?: AbortSignal): Promise<DocumentPageText> => {
    const response = await fetch(textUrl, { signal });
    if (!response.ok) throw new Error(`page text ${response.status}`);
    return (await response.json()) as DocumentPageText;
  },
};
