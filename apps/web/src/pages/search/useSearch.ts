import { SEARCH_KINDS, type SearchHit, type SearchKind, SearchLimits } from '@ferry/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type SearchQuery, searchApi, searchKeys } from '../../api/search';
import { useDebounced } from '../../components/hooks';

/**
 * One page of hits for `query` (none while its keyword is blank). The answer shown is always the one asked
 * for last: a slower answer to an older keyword never replaces it, and its call is dropped.
 */
export function useSearch(query: SearchQuery) {
  const keyword = query.keyword.trim();
  const asked = { ...query, keyword };
  return useQuery({
    queryKey: searchKeys.query(asked),
    queryFn: ({ signal }) => searchApi.search(asked, signal),
    enabled: Boolean(keyword && query.team_id),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export interface HitGroup {
  kind: SearchKind;
  hits: SearchHit[];
}

/** Hits grouped by kind, in the contract's order of kinds, each group keeping the server's order. */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  return SEARCH_KINDS.map((kind) => ({ kind, hits: hits.filter((hit) => hit.kind === kind) })).filter(
    (group) => group.hits.length > 0,
  );
}

/**
 * A search field's state: what is typed, the keyword once typing pauses, its answer, and whether the answer
 * shown is behind what is typed (while the next answer comes, the last one stays, dimmed: no flicker).
 */
export function useTypedSearch(queryOf: (keyword: string) => SearchQuery) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), SearchLimits.typingDebounceMs);
  const search = useSearch(queryOf(keyword));
  const current = keyword ? search.data : undefined;
  const stale = search.isPlaceholderData || typed.trim() !== keyword;
  return { typed, setTyped, keyword, search, current, stale };
}

/** The highlighted row of a list of hits: ↑/↓ move it round, a new answer starts at the first, kept in view. */
export function useHitCursor(count: number, answer: unknown) {
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  // A new answer, not a new count, puts the cursor back on the first hit.
  useEffect(() => setActive(0), [answer]);
  useEffect(() => {
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  const move = (step: 1 | -1) => {
    if (count) setActive((index) => (index + step + count) % count);
  };
  return { active, setActive, listRef, move };
}
