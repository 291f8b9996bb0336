import '../../../test/setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../queryClient';
import { writePreferences } from '../../../state/preferences';
import { envelope } from '../../../test/http';
import { renderApp } from '../../../test/render';
import { callAs, newAccount, replaceAnswers, signInHere, useRealServer } from '../../../test/server';
import { stagePath } from '../../stage/paths';
import { demoPath } from '../paths';
import { demoFlow } from './demoSeed';
import { keptPictures } from './pictures';

useRealServer();

/** Olga's flow, with her signed in here. */
async function flow(names: string[], links: [string, string][]) {
  const made = await demoFlow(names, links);
  await signInHere(made.olga);
  return made;
}

const shownId = () => screen.getByTestId('demo-frame').dataset.designId;
async function expectShown(id: string) {
  await waitFor(() => expect(shownId()).toBe(id));
}
/** The hotspots of the design on screen. */
const hotspots = () => screen.getAllByTestId('demo-hotspot');
const hotspotTo = (target: string) => {
  const found = hotspots().find((hotspot) => hotspot.dataset.target === target);
  if (!found) throw new Error(`no hotspot to ${target}`);
  return found;
};

beforeEach(() => window.sessionStorage.clear());

describe('the prototype demo', () => {
  it('follows hotspots, goes back by a back hotspot and by ←, forward by →, and keeps the address', async () => {
    const { teamId, projectId, ids } = await flow(
      ['Cart', 'Home', 'Pay'],
      [
        ['Home', 'Cart'],
        ['Cart', 'Pay'],
        ['Pay', 'back'],
      ],
    );
    const view = renderApp(demoPath(teamId, projectId));
    // Home starts: it leads somewhere and nothing leads to it, though Cart comes first on the stage.
    await expectShown(ids.Home);
    expect(document.title).toBe('Prototype demo - Ferry');
    expect(screen.getByTestId('demo-name').textContent).toBe('Home');
    // The drawn picture of the design's current version.
    expect(screen.getByRole('img', { name: 'Home' }).getAttribute('src')).toMatch(/^\/files\//);
    expect(screen.getByTestId('demo-position').textContent).toBe('2 / 3');
    expect((screen.getByTestId('demo-back') as HTMLButtonElement).disabled).toBe(true);
    // A mobile project plays in a phone's bezel by default.
    expect(screen.getByTestId('demo-device')).toBeTruthy();

    fireEvent.click(hotspotTo(ids.Cart));
    await expectShown(ids.Cart);
    await waitFor(() => expect(view.location()).toBe(demoPath(teamId, projectId, ids.Cart)));
    fireEvent.click(hotspotTo(ids.Pay));
    await expectShown(ids.Pay);
    expect(screen.getByTestId('demo-position').textContent).toBe('3 / 3');

    fireEvent.click(hotspotTo('back'));
    await expectShown(ids.Cart);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await expectShown(ids.Home);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    // Nothing before the first design.
    await expectShown(ids.Home);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await expectShown(ids.Cart);
    fireEvent.click(screen.getByTestId('demo-forward'));
    await expectShown(ids.Pay);
    expect((screen.getByTestId('demo-forward') as HTMLButtonElement).disabled).toBe(true);

    // Going somewhere new from the middle drops what lay ahead.
    fireEvent.click(screen.getByTestId('demo-back'));
    fireEvent.click(screen.getByTestId('demo-back'));
    await expectShown(ids.Home);
    fireEvent.click(screen.getByTestId('demo-restart'));
    await expectShown(ids.Home);
    await waitFor(() => expect(view.location()).toBe(demoPath(teamId, projectId, ids.Home)));

    // Esc leaves; opened directly, it lands on the project's stage.
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(view.location()).toBe(stagePath(teamId, projectId)));
  });

  it('flashes the hotspots on a click beside them, and a hotspot to a binned design goes nowhere', async () => {
    const { olga, teamId, projectId, ids } = await flow(
      ['Home', 'Cart', 'Gone'],
      [
        ['Home', 'Cart'],
        ['Home', 'Gone'],
      ],
    );
    await callAs(olga, 'DELETE', 'project/image', {
      team_id: teamId,
      project_id: projectId,
      image_ids: [ids.Gone],
    });
    renderApp(demoPath(teamId, projectId));
    await expectShown(ids.Home);
    const layer = screen.getByTestId('demo-hotspots');
    expect(layer.classList.contains('is-flashing')).toBe(false);
    fireEvent.click(screen.getByTestId('demo-stage'));
    expect(screen.getByTestId('demo-hotspots').classList.contains('is-flashing')).toBe(true);
    // The flash is brief.
    await waitFor(() =>
      expect(screen.getByTestId('demo-hotspots').classList.contains('is-flashing')).toBe(false),
    );

    const broken = hotspotTo(ids.Gone);
    expect(broken.classList.contains('is-broken')).toBe(true);
    expect(broken.getAttribute('aria-label')).toBe('Target in recycle bin');
    fireEvent.click(broken);
    // Neither a step nor a flash.
    expect(screen.getByTestId('demo-hotspots').classList.contains('is-flashing')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shownId()).toBe(ids.Home);
    expect((screen.getByTestId('demo-back') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseEnter(broken);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Target in recycle bin');

    // With the user's hotspot hints off, a click beside them shows nothing.
    act(() => writePreferences({ hotspotHints: false }));
    fireEvent.click(screen.getByTestId('demo-stage'));
    expect(screen.getByTestId('demo-hotspots').classList.contains('is-flashing')).toBe(false);
  });

  it('starts on the design asked for, else on the first design when no flow exists', async () => {
    const { teamId, projectId, ids } = await flow(['First', 'Second'], []);
    const view = renderApp(demoPath(teamId, projectId));
    await expectShown(ids.First);
    expect(screen.queryAllByTestId('demo-hotspot')).toHaveLength(0);
    view.unmount();

    renderApp(demoPath(teamId, projectId, ids.Second));
    await expectShown(ids.Second);
    expect(screen.getByTestId('demo-position').textContent).toBe('2 / 2');
  });

  it('says when a project has no designs, in Chinese too, and opens from the stage toolbar', async () => {
    const { teamId, projectId } = await flow([], []);
    const view = renderApp(stagePath(teamId, projectId));
    fireEvent.click(await screen.findByTestId('demo-open'));
    await screen.findByTestId('demo-empty');
    expect(view.location()).toBe(demoPath(teamId, projectId));
    expect(screen.getByTestId('demo-empty').textContent).toContain('No designs to play yet');
    // Opened from the stage, the way out goes back there.
    fireEvent.click(screen.getByTestId('demo-state-leave'));
    await waitFor(() => expect(view.location()).toBe(stagePath(teamId, projectId)));
    view.unmount();

    const { setLang } = await import('../../../i18n');
    await setLang('zh-CN');
    renderApp(demoPath(teamId, projectId));
    await screen.findByTestId('demo-empty');
    expect(screen.getByTestId('demo-empty').textContent).toContain('暂无可演示的设计图');
    expect(document.title).toBe('原型演示 - Ferry');
  });

  it('starts over, saying why, when the design on screen is deleted; a failed refresh keeps it playing', async () => {
    const { olga, teamId, projectId, ids } = await flow(['Home', 'Cart'], [['Home', 'Cart']]);
    const view = renderApp(demoPath(teamId, projectId));
    await expectShown(ids.Home);
    fireEvent.click(hotspotTo(ids.Cart));
    await expectShown(ids.Cart);
    expect(keptPictures().length).toBeGreaterThan(0);

    // A failed read leaves the demo as it was.
    replaceAnswers((request) =>
      request.path === '/api/project/images' ? envelope('-11111', 'busy', undefined, 500) : null,
    );
    await queryClient.invalidateQueries();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('demo-error')).toBeNull();
    expect(shownId()).toBe(ids.Cart);

    replaceAnswers(() => null);
    await callAs(olga, 'DELETE', 'project/image', {
      team_id: teamId,
      project_id: projectId,
      image_ids: [ids.Cart],
    });
    await queryClient.invalidateQueries();
    await expectShown(ids.Home);
    expect(await screen.findByText('The design shown was removed; the demo starts over')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Home' })).toBeTruthy();

    // Leaving lets go of the decoded pictures.
    view.unmount();
    expect(keptPictures()).toEqual([]);
  });

  it('refuses a project of another team', async () => {
    const { teamId, projectId } = await flow(['Home'], []);
    await signInHere(await newAccount('Mallory'));
    renderApp(demoPath(teamId, projectId));
    await screen.findByTestId('demo-error');
    expect(screen.queryByTestId('demo-frame')).toBeNull();
  });
});
