import '../../../test/setup';
import type { DocumentCommentsAnswer, DocumentCommentView } from '@ferry/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../App';
import type { DocumentCommentThread } from '../../../api/documentComments';
import { callAs, type SeededUser, signInHere, useRealServer } from '../../../test/server';
import { type DocumentRef, documentsProject, drawDocuments, uploadDocument } from '../documentSeed';
import { DocumentCommentsPanel } from './DocumentCommentsPanel';
import { PageCommentPins } from './PageCommentPins';
import { useDocumentComments } from './useDocumentComments';

useRealServer();

/** A ready one-page PDF in Olga's project; Ada (signed in here) is in the team as `role`. */
async function readyDocument(role: 'member' | 'onlooker' = 'member') {
  const { olga, ada, ref } = await documentsProject(role);
  const doc = await uploadDocument(olga, ref, 'Spec.pdf');
  await drawDocuments(ref.team_id);
  await signInHere(ada);
  return { olga, ada, ref, docId: doc.id, versionId: doc.version_id };
}
type Setup = Awaited<ReturnType<typeof readyDocument>>;

const threadsOnServer = async (s: Setup) =>
  (
    await callAs<DocumentCommentsAnswer>(
      s.olga,
      'GET',
      `project/doc/comments?team_id=${s.ref.team_id}&project_id=${s.ref.project_id}&doc_id=${s.docId}`,
    )
  ).threads;

const post = (s: Setup, user: SeededUser, content: string, more: Record<string, unknown> = {}) =>
  callAs<DocumentCommentView>(user, 'POST', 'project/doc/comment', {
    ...s.ref,
    doc_id: s.docId,
    content,
    mentions: [],
    ...(more.parent_id ? {} : { page: 1, position: { x: 0.2, y: 0.3 } }),
    ...more,
  });

/** The panel and page 1's pins as the viewer mounts them, the selected thread and the page it showed. */
function Host({ scope, s, commentId }: { scope: DocumentRef; s: Setup; commentId?: string }) {
  const [commenting, setCommenting] = useState(true);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [shownPage, setShownPage] = useState('');
  const { threads } = useDocumentComments(scope, s.docId, s.versionId);
  const onOpen = (thread: DocumentCommentThread | null) => {
    setActiveId(thread?.id ?? null);
    if (thread) setShownPage(String(thread.page));
  };
  return (
    <>
      <output data-testid="shown-page">{shownPage}</output>
      <button type="button" onClick={() => setCommenting(false)} data-testid="leave">
        leave
      </button>
      <div style={{ position: 'relative' }} data-testid="page-1">
        <PageCommentPins
          scope={scope}
          docId={s.docId}
          versionId={s.versionId}
          threads={(threads.data ?? []).filter((thread) => thread.page === 1)}
          page={1}
          commenting={commenting}
          activeId={activeId}
          onSelect={setActiveId}
        />
      </div>
      <DocumentCommentsPanel
        scope={scope}
        docId={s.docId}
        versionId={s.versionId}
        commentId={commentId}
        activeId={activeId}
        onOpenThread={onOpen}
      />
    </>
  );
}

function renderHost(s: Setup, commentId?: string) {
  render(
    <AppProviders>
      <MemoryRouter>
        <Host scope={s.ref} s={s} commentId={commentId} />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The page is 400 × 600 px at (100, 50) on the screen. */
function layOutPage(place: HTMLElement) {
  place.getBoundingClientRect = () =>
    ({ left: 100, top: 50, width: 400, height: 600, right: 500, bottom: 650, x: 100, y: 50 }) as DOMRect;
}

const typeInto = (composer: HTMLElement, text: string) =>
  fireEvent.change(within(composer).getByRole('textbox'), { target: { value: text } });

const threadCard = (id: string) =>
  screen.getAllByTestId('doc-comment-thread').find((node) => node.getAttribute('data-thread-id') === id);

describe('comments on document pages', () => {
  it('places a pin where the page is clicked and posts a thread there', async () => {
    const s = await readyDocument();
    renderHost(s);
    const place = await screen.findByTestId('doc-comment-place-1');
    layOutPage(place);
    fireEvent.click(place, { clientX: 200, clientY: 350, detail: 1 });
    expect(screen.getByTestId('doc-comment-draft-pin').style.left).toBe('25%');
    const composer = await screen.findByTestId('doc-comment-new');
    typeInto(composer, 'Is this the final copy?');
    fireEvent.click(within(composer).getByTestId('doc-comment-new-submit'));

    await waitFor(async () => {
      const threads = await threadsOnServer(s);
      expect(threads.map((t) => [t.page, t.position, t.content, t.author.name])).toEqual([
        [1, { x: 0.25, y: 0.5 }, 'Is this the final copy?', 'Ada'],
      ]);
    });
    const pin = await screen.findByTestId('doc-comment-pin');
    expect(pin.textContent).toBe('1');
    expect(pin.style.top).toBe('50%');
    // The new thread is selected: its pin marked, its card open under its page.
    await waitFor(() => expect(pin.className).toContain('is-focused'));
    const page = screen.getByTestId('doc-comments-page');
    expect(within(page).getByText('p. 1')).toBeTruthy();
    expect(within(page).getByTestId('doc-comment-thread').getAttribute('data-open')).toBe('true');
    expect(screen.queryByTestId('doc-comment-draft-pin')).toBeNull();
  });

  it('leaves no draft and posts nothing when the composer is cancelled or comment mode ends', async () => {
    const s = await readyDocument();
    renderHost(s);
    const place = await screen.findByTestId('doc-comment-place-1');
    fireEvent.click(place, { clientX: 10, clientY: 10, detail: 1 });
    fireEvent.click(
      within(await screen.findByTestId('doc-comment-new')).getByTestId('doc-comment-new-cancel'),
    );
    await waitFor(() => expect(screen.queryByTestId('doc-comment-draft-pin')).toBeNull());
    fireEvent.click(place, { clientX: 10, clientY: 10, detail: 1 });
    fireEvent.click(screen.getByTestId('leave'));
    await waitFor(() => expect(screen.queryByTestId('doc-comment-draft-pin')).toBeNull());
    expect(screen.queryByTestId('doc-comment-place-1')).toBeNull();
    expect(await threadsOnServer(s)).toEqual([]);
  });

  it('replies, resolves (gone from the open filter) and deletes a thread', async () => {
    const s = await readyDocument();
    const thread = await post(s, s.olga, 'Check @Ada please', { mentions: [s.ada.userId] });
    renderHost(s);
    const row = await screen.findByTestId('doc-comment-thread');
    expect(within(row).getByTestId('comment-mention').textContent).toBe('@Ada');
    expect(within(row).getByTestId('comment-author').textContent).toBe('Olga');
    fireEvent.click(row);
    // Opening a thread shows its page in the viewer.
    await waitFor(() => expect(screen.getByTestId('shown-page').textContent).toBe('1'));
    expect(screen.getByTestId('doc-comment-pin').className).toContain('is-focused');

    const reply = await screen.findByTestId('doc-comment-reply');
    typeInto(reply, 'Done');
    fireEvent.click(within(reply).getByTestId('doc-comment-reply-submit'));
    await waitFor(async () => {
      const [onServer] = await threadsOnServer(s);
      expect(onServer.replies.map((r) => [r.content, r.author.name])).toEqual([['Done', 'Ada']]);
    });
    await waitFor(() => expect(screen.getAllByTestId('doc-comment-item')).toHaveLength(2));

    // Ada may resolve: she is an editor of the project.
    fireEvent.click(screen.getByTestId('doc-comment-resolve'));
    await waitFor(async () => expect((await threadsOnServer(s))[0].resolved).toBe(true));
    // The thread moves to the resolved filter with it (it is still the open one).
    await waitFor(() => expect(screen.getByTestId('doc-comment-reopen')).toBeTruthy());
    fireEvent.click(screen.getByTestId('doc-comment-filter-open'));
    expect(await screen.findByTestId('doc-comments-empty')).toBeTruthy();
    expect(screen.queryByTestId('doc-comment-thread')).toBeNull();
    fireEvent.click(screen.getByTestId('doc-comment-filter-resolved'));
    const resolved = await screen.findByTestId('doc-comment-thread');
    expect(resolved.getAttribute('data-thread-id')).toBe(thread.id);

    // Ada deletes her reply (her own); Olga's thread is not hers to delete.
    const [first, mine] = screen.getAllByTestId('doc-comment-item');
    expect(within(first).queryByTestId('doc-comment-delete')).toBeNull();
    expect(within(first).queryByTestId('doc-comment-edit')).toBeNull();
    fireEvent.click(within(mine).getByTestId('doc-comment-delete'));
    fireEvent.click(await screen.findByTestId('doc-comment-delete-confirm'));
    await waitFor(async () => expect((await threadsOnServer(s))[0].replies).toEqual([]));
    await waitFor(() => expect(screen.getAllByTestId('doc-comment-item')).toHaveLength(1));
  });

  it('lets the author edit and delete a whole thread', async () => {
    const s = await readyDocument();
    const thread = await post(s, s.ada, 'Typo on line 2');
    await post(s, s.olga, 'Where?', { parent_id: thread.id });
    renderHost(s);
    fireEvent.click(await screen.findByTestId('doc-comment-thread'));
    const [first] = await screen.findAllByTestId('doc-comment-item');
    fireEvent.click(within(first).getByTestId('doc-comment-edit'));
    const editor = await screen.findByTestId('doc-comment-editor');
    typeInto(editor, 'Typo on line 3');
    fireEvent.click(within(editor).getByTestId('doc-comment-editor-submit'));
    await waitFor(async () => {
      const [onServer] = await threadsOnServer(s);
      expect([onServer.content, onServer.edited]).toEqual(['Typo on line 3', true]);
    });

    fireEvent.click(within(screen.getAllByTestId('doc-comment-item')[0]).getByTestId('doc-comment-delete'));
    fireEvent.click(await screen.findByTestId('doc-comment-delete-confirm'));
    await waitFor(async () => expect(await threadsOnServer(s)).toEqual([]));
    expect(await screen.findByTestId('doc-comments-empty')).toBeTruthy();
    expect(screen.queryByTestId('doc-comment-pin')).toBeNull();
  });

  it('lets an onlooker comment, as on designs, but not resolve or delete what others wrote', async () => {
    const s = await readyDocument('onlooker');
    await post(s, s.olga, 'For the record');
    renderHost(s);
    fireEvent.click(await screen.findByTestId('doc-comment-thread'));
    await waitFor(() =>
      expect(screen.getByTestId('doc-comment-thread').getAttribute('data-open')).toBe('true'),
    );
    expect(screen.getByTestId('doc-comment-reply')).toBeTruthy();
    expect(screen.queryByTestId('doc-comment-resolve')).toBeNull();
    expect(screen.queryByTestId('doc-comment-delete')).toBeNull();
    expect(screen.getByTestId('doc-comment-pin')).toBeTruthy();
  });

  it('opens and marks the thread a deep link names, and shows its page', async () => {
    const s = await readyDocument();
    await post(s, s.olga, 'First');
    const second = await post(s, s.olga, 'Second', { position: { x: 0.8, y: 0.9 } });
    const reply = await post(s, s.olga, 'Look here', { parent_id: second.id });
    renderHost(s, reply.id);
    await waitFor(() => expect(threadCard(second.id)?.getAttribute('data-open')).toBe('true'));
    const card = threadCard(second.id) as HTMLElement;
    const marked = within(card)
      .getAllByTestId('doc-comment-item')
      .find((item) => item.className.includes('is-marked'));
    expect(marked?.getAttribute('data-comment-id')).toBe(reply.id);
    expect(screen.getByTestId('shown-page').textContent).toBe('1');
    const pins = screen.getAllByTestId('doc-comment-pin');
    expect(pins.find((pin) => pin.className.includes('is-focused'))?.getAttribute('data-thread-id')).toBe(
      second.id,
    );
  });
});
