import '../../../test/setup';
import { Codes, type CommentThread } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { envelope, ok, type SeenRequest, stubFetch } from '../../../test/http';
import { CommentsPanel } from './CommentsPanel';
import { ada, comment, grace, linus, member, members, renderSignedIn, target, thread } from './testData';

const open1 = thread('c-1', 1, {
  content: 'Is this @Grace Hopper’s icon?',
  mentions: [grace],
  replies: [comment('r-1', { parent_id: 'c-1', author: linus }), comment('r-2', { parent_id: 'c-1' })],
});
const open2 = thread('c-2', 2, {
  author: ada,
  can_edit: true,
  can_delete: true,
  content: 'Spacing looks off',
});
const resolved3 = thread('c-3', 3, { resolved: true, resolved_by: linus, content: 'Fixed colour' });

type Answer = (request: SeenRequest) => Response | undefined;

/** The server: the version's threads (all, or only mine), the members, and whatever `answer` says first. */
function serve(threads: CommentThread[], answer: Answer = () => undefined) {
  return stubFetch((request) => {
    const custom = answer(request);
    if (custom) return custom;
    if (request.path === '/api/project/comments') {
      const mine = request.query.get('mine') === 'true';
      return ok({ threads: mine ? threads.filter((item) => item.author.user_id === ada.user_id) : threads });
    }
    if (request.path === '/api/project/project_user') return ok(members);
    return ok({});
  });
}

/** The panel as the detail page mounts it: focus lives in the page (the route's comment_id). */
function Panel({ initialFocus = null }: { initialFocus?: string | null }) {
  const [focusId, setFocusId] = useState<string | null>(initialFocus);
  return (
    <>
      <output data-testid="focus">{focusId ?? ''}</output>
      <CommentsPanel {...target} focusId={focusId} onFocus={setFocusId} />
    </>
  );
}

const rowIds = () => screen.getAllByTestId('comment-row').map((row) => row.getAttribute('data-thread-id'));
const listCalls = (seen: SeenRequest[]) => seen.filter((r) => r.path === '/api/project/comments').length;

describe('the comments panel', () => {
  it('lists the open threads with number, author, mentions and replies; filters resolved and mine', async () => {
    const seen = serve([open1, open2, resolved3]);
    renderSignedIn(<Panel />);
    await screen.findAllByTestId('comment-row');
    expect(rowIds()).toEqual(['c-1', 'c-2']);
    const first = screen.getAllByTestId('comment-row')[0];
    expect(first.textContent).toContain('#1');
    expect(within(first).getByTestId('comment-author').textContent).toBe('Grace Hopper');
    expect(within(first).getByTestId('comment-mention').textContent).toBe('@Grace Hopper');
    expect(within(first).getByTestId('comment-reply-count').textContent).toBe('2 replies');
    const call = seen.find((r) => r.path === '/api/project/comments');
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({
      team_id: 'team-a',
      project_id: 'p-1',
      image_id: 'img-1',
      version_id: 'v-2',
    });

    fireEvent.click(screen.getByTestId('comment-filter-resolved'));
    await waitFor(() => expect(rowIds()).toEqual(['c-3']));
    expect(screen.getAllByTestId('comment-row')[0].getAttribute('data-resolved')).toBe('true');

    fireEvent.click(screen.getByTestId('comment-filter-mine'));
    await waitFor(() => expect(rowIds()).toEqual(['c-2']));
    expect(seen.some((r) => r.path === '/api/project/comments' && r.query.get('mine') === 'true')).toBe(true);
  });

  it('says so when a filter has no threads', async () => {
    serve([open1]);
    renderSignedIn(<Panel />);
    fireEvent.click(await screen.findByTestId('comment-filter-resolved'));
    expect((await screen.findByTestId('comments-empty')).textContent).toContain('No resolved comments');
  });

  it('opens a thread from its row and posts a reply with the ids of the members it mentions', async () => {
    const seen = serve([open1], (request) =>
      request.method === 'POST' && request.path === '/api/project/comment'
        ? ok(comment('r-3', { parent_id: 'c-1', author: ada }))
        : undefined,
    );
    renderSignedIn(<Panel />);
    fireEvent.click((await screen.findAllByTestId('comment-row'))[0]);
    const view = await screen.findByTestId('comment-thread');
    expect(screen.getByTestId('focus').textContent).toBe('c-1');
    expect(within(view).getAllByTestId('comment-item')).toHaveLength(3);

    const before = listCalls(seen);
    const input = within(screen.getByTestId('comment-reply')).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Yes, ask @Linus and @Grace Hopper.' } });
    fireEvent.click(screen.getByTestId('comment-reply-submit'));

    await waitFor(() =>
      expect(seen.some((r) => r.method === 'POST' && r.path === '/api/project/comment')).toBe(true),
    );
    const post = seen.find((r) => r.method === 'POST' && r.path === '/api/project/comment');
    expect(post?.body).toEqual({
      team_id: 'team-a',
      project_id: 'p-1',
      image_id: 'img-1',
      parent_id: 'c-1',
      content: 'Yes, ask @Linus and @Grace Hopper.',
      mentions: ['u-3', 'u-2'],
    });
    // The thread is read again, and the composer empties.
    await waitFor(() => expect(listCalls(seen)).toBeGreaterThan(before));
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
  });

  it('offers the project members when @ is typed, and mentions the one picked among namesakes', async () => {
    const sams = [
      member({ user_id: 'u-4', name: 'Sam', avatar: '' }),
      member({ user_id: 'u-5', name: 'Sam', avatar: '' }),
    ];
    const seen = serve([open1], (request) =>
      request.path === '/api/project/project_user' ? ok([...members, ...sams]) : undefined,
    );
    renderSignedIn(<Panel initialFocus="c-1" />);
    const input = within(await screen.findByTestId('comment-reply')).getByRole(
      'textbox',
    ) as HTMLTextAreaElement;
    await waitFor(() => expect(seen.some((r) => r.path === '/api/project/project_user')).toBe(true));
    input.focus();
    fireEvent.change(input, { target: { value: '@Sa', selectionStart: 3, selectionEnd: 3 } });
    input.setSelectionRange(3, 3);
    fireEvent.keyUp(input, { key: 'a' });
    const options = await screen.findAllByTestId('mention-option');
    // The search narrows to the two Sams; the signed-in user is never offered.
    expect(options.map((option) => option.textContent?.slice(-15))).toEqual([
      'u-4@example.com',
      'u-5@example.com',
    ]);
    fireEvent.click(options[1]);
    await waitFor(() => expect(input.value).toBe('@Sam '));
    fireEvent.change(input, { target: { value: '@Sam please check' } });
    fireEvent.click(screen.getByTestId('comment-reply-submit'));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST' && r.path === '/api/project/comment')?.body).toMatchObject({
        content: '@Sam please check',
        mentions: ['u-5'],
      }),
    );
  });

  it('edits its own comment and, when someone changed it meanwhile, shows 19052 and reads the thread again', async () => {
    const seen = serve([open2], (request) =>
      request.method === 'PUT' && request.path === '/api/project/comment'
        ? envelope(Codes.COMMENT_UPDATE_FAILED.code, Codes.COMMENT_UPDATE_FAILED.en)
        : undefined,
    );
    renderSignedIn(<Panel initialFocus="c-2" />);
    const view = await screen.findByTestId('comment-thread');
    fireEvent.click(within(view).getByTestId('comment-edit'));
    const editor = within(screen.getByTestId('comment-editor')).getByRole('textbox');
    expect((editor as HTMLTextAreaElement).value).toBe('Spacing looks off');
    fireEvent.change(editor, { target: { value: 'Spacing is 8 px off' } });
    const before = listCalls(seen);
    fireEvent.click(screen.getByTestId('comment-editor-submit'));

    expect(await screen.findByText('Comment update failed, please refresh and view')).toBeTruthy();
    const put = seen.find((r) => r.method === 'PUT' && r.path === '/api/project/comment');
    expect(put?.body).toEqual({
      team_id: 'team-a',
      project_id: 'p-1',
      comment_id: 'c-2',
      content: 'Spacing is 8 px off',
      mentions: [],
      update_time: '2026-03-01T10:00:00.000Z',
    });
    await waitFor(() => expect(listCalls(seen)).toBeGreaterThan(before));
    expect(screen.queryByTestId('comment-editor')).toBeNull();
  });

  it('opens the comment of a link and, when it was deleted, says so in the words of 19051', async () => {
    const seen = serve([open1], (request) =>
      request.method === 'GET' && request.path === '/api/project/comment'
        ? envelope(Codes.COMMENT_DELETED.code, Codes.COMMENT_DELETED.en)
        : undefined,
    );
    renderSignedIn(<Panel initialFocus="c-gone" />);
    expect((await screen.findByTestId('comment-focus-error')).textContent).toContain(
      'The comment has been deleted',
    );
    expect(seen.find((r) => r.path === '/api/project/comment')?.query.get('comment_id')).toBe('c-gone');
    fireEvent.click(screen.getByTestId('comment-focus-back'));
    await waitFor(() => expect(rowIds()).toEqual(['c-1']));
  });

  it('opens a linked reply in its thread on another version, marked', async () => {
    const elsewhere = thread('c-9', 9, {
      version_id: 'v-1',
      replies: [comment('r-9', { parent_id: 'c-9', content: 'Answer here' })],
    });
    serve([open1], (request) =>
      request.method === 'GET' && request.path === '/api/project/comment' ? ok(elsewhere) : undefined,
    );
    renderSignedIn(<Panel initialFocus="r-9" />);
    const view = await screen.findByTestId('comment-thread');
    expect(view.getAttribute('data-thread-id')).toBe('c-9');
    const marked = view.querySelector('.comment-item.is-marked');
    expect(marked?.getAttribute('data-comment-id')).toBe('r-9');
  });

  it('offers delete only where the server allows it, and deletes after confirmation', async () => {
    const seen = serve([open1, open2]);
    renderSignedIn(<Panel initialFocus="c-1" />);
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
        team_id: 'team-a',
        project_id: 'p-1',
        comment_id: 'c-2',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('focus').textContent).toBe(''));
  });

  it('resolves a thread, and shows a refusal in the server’s words', async () => {
    const seen = serve([open1], (request) =>
      request.path === '/api/project/comment/resolve'
        ? envelope(Codes.COMMENT_NO_PERMISSION.code, Codes.COMMENT_NO_PERMISSION.en)
        : undefined,
    );
    renderSignedIn(<Panel initialFocus="c-1" />);
    fireEvent.click(await screen.findByTestId('comment-resolve'));
    expect(await screen.findByText('You have no permission to change this comment')).toBeTruthy();
    expect(seen.find((r) => r.path === '/api/project/comment/resolve')?.body).toEqual({
      team_id: 'team-a',
      project_id: 'p-1',
      comment_id: 'c-1',
      resolved: true,
    });
  });
});
