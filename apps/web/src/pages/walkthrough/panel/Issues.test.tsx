import '../../../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerTo, callAs, signInHere, useRealServer } from '../../../test/server';
import { choose, drag } from '../../prototype/editor/editorTestKit';
import {
  addPages,
  addScreenshot,
  CHANGED_SVG,
  createIssue,
  fixtureDesign,
  screenshotOf,
  walkthroughProject,
} from '../walkthroughSeed';
import { issueCard, issueCards, openWalkthrough, workspace } from '../walkthroughTestKit';

useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');
const stateOf = (card: HTMLElement) => card.getAttribute('data-state');

/** Olga's project with one page of the fixture design; Ada (signed in here) a member. */
async function onePage(role: 'member' | 'onlooker' = 'member') {
  const { olga, ada, ref } = await walkthroughProject(role);
  const [page] = await addPages(olga, ref, [await fixtureDesign(olga, ref)]);
  await signInHere(ada);
  return { olga, ada, ref, page };
}

describe('design QA issues', () => {
  it('accepts a proposed difference as an issue with an assignee and severity, and dismisses another', async () => {
    const { olga, ada, ref, page } = await onePage();
    const shot = await addScreenshot(olga, ref, page.page_id, await screenshotOf(CHANGED_SVG, 2));
    expect(shot.candidates.length).toBeGreaterThan(1);
    const { location } = await openWalkthrough(ref, { pageId: page.page_id });
    await workspace();
    fireEvent.click(screen.getByTestId('wt-tab-candidates'));
    await waitFor(() => expect(screen.getAllByTestId('wt-candidate')).toHaveLength(shot.candidates.length));
    expect(screen.getAllByTestId('wt-candidate-expected').map((node) => node.textContent)).toEqual(
      shot.candidates.map((candidate) => candidate.expected_text),
    );

    const [first, second] = shot.candidates;
    fireEvent.click(within(screen.getAllByTestId('wt-candidate')[0]).getByTestId('wt-candidate-accept'));
    expect((await screen.findByTestId('wt-issue-hint')).textContent).toBe(first.expected_text);
    await choose('wt-issue-assignee', 'Ada');
    await choose('wt-issue-severity', 'High');
    fireEvent.click(screen.getByTestId('wt-issue-save'));

    // The panel turns to the new issue, which says what the design expects.
    await waitFor(() => expect(issueCards()).toHaveLength(1));
    const card = issueCards()[0];
    await waitFor(() => expect(card.className).toContain('is-selected'));
    expect(location()).toContain(`issueId=${card.getAttribute('data-issue-id')}`);
    expect(within(card).getByTestId('wt-issue-description').textContent).toBe(first.expected_text);
    expect(within(card).getByTestId('wt-severity').textContent).toBe('High');
    expect(within(card).getByTestId('wt-issue-assignee').textContent).toContain('Ada');
    expect(stateOf(card)).toBe('open');
    await waitFor(() => expect(screen.getAllByTestId('wt-issue-box')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('wt-tab-candidates'));
    await waitFor(() =>
      expect(screen.getAllByTestId('wt-candidate')).toHaveLength(shot.candidates.length - 1),
    );
    const dismissed = screen
      .getAllByTestId('wt-candidate')
      .find((node) => node.getAttribute('data-candidate-id') === second.id) as HTMLElement;
    fireEvent.click(within(dismissed).getByTestId('wt-candidate-dismiss'));
    await waitFor(() =>
      expect(screen.getAllByTestId('wt-candidate')).toHaveLength(shot.candidates.length - 2),
    );
    const [issue] = (
      await callAs<{ issues: { assignee: { id: string } | null; severity: string }[] }>(
        ada,
        'POST',
        'pangu/walkthrough/issue/list',
        { project_id: ref.project_id, page_id: page.page_id, page: 1, page_size: 10 },
      )
    ).issues;
    expect(issue).toMatchObject({ assignee: { id: ada.userId }, severity: 'high' });
  });

  it('draws a new issue on the design', async () => {
    const { ref, page } = await onePage();
    await openWalkthrough(ref, { pageId: page.page_id });
    await workspace();
    expect((await screen.findByTestId('wt-issues-empty')).textContent).toContain('No issues on this page');

    fireEvent.click(screen.getByTestId('wt-new-issue'));
    // jsdom lays nothing out: the design shows at 100 % with its corner at the page's.
    drag(screen.getByTestId('wt-design'), [20, 30], [120, 90]);
    fireEvent.click(await screen.findByTestId('wt-issue-save'));
    expect(await screen.findByText('Describe the issue')).toBeTruthy();
    fireEvent.change(screen.getByTestId('wt-issue-input'), { target: { value: 'Button is cut off' } });
    fireEvent.click(screen.getByTestId('wt-issue-save'));

    await waitFor(() => expect(issueCards()).toHaveLength(1));
    const box = await screen.findByTestId('wt-issue-box');
    expect(box.style.left).toBe('20px');
    expect(box.style.width).toBe('100px');
    expect(box.style.height).toBe('60px');
    expect(within(issueCard('Button is cut off')).getByTestId('wt-issue-assignee').textContent).toContain(
      'Unassigned',
    );
  });

  it('solves, reopens and sets statuses; the address selects an issue', async () => {
    const { olga, ref, page } = await onePage();
    await createIssue(olga, ref, { page_id: page.page_id, description: 'Wrong colour' });
    const spacing = await createIssue(olga, ref, { page_id: page.page_id, description: 'Spacing off' });
    const { location } = await openWalkthrough(ref, { pageId: page.page_id, issueId: spacing.issue_id });
    await waitFor(() => expect(issueCards()).toHaveLength(2));
    expect(issueCard('Spacing off').className).toContain('is-selected');

    const press = async (testId: string, state: string) => {
      fireEvent.click(within(issueCard('Spacing off')).getByTestId(testId));
      await waitFor(() => expect(stateOf(issueCard('Spacing off'))).toBe(state));
    };
    await press('wt-issue-solve', 'solved');
    expect(within(issueCard('Spacing off')).queryByTestId('wt-issue-solve')).toBeNull();
    await press('wt-issue-reopen', 'open');
    await press('wt-issue-in_progress', 'in_progress');
    await press('wt-issue-open', 'open');
    await press('wt-issue-ignored', 'ignored');

    // Filtered by state, with each state's count.
    await waitFor(() => expect(screen.getByTestId('wt-filter-ignored').textContent).toBe('Ignored 1'));
    fireEvent.click(screen.getByTestId('wt-filter-open'));
    await waitFor(() => expect(issueCards().map((card) => stateOf(card))).toEqual(['open']));

    // A click on an issue's box selects it and names it in the address.
    fireEvent.click(screen.getByTestId('wt-filter-all'));
    const box = (await screen.findAllByTestId('wt-issue-box')).find(
      (node) => node.getAttribute('data-issue-id') !== spacing.issue_id,
    ) as HTMLElement;
    fireEvent.mouseDown(box, { button: 0, clientX: 1, clientY: 1 });
    await waitFor(() => expect(location()).toContain(`issueId=${box.getAttribute('data-issue-id')}`));
    expect(issueCard('Wrong colour').className).toContain('is-selected');
  });

  it('edits and deletes an issue, and says why when it is already gone', async () => {
    const { olga, ref, page } = await onePage();
    const issue = await createIssue(olga, ref, { page_id: page.page_id, description: 'Wrong colour' });
    await createIssue(olga, ref, { page_id: page.page_id, description: 'Gone soon' });
    await openWalkthrough(ref, { pageId: page.page_id });
    await waitFor(() => expect(issueCards()).toHaveLength(2));

    fireEvent.click(within(issueCard('Wrong colour')).getByTestId('wt-issue-edit'));
    const field = await screen.findByTestId('wt-issue-input');
    fireEvent.change(field, { target: { value: 'Wrong blue' } });
    fireEvent.click(screen.getByTestId('wt-issue-save'));
    await waitFor(() => expect(issueCard('Wrong blue')).toBeTruthy());

    fireEvent.click(within(issueCard('Wrong blue')).getByTestId('wt-issue-delete'));
    fireEvent.click(await screen.findByTestId('wt-issue-delete-confirm'));
    await waitFor(() => expect(issueCards()).toHaveLength(1));
    expect(
      (await answerTo(olga, 'POST', 'pangu/walkthrough/issue/solve', { ...ref, issue_id: issue.issue_id }))
        .code,
    ).toBe(Codes.WALKTHROUGH_ISSUE_NOT_FOUND.code);

    // Deleted by someone else meanwhile: solving it answers why.
    const gone = issueCard('Gone soon');
    const goneId = gone.getAttribute('data-issue-id') as string;
    await answerTo(olga, 'DELETE', 'pangu/walkthrough/issue', {
      project_id: ref.project_id,
      issue_id: goneId,
    });
    fireEvent.click(within(gone).getByTestId('wt-issue-solve'));
    expect(await screen.findByText(en(Codes.WALKTHROUGH_ISSUE_NOT_FOUND))).toBeTruthy();
    await waitFor(() => expect(issueCards()).toHaveLength(0));
  });
});
