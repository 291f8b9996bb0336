import { SEARCH_SORTS, SEARCH_TYPES, type SearchHit, type SearchSort, type SearchType } from '@ferry/shared';
import { itemPath } from '../../state/redirect';
import { productPath } from '../product/paths';
import { detailPath, stagePath } from '../stage/paths';

/** The full results page (kept apart from the page so the header links to it without loading its code). */
export const SEARCH_PATH = '/item/search';

/** What the results page's address holds, so back and forward return to the same results. */
export interface SearchView {
  tid: string;
  keyword: string;
  type: SearchType;
  sort: SearchSort;
  /** 1-based */
  page: number;
  trash: boolean;
}

export function searchPath(view: Partial<SearchView> & { tid: string }): string {
  const query = new URLSearchParams({ tid: view.tid, keyword: view.keyword ?? '' });
  if (view.type && view.type !== 'all') query.set('type', view.type);
  if (view.sort && view.sort !== 'relevance') query.set('sort', view.sort);
  if (view.page && view.page > 1) query.set('page', String(view.page));
  if (view.trash) query.set('trash', '1');
  return `${SEARCH_PATH}?${query.toString()}`;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The view an address names; anything unknown falls back to the defaults. An address without `trash` follows
 * the user's searchTrash preference (`trashByDefault`).
 */
export function searchViewOf(params: URLSearchParams, teamId = '', trashByDefault = false): SearchView {
  const page = Number(params.get('page'));
  return {
    tid: params.get('tid') || teamId,
    keyword: params.get('keyword') ?? '',
    type: oneOf(SEARCH_TYPES, params.get('type'), 'all'),
    sort: oneOf(SEARCH_SORTS, params.get('sort'), 'relevance'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    trash: params.has('trash') ? params.get('trash') === '1' : trashByDefault,
  };
}

/** Adds `extra` to an address built by another helper. */
function withQuery(path: string, extra: Record<string, string | null>): string {
  const [base, search = ''] = path.split('?');
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(extra)) if (value) query.set(key, value);
  return `${base}?${query.toString()}`;
}

/**
 * Where a hit opens: a project's stage (at a section, or its recycle bin for a binned design), a folder's
 * project list, a design's detail view (with the matched layer or comment), a product document's page.
 */
export function hitPath(hit: SearchHit): string {
  const teamId = hit.team_id;
  const projectId = hit.project_id ?? '';
  if (hit.kind === 'folder') return itemPath(teamId, hit.id);
  const stage = stagePath(teamId, projectId);
  if (hit.in_trash) return withQuery(stage, { bin: '1' });
  switch (hit.kind) {
    case 'project':
      return stage;
    case 'section':
      return withQuery(stage, { sector_id: hit.id });
    case 'image':
      return withQuery(detailPath(teamId, projectId, hit.design_id ?? hit.id), { layer_id: hit.layer_id });
    case 'comment': {
      // A reply opens its thread.
      const thread = hit.thread_id ?? hit.id;
      if (hit.design_id) {
        return withQuery(detailPath(teamId, projectId, hit.design_id), { comment_id: thread });
      }
      return productPath(teamId, projectId, {
        docId: hit.doc_id ?? undefined,
        versionId: hit.version_id ?? undefined,
        pageId: hit.page ?? undefined,
        commentId: thread,
      });
    }
    case 'product':
      return productPath(teamId, projectId, {
        docId: hit.doc_id ?? hit.id,
        versionId: hit.version_id ?? undefined,
        pageId: hit.page ?? undefined,
      });
    default:
      return stage;
  }
}
