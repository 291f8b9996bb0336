import '../test/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmExpiryDialog } from '../state/expiryNotice';
import { renderApp } from '../test/render';
import { paidPlan } from '../test/seed';
import {
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../test/server';

useRealServer();

const DAY = 86_400_000;
/** A plan end date `days` from now, as the operator's command takes it. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const dialogTimes = () => JSON.parse(window.localStorage.getItem('expiryDialog') ?? '{}');

/** Olga's team on the Startup plan ending in `days`, with Olga or a new member of it signed in here. */
async function startupEndingIn(days: number, viewer: 'owner' | 'member' = 'owner') {
  const olga = await newAccount('Olga');
  const team = await createTeam(olga, unique('Alpha'));
  await paidPlan(team.id, 2, inDays(days));
  if (viewer === 'owner') {
    await signInHere(olga);
    return team;
  }
  const ada = await newAccount('Ada');
  await joinByLink(ada, await inviteLink(olga, team.id, 'member'));
  await signInHere(ada);
  return team;
}

describe('30-day plan expiry dialog', () => {
  it('shows the team admins the days left and what the end changes, once a day per team', async () => {
    const team = await startupEndingIn(12);
    const first = renderApp(`/item?fid=all&tid=${team.id}`);
    const body = await screen.findByTestId('expiry-dialog');
    // The plan ends at midnight UTC 12 days ahead: 11 whole days left, or 12 right after midnight.
    expect(screen.getByText(/^Your plan ends in 1[12] days$/)).toBeTruthy();
    expect(body.textContent).toContain('on the Startup plan until');
    expect(body.textContent).toContain('10 members, 10 projects and 500 designs');

    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByTestId('expiry-dialog')).toBeNull());
    expect(dialogTimes()[team.id]).toBeGreaterThanOrEqual(before);
    first.unmount();

    // The same day: the banner still says it, the dialog does not come back.
    const second = renderApp(`/item?fid=all&tid=${team.id}`);
    await screen.findByTestId('expiry-banner');
    expect(screen.queryByTestId('expiry-dialog')).toBeNull();
    second.unmount();

    // A day later it shows again.
    window.localStorage.setItem('expiryDialog', JSON.stringify({ [team.id]: Date.now() - DAY - 1 }));
    renderApp(`/item?fid=all&tid=${team.id}`);
    expect(await screen.findByTestId('expiry-dialog')).toBeTruthy();
  });

  it('is not shown to members, who see the banner only', async () => {
    const team = await startupEndingIn(12, 'member');
    renderApp(`/item?fid=all&tid=${team.id}`);
    await screen.findByTestId('expiry-banner');
    await screen.findByTestId('item-empty');
    expect(screen.queryByTestId('expiry-dialog')).toBeNull();
  });

  it('is not shown while more than 30 days are left', async () => {
    const team = await startupEndingIn(45);
    renderApp(`/item?fid=all&tid=${team.id}`);
    await screen.findByTestId('item-empty');
    expect(screen.queryByTestId('expiry-dialog')).toBeNull();
    expect(screen.queryByTestId('expiry-banner')).toBeNull();
  });

  it('records its close only with a team id', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.removeItem('expiryDialog');
    expect(confirmExpiryDialog(null)).toBe(false);
    expect(confirmExpiryDialog('')).toBe(false);
    expect(window.localStorage.getItem('expiryDialog')).toBeNull();
    expect(warned).toHaveBeenCalledTimes(2);
    expect(confirmExpiryDialog('team-1', 1000)).toBe(true);
    expect(dialogTimes()).toEqual({ 'team-1': 1000 });
  });
});

describe('seat notice in the invite dialog', () => {
  it('warns when the free plan has no seat left, and counts the seats otherwise', async () => {
    const olga = await newAccount('Olga');
    const team = await createTeam(olga, unique('Alpha'));
    await signInHere(olga);
    const link = await inviteLink(olga, team.id, 'member');
    // Olga and 8 members: one of the free plan's 10 seats is left.
    const members = await Promise.all(Array.from({ length: 8 }, (_, n) => newAccount(`Member${n}`)));
    await Promise.all(members.map((member) => joinByLink(member, link)));

    const first = renderApp('/item/team');
    fireEvent.click(await screen.findByTestId('members-invite'));
    expect((await screen.findByTestId('seat-notice')).textContent).toBe('1 seat left on this plan');
    first.unmount();

    await joinByLink(await newAccount('Last'), link);
    renderApp('/item/team');
    fireEvent.click(await screen.findByTestId('members-invite'));
    await waitFor(() =>
      expect(screen.getByTestId('seat-notice').textContent).toBe(
        'No seat left: the team has 10 of 10 members. New members cannot join until you free a seat or upgrade the plan.',
      ),
    );
  });
});
