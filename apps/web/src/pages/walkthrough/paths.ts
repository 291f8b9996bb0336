/**
 * The design QA route (/item/project/walkthrough?tid&pid&pageId&issueId), kept apart from the page so the
 * stage's toolbar links to it without loading its code. A notice's address opens it at an issue.
 */
export const WALKTHROUGH_PATH = '/item/project/walkthrough';

export interface WalkthroughView {
  pageId?: string;
  issueId?: string;
}

export function walkthroughPath(teamId: string, projectId: string, view: WalkthroughView = {}): string {
  const query = new URLSearchParams({ tid: teamId, pid: projectId });
  if (view.pageId) query.set('pageId', view.pageId);
  if (view.issueId) query.set('issueId', view.issueId);
  return `${WALKTHROUGH_PATH}?${query.toString()}`;
}

export function walkthroughViewOf(search: URLSearchParams): WalkthroughView {
  return {
    pageId: search.get('pageId') || undefined,
    issueId: search.get('issueId') || undefined,
  };
}
