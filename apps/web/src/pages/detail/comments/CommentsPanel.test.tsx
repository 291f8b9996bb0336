import '../../../test/setup';
import { Codes, type CommentView, codeMessage, type ImageDetail } from '@ferry/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../App';
import { writePreferences } from '../../../state/preferences';
import { envelope, type SeenRequest } from '../../../test/http';
import { addProjectMember, createProject, uploadDesign, uploadVersion } from '../../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  replaceAnswers,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../../../test/server';
import { CommentsPanel } from './CommentsPanel';

const seen = useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

/**
 * Olga's project with Ada (signed in here), Grace and Linus as members, and a design of it; `extra` more
 * members by name. Answers the people and the design's place as the panel takes it.
 */
async function project(extra: string[] = []) {
  const [olga, ada, grace, linus, ...others] = await Promise.all(
    ['Olga', 'Ada', 'Grace', 'Linus', ...extra].map((name) => newAccount(name)),
  );
  const team = await createTeam(olga, unique('Alpha'));
  const link = await inviteLink(olga, team.id);
  const projectId = await createProject(olga, team.id, unique('Shop'));
  for (const user of [ada, grace, linus, ...others]) {
    await joinByLink(user, link);
    await addProjectMember(olga, team.id, projectId, user.userId);
  }
  const imageId = await uploadDesign(olga, team.id, projectId);
  await signInHere(ada);
  const ref = { team_id: team.id, project_id: projectId };
  return { olga, ada, grace, linus, others, team, projectId, imageId, ref };
}

type Project = Awaited<ReturnType<typeof project>>;

/** The version on screen: the design's current one. */
async function currentVersion(p: Project) {
  const image = await callAs<ImageDetail>(
    p.ada,
    'GET',
    `project/image?team_id=${p.team.id}&project_id=${p.projectId}&image_id=${p.imageId}`,
  );
  const current = image.versions.find((version) => version.current);
  if (!current) throw new Error('no current version');
  return current.id;
}

const post = (p: Project, user: SeededUser, content: string, more: Record<string, unknown> = {}) =>
  callAs<CommentView>(user, 'POST', 'project/comment', {
    ...p.ref,
    image_id: p.imageId,
    content,
    mentions: [],
    ...(more.parent_id ? {} : { position: { x: 100, y: 40 } }),
    ...more,
  });

/**
 * The threads of the tests: #1 Grace's, mentioning Linus, with replies from Linus and Grace; #2 Ada's own;
 * #3 Grace's, resolved by Linus.
 */
async function threads(p: Project) {
  const first = await post(p, p.grace, 'Is this @Linus’s icon?', { mentions: [p.linus.userId] });
  await post(p, p.linus, 'Mine', { parent_id: first.id });
  await post(p, p.grace, 'Thanks', { parent_id: first.id });
  const second = await post(p, p.ada, 'Spacing looks off');
  const third = await post(p, p.grace, 'Fixed colour');
  await callAs(p.linus, 'POST', 'project/comment/resolve', {
    ...p.ref,
    comment_id: third.id,
    resolved: true,
  });
  return { first, second, third };
}

/** The panel as the detail page mounts it: focus lives in the page (the route's comment_id). */
function Panel({ target, initialFocus = null }: { target: PanelTarget; initialFocus?: string | null }) {
  const [focusId, setFocusId] = useState<string | null>(initialFocus);
  return (
    <>
      <output data-testid="focus">{focusId ?? ''}</output>
      <CommentsPanel {...target} focusId={focusId} onFocus={setFocusId} />
    </>
  );
}

type PanelTarget = { teamId: string; projectId: string; imageId: string; versionId: string };

async function renderPanel(p: Project, initialFocus: string | null = null) {
  const target = {
    teamId: p.team.id,
    projectId: p.projectId,
    imageId: p.imageId,
    versionId: await currentVersion(p),
  };
  render(
    <AppProviders>
      <MemoryRouter>
        <Panel target={target} initialFocus={initialFocus} />
      </MemoryRouter>
    </AppProviders>,
  );
  return target;
}

const rowIds = () => screen.getAllByTestId('comment-row').map((row) => row.getAttribute('data-thread-id'));
const listCalls = () => seen.filter((r: SeenRequest) => r.path === '/api/project/comments').length;

describe('the comments panel', () => {
  it('lists the open threads with number, author, mentions and replies; filters resolved and mine', async () => {
    const p = await project();
    const { first, second, third } = await threads(p);
    const target = await renderPanel(p);
    await screen.findAllByTestId('comment-row');
    expect(rowIds()).toEqual([first.id, second.id]);
    const row = screen.getAllByTestId('comment-row')[0];
    expect(row.textContent).toContain('#1');
    expect(within(row).getByTestId('comment-author').textContent).toBe('Grace');
    expect(within(row).getByTestId('comment-mention').textContent).toBe('@Linus');
    expect(within(row).getByTestId('comment-reply-count').textContent).toBe('2 replies');
    const call = seen.find((r) => r.path === '/api/project/comments');
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({
      team_id: p.team.id,
      project_id: p.projectId,
      image_id: p.imageId,
      version_id: target.versionId,
    });

    fireEvent.click(screen.getByTestId('comment-filter-resolved'));
    await waitFor(() => expect(rowIds()).toEqual([third.id]));
    expect(screen.getAllByTestId('comment-row')[0].getAttribute('data-resolved')).toBe('true');

    fireEvent.click(screen.getByTestId('comment-filter-mine'));
    await waitFor(() => expect(rowIds()).toEqual([second.id]));
    expect(seen.some((r) => r.path === '/api/project/comments' && r.query.get('mine') === 'true')).toBe(true);
  });

  it("leaves the user's own resolved threads out of their list unless the preference keeps them", async () => {
    const p = await project();
    const { second } = await threads(p);
    await callAs(p.ada, 'POST', 'project/comment/resolve', {
      ...p.ref,
      comment_id: second.id,
      resolved: true,
    });
    writePreferences({ showResolvedComments: false });
    await renderPanel(p);
    fireEvent.click(await screen.findByTestId('comment-filter-mine'));
    expect((await screen.findByTestId('comments-empty')).textContent).toContain('Nothing you started');
    // The "resolved" filter still lists it.
    fireEvent.click(screen.getByTestId('comment-filter-resolved'));
    await waitFor(() => expect(rowIds()).toContain(second.id));
    fireEvent.click(screen.getByTestId('comment-filter-mine'));
    act(() => writePreferences({ showResolvedComments: true }));
    await waitFor(() => expect(rowIds()).toEqual([second.id]));
  });

  it('says so when a filter has no threads', async () => {
    const p = await project();
    await post(p, p.grace, 'Open one');
    await renderPanel(p);
    fireEvent.click(await screen.findByTestId('comment-filter-resolved'));
    expect((await screen.findByTestId('comments-empty')).textContent).toContain('No resolved comments');
  });

  it('opens a thread from its row and posts a reply with the ids of the members it mentions', async () => {
    const p = await project();
    const { first } = await threads(p);
    await renderPanel(p);
    fireEvent.click((await screen.findAllByTestId('comment-row'))[0]);
    const view = await screen.findByTestId('comment-thread');
    expect(screen.getByTestId('focus').textContent).toBe(first.id);
    expect(within(view).getAllByTestId('comment-item')).toHaveLength(3);

    const before = listCalls();
    const input = within(screen.getByTestId('comment-reply')).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Yes, ask @Linus and @Grace.' } });
    fireEvent.click(screen.getByTestId('comment-reply-submit'));

    await waitFor(() =>
      expect(seen.some((r) => r.method === 'POST' && r.path === '/api/project/comment')).toBe(true),
    );
    const posted = seen.find((r) => r.method === 'POST' && r.path === '/api/project/comment');
    expect(posted?.body).toEqual({
      ...p.ref,
      image_id: p.imageId,
      parent_id: first.id,
      content: 'Yes, ask @Linus and @Grace.',
      mentions: [p.linus.userId, p.grace.userId],
    });
    // The thread is read again with the reply, and the composer empties.
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(within(view).getAllByTestId('comment-item')).toHaveLength(4));
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
  });

  it('a reply sent before the list of people arrived still mentions the members it names', async () => {
    const p = await project();
    const { first } = await threads(p);
    // The list's first read fails (a proxy's 500, which the server cannot give on demand); the reply reads it again.
    let failed = false;
    replaceAnswers((request) => {
      if (request.path !== '/api/project/comment/people' || failed) return null;
      failed = true;
      return envelope('19999', 'Bad gateway', undefined, 502);
    });
    await renderPanel(p);
    fireEvent.click((await screen.findAllByTestId('comment-row'))[0]);
    await waitFor(() => expect(failed).toBe(true));
    const input = within(await screen.findByTestId('comment-reply')).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Over to @Linus.' } });
    fireEvent.click(screen.getByTestId('comment-reply-submit'));

    await waitFor(() =>
      expect(seen.some((r) => r.method === 'POST' && r.path === '/api/project/comment')).toBe(true),
    );
    const posted = seen.find((r) => r.method === 'POST' && r.path === '/api/project/comment');
    expect(posted?.body).toMatchObject({ parent_id: first.id, mentions: [p.linus.userId] });
  });

  it('offers everyone who sees the project when @ is typed, and mentions the one picked among namesakes', async () => {
    const p = await project(['Sam', 'Sam']);
    const [sam1, sam2] = p.others;
    const { first } = await threads(p);
    await renderPanel(p, first.id);
    const input = within(await screen.findByTestId('comment-reply')).getByRole(
      'textbox',
    ) as HTMLTextAreaElement;
    await waitFor(() => expect(seen.some((r) => r.path === '/api/project/comment/people')).toBe(true));
    input.focus();
    fireEvent.change(input, { target: { value: '@Sa', selectionStart: 3, selectionEnd: 3 } });
    input.setSelectionRange(3, 3);
    fireEvent.keyUp(input, { key: 'a' });
    const options = await screen.findAllByTestId('mention-option');
    // The search narrows to the two Sams; the signed-in user is never offered.
    expect(options).toHaveLength(2);
    const picked = options.find((option) => option.textContent?.includes(sam2.email));
    expect(options.some((option) => option.textContent?.includes(sam1.email))).toBe(true);
    if (!picked) throw new Error('the second Sam is not offered');
    fireEvent.click(picked);
    await waitFor(() => expect(input.value).toBe('@Sam '));
    fireEvent.change(input, { target: { value: '@Sam please check' } });
    fireEvent.click(screen.getByTestId('comment-reply-submit'));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST' && r.path === '/api/project/comment')?.body).toMatchObject({
        content: '@Sam please check',
        mentions: [sam2.userId],
      }),
    );
  });

  it('edits its own comment and, when it was changed elsewhere meanwhile, shows 19052 and reads the thread again', async () => {
    const p = await project();
    const { second } = await threads(p);
    await renderPanel(p, second.id);
    const view = await screen.findByTestId('comment-thread');
    // Ada edits the same comment from another device after this page read it.
    await callAs(p.ada, 'PUT', 'project/comment', {
      ...p.ref,
      comment_id: second.id,
      content: 'Spacing is off by 4 px',
      mentions: [],
      update_time: new Date().toISOString(),
    });
    fireEvent.click(within(view).getByTestId('comment-edit'));
    const editor = within(screen.getByTestId('comment-editor')).getByRole('textbox');
    expect((editor as HTMLTextAreaElement).value).toBe('Spacing looks off');
    fireEvent.change(editor, { target: { value: 'Spacing is 8 px off' } });
    const before = listCalls();
    fireEvent.click(screen.getByTestId('comment-editor-submit'));

    expect(await screen.findByText(en(Codes.COMMENT_UPDATE_FAILED))).toBeTruthy();
    const put = seen.find((r) => r.method === 'PUT' && r.path === '/api/project/comment');
    expect(put?.body).toEqual({
      ...p.ref,
      comment_id: second.id,
      content: 'Spacing is 8 px off',
      mentions: [],
      update_time: second.update_time,
    });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(screen.queryByTestId('comment-editor')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('comment-thread').textContent).toContain('Spacing is off by 4 px'),
    );
  });

  it('opens the comment of a link and, when it was deleted, says so in the words of 19051', async () => {
    const p = await project();
    const kept = await post(p, p.grace, 'Kept');
    const gone = await post(p, p.grace, 'Gone');
    await callAs(p.grace, 'DELETE', 'project/comment', { ...p.ref, comment_id: gone.id });
    await renderPanel(p, gone.id);
    expect((await screen.findByTestId('comment-focus-error')).textContent).toContain(
      en(Codes.COMMENT_DELETED),
    );
    expect(seen.find((r) => r.path === '/api/project/comment')?.query.get('comment_id')).toBe(gone.id);
    fireEvent.click(screen.getByTestId('comment-focus-back'));
    await waitFor(() => expect(rowIds()).toEqual([kept.id]));
  });

  it('opens a linked reply in its thread on another version, marked', async () => {
    const p = await project();
    const elsewhere = await post(p, p.grace, 'On the first version');
    const reply = await post(p, p.ada, 'Answer here', { parent_id: elsewhere.id });
    await uploadVersion(p.olga, p.team.id, p.projectId, p.imageId);
    await post(p, p.grace, 'On the second version');
    await renderPanel(p, reply.id);
    const view = await screen.findByTestId('comment-thread');
    expect(view.getAttribute('data-thread-id')).toBe(elsewhere.id);
    const marked = view.querySelector('.comment-item.is-marked');
    expect(marked?.getAttribute('data-comment-id')).toBe(reply.id);
  });

  it('offers delete only where the server allows it, and deletes after confirmation', async () => {
    const p = await project();
    const { first, second } = await threads(p);
    await renderPanel(p, first.id);
    const view = await screen.findByTestId('comment-thread');
    // Grace's thread and replies: Ada may not delete them.
    expect(within(view).queryByTestId('comment-delete')).toBeNull();
    expect(within(view).queryByTestId('comment-edit')).toBeNull();

    fireEvent.click(within(view).getByTestId('comment-thread-back'));
    fireEvent.click((await screen.findAllByTestId('comment-row'))[1]);
    const own = await screen.findByTestId('comment-thread');
    fireEvent.click(within(own).getByTestId('comment-delete'));
    expect(await screen.findByText('Its replies are deleted with it.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('comment-delete-confirm'));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'DELETE' && r.path === '/api/project/comment')?.body).toEqual({
        ...p.ref,
        comment_id: second.id,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('focus').textContent).toBe(''));
    await waitFor(() => expect(rowIds()).toEqual([first.id]));
  });

  it('resolves a thread, and shows a refusal in the server’s words (made a viewer meanwhile)', async () => {
    const p = await project();
    const { first } = await threads(p);
    await renderPanel(p, first.id);
    const resolve = await screen.findByTestId('comment-resolve');
    // The project is in mode A: the team role decides who may edit it.
    await callAs(p.olga, 'PUT', 'account/team_user_role', {
      team_id: p.team.id,
      user_id: p.ada.userId,
      role: 'onlooker',
    });
    fireEvent.click(resolve);
    expect(await screen.findByText(en(Codes.COMMENT_NO_PERMISSION))).toBeTruthy();
    expect(seen.find((r) => r.path === '/api/project/comment/resolve')?.body).toEqual({
      ...p.ref,
      comment_id: first.id,
      resolved: true,
    });
  });
});
