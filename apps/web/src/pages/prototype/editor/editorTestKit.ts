import type { HotspotView, TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, inject } from 'vitest';
import { pngOf } from '../../../../../server/src/test/images';
import { renderApp } from '../../../test/render';
import { createProject, uploadDesign } from '../../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  nodeFetch,
  signInHere,
  unique,
} from '../../../test/server';
import { protoEditPath } from '../paths';

/** The hotspot editor's tests: a project seeded through the API, and the pointer and picks they make. */

/**
 * Olga's project of three 400 × 300 designs (Home, Cart, Pay) with Ada (signed in here) in her team as
 * `role`. jsdom lays nothing out: the canvas shows designs at 100 % with their corner at the page's, so a
 * mouse at (x, y) is at design pixel (x, y).
 */
export async function project(role: TeamRole = 'member') {
  const [olga, ada] = await Promise.all(['Olga', 'Ada'].map((name) => newAccount(name)));
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const projectId = await createProject(olga, team.id, unique('App'));
  const picture = await pngOf(400, 300);
  const ids: Record<string, string> = {};
  for (const name of ['Home', 'Cart', 'Pay'])
    ids[name] = await uploadDesign(olga, team.id, projectId, `${name}.png`, picture);
  // Drawn as the job worker would: a design's size is known once its picture is.
  const drawn = await nodeFetch(inject('ferryDrawUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: team.id }),
  });
  if (!drawn.ok) throw new Error(`draw: ${await drawn.text()}`);
  await signInHere(ada);
  const scope = { team_id: team.id, project_id: projectId };
  const held = () =>
    callAs<{ positions: HotspotView[] }>(
      olga,
      'GET',
      `project/prototype?team_id=${team.id}&project_id=${projectId}`,
    ).then((answer) => answer.positions);
  const seed = (
    positions: { image_id: string; next_image: string; p_x: number; p_y: number; p_w: number; p_h: number }[],
  ) =>
    callAs<{ positions: HotspotView[] }>(olga, 'POST', 'project/prototype', { ...scope, positions }).then(
      (answer) => answer.positions,
    );
  return { olga, ada, teamId: team.id, projectId, ids, held, seed };
}

export const box = (x: number, y: number, w: number, h: number) => ({ p_x: x, p_y: y, p_w: w, p_h: h });

/** A drag from one point to another with the left button, pressed on `element`. */
export function drag(element: Element, from: [number, number], to: [number, number], shiftKey = false) {
  fireEvent.mouseDown(element, { button: 0, clientX: from[0], clientY: from[1], shiftKey });
  fireEvent.mouseMove(window, { clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2 });
  fireEvent.mouseMove(window, { clientX: to[0], clientY: to[1] });
  fireEvent.mouseUp(window, { clientX: to[0], clientY: to[1] });
}

export function click(element: Element, shiftKey = false) {
  fireEvent.mouseDown(element, { button: 0, clientX: 1, clientY: 1, shiftKey });
  fireEvent.mouseUp(window, { clientX: 1, clientY: 1 });
}

export async function choose(testId: string, option: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(choice);
}

export const hotspots = () => screen.queryAllByTestId('proto-hotspot');
export const hotspotLeadingTo = (label: string) => {
  const found = hotspots().find((element) => element.getAttribute('title') === label);
  if (!found) throw new Error(`no hotspot to ${label}`);
  return found;
};

/**
 * The editor on `imageId`, once its designs are listed and its hotspots read: until then the canvas shows
 * its loading notice and takes no presses.
 */
export async function openEditor(teamId: string, projectId: string, imageId: string) {
  const view = renderApp(protoEditPath(teamId, projectId, imageId));
  await waitFor(() => expect(screen.getAllByTestId('proto-design')).toHaveLength(3));
  await waitFor(() => expect(document.querySelector('.proto-world')).not.toBeNull());
  return view;
}
