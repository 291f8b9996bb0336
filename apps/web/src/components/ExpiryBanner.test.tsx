import '../test/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLogin } from '../state/session';
import { buildLogin, buildTeam } from '../test/fixtures';
import { ok, stubFetch } from '../test/http';
import { renderApp } from '../test/render';

function serve(expireInfo: unknown) {
  const login = buildLogin({ teams: [buildTeam('team-a', 'Alpha', 'superadmin', { package_level: 2 })] });
  applyLogin(login);
  return stubFetch((req) => {
    if (req.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    if (req.path === '/api/team/seat/expire_notice')
      return ok({ expire_info: expireInfo, throttle_ms: 300_000 });
    return ok({});
  });
}

const info = { package_level: 2, expire_time: '2026-03-13T00:00:00.000Z', left_days: 12, diffDay: 13 };

describe('plan-expiry notice (spec 000 §4)', () => {
  it('shows the days left for the active team, and closing it hides it for 5 minutes', async () => {
    const seen = serve(info);
    const first = renderApp('/item?fid=all&tid=team-a');
    const banner = await screen.findByTestId('expiry-banner', {}, { timeout: 5000 });
    expect(banner.textContent).toContain("Your team's Startup plan ends in 12 days");
    const call = seen.find((req) => req.path === '/api/team/seat/expire_notice');
    expect(call?.query.get('team_id')).toBe('team-a');
    expect(call?.query.get('user_id')).toBe('user-1');

    const before = Date.now();
    fireEvent.click(screen.getByLabelText('Close the notice'));
    await waitFor(() => expect(screen.queryByTestId('expiry-banner')).toBeNull());
    const until = JSON.parse(window.localStorage.getItem('expireNotice') ?? '{}')['team-a'];
    expect(until).toBeGreaterThanOrEqual(before + 300_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 300_000);
    first.unmount();

    // Still inside the throttle time: not shown again.
    renderApp('/item?fid=all&tid=team-a');
    await screen.findByTestId('item-empty');
    expect(screen.queryByTestId('expiry-banner')).toBeNull();
  });

  it('shows again once the throttle time has passed', async () => {
    serve(info);
    window.localStorage.setItem('expireNotice', JSON.stringify({ 'team-a': Date.now() - 1 }));
    renderApp('/item?fid=all&tid=team-a');
    expect(await screen.findByTestId('expiry-banner', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows nothing without expire_info', async () => {
    serve(null);
    renderApp('/item?fid=all&tid=team-a');
    await screen.findByTestId('item-empty');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('expiry-banner')).toBeNull();
  });
});
