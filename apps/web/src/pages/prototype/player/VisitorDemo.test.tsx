import '../../../test/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setVisitorToken } from '../../../api/client';
import { renderApp } from '../../../test/render';
import { createShareLink } from '../../../test/seed';
import { useRealServer } from '../../../test/server';
import { layOutStage } from '../../../test/stageLayout';
import { shareDemoPath } from '../paths';
import { demoFlow } from './demoSeed';

const seen = useRealServer();
const LOOK = { inspect: false, download: false, see_comments: false, comment: false };

beforeEach(() => {
  window.sessionStorage.clear();
  setVisitorToken(null);
  layOutStage();
});

const shownId = () => screen.getByTestId('demo-frame').dataset.designId;

describe('the prototype demo of a share link', () => {
  it('plays only the link’s designs, and a hotspot leading outside them goes nowhere', async () => {
    const { olga, teamId, projectId, ids } = await demoFlow(
      ['Home', 'Cart', 'Admin'],
      [
        ['Home', 'Cart'],
        ['Home', 'Admin'],
        ['Admin', 'Home'],
        ['Cart', 'back'],
      ],
    );
    const link = await createShareLink(olga, {
      team_id: teamId,
      project_id: projectId,
      scope: 'designs',
      design_ids: [ids.Home, ids.Cart],
      rights: LOOK,
    });
    // Signed out: the link's stage offers the demo.
    const view = renderApp(`/share/${link.code}`);
    await waitFor(() => expect(screen.getAllByTestId('design-card')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('demo-open'));
    await waitFor(() => expect(shownId()).toBe(ids.Home));
    await waitFor(() => expect(view.location()).toBe(shareDemoPath(link.code, ids.Home)));
    expect(screen.getByTestId('demo-position').textContent).toBe('1 / 2');

    // Admin is not shared: its hotspot shows as leading nowhere (Admin is not even named), and the hotspots
    // drawn on it are not sent.
    const spots = screen.getAllByTestId('demo-hotspot');
    expect(spots).toHaveLength(2);
    const toCart = spots.find((spot) => spot.dataset.target === ids.Cart);
    const toAdmin = spots.find((spot) => spot !== toCart);
    expect(toAdmin?.dataset.target).not.toBe(ids.Admin);
    expect(toAdmin?.classList.contains('is-broken')).toBe(true);
    fireEvent.click(toAdmin as HTMLElement);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shownId()).toBe(ids.Home);

    fireEvent.click(toCart as HTMLElement);
    await waitFor(() => expect(shownId()).toBe(ids.Cart));
    fireEvent.click(screen.getByTestId('demo-hotspot'));
    await waitFor(() => expect(shownId()).toBe(ids.Home));
    // No one is signed in here: the hotspots were read with the visitor's token.
    const hotspotCalls = seen.filter((request) => request.path === '/api/project/prototype');
    expect(hotspotCalls.length).toBeGreaterThan(0);
    expect(hotspotCalls.every((request) => !!request.headers?.authorization)).toBe(true);

    // Esc goes back to the link's stage.
    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByTestId('share-stage');
    expect(view.location()).toBe(`/share/${link.code}`);
  });

  it('opens on a design of the link asked for, never on one outside it', async () => {
    const { olga, teamId, projectId, ids } = await demoFlow(['Home', 'Admin'], [['Admin', 'Home']]);
    const link = await createShareLink(olga, {
      team_id: teamId,
      project_id: projectId,
      scope: 'designs',
      design_ids: [ids.Home],
      rights: LOOK,
    });
    renderApp(shareDemoPath(link.code, ids.Admin));
    await waitFor(() => expect(shownId()).toBe(ids.Home));
    expect(screen.getByTestId('demo-position').textContent).toBe('1 / 1');
    expect(screen.queryAllByTestId('demo-hotspot')).toHaveLength(0);
    expect(screen.getByTestId('demo-name').textContent).toBe('Home');
  });
});
