import '../../../test/setup';
import type { CommentThread, Frame, ImageDetail } from '@ferry/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../App';
import { writePreferences } from '../../../state/preferences';
import { createProject, uploadDesign } from '../../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../../test/server';
import { CommentPins } from './CommentPins';

const seen = useRealServer();

type Target = { teamId: string; projectId: string; imageId: string; versionId: string };
let target: Target;
let ada: Awaited<ReturnType<typeof newAccount>>;

/** Olga's design, its current version on screen for Ada (signed in here, a member of the team). */
async function design() {
  const olga = await newAccount('Olga');
  ada = await newAccount('Ada');
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id));
  const projectId = await createProject(olga, team.id, unique('Shop'));
  const imageId = await uploadDesign(olga, team.id, projectId);
  const image = await callAs<ImageDetail>(
    ada,
    'GET',
    `project/image?team_id=${team.id}&project_id=${projectId}&image_id=${imageId}`,
  );
  const versionId = image.versions.find((version) => version.current)?.id ?? '';
  await signInHere(ada);
  target = { teamId: team.id, projectId, imageId, versionId };
  return olga;
}

/** Threads #1 at (100, 40), #2 at (300.5, 80) resolved, #3 about a layer without a point (no pin). */
async function pinnedThreads() {
  const olga = await design();
  const ref = {
    team_id: target.teamId,
    project_id: target.projectId,
    image_id: target.imageId,
    mentions: [],
  };
  const first = await callAs<{ id: string }>(olga, 'POST', 'project/comment', {
    ...ref,
    content: 'One',
    position: { x: 100, y: 40 },
  });
  const second = await callAs<{ id: string }>(olga, 'POST', 'project/comment', {
    ...ref,
    content: 'Two',
    position: { x: 300.5, y: 80 },
  });
  await callAs(olga, 'POST', 'project/comment/resolve', { ...ref, comment_id: second.id, resolved: true });
  await callAs(olga, 'POST', 'project/comment', { ...ref, content: 'Three', layer_id: '3.1' });
  return { first, second };
}

/** The thread the server keeps with `content`, as Ada reads the version's threads. */
async function threadWith(content: string) {
  const { threads } = await callAs<{ threads: CommentThread[] }>(
    ada,
    'GET',
    `project/comments?team_id=${target.teamId}&project_id=${target.projectId}&image_id=${target.imageId}&version_id=${target.versionId}`,
  );
  return threads.find((thread) => thread.content === content);
}

function pins(props: {
  scale: number;
  placing?: boolean;
  pendingLayer?: { id: string; frame: Frame } | null;
  focusId?: string | null;
}) {
  const onPlaced = vi.fn();
  const onFocus = vi.fn();
  const view = render(
    <AppProviders>
      <MemoryRouter>
        <CommentPins
          {...target}
          scale={props.scale}
          placing={props.placing ?? false}
          pendingLayer={props.pendingLayer ?? null}
          onPlaced={onPlaced}
          focusId={props.focusId ?? null}
          onFocus={onFocus}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { onPlaced, onFocus, view };
}

/** The design's top-left corner on screen. */
function designAt(left: number, top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: left, y: top, width: 800, height: 600 }),
  );
}

const posted = () =>
  seen.find((r) => r.method === 'POST' && r.path === '/api/project/comment')?.body as Record<string, unknown>;

describe('comment pins', () => {
  it('puts numbered pins at design coordinates times the scale, resolved ones dimmed, the focused one marked', async () => {
    const { first, second } = await pinnedThreads();
    const { onFocus } = pins({ scale: 0.5, focusId: first.id });
    const shown = await screen.findAllByTestId('comment-pin');
    expect(shown.map((pin) => pin.textContent)).toEqual(['1', '2']);
    expect([shown[0].style.left, shown[0].style.top]).toEqual(['50px', '20px']);
    expect([shown[1].style.left, shown[1].style.top]).toEqual(['150.25px', '40px']);
    expect(shown[0].className).toContain('is-focused');
    expect(shown[1].className).toContain('is-resolved');
    expect(shown[1].className).not.toContain('is-focused');
    fireEvent.click(shown[1]);
    expect(onFocus).toHaveBeenCalledWith(second.id);
  });

  it("follows the user's preferences: no resolved pins, or no pins but the opened thread's", async () => {
    const { second } = await pinnedThreads();
    writePreferences({ showResolvedComments: false });
    const { view } = pins({ scale: 1 });
    await waitFor(() =>
      expect(screen.getAllByTestId('comment-pin').map((pin) => pin.textContent)).toEqual(['1']),
    );
    view.unmount();

    writePreferences({ showResolvedComments: true, commentPins: false });
    pins({ scale: 1, focusId: second.id });
    await waitFor(() =>
      expect(screen.getAllByTestId('comment-pin').map((pin) => pin.textContent)).toEqual(['2']),
    );
    expect(screen.queryByText('1')).toBeNull();
  });

  it('in comment mode, turns the next click into design pixels, posts the thread there and focuses it', async () => {
    await design();
    designAt(20, 10);
    const { onPlaced, onFocus } = pins({ scale: 3, placing: true });
    // 100 px right of the design's corner at scale 3 is 33.3 design px (one decimal).
    fireEvent.click(await screen.findByTestId('comment-place-layer'), {
      clientX: 120,
      clientY: 210,
      detail: 1,
    });
    const draft = await screen.findByTestId('comment-draft');
    // The composer stands beside the pin: 40 px right of its point, level with its head.
    expect(Number.parseFloat(draft.style.left)).toBeCloseTo(99.9 + 40);
    expect(Number.parseFloat(draft.style.top)).toBeCloseTo(200.1 - 32);
    const input = within(draft).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Use the brand blue' } });
    fireEvent.click(within(draft).getByTestId('comment-new-submit'));

    await waitFor(() => expect(posted()).toBeTruthy());
    expect(posted()).toEqual({
      team_id: target.teamId,
      project_id: target.projectId,
      image_id: target.imageId,
      version_id: target.versionId,
      content: 'Use the brand blue',
      position: { x: 33.3, y: 66.7 },
      mentions: [],
    });
    // The request has gone out; the thread is there once the server has answered it.
    let made: CommentThread | undefined;
    await waitFor(async () => {
      made = await threadWith('Use the brand blue');
      expect(made).toBeTruthy();
    });
    expect(made?.position).toEqual({ x: 33.3, y: 66.7 });
    await waitFor(() => expect(onFocus).toHaveBeenCalledWith(made?.id));
    expect(onPlaced).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('comment-draft')).toBeNull());
  });

  it('converts at a zoom below 1 too', async () => {
    await design();
    designAt(0, 0);
    pins({ scale: 0.25, placing: true });
    fireEvent.click(await screen.findByTestId('comment-place-layer'), { clientX: 51, clientY: 7, detail: 1 });
    fireEvent.change(within(await screen.findByTestId('comment-draft')).getByRole('textbox'), {
      target: { value: 'Here' },
    });
    fireEvent.click(screen.getByTestId('comment-new-submit'));
    await waitFor(() => expect(posted()?.position).toEqual({ x: 204, y: 28 }));
  });

  it('leaves comment mode on Escape without posting, before the page sees the key', async () => {
    await design();
    const { onPlaced } = pins({ scale: 1, placing: true });
    fireEvent.click(await screen.findByTestId('comment-place-layer'), { clientX: 5, clientY: 5, detail: 1 });
    await screen.findByTestId('comment-draft');
    const page = vi.fn();
    window.addEventListener('keydown', page);
    fireEvent.keyDown(window, { key: 'Escape' });
    window.removeEventListener('keydown', page);
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('comment-draft')).toBeNull());
    expect(posted()).toBeUndefined();
  });

  it('comments on a layer at its centre, naming the layer', async () => {
    await design();
    const { onPlaced } = pins({
      scale: 2,
      pendingLayer: { id: '3.0.2', frame: { x: 10, y: 20, width: 45, height: 31 } },
    });
    const draft = await screen.findByTestId('comment-draft');
    expect([draft.style.left, draft.style.top]).toEqual([`${65 + 40}px`, `${71 - 32}px`]);
    fireEvent.change(within(draft).getByRole('textbox'), { target: { value: 'Too tight' } });
    fireEvent.click(within(draft).getByTestId('comment-new-submit'));
    await waitFor(() =>
      expect(posted()).toMatchObject({
        position: { x: 32.5, y: 35.5 },
        layer_id: '3.0.2',
        version_id: target.versionId,
      }),
    );
    await waitFor(async () => expect((await threadWith('Too tight'))?.layer_id).toBe('3.0.2'));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
  });
});
