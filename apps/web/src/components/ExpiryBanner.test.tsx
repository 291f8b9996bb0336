import '../test/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpireNotice } from '../api/teams';
import { queryClient } from '../queryClient';
import { ok } from '../test/http';
import { renderApp } from '../test/render';
import { createTeam, newAccount, replaceAnswers, signInHere, unique, useRealServer } from '../test/server';

const seen = useRealServer();

/** Ada, super admin of her new team on the free plan, signed in here. */
async function adaSignedIn() {
  const ada = await newAccount('Ada');
  const team = await createTeam(ada, unique('Alpha'));
  await signInHere(ada);
  return { ada, team };
}

/**
 * A paid plan near its end. Plans are set by the operator's command line, not through the API, so this one
 * answer is given here, in the shape the app reads.
 */
function planEndsIn12Days() {
  const notice: ExpireNotice = {
    expire_info: { package_level: 2, expire_time: '2026-03-13T00:00:00.000Z', left_days: 12, diffDay: 13 },
    throttle_ms: 300_000,
  };
  replaceAnswers((req) => (req.path === '/api/team/seat/expire_notice' ? ok(notice) : null));
}

describe('plan-expiry notice (spec 000 §4)', () => {
  it('shows the days left for the active team, and closing it hides it for 5 minutes', async () => {
    const { ada, team } = await adaSignedIn();
    planEndsIn12Days();
    const first = renderApp(`/item?fid=all&tid=${team.id}`);
    const banner = await screen.findByTestId('expiry-banner');
    expect(banner.textContent).toContain("Your team's Startup plan ends in 12 days");
    const call = seen.find((req) => req.path === '/api/team/seat/expire_notice');
    expect(call?.query.get('team_id')).toBe(team.id);
    expect(call?.query.get('user_id')).toBe(ada.userId);
    const before = Date.now();
    fireEvent.click(screen.getByLabelText('Close the notice'));
    await waitFor(() => expect(screen.queryByTestId('expiry-banner')).toBeNull());
    const until = JSON.parse(window.localStorage.getItem('expireNotice') ?? '{}')[team.id];
    expect(until).toBeGreaterThanOrEqual(before + 300_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 300_000);
    first.unmount();
    // Still inside the throttle time: not shown again.
    renderApp(`/item?fid=all&tid=${team.id}`);
    await screen.findByTestId('item-empty');
    expect(screen.queryByTestId('expiry-banner')).toBeNull();
  });

  it('shows again once the throttle time has passed', async () => {
    const { team } = await adaSignedIn();
    planEndsIn12Days();
    window.localStorage.setItem('expireNotice', JSON.stringify({ [team.id]: Date.now() - 1 }));
    renderApp(`/item?fid=all&tid=${team.id}`);
    expect(await screen.findByTestId('expiry-banner')).toBeTruthy();
  });

  it('shows nothing for a team on the free plan', async () => {
    const { team } = await adaSignedIn();
    renderApp(`/item?fid=all&tid=${team.id}`);
    await screen.findByTestId('item-empty');
    // The server's answer is in: no notice.
    await waitFor(() =>
      expect(queryClient.getQueryState(['team', team.id, 'expireNotice'])?.status).toBe('success'),
    );
    expect(queryClient.getQueryData<ExpireNotice>(['team', team.id, 'expireNotice'])?.expire_info).toBeNull();
    expect(screen.queryByTestId('expiry-banner')).toBeNull();
  });
});
