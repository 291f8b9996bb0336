import type {
  WALKTHROUGH_WORDS,
  WalkthroughCounts,
  WalkthroughIssueState,
  WalkthroughIssueView,
  WalkthroughPageSummary,
  WalkthroughPageView,
  WalkthroughRect,
  WalkthroughResult,
  WalkthroughResultView,
  WalkthroughScreenshotView,
  WalkthroughSeverity,
  WalkthroughTaskView,
} from '@ferry/shared';
import { api } from './client';

/**
 * Design QA, the walkthrough (docs/api.md "Walkthrough"): a project's task and its pages, each page's
 * screenshots and their comparison, issues and proposed differences. Every call names the project.
 */
export interface WalkthroughScope {
  team_id: string;
  project_id: string;
}

export type {
  WalkthroughCounts,
  WalkthroughIssueState,
  WalkthroughIssueView,
  WalkthroughPageSummary,
  WalkthroughPageView,
  WalkthroughRect,
  WalkthroughResult,
  WalkthroughResultView,
  WalkthroughScreenshotView,
  WalkthroughSeverity,
  WalkthroughTaskView,
};

export interface IssueFilter {
  page_id?: string;
  states?: WalkthroughIssueState[];
  assignee_id?: string;
}

export interface IssueListAnswer {
  issues: WalkthroughIssueView[];
  counts: WalkthroughCounts;
  total: number;
  has_next: boolean;
}

/** What an issue is made or changed with; `assignee_id: null` unassigns. */
export interface IssueFields {
  description?: string;
  assignee_id?: string | null;
  severity?: WalkthroughSeverity;
}

export interface Alignment {
  scale: number;
  offset_x: number;
  offset_y: number;
}

/** Under the project, so the `changed`/`walkthrough` frame refreshes every one (realtime/connection.ts). */
export const walkthroughKeys = {
  all: (teamId: string, projectId: string) => ['team', teamId, 'project', projectId, 'walkthrough'] as const,
  /** The task with its pages, read a page at a time. */
  task: (teamId: string, projectId: string) => [...walkthroughKeys.all(teamId, projectId), 'task'] as const,
  page: (teamId: string, projectId: string, pageId: string) =>
    [...walkthroughKeys.all(teamId, projectId), 'page', pageId] as const,
  screenshot: (teamId: string, projectId: string, contrastId: string) =>
    [...walkthroughKeys.all(teamId, projectId), 'screenshot', contrastId] as const,
  issues: (teamId: string, projectId: string, filter: IssueFilter) =>
    [...walkthroughKeys.all(teamId, projectId), 'issues', filter] as const,
  result: (teamId: string, projectId: string, pageId?: string) =>
    [...walkthroughKeys.all(teamId, projectId), 'result', pageId ?? 'task'] as const,
};

const ofProject = (scope: WalkthroughScope) => ({ project_id: scope.project_id });

export const walkthroughApi = {
  /** The task is made on the first call. */
  task: (scope: WalkthroughScope, page: number, pageSize: number) =>
    api.get<WalkthroughTaskView>('pangu/walkthrough/task/pages', { ...scope, page, page_size: pageSize }),
  /** Designs of the project become pages; one already there is kept. */
  addPages: (scope: WalkthroughScope, imageIds: string[]) =>
    api.post<{ pages: WalkthroughPageSummary[] }>('pangu/walkthrough/page', {
      ...scope,
      image_ids: imageIds,
    }),
  page: (scope: WalkthroughScope, pageId: string) =>
    api.get<WalkthroughPageView>('pangu/walkthrough/page', { ...scope, page_id: pageId }),
  removePage: (scope: WalkthroughScope, pageId: string) =>
    api.delete<unknown>('pangu/walkthrough/page', { ...ofProject(scope), page_id: pageId }),

  screenshots: (scope: WalkthroughScope, pageId: string) =>
    api.get<{ contrast_images: WalkthroughScreenshotView[] }>('pangu/walkthrough/image/list', {
      ...ofProject(scope),
      page_id: pageId,
    }),
  /** Registers a file stored through the signed upload path as a screenshot of the page. */
  addScreenshot: (scope: WalkthroughScope, pageId: string, key: string, name: string) =>
    api.post<WalkthroughScreenshotView>('pangu/walkthrough/page/contrast_image', {
      ...scope,
      page_id: pageId,
      key,
      name,
    }),
  screenshot: (scope: WalkthroughScope, contrastId: string) =>
    api.get<WalkthroughScreenshotView>('pangu/walkthrough/page/contrast_image', {
      ...ofProject(scope),
      contrast_id: contrastId,
    }),
  removeScreenshot: (scope: WalkthroughScope, contrastId: string) =>
    api.delete<unknown>('pangu/walkthrough/page/contrast_image', {
      ...ofProject(scope),
      contrast_id: contrastId,
    }),
  /** Answers the screenshot with its comparison pending: a job compares it again. */
  align: (scope: WalkthroughScope, contrastId: string, alignment: Alignment, auto = false) =>
    api.put<WalkthroughScreenshotView>('pangu/walkthrough/page/contrast_image', {
      ...ofProject(scope),
      contrast_id: contrastId,
      ...alignment,
      auto,
    }),

  createIssue: (
    scope: WalkthroughScope,
    issue: IssueFields & {
      page_id: string;
      contrast_id?: string;
      rect: WalkthroughRect;
      description: string;
    },
  ) => api.post<WalkthroughIssueView>('pangu/walkthrough/issue', { ...ofProject(scope), ...issue }),
  updateIssue: (scope: WalkthroughScope, issueId: string, change: IssueFields & { rect?: WalkthroughRect }) =>
    api.put<WalkthroughIssueView>('pangu/walkthrough/issue', {
      ...ofProject(scope),
      issue_id: issueId,
      ...change,
    }),
  removeIssue: (scope: WalkthroughScope, issueId: string) =>
    api.delete<unknown>('pangu/walkthrough/issue', { ...ofProject(scope), issue_id: issueId }),
  issues: (scope: WalkthroughScope, filter: IssueFilter, page: number, pageSize: number) =>
    api.post<IssueListAnswer>('pangu/walkthrough/issue/list', {
      ...ofProject(scope),
      ...filter,
      page,
      page_size: pageSize,
    }),
  solve: (scope: WalkthroughScope, issueId: string) =>
    api.post<WalkthroughIssueView>('pangu/walkthrough/issue/solve', {
      ...ofProject(scope),
      issue_id: issueId,
    }),
  reopen: (scope: WalkthroughScope, issueId: string) =>
    api.put<WalkthroughIssueView>('pangu/walkthrough/issue/solve', {
      ...ofProject(scope),
      issue_id: issueId,
    }),
  setStatus: (scope: WalkthroughScope, issueId: string, status: 'in_progress' | 'ignored') =>
    api.post<WalkthroughIssueView>('pangu/walkthrough/issue/status', {
      ...ofProject(scope),
      issue_id: issueId,
      status,
    }),
  /** Back to open. */
  clearStatus: (scope: WalkthroughScope, issueId: string) =>
    api.delete<WalkthroughIssueView>('pangu/walkthrough/issue/status', {
      ...ofProject(scope),
      issue_id: issueId,
    }),

  /** A proposed difference accepted as an issue. */
  acceptCandidate: (scope: WalkthroughScope, contrastId: string, candidateId: string, fields: IssueFields) =>
    api.post<WalkthroughIssueView>('pangu/walkthrough/candidate', {
      ...ofProject(scope),
      contrast_id: contrastId,
      candidate_id: candidateId,
      ...fields,
    }),
  dismissCandidate: (scope: WalkthroughScope, contrastId: string, candidateId: string) =>
    api.delete<unknown>('pangu/walkthrough/candidate', {
      ...ofProject(scope),
      contrast_id: contrastId,
      candidate_id: candidateId,
    }),

  result: (scope: WalkthroughScope, pageId?: string) =>
    api.get<WalkthroughResultView>('walkthrough/result', {
      ...ofProject(scope),
      ...(pageId ? { page_id: pageId } : {}),
    }),
  /** A page's result (the task's without `pageId`); `in_progress` clears it. */
  setResult: (scope: WalkthroughScope, result: WalkthroughResult, pageId?: string) =>
    api.put<WalkthroughResultView>('walkthrough/result', {
      ...ofProject(scope),
      ...(pageId ? { page_id: pageId } : {}),
      result,
    }),
  words: () => api.get<typeof WALKTHROUGH_WORDS>('walkthrough/i18n'),
};
