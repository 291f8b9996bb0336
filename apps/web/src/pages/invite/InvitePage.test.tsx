import '../../test/setup';
import { Codes, codeMessage, ruleMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLogin, getSession } from '../../state/session';
import { buildInviteInfo, buildLogin, buildTeam, buildUser } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

const query = 'inviteSign=sig&time=1760000000&token=tok';
const landing = `/user/invite?${query}`;
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

function serve(handler: (req: SeenRequest) => Response | null, signedIn = true) {
  const login = buildLogin({ teams: [buildTeam('team-a', 'Alpha', 'superadmin')] });
  if (signedIn) applyLogin(login);
  return stubFetch((req) => {
    const answer = handler(req);
    if (answer) return answer;
    if (req.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    if (req.path === '/api/account/user_teams') return ok(login.teams);
    return ok({});
  });
}

const info =
  (overrides = {}) =>
  (req: SeenRequest) =>
    req.path === '/api/account/invite_info' ? ok(buildInviteInfo(overrides)) : null;

describe('invitation landing', () => {
  it('shows an expired or reset link on its own screen (19015)', async () => {
    serve((req) =>
      req.path === '/api/account/invite_info' ? envelope('19015', en(Codes.INVITE_EXPIRED)) : null,
    );
    renderApp(landing);
    const screenEl = await screen.findByTestId('invite-expired');
    expect(screenEl.textContent).toContain('The link has expired or was reset');
    expect(screenEl.textContent).toContain('Ask the person who invited you for a new link');
  });

  it('shows a tampered link as invalid (19016), and a link without its values too', async () => {
    const seen = serve((req) =>
      req.path === '/api/account/invite_info' ? envelope('19016', en(Codes.INVITE_INVALID)) : null,
    );
    const first = renderApp(landing);
    expect((await screen.findByTestId('invite-invalid')).textContent).toContain(
      'The invitation link is invalid',
    );
    expect(seen[0].query.get('inviteSign')).toBe('sig');
    expect(seen[0].query.get('time')).toBe('1760000000');
    expect(seen[0].query.get('token')).toBe('tok');
    first.unmount();

    renderApp('/user/invite?inviteSign=sig');
    expect(await screen.findByTestId('invite-invalid')).toBeTruthy();
  });

  it('signed out: the team, inviter and role, and sign-in / register that come back here', async () => {
    serve(info(), false);
    const app = renderApp(landing);
    expect((await screen.findByTestId('invite-team-name')).textContent).toBe('Nova');
    expect(screen.getByTestId('invite-member-count').textContent).toContain('4 members');
    expect(screen.getByTestId('invite-inviter').textContent).toContain('Olga invites you to join');
    expect(screen.getByTestId('invite-role').textContent).toBe('Member');
    expect(document.title).toBe('Join a team - Ferry');
    fireEvent.click(screen.getByTestId('invite-register'));
    await waitFor(() =>
      expect(app.location()).toBe(`/user/register?redirecturl=${encodeURIComponent(landing)}`),
    );
  });

  it('signed out: "sign in" keeps the landing as redirecturl', async () => {
    serve(info(), false);
    const app = renderApp(landing);
    fireEvent.click(await screen.findByTestId('invite-login'));
    await waitFor(() =>
      expect(app.location()).toBe(`/user/login?redirecturl=${encodeURIComponent(landing)}`),
    );
  });

  it('never opens the session-expired dialog here', async () => {
    serve((req) =>
      req.path === '/api/account/invite_info'
        ? envelope(Codes.SESSION_EXPIRED.code, 'expired', undefined, 401)
        : null,
    );
    renderApp(landing);
    expect(await screen.findByTestId('invite-load-failed')).toBeTruthy();
    expect(screen.queryByText(en(Codes.SESSION_EXPIRED))).toBeNull();
    expect(screen.queryByText('Log in again')).toBeNull();
  });

  it('joins, switches to the team and opens its project list', async () => {
    const nova = buildTeam('team-new', 'Nova', 'member');
    const teams = [buildTeam('team-a', 'Alpha', 'superadmin')];
    const seen = serve((req) => {
      if (req.path === '/api/account/invite_info')
        return ok(buildInviteInfo({ viewer: { is_member: false, apply_state: null } }));
      if (req.path === '/api/account/join_by_link') {
        teams.push(nova);
        return ok(nova);
      }
      if (req.path === '/api/account/user_teams') return ok(teams);
      if (req.path === '/api/account/login') return ok({ user: buildUser(), teams, team_status: null });
      return null;
    });
    const app = renderApp(landing);
    fireEvent.click(await screen.findByTestId('invite-join'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-new'));
    const join = seen.find((req) => req.path === '/api/account/join_by_link');
    expect(join?.method).toBe('POST');
    expect(join?.body).toEqual({ inviteSign: 'sig', time: 1760000000, token: 'tok' });
    expect(getSession().team?.team_id).toBe('team-new');
    expect(window.localStorage.getItem('role')).toBe('member');
    expect(await screen.findByTestId('item-empty')).toBeTruthy();
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
  });

  it('tells a member they are already in the team and opens it', async () => {
    serve(
      info({
        team: { id: 'team-a', name: 'Alpha', member_count: 3, avatar: '' },
        viewer: { is_member: true, apply_state: null },
      }),
    );
    const app = renderApp(landing);
    expect((await screen.findByTestId('invite-already-member')).textContent).toContain(
      'You are already in this team',
    );
    fireEvent.click(screen.getByTestId('invite-open-team'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-a'));
  });

  it('a review link asks for a real name (checked by the shared rule) and a reason, then waits', async () => {
    const seen = serve((req) => {
      if (req.path === '/api/account/invite_info')
        return ok(buildInviteInfo({ review: true, viewer: { is_member: false, apply_state: null } }));
      if (req.path === '/api/account/team_apply') return ok({ id: 'apply-1', state: 'pending' });
      return null;
    });
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
    const apply = seen.find((req) => req.path === '/api/account/team_apply');
    expect(apply?.method).toBe('POST');
    expect(apply?.body).toEqual({
      inviteSign: 'sig',
      time: 1760000000,
      token: 'tok',
      real_name: 'Ada Byron',
      reason: 'Design reviews',
    });
  });

  it('shows the waiting state for an application already pending', async () => {
    serve(info({ review: true, viewer: { is_member: false, apply_state: 'pending' } }));
    renderApp(landing);
    expect(await screen.findByTestId('invite-waiting')).toBeTruthy();
  });

  it('shows a refusal of the join as the server words it (member limit)', async () => {
    serve((req) => {
      if (req.path === '/api/account/invite_info')
        return ok(buildInviteInfo({ viewer: { is_member: false, apply_state: null } }));
      if (req.path === '/api/account/join_by_link') return envelope('19017', en(Codes.TEAM_MEMBER_LIMIT));
      return null;
    });
    renderApp(landing);
    fireEvent.click(await screen.findByTestId('invite-join'));
    expect((await screen.findByTestId('invite-error')).textContent).toContain(
      'The team member limit is reached',
    );
  });
});
