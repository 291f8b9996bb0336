import '../../../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pngOf } from '../../../../../server/src/test/images';
import { realtimeSocket, setRealtimeDefaults, stopRealtime } from '../../../realtime/connection';
import { renderApp } from '../../../test/render';
import { uploadVersion } from '../../../test/seed';
import { callAs, serverUrl, useRealServer } from '../../../test/server';
import { detailPath } from '../../stage/paths';
import { PROTO_EDIT_ENTRY_PATH, protoEditPath } from '../paths';
import { box, choose, click, drag, hotspotLeadingTo, hotspots, openEditor, project } from './editorTestKit';

const seen = useRealServer();

afterEach(() => {
  stopRealtime();
  setRealtimeDefaults({});
});

const calls = (method: string) =>
  seen.filter((request) => request.method === method && request.path === '/api/project/prototype');

describe('the hotspot editor', () => {
  it('draws a rectangle, links it on pick, and shows it on the canvas and in the count', async () => {
    const { teamId, projectId, ids, held } = await project();
    await openEditor(teamId, projectId, ids.Home);
    expect(document.title).toBe('Interaction prototype - Ferry');
    await screen.findByTestId('proto-mode');
    const canvas = screen.getByTestId('proto-canvas');

    // A tiny drag is a click: nothing to link.
    drag(canvas, [50, 50], [52, 51]);
    expect(screen.queryByTestId('proto-target-picker')).toBeNull();

    drag(canvas, [140, 110], [40, 30]);
    await screen.findByTestId('proto-target-picker');
    expect(screen.getByTestId('proto-pending')).toBeTruthy();
    await choose('proto-picker-target', 'Cart');

    await waitFor(() => expect(hotspots()).toHaveLength(1));
    expect(calls('POST').map((request) => request.body)).toEqual([
      {
        team_id: teamId,
        project_id: projectId,
        positions: [{ image_id: ids.Home, next_image: ids.Cart, ...box(40, 30, 100, 80) }],
      },
    ]);
    expect(await held()).toEqual([
      expect.objectContaining({ image_id: ids.Home, next_image: ids.Cart, ...box(40, 30, 100, 80) }),
    ]);
    const shown = hotspotLeadingTo('Cart');
    expect(shown.textContent).toBe('Cart');
    expect(shown.getAttribute('data-frame')).toBe('40,30,100,80');
    // Selected at once, with its target in the panel.
    expect(shown.className).toContain('is-selected');
    expect(screen.getByTestId('proto-geometry-W').textContent).toBe('100');
    const home = screen.getAllByTestId('proto-design').find((item) => item.dataset.designId === ids.Home);
    expect(within(home as HTMLElement).getByTestId('proto-design-count').textContent).toBe('1');

    // Drawn past the design's edge, the rectangle stops at it.
    drag(canvas, [350, 250], [500, 420]);
    await choose('proto-picker-target', 'Back');
    await waitFor(() => expect(hotspots()).toHaveLength(2));
    expect(hotspotLeadingTo('Back').getAttribute('data-frame')).toBe('350,250,50,50');
  });

  it("opens from the detail view's Prototype button at the same design", async () => {
    const { teamId, projectId, ids } = await project();
    const view = renderApp(detailPath(teamId, projectId, ids.Cart));
    fireEvent.click(await screen.findByTestId('detail-prototype'));
    await waitFor(() => expect(view.location()).toBe(protoEditPath(teamId, projectId, ids.Cart)));
    await waitFor(() => expect(screen.getByTestId('proto-name').textContent).toBe('Cart'));
  });

  it('moves and resizes by dragging, nudges with the arrow keys, each saved with PUT', async () => {
    const { teamId, projectId, ids, held, seed } = await project();
    const [made] = await seed([{ image_id: ids.Home, next_image: ids.Pay, ...box(40, 30, 100, 80) }]);
    await openEditor(teamId, projectId, ids.Home);
    await screen.findByTestId('proto-mode');
    const hotspot = await waitFor(() => hotspotLeadingTo('Pay'));

    drag(hotspot, [60, 50], [80, 75]);
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0].body).toEqual({
      team_id: teamId,
      project_id: projectId,
      pos_id: made.id,
      next_image: ids.Pay,
      ...box(60, 55, 100, 80),
    });
    await waitFor(async () => expect((await held())[0]).toMatchObject(box(60, 55, 100, 80)));

    drag(await screen.findByTestId('proto-handle-se'), [160, 135], [190, 155]);
    await waitFor(() => expect(calls('PUT')).toHaveLength(2));
    expect(calls('PUT')[1].body).toMatchObject(box(60, 55, 130, 100));
    drag(screen.getByTestId('proto-handle-nw'), [60, 55], [0, -40]);
    await waitFor(() => expect(calls('PUT')).toHaveLength(3));
    // Held inside the design.
    expect(calls('PUT')[2].body).toMatchObject(box(0, 0, 190, 155));

    // Three presses, one PUT once the keys rest.
    fireEvent.keyDown(window, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(hotspotLeadingTo('Pay').getAttribute('data-frame')).toBe('11,1,190,155');
    await waitFor(() => expect(calls('PUT')).toHaveLength(4));
    expect(calls('PUT')[3].body).toMatchObject(box(11, 1, 190, 155));
    await waitFor(async () => expect((await held())[0]).toMatchObject(box(11, 1, 190, 155)));
  });

  it('relinks and deletes several hotspots selected with Shift', async () => {
    const { teamId, projectId, ids, held, seed } = await project();
    const made = await seed([
      { image_id: ids.Home, next_image: ids.Cart, ...box(10, 10, 50, 50) },
      { image_id: ids.Home, next_image: ids.Pay, ...box(100, 10, 50, 50) },
      { image_id: ids.Home, next_image: 'back', ...box(200, 10, 50, 50) },
      { image_id: ids.Cart, next_image: ids.Home, ...box(10, 10, 50, 50) },
    ]);
    await openEditor(teamId, projectId, ids.Home);
    await screen.findByTestId('proto-mode');
    await waitFor(() => expect(hotspots()).toHaveLength(3));

    click(hotspotLeadingTo('Cart'));
    click(hotspotLeadingTo('Pay'), true);
    expect((await screen.findByTestId('proto-selection-title')).textContent).toBe('2 hotspots selected');
    await choose('proto-panel-target', 'Back');
    await waitFor(async () =>
      expect(
        (await held()).filter((each) => each.image_id === ids.Home).map((each) => each.next_image),
      ).toEqual(['back', 'back', 'back']),
    );

    fireEvent.keyDown(window, { key: 'Delete' });
    await waitFor(() => expect(hotspots()).toHaveLength(1));
    const [removal] = calls('DELETE').map((request) => request.body as { position_ids: string[] });
    expect(calls('DELETE')).toHaveLength(1);
    expect(removal).toMatchObject({ team_id: teamId, project_id: projectId });
    expect([...removal.position_ids].sort()).toEqual([made[0].id, made[1].id].sort());
    await waitFor(async () =>
      expect((await held()).map((each) => each.id).sort()).toEqual([made[2].id, made[3].id].sort()),
    );
  });

  it("shows the server's refusal when the design shrank under a rectangle being linked", async () => {
    const { olga, teamId, projectId, ids, held } = await project();
    await openEditor(teamId, projectId, ids.Home);
    await screen.findByTestId('proto-mode');
    // A drag near the design's far corner draws nothing until the design's size has arrived: drag until it does.
    await waitFor(() => {
      if (!screen.queryByTestId('proto-target-picker'))
        drag(screen.getByTestId('proto-canvas'), [300, 200], [390, 290]);
      expect(screen.getByTestId('proto-target-picker')).toBeTruthy();
    });
    // Meanwhile a 100 × 100 version replaces the design.
    await uploadVersion(olga, teamId, projectId, ids.Home, await pngOf(100, 100));
    await choose('proto-picker-target', 'Cart');
    expect(await screen.findByText(codeMessage(Codes.HOTSPOT_OUT_OF_BOUNDS, 'en-US'))).toBeTruthy();
    expect(hotspots()).toHaveLength(0);
    expect(await held()).toEqual([]);
  });

  it('shows a viewer the hotspots, a broken one in red, without drawing tools', async () => {
    const { olga, teamId, projectId, ids, seed } = await project('onlooker');
    await seed([
      { image_id: ids.Home, next_image: ids.Cart, ...box(10, 10, 50, 50) },
      { image_id: ids.Home, next_image: ids.Pay, ...box(100, 10, 50, 50) },
    ]);
    // Pay goes to the recycle bin: its hotspot leads nowhere.
    await callAs(olga, 'DELETE', 'project/image', {
      team_id: teamId,
      project_id: projectId,
      image_ids: [ids.Pay],
    });
    renderApp(`${PROTO_EDIT_ENTRY_PATH}?tid=${teamId}&pid=${projectId}`);
    await waitFor(() => expect(hotspots()).toHaveLength(2));
    expect(screen.getByTestId('proto-name').textContent).toBe('Home');
    expect(await screen.findByTestId('proto-readonly')).toBeTruthy();
    expect(screen.queryByTestId('proto-mode')).toBeNull();
    expect(hotspotLeadingTo('Target in recycle bin').className).toContain('is-broken');
    expect(screen.getByTestId('proto-play')).toBeTruthy();

    drag(screen.getByTestId('proto-canvas'), [200, 100], [300, 200]);
    expect(screen.queryByTestId('proto-target-picker')).toBeNull();
    const cart = hotspotLeadingTo('Cart');
    drag(cart, [20, 20], [60, 60]);
    expect(cart.getAttribute('data-frame')).toBe('10,10,50,50');
    expect(screen.queryByTestId('proto-handle-se')).toBeNull();
    expect(screen.queryByTestId('proto-delete')).toBeNull();
    fireEvent.keyDown(window, { key: 'Delete' });
    expect(calls('PUT').length + calls('POST').length + calls('DELETE').length).toBe(0);
  });

  it("reads the hotspots again when the server says the project's prototype changed", async () => {
    const { teamId, projectId, ids, seed } = await project();
    setRealtimeDefaults({ url: `${serverUrl().replace(/^http/, 'ws')}/ws` });
    await openEditor(teamId, projectId, ids.Home);
    await waitFor(() => expect(realtimeSocket()?.watchedProject).toBe(projectId));
    const reads = () =>
      seen.filter((request) => request.method === 'GET' && request.path === '/api/project/prototype');
    const before = reads().length;
    await seed([{ image_id: ids.Home, next_image: ids.Cart, ...box(10, 10, 50, 50) }]);
    await waitFor(() => expect(hotspots()).toHaveLength(1));
    expect(reads().length).toBe(before + 1);
  });
});
