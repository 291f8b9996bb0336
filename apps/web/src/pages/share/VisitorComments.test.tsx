import '../../test/setup';
import type { CommentThread, ImageDetail, ShareRights, ShareVisit } from '@ferry/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import { setVisitorToken } from '../../api/client';
import { setLang } from '../../i18n';
import { createProject, createShareLink, uploadDesign } from '../../test/seed';
import {
  callAs,
  createTeam,
  newAccount,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';
import { CommentPins, CommentsPanel } from '../detail/comments';
import { type ShareVisitor, ShareVisitorContext, shareDetailPath, shareStagePath } from './visitorContext';

const seen = useRealServer();
const SEE: ShareRights = { inspect: true, download: false, see_comments: true, comment: false };
const TALK: ShareRights = { ...SEE, comment: true };

type Target = { teamId: string; projectId: string; imageId: string; versionId: string };

beforeEach(() => setVisitorToken(null));
afterEach(() => {
  setVisitorToken(null);
  vi.restoreAllMocks();
});

/** Olga's design shared by a link with `rights`, opened here as its visitor. */
async function sharedDesign(rights: ShareRights) {
  const olga = await newAccount('Olga');
  const team = await createTeam(olga, unique('Alpha'));
  const projectId = await createProject(olga, team.id, unique('Shop'));
  const imageId = await uploadDesign(olga, team.id, projectId);
  const image = await callAs<ImageDetail>(
    olga,
    'GET',
    `project/image?team_id=${team.id}&project_id=${projectId}&image_id=${imageId}`,
  );
  const versionId = image.versions.find((version) => version.current)?.id ?? '';
  const link = await createShareLink(olga, {
    team_id: team.id,
    project_id: projectId,
    scope: 'design',
    design_ids: [imageId],
    rights,
  });
  const visit = await callAs<ShareVisit>(null, 'POST', 'share/url/resolve', { code: link.code });
  setVisitorToken(visit.token);
  const visitor: ShareVisitor = {
    code: link.code,
    teamId: team.id,
    projectId,
    scope: 'design',
    rights: visit.rights,
    teamName: team.name,
    projectName: 'Shop',
    linkName: '',
    stagePath: shareStagePath(link.code),
    detailPath: (id) => shareDetailPath(link.code, id),
  };
  const target: Target = { teamId: team.id, projectId, imageId, versionId };
  return { olga, visitor, target, token: visit.token, linkId: link.id };
}

/** The detail's comment parts: the pins (in comment mode when `placing`) and the panel, sharing the focus. */
function Comments({ target, placing }: { target: Target; placing: boolean }) {
  const [focusId, setFocusId] = useState<string | null>(null);
  return (
    <>
      <CommentPins
        {...target}
        scale={1}
        placing={placing}
        pendingLayer={null}
        onPlaced={() => {}}
        focusId={focusId}
        onFocus={setFocusId}
      />
      <CommentsPanel {...target} focusId={focusId} onFocus={setFocusId} />
    </>
  );
}

function show(target: Target, visitor: ShareVisitor | null, placing = false) {
  return render(
    <AppProviders>
      <MemoryRouter>
        <ShareVisitorContext.Provider value={visitor}>
          <Comments target={target} placing={placing} />
        </ShareVisitorContext.Provider>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** A composer's comment box (its name field is a textbox too). */
function textarea(composer: HTMLElement) {
  const box = composer.querySelector('textarea');
  if (!box) throw new Error('no comment box');
  return box;
}

const posts = () =>
  seen
    .filter((r) => r.method === 'POST' && r.path === '/api/project/comment')
    .map((r) => r.body as Record<string, unknown>);

async function threadsAs(user: SeededUser, target: Target) {
  const { threads } = await callAs<{ threads: CommentThread[] }>(
    user,
    'GET',
    `project/comments?team_id=${target.teamId}&project_id=${target.projectId}&image_id=${target.imageId}&version_id=${target.versionId}`,
  );
  return threads;
}

describe('comments of a share link’s visitor', () => {
  it('places a pin, asks for a name once, posts as a guest and replies under the same name', async () => {
    const { olga, visitor, target } = await sharedDesign(TALK);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 600 }),
    );
    show(target, visitor, true);
    fireEvent.click(await screen.findByTestId('comment-place-layer'), {
      clientX: 120,
      clientY: 80,
      detail: 1,
    });
    const draft = await screen.findByTestId('comment-draft');
    // No @ autocomplete for a visitor: the placeholder says so.
    const input = textarea(draft);
    expect(input.getAttribute('placeholder')).toBe('Comment on this spot');
    fireEvent.change(input, { target: { value: 'Can the button be bigger?' } });

    // Sent without a name: said inline, nothing posted.
    fireEvent.click(within(draft).getByTestId('comment-new-submit'));
    expect((await screen.findByTestId('comment-new-name-error')).textContent).toBe(
      'Enter your name: it is shown with your comment',
    );
    expect(posts()).toEqual([]);

    fireEvent.change(within(draft).getByTestId('comment-new-name'), { target: { value: '  Nora  ' } });
    expect(screen.queryByTestId('comment-new-name-error')).toBeNull();
    fireEvent.click(within(draft).getByTestId('comment-new-submit'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({
      team_id: target.teamId,
      project_id: target.projectId,
      image_id: target.imageId,
      version_id: target.versionId,
      content: 'Can the button be bigger?',
      position: { x: 120, y: 80 },
      mentions: [],
      guest_name: 'Nora',
    });

    // The thread opens, signed by the guest and marked so.
    const thread = await screen.findByTestId('comment-thread');
    expect(within(thread).getByTestId('comment-author').textContent).toBe('Nora');
    expect(within(thread).getByTestId('comment-guest').textContent).toBe('Guest');
    // Nothing to edit, delete or resolve.
    expect(within(thread).queryByTestId('comment-edit')).toBeNull();
    expect(within(thread).queryByTestId('comment-delete')).toBeNull();
    expect(within(thread).queryByTestId('comment-resolve')).toBeNull();

    // The reply box knows the name: it is not asked again.
    const reply = screen.getByTestId('comment-reply');
    expect(within(reply).getByTestId('comment-reply-as').textContent).toContain('Commenting as Nora');
    expect(within(reply).queryByTestId('comment-reply-name')).toBeNull();
    expect(window.localStorage.getItem('ferry.share.guestName')).toBe('Nora');
    fireEvent.change(textarea(reply), { target: { value: 'Or at least taller' } });
    fireEvent.click(within(reply).getByTestId('comment-reply-submit'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]).toMatchObject({
      parent_id: thread.getAttribute('data-thread-id'),
      content: 'Or at least taller',
      mentions: [],
      guest_name: 'Nora',
    });
    await waitFor(() => expect(screen.getAllByTestId('comment-guest')).toHaveLength(2));

    // The team's people were never asked for (visitors are refused them).
    expect(seen.some((r) => r.path === '/api/project/comment/people')).toBe(false);
    // Olga reads the guest's thread as the server keeps it.
    const [kept] = await threadsAs(olga, target);
    expect(kept.author).toEqual({ user_id: '', name: 'Nora', avatar: '', guest: true });
    expect(kept.replies.map((item) => [item.content, item.author.guest])).toEqual([
      ['Or at least taller', true],
    ]);
  });

  it('says the name is missing in Chinese too, and lets a kept name be changed', async () => {
    const { olga, visitor, target } = await sharedDesign(TALK);
    const first = await callAs<{ id: string }>(olga, 'POST', 'project/comment', {
      team_id: target.teamId,
      project_id: target.projectId,
      image_id: target.imageId,
      content: 'Please check the header',
      position: { x: 10, y: 10 },
      mentions: [],
    });
    await setLang('zh-CN');
    show(target, visitor);
    fireEvent.click(await screen.findByTestId('comment-row'));
    const reply = await screen.findByTestId('comment-reply');
    fireEvent.change(textarea(reply), { target: { value: '好的' } });
    fireEvent.click(within(reply).getByTestId('comment-reply-submit'));
    expect((await screen.findByTestId('comment-reply-name-error')).textContent).toBe(
      '请填写你的名字，它会和评论一起显示',
    );
    fireEvent.change(within(reply).getByTestId('comment-reply-name'), { target: { value: '小林' } });
    fireEvent.click(within(reply).getByTestId('comment-reply-submit'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ parent_id: first.id, content: '好的', guest_name: '小林' });
    expect(await within(reply).findByTestId('comment-reply-as')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('comment-guest').textContent).toBe('访客'));

    // "Change" asks again, with the kept name to edit.
    fireEvent.click(within(reply).getByTestId('comment-reply-name-change'));
    const field = within(reply).getByTestId('comment-reply-name') as HTMLInputElement;
    expect(field.value).toBe('小林');
  });

  it('without the comment right: reads threads, has no reply box and places no pin', async () => {
    const { olga, visitor, target } = await sharedDesign(SEE);
    await callAs(olga, 'POST', 'project/comment', {
      team_id: target.teamId,
      project_id: target.projectId,
      image_id: target.imageId,
      content: 'Looks good',
      position: { x: 10, y: 10 },
      mentions: [],
    });
    show(target, visitor);
    expect(screen.queryByTestId('comment-place-layer')).toBeNull();
    fireEvent.click(await screen.findByTestId('comment-row'));
    const thread = await screen.findByTestId('comment-thread');
    expect(within(thread).getByTestId('comment-text').textContent).toBe('Looks good');
    expect(screen.queryByTestId('comment-reply')).toBeNull();
    expect(seen.some((r) => r.path === '/api/project/comment/people')).toBe(false);
  });

  it('shows the server’s refusal when the link lost the comment right meanwhile, and keeps the text', async () => {
    const { olga, visitor, target, linkId } = await sharedDesign(TALK);
    window.localStorage.setItem('ferry.share.guestName', 'Nora');
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 600 }),
    );
    show(target, visitor, true);
    fireEvent.click(await screen.findByTestId('comment-place-layer'), {
      clientX: 40,
      clientY: 40,
      detail: 1,
    });
    const draft = await screen.findByTestId('comment-draft');
    expect(within(draft).getByTestId('comment-new-as').textContent).toContain('Commenting as Nora');
    await callAs(olga, 'PUT', 'sharesvc/link', { link_id: linkId, rights: SEE });
    const input = textarea(draft);
    fireEvent.change(input, { target: { value: 'One more thing' } });
    fireEvent.click(within(draft).getByTestId('comment-new-submit'));
    expect(await screen.findByText('Visitors of a share link cannot do this')).toBeTruthy();
    expect(posts()[0]).toMatchObject({ content: 'One more thing', guest_name: 'Nora' });
    expect(input.value).toBe('One more thing');
  });

  it('shows members a guest’s comment with the Guest tag', async () => {
    const { olga, target, token } = await sharedDesign(TALK);
    setVisitorToken(null);
    await callAs({ token }, 'POST', 'project/comment', {
      team_id: target.teamId,
      project_id: target.projectId,
      image_id: target.imageId,
      content: 'From the agency',
      position: { x: 5, y: 5 },
      guest_name: 'Nora',
    });
    await signInHere(olga);
    show(target, null);
    const row = await screen.findByTestId('comment-row');
    expect(within(row).getByTestId('comment-guest').textContent).toBe('Guest');
    fireEvent.click(row);
    const thread = await screen.findByTestId('comment-thread');
    expect(within(thread).getByTestId('comment-author').textContent).toBe('Nora');
    expect(within(thread).getByTestId('comment-guest')).toBeTruthy();
  });
});
