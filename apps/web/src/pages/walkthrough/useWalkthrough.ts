import { WalkthroughLimits } from '@ferry/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  type IssueFields,
  type IssueFilter,
  type WalkthroughIssueState,
  type WalkthroughPageView,
  type WalkthroughResult,
  type WalkthroughScope,
  type WalkthroughScreenshotView,
  walkthroughApi,
  walkthroughKeys,
} from '../../api/walkthrough';
import { useCachedChanges } from '../../components/useCachedChanges';

/** A screenshot being compared is read again this often, in case its `changed` frame never comes. */
export const COMPARISON_POLL_MS = 1000;
/** Issues listed a page at a time. */
const ISSUE_PAGE_SIZE = 50;

/** The task: its result, counts and pages, a page of pages at a time. */
export function useTaskPages(scope: WalkthroughScope) {
  const query = useInfiniteQuery({
    queryKey: walkthroughKeys.task(scope.team_id, scope.project_id),
    queryFn: ({ pageParam }) => walkthroughApi.task(scope, pageParam, WalkthroughLimits.pageSize),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.has_next ? all.length + 1 : undefined),
    enabled: Boolean(scope.team_id && scope.project_id),
  });
  const loaded = query.data?.pages ?? [];
  // The first page carries the task as it is now; later pages only add their pages.
  const task = loaded[0];
  return { query, task, pages: loaded.flatMap((page) => page.pages) };
}

export function usePageView(scope: WalkthroughScope, pageId: string | undefined) {
  return useQuery({
    queryKey: walkthroughKeys.page(scope.team_id, scope.project_id, pageId ?? ''),
    queryFn: () => walkthroughApi.page(scope, pageId ?? ''),
    enabled: Boolean(pageId),
    retry: false,
  });
}

/**
 * One screenshot as it is now: the page's copy first, read again every second while its comparison runs.
 * When a comparison ends, the page (its issues and counts) is read again too.
 */
export function useScreenshot(
  scope: WalkthroughScope,
  page: WalkthroughPageView | undefined,
  contrastId: string,
) {
  const client = useQueryClient();
  const fromPage = page?.contrast_images.find((shot) => shot.contrast_id === contrastId);
  const query = useQuery({
    queryKey: walkthroughKeys.screenshot(scope.team_id, scope.project_id, contrastId),
    queryFn: () => walkthroughApi.screenshot(scope, contrastId),
    enabled: Boolean(contrastId && fromPage),
    initialData: fromPage,
    refetchInterval: (current) =>
      current.state.data?.diff_status === 'pending' ? COMPARISON_POLL_MS : false,
  });
  const status = query.data?.diff_status;
  const before = useRef(status);
  useEffect(() => {
    if (before.current === 'pending' && status && status !== 'pending')
      void client.invalidateQueries({ queryKey: walkthroughKeys.all(scope.team_id, scope.project_id) });
    before.current = status;
  }, [status, client, scope.team_id, scope.project_id]);
  return fromPage ? query.data : undefined;
}

/** The page's issues in the states asked for, a page of them at a time, with the page's counts. */
export function useIssueList(
  scope: WalkthroughScope,
  pageId: string,
  states: WalkthroughIssueState[] | null,
) {
  const filter: IssueFilter = { page_id: pageId, ...(states ? { states } : {}) };
  const query = useInfiniteQuery({
    queryKey: walkthroughKeys.issues(scope.team_id, scope.project_id, filter),
    queryFn: ({ pageParam }) => walkthroughApi.issues(scope, filter, pageParam, ISSUE_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.has_next ? all.length + 1 : undefined),
    enabled: Boolean(pageId),
  });
  const loaded = query.data?.pages ?? [];
  return { query, issues: loaded.flatMap((each) => each.issues), counts: loaded[0]?.counts };
}

/**
 * What people do in design QA. Each change reads the walkthrough again (task, page, screenshots, issues);
 * a refusal shows the server's words as a toast and answers null (the calls answering a view) or false.
 */
export function useWalkthroughActions(scope: WalkthroughScope) {
  const client = useQueryClient();
  const { failed, refresh, attempt } = useCachedChanges(walkthroughKeys.all(scope.team_id, scope.project_id));
  /** The call's answer, or null once its refusal was shown. */
  const run = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      failed(error);
      return null;
    } finally {
      await refresh();
    }
  };
  /** The answer (pending) goes into the screenshot's own query, which polls until it is compared. */
  const keepScreenshot = (shot: WalkthroughScreenshotView | null) => {
    if (shot)
      client.setQueryData(
        walkthroughKeys.screenshot(scope.team_id, scope.project_id, shot.contrast_id),
        shot,
      );
    return shot;
  };

  return {
    addPages: (imageIds: string[]) => run(() => walkthroughApi.addPages(scope, imageIds)),
    removePage: (pageId: string) => attempt(() => walkthroughApi.removePage(scope, pageId)),
    removeScreenshot: (contrastId: string) =>
      attempt(() => walkthroughApi.removeScreenshot(scope, contrastId)),
    /** Not followed by a refresh of everything: the screenshot's own query polls until compared. */
    align: async (
      contrastId: string,
      alignment: Parameters<typeof walkthroughApi.align>[2],
      auto = false,
    ) => {
      try {
        return keepScreenshot(await walkthroughApi.align(scope, contrastId, alignment, auto));
      } catch (error) {
        failed(error);
        return null;
      }
    },
    createIssue: (issue: Parameters<typeof walkthroughApi.createIssue>[1]) =>
      run(() => walkthroughApi.createIssue(scope, issue)),
    updateIssue: (issueId: string, change: IssueFields) =>
      run(() => walkthroughApi.updateIssue(scope, issueId, change)),
    removeIssue: (issueId: string) => attempt(() => walkthroughApi.removeIssue(scope, issueId)),
    solve: (issueId: string) => run(() => walkthroughApi.solve(scope, issueId)),
    reopen: (issueId: string) => run(() => walkthroughApi.reopen(scope, issueId)),
    setStatus: (issueId: string, status: 'in_progress' | 'ignored') =>
      run(() => walkthroughApi.setStatus(scope, issueId, status)),
    clearStatus: (issueId: string) => run(() => walkthroughApi.clearStatus(scope, issueId)),
    acceptCandidate: (contrastId: string, candidateId: string, fields: IssueFields) =>
      run(() => walkthroughApi.acceptCandidate(scope, contrastId, candidateId, fields)),
    dismissCandidate: (contrastId: string, candidateId: string) =>
      attempt(() => walkthroughApi.dismissCandidate(scope, contrastId, candidateId)),
    setResult: (result: WalkthroughResult, pageId?: string) =>
      attempt(() => walkthroughApi.setResult(scope, result, pageId)),
  };
}

export type WalkthroughActions = ReturnType<typeof useWalkthroughActions>;
