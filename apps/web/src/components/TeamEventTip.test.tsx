import '../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REACTIONS, request } from '../api/client';
import { queryClient } from '../queryClient';
import { getSession } from '../state/session';
import { getTeamEvent } from '../state/teamEvents';
import { switchTeam } from '../state/teamSwitch';
import { renderApp } from '../test/render';
import {
  callAs,
  createTeam,
  encryptForServer,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../test/server';

const seen = useRealServer();
/**
 * Every call about the lost team is refused the same way and raises the tip again; a person reads the tip
 * before pressing its button, by which time those calls are answered.
 */
const settled = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));

const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

/**
 * Ada, signed in here with Olga's team Beta open; `ownTeam` gives her a team of her own, Alpha, too.
 * `leave` is what then happens to Beta on Olga's side.
 */
async function adaInBeta(options: { ownTeam: boolean }) {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const alpha = options.ownTeam ? await createTeam(ada, unique('Alpha')) : null;
  const beta = await createTeam(olga, unique('Beta'));
  await joinByLink(ada, await inviteLink(olga, beta.id, 'admin'));
  await signInHere(ada);
  await switchTeam(
    getSession().teams.find((team) => team.id === beta.id),
    { navigate: false },
  );
  const remove = () =>
    callAs(olga, 'DELETE', 'account/remove_member', { team_id: beta.id, user_id: ada.userId });
  const dissolve = async () =>
    callAs(olga, 'DELETE', 'account/team', {
      team_id: beta.id,
      name: beta.name,
      password: await encryptForServer(olga.password),
    });
  return { ada, alpha, beta, remove, dissolve };
}

describe('team events (spec 000 §4)', () => {
  it('has a row in the reaction table for 19013, 19014 and 60001', () => {
    expect(REACTIONS['19013']).toMatchObject({ kind: 'teamEvent', event: 'removed' });
    expect(REACTIONS['19014']).toMatchObject({ kind: 'teamEvent', event: 'dissolved' });
    expect(REACTIONS['60001']).toMatchObject({ kind: 'toast', level: 'warning', durationMs: 5000 });
  });

  it('a call about a team the user was removed from rejects as handled and raises the "removed" event', async () => {
    const { beta, remove } = await adaInBeta({ ownTeam: false });
    await remove();
    await expect(request('GET', 'account/team_users', { query: { team_id: beta.id } })).rejects.toMatchObject(
      {
        code: Codes.REMOVED_FROM_TEAM.code,
        handled: true,
      },
    );
    expect(getTeamEvent()).toEqual({ kind: 'removed' });
  });

  it('removed: a full-screen tip whose button opens the first remaining team', async () => {
    const { alpha, remove } = await adaInBeta({ ownTeam: true });
    await remove();
    const app = renderApp('/item/team');
    const tip = await screen.findByTestId('team-event-tip');
    expect(tip.getAttribute('data-kind')).toBe('removed');
    expect(tip.textContent).toContain(en(Codes.REMOVED_FROM_TEAM));
    await settled();
    fireEvent.click(screen.getByTestId('team-event-action'));
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${alpha!.id}`));
    // The router moves at once; the tip leaves with the next render.
    await waitFor(() => expect(screen.queryByTestId('team-event-tip')).toBeNull());
    expect(getSession().team?.team_id).toBe(alpha!.id);
    expect(seen.filter((req) => req.path === '/api/account/user_teams').length).toBeGreaterThan(0);
  });

  it('dissolved: the tip says so, and without teams left its button opens team creation', async () => {
    const { dissolve } = await adaInBeta({ ownTeam: false });
    const app = renderApp('/user/info');
    await screen.findByTestId('info-name-input');
    // Dissolved while the page is open: the next call about the team says so.
    await dissolve();
    await app.router.navigate('/item/team');
    const tip = await screen.findByTestId('team-event-tip');
    expect(tip.getAttribute('data-kind')).toBe('dissolved');
    expect(tip.textContent).toContain('The team has been dissolved');
    await settled();
    fireEvent.click(screen.getByTestId('team-event-action'));
    await waitFor(() => expect(app.location()).toBe('/item/team/create?new=true'));
    // The router moves at once; the tip leaves with the next render.
    await waitFor(() => expect(screen.queryByTestId('team-event-tip')).toBeNull());
    expect(getSession().team).toBeNull();
  });

  it('the session check shows the removed tip when the stored team is no longer among the teams', async () => {
    const { alpha, beta, remove } = await adaInBeta({ ownTeam: true });
    await remove();
    const app = renderApp(`/item?fid=all&tid=${beta.id}`);
    expect((await screen.findByTestId('team-event-tip')).getAttribute('data-kind')).toBe('removed');
    await settled();
    fireEvent.click(screen.getByTestId('team-event-action'));
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${alpha!.id}`));
  });
});
