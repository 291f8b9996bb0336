import '../../test/setup';
import { Codes, codeMessage, type InviteInfo, PlanLimits, ruleMessage, type TeamApply } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setClientUi } from '../../api/client';
import { getSession } from '../../state/session';
import { renderApp } from '../../test/render';
import {
  callAs,
  createTeam,
  inviteLanding,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';

const seen = useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

/** Olga's team Nova and a member link of it, `review` when joining needs her agreement. */
async function novaLink(review = false) {
  const olga = await newAccount('Olga');
  const nova = await createTeam(olga, unique('Nova'));
  const link = await inviteLink(olga, nova.id, 'member', review);
  return { olga, nova, link, landing: inviteLanding(link) };
}

/** A visitor signed in here with a team of their own, Alpha. */
async function signedInVisitor() {
  const ada = await newAccount('Ada');
  const alpha = await createTeam(ada, unique('Alpha'));
  await signInHere(ada);
  return { ada, alpha };
}

const inviteInfo = (user: { token: string } | null, landing: string) =>
  callAs<InviteInfo>(user, 'GET', `account/invite_info?${landing.split('?')[1]}`);

describe('invitation landing', () => {
  it('shows a link its team reset as expired or reset', async () => {
    const { olga, nova, landing } = await novaLink();
    await callAs(olga, 'POST', 'account/team_invite_link/reset', { team_id: nova.id });
    renderApp(landing);
    const screenEl = await screen.findByTestId('invite-expired');
    expect(screenEl.textContent).toContain('The link has expired or was reset');
    expect(screenEl.textContent).toContain('Ask the person who invited you for a new link');
  });

  it('shows a tampered link as invalid, and a link without its values too', async () => {
    const { link } = await novaLink();
    const tampered = { ...link, time: link.time - 1 };
    const first = renderApp(inviteLanding(tampered));
    expect((await screen.findByTestId('invite-invalid')).textContent).toContain(
      'The invitation link is invalid',
    );
    const asked = seen.find((req) => req.path === '/api/account/invite_info');
    expect(asked?.query.get('inviteSign')).toBe(link.inviteSign);
    expect(asked?.query.get('time')).toBe(String(tampered.time));
    expect(asked?.query.get('token')).toBe(link.token);
    first.unmount();

    renderApp(`/user/invite?inviteSign=${link.inviteSign}`);
    expect(await screen.findByTestId('invite-invalid')).toBeTruthy();
  });

  it('signed out: the team, inviter and role, and sign-in / register that come back here', async () => {
    const { nova, landing } = await novaLink();
    const app = renderApp(landing);
    expect((await screen.findByTestId('invite-team-name')).textContent).toBe(nova.name);
    expect(screen.getByTestId('invite-member-count').textContent).toContain('1 member');
    expect(screen.getByTestId('invite-inviter').textContent).toContain('Olga invites you to join');
    expect(screen.getByTestId('invite-role').textContent).toBe('Member');
    expect(document.title).toBe('Join a team - Ferry');
    fireEvent.click(screen.getByTestId('invite-register'));
    await waitFor(() =>
      expect(app.location()).toBe(`/user/register?redirecturl=${encodeURIComponent(landing)}`),
    );
  });

  it('signed out: "sign in" keeps the landing as redirecturl', async () => {
    const { landing } = await novaLink();
    const app = renderApp(landing);
    fireEvent.click(await screen.findByTestId('invite-login'));
    await waitFor(() =>
      expect(app.location()).toBe(`/user/login?redirecturl=${encodeURIComponent(landing)}`),
    );
  });

  it('with a session ended elsewhere still shows the invitation, never the session-expired dialog', async () => {
    const { nova, landing } = await novaLink();
    const { ada } = await signedInVisitor();
    await callAs({ token: getSession().token! }, 'PUT', 'account/login?code=10031');
    const dialogs: string[] = [];
    setClientUi({ toast: () => {}, alert: ({ content }) => dialogs.push(content) });
    renderApp(landing);
    expect((await screen.findByTestId('invite-team-name')).textContent).toBe(nova.name);
    expect(dialogs).toEqual([]);
    expect(screen.queryByText(en(Codes.SESSION_EXPIRED))).toBeNull();
    expect(ada.userId).toBeTruthy();
  });

  it('joins, switches to the team and opens its project list', async () => {
    const { nova, landing } = await novaLink();
    const { ada } = await signedInVisitor();
    const app = renderApp(landing);
    fireEvent.click(await screen.findByTestId('invite-join'));
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${nova.id}`));
    const join = seen.find((req) => req.path === '/api/account/join_by_link');
    expect(join?.method).toBe('POST');
    expect(getSession().team?.team_id).toBe(nova.id);
    expect(window.localStorage.getItem('role')).toBe('member');
    expect(await screen.findByTestId('item-empty')).toBeTruthy();
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
    expect((await inviteInfo(ada, landing)).viewer?.is_member).toBe(true);
  });

  it('tells a member they are already in the team and opens it', async () => {
    const { nova, link, landing } = await novaLink();
    const { ada } = await signedInVisitor();
    await joinByLink(ada, link);
    const app = renderApp(landing);
    expect((await screen.findByTestId('invite-already-member')).textContent).toContain(
      'You are already in this team',
    );
    fireEvent.click(screen.getByTestId('invite-open-team'));
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${nova.id}`));
  });

  it('a review link asks for a real name (checked by the shared rule) and a reason, then waits', async () => {
    const { olga, nova, landing } = await novaLink(true);
    await signedInVisitor();
    renderApp(landing);
    await screen.findByTestId('invite-apply-form');
    expect(screen.queryByTestId('invite-join')).toBeNull();

    fireEvent.click(screen.getByTestId('invite-apply-submit'));
    expect(await screen.findByText(ruleMessage('realName.required', 'en-US'))).toBeTruthy();

    fireEvent.change(screen.getByTestId('invite-real-name'), { target: { value: 'Abcdefghijk' } });
    fireEvent.click(screen.getByTestId('invite-apply-submit'));
    expect(await screen.findByText(ruleMessage('realName.length', 'en-US'))).toBeTruthy();
    expect(seen.some((req) => req.path === '/api/account/team_apply')).toBe(false);

    fireEvent.change(screen.getByTestId('invite-real-name'), { target: { value: 'Ada Byron' } });
    fireEvent.change(screen.getByTestId('invite-reason'), { target: { value: 'Design reviews' } });
    fireEvent.click(screen.getByTestId('invite-apply-submit'));
    expect((await screen.findByTestId('invite-waiting')).textContent).toContain('Waiting for review');
    // The team's admins now see the application.
    const applies = await callAs<TeamApply[]>(olga, 'GET', `account/team_apply?team_id=${nova.id}`);
    expect(applies.map(({ real_name, reason }) => ({ real_name, reason }))).toEqual([
      { real_name: 'Ada Byron', reason: 'Design reviews' },
    ]);
  });

  it('shows the waiting state for an application already pending', async () => {
    const { link, landing } = await novaLink(true);
    const { ada } = await signedInVisitor();
    await callAs(ada, 'POST', 'account/team_apply', {
      inviteSign: link.inviteSign,
      time: link.time,
      token: link.token,
      real_name: 'Ada Byron',
      reason: 'Design reviews',
    });
    renderApp(landing);
    expect(await screen.findByTestId('invite-waiting')).toBeTruthy();
  });

  it('shows a refusal of the join as the server words it (member limit)', async () => {
    const { nova, link, landing } = await novaLink();
    // The free plan's seats, all but the owner's, taken.
    const others = PlanLimits[nova.package_level].memberMax - 1;
    const members = await Promise.all(Array.from({ length: others }, () => newAccount('Bel')));
    for (const member of members) await joinByLink(member, link);
    await signedInVisitor();
    renderApp(landing);
    fireEvent.click(await screen.findByTestId('invite-join'));
    expect((await screen.findByTestId('invite-error')).textContent).toContain(en(Codes.TEAM_MEMBER_LIMIT));
    expect(getSession().teams.map((team) => team.id)).not.toContain(nova.id);
  });
});
