import type { GlobalSearchAnswer, SearchSort, SearchType } from '@ferry/shared';
import { api } from './client';

/** Global search (docs/api.md "Search"): one keyword over what the caller may see in a team. */
export interface SearchQuery {
  team_id: string;
  keyword: string;
  type?: SearchType;
  sort?: SearchSort;
  pageNo?: number;
  pageSize?: number;
  /** Also designs in the recycle bin. */
  trash?: boolean;
  project_id?: string;
}

/** Under the team, so leaving or switching a team drops its answers with the rest of its cache. */
export const searchKeys = {
  all: (teamId: string) => ['team', teamId, 'search'] as const,
  query: (query: SearchQuery) => [...searchKeys.all(query.team_id), query] as const,
};

export const searchApi = {
  search: ({ trash, ...query }: SearchQuery, signal?: AbortSignal) =>
    api.get<GlobalSearchAnswer>('global/search', { ...query, trash: trash ? 1 : undefined }, signal),
};
