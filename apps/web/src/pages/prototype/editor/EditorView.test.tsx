import '../../../test/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../queryClient';
import { envelope } from '../../../test/http';
import { renderApp } from '../../../test/render';
import { replaceAnswers, useRealServer } from '../../../test/server';
import { protoEditPath } from '../paths';
import { box, click, hotspotLeadingTo, hotspots, openEditor, project } from './editorTestKit';

const seen = useRealServer();
const calls = (method: string) =>
  seen.filter((request) => request.method === method && request.path === '/api/project/prototype');
const serverDown = () => envelope('-11111', 'busy', undefined, 500);

afterEach(() => {
  vi.restoreAllMocks();
});

/** The design's place and scale on the canvas, from the world layer's style. */
function world() {
  const element = document.querySelector<HTMLElement>('.proto-world');
  const match = /translate3d\(([-\d.]+)px, ([-\d.]+)px/.exec(element?.style.transform ?? '');
  if (!element || !match) throw new Error('no world layer');
  return { x: Number(match[1]), y: Number(match[2]), scale: Number.parseFloat(element.style.width) / 400 };
}
/** The design pixel under a canvas point. */
function designPointAt(x: number, y: number) {
  const { x: left, y: top, scale } = world();
  return { x: (x - left) / scale, y: (y - top) / scale };
}
const zoomShown = () => screen.getByTestId('proto-zoom-value').textContent;

describe('the hotspot editor, around its edits', () => {
  it('nudges only a selection, with no modifier and the keys not on a control or in a side panel', async () => {
    const { teamId, projectId, ids, seed } = await project();
    await seed([{ image_id: ids.Home, next_image: ids.Cart, ...box(40, 30, 100, 80) }]);
    await openEditor(teamId, projectId, ids.Home);
    await screen.findByTestId('proto-mode');
    const hotspot = await waitFor(() => hotspotLeadingTo('Cart'));

    // Nothing selected: the arrows scroll the page as usual.
    expect(fireEvent.keyDown(window, { key: 'ArrowRight' })).toBe(true);
    click(hotspot);
    await waitFor(() => expect(hotspotLeadingTo('Cart').className).toContain('is-selected'));

    expect(fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(window, { key: 'ArrowRight', altKey: true })).toBe(true);
    const listItem = screen.getAllByTestId('proto-design')[1];
    listItem.focus();
    expect(fireEvent.keyDown(listItem, { key: 'ArrowDown' })).toBe(true);
    expect(fireEvent.keyDown(listItem, { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(screen.getByTestId('proto-panel'), { key: 'Delete' })).toBe(true);
    expect(hotspotLeadingTo('Cart').getAttribute('data-frame')).toBe('40,30,100,80');

    // On the canvas, the same keys move it.
    expect(fireEvent.keyDown(document.body, { key: 'ArrowRight' })).toBe(false);
    expect(hotspotLeadingTo('Cart').getAttribute('data-frame')).toBe('41,30,100,80');
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('DELETE')).toHaveLength(0);
  });

  it('saves the last nudges when the editor closes before the keys rest', async () => {
    const { teamId, projectId, ids, seed, held } = await project();
    await seed([{ image_id: ids.Home, next_image: ids.Pay, ...box(40, 30, 100, 80) }]);
    const view = await openEditor(teamId, projectId, ids.Home);
    await screen.findByTestId('proto-mode');
    click(await waitFor(() => hotspotLeadingTo('Pay')));
    fireEvent.keyDown(window, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    view.unmount();
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    await waitFor(async () => expect((await held())[0]).toMatchObject(box(39, 40, 100, 80)));
  });

  it('zooms one step per wheel distance at the pointer, back out, and by its zoom control', async () => {
    // A canvas of 200 × 150 showing a 400 × 300 design: fitted at 18 %.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('proto-canvas') ? 200 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('proto-canvas') ? 150 : 0;
    });
    const { teamId, projectId, ids } = await project();
    await openEditor(teamId, projectId, ids.Home);
    await waitFor(() => expect(zoomShown()).toBe('18%'));
    expect((screen.getByTestId('proto-zoom-out') as HTMLButtonElement).disabled).toBe(true);

    for (const shown of ['25%', '50%', '75%']) {
      fireEvent.click(screen.getByTestId('proto-zoom-in'));
      await waitFor(() => expect(zoomShown()).toBe(shown));
    }
    const canvas = screen.getByTestId('proto-canvas');
    const before = designPointAt(50, 40);
    // A trackpad's small deltas add up to one step, not one step each.
    const pinch = { ctrlKey: true, deltaY: -20, clientX: 50, clientY: 40 };
    fireEvent.wheel(canvas, pinch);
    fireEvent.wheel(canvas, pinch);
    expect(zoomShown()).toBe('75%');
    fireEvent.wheel(canvas, pinch);
    await waitFor(() => expect(zoomShown()).toBe('100%'));
    // The design pixel under the pointer stays under it.
    const after = designPointAt(50, 40);
    expect(after.x).toBeCloseTo(before.x, 5);
    expect(after.y).toBeCloseTo(before.y, 5);

    fireEvent.wheel(canvas, { ctrlKey: true, deltaY: 100, clientX: 50, clientY: 40 });
    await waitFor(() => expect(zoomShown()).toBe('75%'));
    fireEvent.click(screen.getByTestId('proto-zoom-fit'));
    await waitFor(() => expect(zoomShown()).toBe('18%'));
  });

  it('keeps the editor on screen when a refresh fails, and offers a retry when the hotspots never came', async () => {
    const { teamId, projectId, ids, seed } = await project();
    await seed([{ image_id: ids.Home, next_image: ids.Cart, ...box(40, 30, 100, 80) }]);
    replaceAnswers((request) =>
      request.method === 'GET' && request.path === '/api/project/prototype' ? serverDown() : null,
    );
    const view = renderApp(protoEditPath(teamId, projectId, ids.Home));
    await screen.findByTestId('proto-hotspots-failed');
    // No drawing on a design whose hotspots are unknown.
    expect(document.querySelector('.proto-world')).toBeNull();
    replaceAnswers(() => null);
    fireEvent.click(screen.getByTestId('proto-retry'));
    await waitFor(() => expect(hotspots()).toHaveLength(1));

    // Now both reads fail on a refresh: what was read stays.
    const failing = new Set(['/api/project/prototype', '/api/project/images']);
    replaceAnswers((request) =>
      request.method === 'GET' && failing.has(request.path) ? serverDown() : null,
    );
    const before = seen.length;
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(seen.slice(before).filter((request) => failing.has(request.path))).toHaveLength(2),
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('proto-not-found')).toBeNull();
    expect(screen.queryByTestId('proto-hotspots-failed')).toBeNull();
    expect(hotspotLeadingTo('Cart')).toBeTruthy();
    expect(screen.getAllByTestId('proto-design')).toHaveLength(3);
    view.unmount();
  });

  it('shows a loading state, not "processing", while the designs are read', async () => {
    const { teamId, projectId, ids } = await project();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The designs' answer waits until the test lets it through.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/project/images')) await held;
      return realFetch(input, init);
    });
    const view = renderApp(protoEditPath(teamId, projectId, ids.Home));
    await screen.findByTestId('proto-loading');
    expect(screen.queryByTestId('proto-processing')).toBeNull();
    release();
    await waitFor(() => expect(screen.getAllByTestId('proto-design')).toHaveLength(3));
    expect(screen.queryByTestId('proto-loading')).toBeNull();
    view.unmount();
  });
});
