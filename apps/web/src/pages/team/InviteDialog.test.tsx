import '../../test/setup';
import type { TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyLogin } from '../../state/session';
import { buildLogin, buildTeam, page } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';
import { splitEmails } from './InviteDialog';

function serve(role: TeamRole, extra: (req: SeenRequest) => Response | null = () => null) {
  const login = buildLogin({ teams: [buildTeam('team-a', 'Alpha', role)] });
  applyLogin(login);
  return stubFetch((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    if (req.path === '/api/account/user_teams') return ok(login.teams);
    if (req.path === '/api/account/team_users') return ok(page([]));
    if (req.path === '/api/account/team_invite_link') {
      const linkRole = req.query.get('role');
      const review = req.query.get('review') === 'true';
      return ok({
        url: `http://ferry.test/web/#/user/invite?inviteSign=s-${linkRole}-${review}&time=1&token=t`,
        inviteSign: `s-${linkRole}-${review}`,
        time: 1,
        token: 't',
        role: linkRole,
        review,
        expires_at: '2026-03-01T00:00:00.000Z',
      });
    }
    return ok({});
  });
}

async function openDialog() {
  renderApp('/item/team');
  fireEvent.click(await screen.findByTestId('members-invite'));
  return screen.findByTestId('invite-dialog');
}

const linkValue = () => (screen.getByTestId('invite-link-input') as HTMLInputElement).value;

describe('invite dialog', () => {
  it('an admin offers viewer and member; the super admin admin too', async () => {
    serve('admin');
    const first = renderApp('/item/team');
    fireEvent.click(await screen.findByTestId('members-invite'));
    await screen.findByTestId('invite-role-onlooker');
    expect(screen.getByTestId('invite-role-member')).toBeTruthy();
    expect(screen.queryByTestId('invite-role-admin')).toBeNull();
    first.unmount();

    serve('superadmin');
    await openDialog();
    expect(await screen.findByTestId('invite-role-admin')).toBeTruthy();
  });

  it('asks for the link of the chosen role, sending review only when it is on', async () => {
    const seen = serve('superadmin');
    await openDialog();
    await waitFor(() => expect(linkValue()).toContain('inviteSign=s-onlooker-false'));
    const first = seen.find((req) => req.path === '/api/account/team_invite_link');
    expect(first?.query.get('team_id')).toBe('team-a');
    expect(first?.query.get('role')).toBe('onlooker');
    expect(first?.query.has('review')).toBe(false);

    fireEvent.click(screen.getByTestId('invite-role-member'));
    await waitFor(() => expect(linkValue()).toContain('inviteSign=s-member-false'));
    fireEvent.click(screen.getByTestId('invite-review'));
    await waitFor(() => expect(linkValue()).toContain('inviteSign=s-member-true'));
    expect(
      seen
        .filter((req) => req.path === '/api/account/team_invite_link')
        .at(-1)
        ?.query.get('review'),
    ).toBe('true');
  });

  it('copies the link and resets the links after a confirmation', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const seen = serve('admin');
    await openDialog();
    await waitFor(() => expect(linkValue()).toContain('inviteSign='));
    fireEvent.click(screen.getByTestId('invite-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(linkValue()));
    expect(await screen.findByText('Link copied')).toBeTruthy();

    fireEvent.click(screen.getByTestId('invite-reset'));
    fireEvent.click(await screen.findByTestId('invite-reset-confirm'));
    await waitFor(() =>
      expect(seen.some((req) => req.path === '/api/account/team_invite_link/reset')).toBe(true),
    );
    const reset = seen.find((req) => req.path === '/api/account/team_invite_link/reset');
    expect(reset?.method).toBe('POST');
    expect(reset?.body).toEqual({ team_id: 'team-a' });
  });

  it('e-mail: refuses malformed addresses before any call, then shows one result per address', async () => {
    const seen = serve('admin', (req) =>
      req.path === '/api/account/invite_member'
        ? ok([
            { email: 'kai@example.com', invite_id: 'i1', status: 'sent' },
            { email: 'lea@example.com', invite_id: 'i2', status: 'sent' },
          ])
        : null,
    );
    await openDialog();
    fireEvent.click(screen.getByTestId('invite-tab-email'));
    fireEvent.change(await screen.findByTestId('invite-emails'), {
      target: { value: 'kai@example.com, nope' },
    });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-email-error')).textContent).toContain('nope');
    expect(seen.some((req) => req.path === '/api/account/invite_member')).toBe(false);

    fireEvent.change(screen.getByTestId('invite-emails'), {
      target: { value: 'Kai@Example.com\nlea@example.com' },
    });
    fireEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(screen.getAllByTestId('invite-result')).toHaveLength(2));
    const call = seen.find((req) => req.path === '/api/account/invite_member');
    expect(call?.method).toBe('PUT');
    expect(call?.body).toEqual({
      team_id: 'team-a',
      emails: ['kai@example.com', 'lea@example.com'],
      role: 'member',
    });
  });

  it('e-mail: shows the server refusal (an address already in the team)', async () => {
    serve('admin', (req) =>
      req.path === '/api/account/invite_member'
        ? envelope('19018', 'This e-mail is already in the team: kai@example.com')
        : null,
    );
    await openDialog();
    fireEvent.click(screen.getByTestId('invite-tab-email'));
    fireEvent.change(await screen.findByTestId('invite-emails'), { target: { value: 'kai@example.com' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-email-error')).textContent).toContain(
      'This e-mail is already in the team: kai@example.com',
    );
  });

  it('splits addresses on commas, semicolons, spaces and new lines, without repeats', () => {
    expect(splitEmails(' a@x.co, b@x.co;c@x.co\nd@x.co  a@x.co ，e@x.co')).toEqual([
      'a@x.co',
      'b@x.co',
      'c@x.co',
      'd@x.co',
      'e@x.co',
    ]);
  });
});
