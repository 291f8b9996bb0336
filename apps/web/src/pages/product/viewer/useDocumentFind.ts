import type { DocumentPageText, DocumentPageView } from '@ferry/shared';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { queryClient } from '../../../queryClient';
import { type FindMatch, MAX_MATCHES, normaliseQuery, pageMatches, stepMatch } from './findText';
import { pageTextQuery } from './pageTexts';
import type { PageHighlights } from './TextLayer';

/** Page texts fetched at once while searching. */
const PARALLEL_FETCHES = 4;

/** The match the find bar is on, by page and place on it, so pages arriving later do not move it. */
interface MatchPlace {
  page: number;
  ordinal: number;
}

/**
 * Find in a document: fetches every page's text (the cached ones are not fetched again), matches each page
 * once per query, and keeps the current match. `startPage` is where a new search starts looking; `reveal` is
 * called with each match the user moves to.
 */
export function useDocumentFind(
  versionId: string,
  pages: readonly DocumentPageView[],
  startPage: () => number,
  reveal: (match: FindMatch) => void,
) {
  const [query, setQuery] = useState('');
  const wanted = normaliseQuery(useDeferredValue(query));
  const [arrived, setArrived] = useState(0);
  const [searching, setSearching] = useState(false);
  const [place, setPlace] = useState<MatchPlace | null>(null);

  // Each page's matches, computed once per query and version.
  const perPage = useRef({ key: '', pages: new Map<number, FindMatch[]>() });
  // A new reading of the document signs its addresses again: the same pages, not a new search.
  const latestPages = useRef(pages);
  latestPages.current = pages;
  const pageCount = pages.length;

  useEffect(() => {
    setPlace(null);
    if (!wanted) {
      setSearching(false);
      return;
    }
    let stopped = false;
    const queue = [...latestPages.current];
    setSearching(true);
    const fetchNext = async (): Promise<void> => {
      const page = queue.shift();
      if (!page || stopped) return;
      try {
        await queryClient.fetchQuery(pageTextQuery(versionId, page));
      } catch {
        // A page whose text cannot be read is left out of the count.
      }
      if (!stopped) setArrived((count) => count + 1);
      return fetchNext();
    };
    void Promise.all(Array.from({ length: PARALLEL_FETCHES }, fetchNext)).then(() => {
      if (!stopped) setSearching(false);
    });
    return () => {
      stopped = true;
    };
  }, [wanted, versionId, pageCount]);

  // `arrived` says more texts are cached; the pages are read through their ref.
  const matches = useMemo(() => {
    if (!wanted) return [];
    const key = `${versionId}\n${wanted}`;
    if (perPage.current.key !== key) perPage.current = { key, pages: new Map() };
    const known = perPage.current.pages;
    const all: FindMatch[] = [];
    for (const page of latestPages.current) {
      let found = known.get(page.page);
      if (!found) {
        const text = queryClient.getQueryData<DocumentPageText>(pageTextQuery(versionId, page).queryKey);
        if (!text) continue;
        found = pageMatches(page.page, text, wanted, page.height > 0 ? page.width / page.height : undefined);
        known.set(page.page, found);
      }
      for (const match of found) all.push(match);
      if (all.length >= MAX_MATCHES) break;
    }
    return all;
  }, [wanted, versionId, pageCount, arrived]);

  const currentIndex = useMemo(() => {
    if (!place) return -1;
    let before = 0;
    for (const match of matches) {
      if (match.page === place.page) return before + place.ordinal;
      before += 1;
    }
    return -1;
  }, [matches, place]);

  const placeOf = useCallback(
    (index: number): MatchPlace => {
      const match = matches[index];
      let ordinal = 0;
      for (let at = index - 1; at >= 0 && matches[at].page === match.page; at--) ordinal += 1;
      return { page: match.page, ordinal };
    },
    [matches],
  );

  const goTo = useCallback(
    (index: number) => {
      if (index < 0 || index >= matches.length) return;
      setPlace(placeOf(index));
      reveal(matches[index]);
    },
    [matches, placeOf, reveal],
  );

  // A new search lands on the first match from the page being read, as soon as one is known there or after.
  const latestStart = useRef(startPage);
  latestStart.current = startPage;
  useEffect(() => {
    if (place || !matches.length) return;
    const from = latestStart.current();
    const ahead = matches.findIndex((match) => match.page >= from);
    // Before the last page's text is in, a match behind might still be followed by one ahead.
    if (ahead === -1 && searching) return;
    goTo(ahead === -1 ? 0 : ahead);
  }, [matches, place, searching, goTo]);

  const step = useCallback(
    (backwards: boolean) => goTo(stepMatch(currentIndex, matches.length, backwards)),
    [goTo, currentIndex, matches.length],
  );

  /** Per page, per run: the highlighted ranges. */
  const highlights = useMemo(() => {
    const byPage = new Map<number, Map<number, (MatchPart & { current: boolean })[]>>();
    matches.forEach((match, index) => {
      const runs = byPage.get(match.page) ?? new Map<number, (MatchPart & { current: boolean })[]>();
      byPage.set(match.page, runs);
      for (const part of match.parts) {
        const ranges = runs.get(part.item) ?? [];
        ranges.push({ ...part, current: index === currentIndex });
        runs.set(part.item, ranges);
      }
    });
    return byPage as ReadonlyMap<number, PageHighlights>;
  }, [matches, currentIndex]);

  return { query, setQuery, matches, currentIndex, searching, step, highlights, active: wanted !== '' };
}

type MatchPart = FindMatch['parts'][number];
