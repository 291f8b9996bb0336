import { PROJECT_TABS, type ProjectCard, type ProjectTab } from '@ferry/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  listProjects,
  type ProjectListQuery,
  type ProjectPage,
  type ProjectSort,
  type ProjectSortField,
  projectKeys,
  type SearchResult,
  searchProjects,
} from '../../api/projects';
import { readString, StorageKeys, writeString } from '../../state/storage';

/** Cards per page of the list and of search; the next page loads while `has_next` says there is one. */
export const PROJECT_PAGE_SIZE = 30;

/** The spec's default item order (spec 001 §9). */
export const DEFAULT_SORT: ProjectSort = { field: 'default_order', direction: 'desc' };
const SORT_FIELDS: readonly ProjectSortField[] = ['default_order', 'name_order', 'time_order'];

/** `item_order` holds the order as the list call spells it: `default_order=desc`. */
export function parseSort(raw: string | null): ProjectSort {
  const [field, direction] = (raw ?? '').split('=');
  if (!SORT_FIELDS.includes(field as ProjectSortField)) return DEFAULT_SORT;
  if (direction !== 'asc' && direction !== 'desc') return DEFAULT_SORT;
  return { field: field as ProjectSortField, direction };
}

export const formatSort = (sort: ProjectSort) => `${sort.field}=${sort.direction}`;

/** The list order, remembered in `item_order` across visits and sign-outs. */
export function useRememberedSort() {
  const [sort, setSort] = useState(() => parseSort(readString(StorageKeys.itemOrder)));
  const change = (next: ProjectSort) => {
    writeString(StorageKeys.itemOrder, formatSort(next));
    setSort(next);
  };
  return [sort, change] as const;
}

/** A page read defensively: anything without a list is an empty last page. */
const cardsOf = (page: Partial<ProjectPage> | undefined): ProjectCard[] => page?.list ?? [];

/** One tab of one node of the tree, page after page. */
export function useProjectPages(query: Omit<ProjectListQuery, 'pageNo' | 'pageSize'>, enabled: boolean) {
  const full = { ...query, pageSize: PROJECT_PAGE_SIZE };
  const pages = useInfiniteQuery({
    queryKey: projectKeys.list(full),
    queryFn: ({ pageParam }) => listProjects({ ...full, pageNo: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last?.has_next ? all.length + 1 : undefined),
    enabled,
  });
  return { ...pages, cards: (pages.data?.pages ?? []).flatMap(cardsOf) };
}

/** Projects and folders whose names contain the keyword; folders come with the first page. */
export function useProjectSearch(teamId: string, keyword: string) {
  const pages = useInfiniteQuery({
    queryKey: projectKeys.search(teamId, keyword),
    queryFn: ({ pageParam }) =>
      searchProjects({ team_id: teamId, keyword, pageNo: pageParam, pageSize: PROJECT_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResult | undefined, all) => (last?.has_next ? all.length + 1 : undefined),
    enabled: Boolean(teamId && keyword),
  });
  const loaded = pages.data?.pages ?? [];
  return {
    ...pages,
    cards: loaded.flatMap((page) => page?.projects ?? []),
    folders: loaded[0]?.folders ?? [],
  };
}

export const isProjectTab = (value: string | null): value is ProjectTab =>
  (PROJECT_TABS as readonly (string | null)[]).includes(value);
