import type { DocumentKind } from '@ferry/shared';

/**
 * The product documents' route (spec 001 §2: tid, pid, docId, versionId, docType, pageId, commentId), kept
 * apart from the page so the stage's toolbar links to it without loading its code.
 */
export const PRODUCT_PATH = '/item/project/product';

/** What the address says is open: a document, one of its versions, a page, a comment. */
export interface ProductView {
  docId?: string;
  versionId?: string;
  /** 1-based */
  pageId?: number;
  commentId?: string;
  /** The spec's docType: `axure`, or `other` for the documents shown as pages. */
  docType?: 'axure' | 'other';
}

export const docTypeOf = (kind: DocumentKind): 'axure' | 'other' => (kind === 'axure' ? 'axure' : 'other');

export function productPath(teamId: string, projectId: string, view: ProductView = {}): string {
  const query = new URLSearchParams({ tid: teamId, pid: projectId });
  if (view.docId) query.set('docId', view.docId);
  if (view.versionId) query.set('versionId', view.versionId);
  if (view.docType) query.set('docType', view.docType);
  if (view.pageId) query.set('pageId', String(view.pageId));
  if (view.commentId) query.set('commentId', view.commentId);
  return `${PRODUCT_PATH}?${query.toString()}`;
}

/** The view an address names; a page number that is not a positive whole number is left out. */
export function productViewOf(search: URLSearchParams): ProductView {
  const page = Number(search.get('pageId'));
  const docType = search.get('docType');
  return {
    docId: search.get('docId') || undefined,
    versionId: search.get('versionId') || undefined,
    pageId: Number.isInteger(page) && page > 0 ? page : undefined,
    commentId: search.get('commentId') || undefined,
    docType: docType === 'axure' || docType === 'other' ? docType : undefined,
  };
}
