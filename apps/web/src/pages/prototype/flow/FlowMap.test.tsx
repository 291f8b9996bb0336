import '../../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardView, LinkView } from '../../../api/prototypes';
import { queryClient } from '../../../queryClient';
import { envelope } from '../../../test/http';
import { renderApp } from '../../../test/render';
import { createProject } from '../../../test/seed';
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
import { stagePath } from '../../stage/paths';
import { demoPath, flowMapPath } from '../paths';
import { type DemoFlow, demoFlow } from '../player/demoSeed';

const seen = useRealServer();
const calls = (method: string, path: string) =>
  seen.filter((req) => req.method === method && req.path === `/api/${path}`);

/**
 * Olga's project: Home → Cart by two hotspots, Cart → Pay by one, Pay → Done drawn by hand, and Pay → Old by
 * hand with Old then put in the recycle bin.
 */
async function shop(): Promise<DemoFlow & { ref: { team_id: string; project_id: string } }> {
  const made = await demoFlow(
    ['Home', 'Cart', 'Pay', 'Done', 'Old'],
    [
      ['Home', 'Cart'],
      ['Home', 'Cart'],
      ['Cart', 'Pay'],
    ],
  );
  const ref = { team_id: made.teamId, project_id: made.projectId };
  const { ids } = made;
  await callAs(made.olga, 'POST', 'project/link', {
    ...ref,
    links: [
      { parent: ids.Pay, son: ids.Done },
      { parent: ids.Pay, son: ids.Old },
    ],
  });
  await callAs(made.olga, 'DELETE', 'project/image', { ...ref, image_ids: [ids.Old] });
  return { ...made, ref };
}

const serverLinks = (user: SeededUser, ref: { team_id: string; project_id: string }) =>
  callAs<{ links: LinkView[]; cards: CardView[] }>(
    user,
    'GET',
    `project/link?team_id=${ref.team_id}&project_id=${ref.project_id}`,
  );

const cardOf = (id: string) => {
  const card = screen.getAllByTestId('flow-card').find((element) => element.dataset.cardId === id);
  if (!card) throw new Error(`no card for ${id}`);
  return card;
};
const arrowOf = (parent: string, son: string) =>
  screen
    .queryAllByTestId('flow-arrow')
    .find((element) => element.dataset.parent === parent && element.dataset.son === son);

/** The screen point over a card (20 map units into it), through the map layer's pan and zoom. */
function pointOver(id: string) {
  const match = /translate\(([-\d.]+)px, ([-\d.]+)px\) scale\(([-\d.]+)\)/.exec(
    screen.getByTestId('flow-layer').style.transform,
  );
  if (!match) throw new Error('the map layer has no transform');
  const [x, y, zoom] = match.slice(1).map(Number);
  const card = cardOf(id);
  return {
    clientX: x + (Number(card.dataset.x) + 20) * zoom,
    clientY: y + (Number(card.dataset.y) + 20) * zoom,
  };
}

async function openMap(made: DemoFlow, user: SeededUser = made.olga) {
  await signInHere(user);
  const view = renderApp(flowMapPath(made.teamId, made.projectId));
  await waitFor(() => expect(screen.getAllByTestId('flow-card')).toHaveLength(5));
  return view;
}

describe('the flow map', () => {
  it("shows the designs as cards and the server's links as arrows, laid out left to right", async () => {
    const made = await shop();
    const { ids } = made;
    await openMap(made);
    expect(document.title).toBe('Interaction prototype - Ferry');
    expect(within(cardOf(ids.Home)).getByText('Home')).toBeTruthy();
    // The design in the bin keeps a card so its broken arrow has an end.
    expect(within(cardOf(ids.Old)).getByText('In the recycle bin')).toBeTruthy();

    const fromHotspots = arrowOf(ids.Home, ids.Cart) as HTMLElement;
    expect(fromHotspots.dataset.source).toBe('hotspot');
    expect(within(fromHotspots).getByTestId('flow-arrow-count').textContent).toBe('2');
    expect(fromHotspots.querySelector('.flow-arrow-line')?.getAttribute('stroke-dasharray')).toBeTruthy();
    const byHand = arrowOf(ids.Pay, ids.Done) as HTMLElement;
    expect(byHand.dataset.source).toBe('manual');
    expect(byHand.querySelector('.flow-arrow-line')?.getAttribute('stroke-dasharray')).toBeNull();
    expect(within(byHand).queryByTestId('flow-arrow-count')).toBeNull();
    expect((arrowOf(ids.Pay, ids.Old) as HTMLElement).dataset.broken).toBe('true');
    expect(screen.getAllByTestId('flow-arrow')).toHaveLength(4);

    // Each link's son sits in a later column than its parent.
    const x = (name: string) => Number(cardOf(ids[name]).dataset.x);
    expect(x('Home')).toBeLessThan(x('Cart'));
    expect(x('Cart')).toBeLessThan(x('Pay'));
    expect(x('Pay')).toBeLessThan(x('Done'));
    // Play starts where the flow starts.
    expect(screen.getByTestId('demo-open').getAttribute('href')).toBe(
      demoPath(made.teamId, made.projectId, ids.Home),
    );
  });

  it('opens from the stage toolbar and shows an empty state for a project without designs', async () => {
    const olga = await newAccount('Olga');
    const team = await createTeam(olga, unique('Alpha'));
    const projectId = await createProject(olga, team.id, unique('Blank'));
    await signInHere(olga);
    const view = renderApp(stagePath(team.id, projectId));
    fireEvent.click(await screen.findByText('Prototype'));
    await waitFor(() => expect(view.location()).toBe(flowMapPath(team.id, projectId)));
    expect(await screen.findByTestId('flow-empty')).toBeTruthy();
    expect(screen.queryByTestId('flow-relayout')).toBeNull();
  });

  it('posts a link drawn from a card handle onto another card; a drop on nothing or on itself posts none', async () => {
    const made = await shop();
    const { ids } = made;
    await openMap(made);
    const handle = within(cardOf(ids.Done)).getByTestId('flow-card-handle');

    // Onto its own card, then onto empty map: nothing.
    for (const target of [pointOver(ids.Done), { clientX: -5000, clientY: -5000 }]) {
      fireEvent.pointerDown(handle, { ...pointOver(ids.Done), button: 0 });
      fireEvent.pointerMove(window, target);
      fireEvent.pointerUp(window, target);
    }
    expect(calls('POST', 'project/link')).toHaveLength(0);

    fireEvent.pointerDown(handle, { ...pointOver(ids.Done), button: 0 });
    fireEvent.pointerMove(window, pointOver(ids.Home));
    expect(cardOf(ids.Home).classList.contains('flow-card-target')).toBe(true);
    fireEvent.pointerUp(window, pointOver(ids.Home));
    await waitFor(() => expect(calls('POST', 'project/link')).toHaveLength(1));
    expect(calls('POST', 'project/link')[0].body).toEqual({
      ...made.ref,
      links: [{ parent: ids.Done, son: ids.Home }],
    });
    // The call is recorded as it leaves: wait for the server to hold the link.
    const drawn = await waitFor(async () => {
      const { links } = await serverLinks(made.olga, made.ref);
      const found = links.find((link) => link.parent === ids.Done && link.son === ids.Home);
      expect(found?.source).toBe('manual');
      return found;
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('flow-arrow').some((arrow) => arrow.dataset.linkId === drawn?.id)).toBe(
        true,
      ),
    );
  });

  it('removes a manual link by Delete or its ✕, and keeps a hotspot link, saying why', async () => {
    const made = await shop();
    const { ids } = made;
    const manualIds = (await serverLinks(made.olga, made.ref)).links;
    await openMap(made);

    // A link from hotspots: Delete explains and calls nothing.
    const hotspotHit = within(arrowOf(ids.Home, ids.Cart) as HTMLElement).getByTestId('flow-arrow-hit');
    fireEvent.pointerDown(hotspotHit, { button: 0 });
    expect((await screen.findByTestId('flow-arrow-hint')).textContent).toContain(
      'remove the hotspots in the editor instead',
    );
    expect(screen.queryByTestId('flow-arrow-delete')).toBeNull();
    fireEvent.keyDown(window, { key: 'Delete' });
    expect((await screen.findAllByText(/remove the hotspots in the editor instead/)).length).toBeGreaterThan(
      1,
    );
    expect(calls('DELETE', 'project/link')).toHaveLength(0);

    // Pay → Done by Delete.
    fireEvent.pointerDown(within(arrowOf(ids.Pay, ids.Done) as HTMLElement).getByTestId('flow-arrow-hit'), {
      button: 0,
    });
    fireEvent.keyDown(window, { key: 'Delete' });
    await waitFor(() => expect(arrowOf(ids.Pay, ids.Done)).toBeUndefined());
    const removed = manualIds.find((link) => link.parent === ids.Pay && link.son === ids.Done);
    expect(calls('DELETE', 'project/link')[0].body).toEqual({ ...made.ref, links: [removed?.id] });

    // Pay → Old (broken) by its ✕.
    fireEvent.pointerDown(within(arrowOf(ids.Pay, ids.Old) as HTMLElement).getByTestId('flow-arrow-hit'), {
      button: 0,
    });
    fireEvent.click(await screen.findByTestId('flow-arrow-delete'));
    await waitFor(() => expect(calls('DELETE', 'project/link')).toHaveLength(2));
    // The call is recorded as it leaves, and the arrow goes before the answer: wait for the server's list.
    const links = await waitFor(async () => {
      const answer = await serverLinks(made.olga, made.ref);
      expect(answer.links).toHaveLength(2);
      return answer.links;
    });
    expect(links.map((link) => [link.source, link.parent, link.son])).toEqual(
      expect.arrayContaining([
        ['hotspot', ids.Home, ids.Cart],
        ['hotspot', ids.Cart, ids.Pay],
      ]),
    );
  });

  it('saves a moved card, shows it there next time, and re-layout puts it back for everyone', async () => {
    const made = await shop();
    const { ids } = made;
    const view = await openMap(made);
    const before = { x: Number(cardOf(ids.Cart).dataset.x), y: Number(cardOf(ids.Cart).dataset.y) };
    const start = pointOver(ids.Cart);
    fireEvent.pointerDown(cardOf(ids.Cart), { ...start, button: 0 });
    fireEvent.pointerMove(window, { clientX: start.clientX + 60, clientY: start.clientY + 30 });
    fireEvent.pointerUp(window, { clientX: start.clientX + 120, clientY: start.clientY + 90 });
    const moved = { image_id: ids.Cart, x: before.x + 120, y: before.y + 90 };
    await waitFor(() => expect(calls('PUT', 'project/link/cards')).toHaveLength(1));
    expect(calls('PUT', 'project/link/cards')[0].body).toEqual({ ...made.ref, cards: [moved] });
    await waitFor(async () => expect((await serverLinks(made.olga, made.ref)).cards).toEqual([moved]));

    view.unmount();
    renderApp(flowMapPath(made.teamId, made.projectId));
    await waitFor(() => expect(cardOf(ids.Cart).dataset.x).toBe(String(moved.x)));
    expect(cardOf(ids.Cart).dataset.y).toBe(String(moved.y));

    fireEvent.click(screen.getByTestId('flow-relayout'));
    fireEvent.click(await screen.findByRole('button', { name: 'Re-layout' }));
    await waitFor(() => expect(calls('PUT', 'project/link/cards')).toHaveLength(2));
    await waitFor(() => expect(cardOf(ids.Cart).dataset.x).toBe(String(before.x)));
    const cards = await waitFor(async () => {
      const answer = await serverLinks(made.olga, made.ref);
      expect(answer.cards.find((card) => card.image_id === ids.Cart)).toEqual({
        image_id: ids.Cart,
        ...before,
      });
      return answer.cards;
    });
    // Every live design is placed; the one in the bin is not.
    expect(cards.map((card) => card.image_id).sort()).toEqual([ids.Home, ids.Cart, ids.Pay, ids.Done].sort());
    expect(cards.find((card) => card.image_id === ids.Cart)).toEqual({ image_id: ids.Cart, ...before });
  });

  it('shows a viewer the map read-only', async () => {
    const made = await shop();
    const { ids } = made;
    const ada = await newAccount('Ada');
    await joinByLink(ada, await inviteLink(made.olga, made.teamId, 'onlooker'));
    await openMap(made, ada);
    expect(screen.getByTestId('flow-page').dataset.canEdit).toBe('false');
    expect(screen.queryAllByTestId('flow-card-handle')).toHaveLength(0);
    expect(screen.queryByTestId('flow-relayout')).toBeNull();

    const start = pointOver(ids.Cart);
    fireEvent.pointerDown(cardOf(ids.Cart), { ...start, button: 0 });
    fireEvent.pointerMove(window, { clientX: start.clientX + 80, clientY: start.clientY });
    fireEvent.pointerUp(window, { clientX: start.clientX + 80, clientY: start.clientY });
    fireEvent.pointerDown(within(arrowOf(ids.Pay, ids.Done) as HTMLElement).getByTestId('flow-arrow-hit'), {
      button: 0,
    });
    fireEvent.keyDown(window, { key: 'Delete' });
    expect(screen.queryByTestId('flow-arrow-delete')).toBeNull();
    expect(calls('PUT', 'project/link/cards')).toHaveLength(0);
    expect(calls('DELETE', 'project/link')).toHaveLength(0);
    expect(calls('POST', 'project/link')).toHaveLength(0);
  });

  it('keeps the map when a refresh fails, and leaves Space to a focused button', async () => {
    const made = await shop();
    await openMap(made);
    replaceAnswers((request) =>
      request.method === 'GET' && request.path === '/api/project/link'
        ? envelope('-11111', 'busy', undefined, 500)
        : null,
    );
    await queryClient.invalidateQueries();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('flow-unavailable')).toBeNull();
    expect(screen.getAllByTestId('flow-card')).toHaveLength(5);
    expect(arrowOf(made.ids.Home, made.ids.Cart)).toBeTruthy();

    // Space presses a focused button; on the map it holds the hand for panning.
    const zoomIn = screen.getByTestId('flow-zoom-in');
    zoomIn.focus();
    expect(fireEvent.keyDown(zoomIn, { key: ' ', code: 'Space' })).toBe(true);
    expect(screen.getByTestId('flow-frame').classList.contains('flow-space')).toBe(false);
    expect(fireEvent.keyDown(document.body, { key: ' ', code: 'Space' })).toBe(false);
    expect(screen.getByTestId('flow-frame').classList.contains('flow-space')).toBe(true);
    fireEvent.keyUp(document.body, { key: ' ', code: 'Space' });
  });

  it("does not show another team's project", async () => {
    const made = await demoFlow(['Home'], []);
    const stranger = await newAccount('Sam');
    await createTeam(stranger, unique('Other'));
    await signInHere(stranger);
    renderApp(flowMapPath(made.teamId, made.projectId));
    expect(await screen.findByTestId('flow-unavailable')).toBeTruthy();
    expect(screen.queryAllByTestId('flow-card')).toHaveLength(0);
  });
});
