import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { renderApp } from '../../test/render';
import { type WalkthroughView, walkthroughPath } from './paths';

/** The design QA tests' looks at the screen. */

/** The screen at `view`, once the task is read; its editors' tools depend on the caller's rights. */
export async function openWalkthrough(
  ref: { team_id: string; project_id: string },
  view: WalkthroughView = {},
) {
  const rendered = renderApp(walkthroughPath(ref.team_id, ref.project_id, view));
  await screen.findByTestId('wt-sidebar');
  await waitFor(() =>
    expect(screen.queryByTestId('wt-task') ?? screen.queryByTestId('wt-task-failed')).toBeTruthy(),
  );
  return rendered;
}

/** The open page's workspace, once its view is read. */
export const workspace = () => screen.findByTestId('wt-workspace');

export const pageNames = () => screen.queryAllByTestId('wt-page-row-name').map((node) => node.textContent);

export const issueCards = () => screen.queryAllByTestId('wt-issue');

/** The issue card whose description is `text`. */
export function issueCard(text: string) {
  const card = issueCards().find(
    (node) => within(node).getByTestId('wt-issue-description').textContent === text,
  );
  if (!card) throw new Error(`no issue "${text}"`);
  return card;
}
