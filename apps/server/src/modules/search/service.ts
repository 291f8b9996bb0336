import {
  type GlobalSearchAnswer,
  type globalSearchQuery,
  SEARCH_KINDS,
  type SearchHit,
  SearchLimits,
} from '@ferry/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { seesEveryProject } from '../projects/policy.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { roleInTeam } from '../teams/policy.js';
import { marksOf, snippetOf, tierOf } from './marks.js';
import { latestDesignCovers, type SearchRow, type SearchScope, searchRows } from './query.js';
import type { LayerText } from './tables.js';

export type GlobalSearchInput = z.output<typeof globalSearchQuery>;

/** `GET global/search` for a member: their team, the projects they may see (spec 001 §7 "Search"). */
export async function globalSearch(
  ctx: AppContext,
  userId: string,
  input: GlobalSearchInput,
): Promise<GlobalSearchAnswer> {
  const teamRole = await roleInTeam(ctx.db, userId, input.team_id);
  const scope: SearchScope = {
    teamId: input.team_id,
    userId,
    seesEveryProject: seesEveryProject(teamRole),
    projectId: input.project_id,
    trash: input.trash,
    kinds: input.type === 'all' ? SEARCH_KINDS : [input.type],
  };
  return searchWithin(ctx, scope, input);
}

/** The search behind both callers: one page of ranked hits, presented. */
export async function searchWithin(
  ctx: AppContext,
  scope: SearchScope,
  input: GlobalSearchInput,
): Promise<GlobalSearchAnswer> {
  const answer = { pageNo: input.pageNo, pageSize: input.pageSize };
  // Each deeper page is a longer scan; nobody reads fifty pages of hits, they refine the keyword.
  if (input.pageNo > SearchLimits.pageMax) return { list: [], has_next: false, ...answer };
  const rows = await searchRows(ctx.db, scope, input.keyword, {
    sort: input.sort,
    offset: (input.pageNo - 1) * input.pageSize,
    limit: input.pageSize + 1,
  });
  const page = rows.slice(0, input.pageSize);
  const bare = page.filter((row) => row.kind === 'project' && !row.thumb_key).map((row) => row.id);
  const covers = await latestDesignCovers(ctx.db, bare);
  for (const row of page) if (row.kind === 'project') row.thumb_key ||= covers.get(row.id) ?? null;
  const list = page.map((row) => presentHit(ctx, scope.teamId, row, input.keyword));
  const hasNext = rows.length > input.pageSize && input.pageNo < SearchLimits.pageMax;
  return { list, has_next: hasNext, ...answer };
}

/**
 * The text layer a design was found by: equal to the keyword first, then starting with it, containing it,
 * holding its words, then some of them; the shortest among equals.
 */
export function bestLayer(layers: LayerText[], keyword: string): LayerText | null {
  const NONE = 5;
  let best: LayerText | null = null;
  let bestTier = NONE;
  for (const layer of layers) {
    const tier = tierOf(layer.text, keyword);
    const shorter = best !== null && layer.text.length < best.text.length;
    if (tier < bestTier || (tier === bestTier && tier < NONE && shorter)) {
      best = layer;
      bestTier = tier;
    }
  }
  return best;
}

function presentHit(ctx: AppContext, teamId: string, row: SearchRow, keyword: string): SearchHit {
  const titleMatched = row.matched === 'name';
  const layer = row.layers ? bestLayer(row.layers, keyword) : null;
  const quoted = layer?.text ?? (row.matched === 'author' ? null : row.body);
  const { snippet, marks } = quoted ? snippetOf(quoted, keyword) : { snippet: row.body ?? '', marks: [] };
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    title_marks: titleMatched ? marksOf(row.title, keyword) : [],
    matched: row.matched,
    snippet: row.matched === 'author' ? snippet.slice(0, SearchLimits.snippetSide * 2) : snippet,
    snippet_marks: marks,
    team_id: teamId,
    project_id: row.project_id,
    project_name: row.project_name,
    design_id: row.design_id,
    layer_id: layer?.id ?? null,
    doc_id: row.doc_id,
    version_id: row.version_id,
    page: row.page === null ? null : Number(row.page),
    thread_id: row.thread_id,
    author: row.author,
    thumbnail: row.thumb_key ? ctx.files.signedUrl(row.thumb_key, urlExpiry(ctx.now())) : '',
    in_trash: row.in_trash,
    updated_at: new Date(row.updated_at).getTime(),
  };
}
