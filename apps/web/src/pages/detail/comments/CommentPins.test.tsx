import '../../../test/setup';
import type { Frame } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, type SeenRequest, stubFetch } from '../../../test/http';
import { CommentPins } from './CommentPins';
import { ada, comment, members, renderSignedIn, target, thread } from './testData';

const pinned = [
  thread('c-1', 1, { position: { x: 100, y: 40 } }),
  thread('c-2', 2, { position: { x: 300.5, y: 80 }, resolved: true }),
  // A thread about a layer without a point has no pin.
  thread('c-3', 3, { position: null, layer_id: '3.1' }),
];

function serve(): SeenRequest[] {
  return stubFetch((request) => {
    if (request.path === '/api/project/comments') return ok({ threads: pinned });
    if (request.path === '/api/project/project_user') return ok(members);
    if (request.method === 'POST' && request.path === '/api/project/comment')
      return ok(comment('c-new', { author: ada, ...(request.body as object) }));
    return ok({});
  });
}

function pins(props: {
  scale: number;
  placing?: boolean;
  pendingLayer?: { id: string; frame: Frame } | null;
  focusId?: string | null;
}) {
  const onPlaced = vi.fn();
  const onFocus = vi.fn();
  const view = renderSignedIn(
    <CommentPins
      {...target}
      scale={props.scale}
      placing={props.placing ?? false}
      pendingLayer={props.pendingLayer ?? null}
      onPlaced={onPlaced}
      focusId={props.focusId ?? null}
      onFocus={onFocus}
    />,
  );
  return { onPlaced, onFocus, view };
}

/** The design's top-left corner on screen. */
function designAt(left: number, top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: left, y: top, width: 800, height: 600 }),
  );
}

const posted = (seen: SeenRequest[]) =>
  seen.find((r) => r.method === 'POST' && r.path === '/api/project/comment')?.body as Record<string, unknown>;

describe('comment pins', () => {
  it('puts numbered pins at design coordinates times the scale, resolved ones dimmed, the focused one marked', async () => {
    serve();
    const { onFocus } = pins({ scale: 0.5, focusId: 'c-1' });
    const shown = await screen.findAllByTestId('comment-pin');
    expect(shown.map((pin) => pin.textContent)).toEqual(['1', '2']);
    expect([shown[0].style.left, shown[0].style.top]).toEqual(['50px', '20px']);
    expect([shown[1].style.left, shown[1].style.top]).toEqual(['150.25px', '40px']);
    expect(shown[0].className).toContain('is-focused');
    expect(shown[1].className).toContain('is-resolved');
    expect(shown[1].className).not.toContain('is-focused');
    fireEvent.click(shown[1]);
    expect(onFocus).toHaveBeenCalledWith('c-2');
  });

  it('in comment mode, turns the next click into design pixels, posts the thread there and focuses it', async () => {
    const seen = serve();
    designAt(20, 10);
    const { onPlaced, onFocus } = pins({ scale: 3, placing: true });
    // 100 px right of the design's corner at scale 3 is 33.3 design px (one decimal).
    fireEvent.click(await screen.findByTestId('comment-place-layer'), {
      clientX: 120,
      clientY: 210,
      detail: 1,
    });
    const draft = await screen.findByTestId('comment-draft');
    expect(Number.parseFloat(draft.style.left)).toBeCloseTo(99.9);
    expect(Number.parseFloat(draft.style.top)).toBeCloseTo(200.1);
    const input = within(draft).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Use the brand blue' } });
    fireEvent.click(within(draft).getByTestId('comment-new-submit'));

    await waitFor(() => expect(posted(seen)).toBeTruthy());
    expect(posted(seen)).toEqual({
      team_id: 'team-a',
      project_id: 'p-1',
      image_id: 'img-1',
      version_id: 'v-2',
      content: 'Use the brand blue',
      position: { x: 33.3, y: 66.7 },
      mentions: [],
    });
    await waitFor(() => expect(onFocus).toHaveBeenCalledWith('c-new'));
    expect(onPlaced).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('comment-draft')).toBeNull());
  });

  it('converts at a zoom below 1 too', async () => {
    const seen = serve();
    designAt(0, 0);
    pins({ scale: 0.25, placing: true });
    fireEvent.click(await screen.findByTestId('comment-place-layer'), { clientX: 51, clientY: 7, detail: 1 });
    fireEvent.change(within(await screen.findByTestId('comment-draft')).getByRole('textbox'), {
      target: { value: 'Here' },
    });
    fireEvent.click(screen.getByTestId('comment-new-submit'));
    await waitFor(() => expect(posted(seen)?.position).toEqual({ x: 204, y: 28 }));
  });

  it('leaves comment mode on Escape without posting, before the page sees the key', async () => {
    const seen = serve();
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
    expect(posted(seen)).toBeUndefined();
  });

  it('comments on a layer at its centre, naming the layer', async () => {
    const seen = serve();
    const { onPlaced } = pins({
      scale: 2,
      pendingLayer: { id: '3.0.2', frame: { x: 10, y: 20, width: 45, height: 31 } },
    });
    const draft = await screen.findByTestId('comment-draft');
    expect([draft.style.left, draft.style.top]).toEqual(['65px', '71px']);
    fireEvent.change(within(draft).getByRole('textbox'), { target: { value: 'Too tight' } });
    fireEvent.click(within(draft).getByTestId('comment-new-submit'));
    await waitFor(() =>
      expect(posted(seen)).toMatchObject({
        position: { x: 32.5, y: 35.5 },
        layer_id: '3.0.2',
        version_id: 'v-2',
      }),
    );
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
  });
});
