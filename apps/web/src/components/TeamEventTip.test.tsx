import '../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REACTIONS, request } from '../api/client';
import { applyLogin, getSession } from '../state/session';
import { getTeamEvent } from '../state/teamEvents';
import { buildLogin, buildTeam } from '../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../test/http';
import { renderApp } from '../test/render';

const alpha = buildTeam('team-a', 'Alpha', 'member');
const beta = buildTeam('team-b', 'Beta', 'admin');
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

function serve(options: { refusal: string; remaining: ReturnType<typeof buildTeam>[] }) {
  const login = buildLogin({ teams: [alpha, beta] });
  applyLogin(login);
  let gone = false;
  return stubFetch((req: SeenRequest) => {
    if (req.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    if (req.path === '/api/account/user_teams') return ok(gone ? options.remaining : login.teams);
    if (req.path === '/api/account/team_users') {
      gone = true;
      return envelope(options.refusal, options.refusal === '19013' ? en(Codes.REMOVED_FROM_TEAM) : 'x');
    }
    return ok({});
  });
}

describe('team events (spec 000 §4)', () => {
  it('has a row in the reaction table for 19013, 19014 and 60001', () => {
    expect(REACTIONS['19013']).toMatchObject({ kind: 'teamEvent', event: 'removed' });
    expect(REACTIONS['19014']).toMatchObject({ kind: 'teamEvent', event: 'dissolved' });
    expect(REACTIONS['60001']).toMatchObject({ kind: 'toast', level: 'warning', durationMs: 5000 });
  });

  it('19013 rejects the call as handled and raises the "removed" event', async () => {
    stubFetch(() => envelope('19013', 'You were removed from the team'));
    await expect(request('GET', 'account/team_users')).rejects.toMatchObject({
      code: '19013',
      handled: true,
    });
    expect(getTeamEvent()).toEqual({ kind: 'removed' });
  });

  it('removed: a full-screen tip whose button opens the first remaining team', async () => {
    const seen = serve({ refusal: '19013', remaining: [beta] });
    const app = renderApp('/item/team');
    const tip = await screen.findByTestId('team-event-tip');
    expect(tip.getAttribute('data-kind')).toBe('removed');
    expect(tip.textContent).toContain('You were removed from the team');
    fireEvent.click(screen.getByTestId('team-event-action'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-b'));
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
    expect(getSession().team?.team_id).toBe('team-b');
    expect(seen.filter((req) => req.path === '/api/account/user_teams').length).toBeGreaterThan(0);
  });

  it('dissolved: the tip says so, and without teams left its button opens team creation', async () => {
    serve({ refusal: '19014', remaining: [] });
    const app = renderApp('/item/team');
    const tip = await screen.findByTestId('team-event-tip');
    expect(tip.getAttribute('data-kind')).toBe('dissolved');
    expect(tip.textContent).toContain('The team has been dissolved');
    fireEvent.click(screen.getByTestId('team-event-action'));
    await waitFor(() => expect(app.location()).toBe('/item/team/create?new=true'));
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
    expect(getSession().team).toBeNull();
  });

  it('the session check shows the removed tip when the stored team is no longer among the teams', async () => {
    const login = buildLogin({ teams: [alpha, beta] });
    applyLogin(login);
    stubFetch((req) => {
      if (req.path === '/api/account/login')
        return ok({ user: login.user, teams: [beta], team_status: null });
      if (req.path === '/api/account/user_teams') return ok([beta]);
      return ok({});
    });
    const app = renderApp('/item?fid=all&tid=team-a');
    expect((await screen.findByTestId('team-event-tip')).getAttribute('data-kind')).toBe('removed');
    fireEvent.click(screen.getByTestId('team-event-action'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-b'));
  });
});
