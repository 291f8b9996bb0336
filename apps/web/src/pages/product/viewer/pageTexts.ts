import type { DocumentPageView } from '@ferry/shared';
import { queryOptions } from '@tanstack/react-query';
import { documentsApi } from '../../../api/documents';

/**
 * A page's text runs. Keyed by version and page, not by the signed address (it changes with each reading of
 * the document) nor under the project's document keys (a `changed` frame must not fetch every page again):
 * a version's pages never change.
 */
export const pageTextQuery = (versionId: string, page: DocumentPageView) =>
  queryOptions({
    queryKey: ['documentPageText', versionId, page.page] as const,
    queryFn: ({ signal }) => documentsApi.pageText(page.text_url, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60 * 1000,
  });
