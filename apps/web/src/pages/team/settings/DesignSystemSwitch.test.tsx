import '../../../test/setup';
import type { DsmSwitch, TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectTeam } from '../../../state/session';
import { renderApp } from '../../../test/render';
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

const seen = useRealServer();

/** Olga's team Alpha on screen for Ada (signed in here) as `role`. */
async function adaIn(role: Exclude<TeamRole, 'superadmin'>) {
  const [olga, ada] = await Promise.all([newAccount('Olga'), newAccount('Ada')]);
  const alpha = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, alpha.id, role));
  const login = await signInHere(ada);
  const onScreen = login.teams.find((team) => team.id === alpha.id);
  if (!onScreen) throw new Error('Ada is not in Alpha');
  selectTeam(onScreen);
  return { olga, ada, alpha };
}

const stateOf = (user: { token: string }, teamId: string) =>
  callAs<DsmSwitch>(user, 'GET', `permission/dsm_auth_switch?team_id=${teamId}`);

describe('team settings: design system switch', () => {
  it('lets an admin turn the design system off and on', async () => {
    const { olga, alpha } = await adaIn('admin');
    renderApp('/item/team?tab=settings');
    const toggle = await screen.findByTestId('team-dsm-toggle');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect((await stateOf(olga, alpha.id)).enabled).toBe(false);
    const put = seen.filter(
      (request) => request.method === 'PUT' && request.path === '/api/permission/dsm_auth_switch',
    );
    expect(put.map((request) => request.body)).toEqual([{ team_id: alpha.id, enabled: false }]);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect((await stateOf(olga, alpha.id)).enabled).toBe(true);
  });

  it('tells a member whether it is on, without a switch', async () => {
    const { olga, alpha } = await adaIn('member');
    await callAs(olga, 'PUT', 'permission/dsm_auth_switch', { team_id: alpha.id, enabled: false });
    renderApp('/item/team?tab=settings');
    expect((await screen.findByTestId('team-dsm-state')).textContent).toBe('Off');
    expect(screen.queryByTestId('team-dsm-toggle')).toBeNull();
  });
});
