import '../../test/setup';
import { Codes, codeMessage, type TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import {
  answerTo,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';
import { splitEmails } from './InviteDialog';

const seen = useRealServer();

/** Olga's team Alpha, with the viewer signed in here: Olga herself (super admin) or a new member of `role`. */
async function alphaAs(role: TeamRole) {
  const olga = await newAccount('Olga');
  const alpha = await createTeam(olga, unique('Alpha'));
  if (role === 'superadmin') {
    await signInHere(olga);
    return { viewer: olga, olga, alpha };
  }
  const viewer = await newAccount('Ada');
  await joinByLink(viewer, await inviteLink(olga, alpha.id, role));
  await signInHere(viewer);
  return { viewer, olga, alpha };
}

async function openDialog() {
  renderApp('/item/team');
  fireEvent.click(await screen.findByTestId('members-invite'));
  return screen.findByTestId('invite-dialog');
}

const linkValue = () => (screen.getByTestId('invite-link-input') as HTMLInputElement).value;
const linkQuery = () => new URLSearchParams(linkValue().split('?')[1]);
/** What the link in the dialog grants: its token is the signed payload. */
const linkGrant = () => {
  const payload = JSON.parse(Buffer.from(linkQuery().get('token') ?? '', 'base64url').toString('utf8'));
  return { role: payload.role, review: payload.review };
};

describe('invite dialog', () => {
  it('an admin offers viewer and member; the super admin admin too', async () => {
    await alphaAs('admin');
    const first = renderApp('/item/team');
    fireEvent.click(await screen.findByTestId('members-invite'));
    await screen.findByTestId('invite-role-onlooker');
    expect(screen.getByTestId('invite-role-member')).toBeTruthy();
    expect(screen.queryByTestId('invite-role-admin')).toBeNull();
    first.unmount();

    await alphaAs('superadmin');
    await openDialog();
    expect(await screen.findByTestId('invite-role-admin')).toBeTruthy();
  });

  it('asks for the link of the chosen role, sending review only when it is on', async () => {
    const { alpha } = await alphaAs('superadmin');
    await openDialog();
    await waitFor(() => expect(linkGrant()).toEqual({ role: 'onlooker', review: false }));
    const first = seen.find((req) => req.path === '/api/account/team_invite_link');
    expect(first?.query.get('team_id')).toBe(alpha.id);
    expect(first?.query.get('role')).toBe('onlooker');
    expect(first?.query.has('review')).toBe(false);

    fireEvent.click(screen.getByTestId('invite-role-member'));
    await waitFor(() => expect(linkGrant()).toEqual({ role: 'member', review: false }));
    fireEvent.click(screen.getByTestId('invite-review'));
    await waitFor(() => expect(linkGrant()).toEqual({ role: 'member', review: true }));
    expect(
      seen
        .filter((req) => req.path === '/api/account/team_invite_link')
        .at(-1)
        ?.query.get('review'),
    ).toBe('true');
  });

  it('copies the link and resets the links after a confirmation: the old link then no longer works', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { alpha } = await alphaAs('admin');
    await openDialog();
    await waitFor(() => expect(linkQuery().get('inviteSign')).toBeTruthy());
    const copied = linkValue();
    fireEvent.click(screen.getByTestId('invite-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(copied));
    expect(await screen.findByText('Link copied')).toBeTruthy();

    fireEvent.click(screen.getByTestId('invite-reset'));
    fireEvent.click(await screen.findByTestId('invite-reset-confirm'));
    await waitFor(() =>
      expect(seen.some((req) => req.path === '/api/account/team_invite_link/reset')).toBe(true),
    );
    const reset = seen.find((req) => req.path === '/api/account/team_invite_link/reset');
    expect(reset?.method).toBe('POST');
    expect(reset?.body).toEqual({ team_id: alpha.id });
    await waitFor(async () =>
      expect((await answerTo(null, 'GET', `account/invite_info?${copied.split('?')[1]}`)).code).toBe(
        Codes.INVITE_EXPIRED.code,
      ),
    );
  });

  it('e-mail: refuses malformed addresses before any call, then shows one result per address', async () => {
    const { alpha } = await alphaAs('admin');
    const kai = `${unique('kai')}@example.com`;
    const lea = `${unique('lea')}@example.com`;
    await openDialog();
    fireEvent.click(screen.getByTestId('invite-tab-email'));
    fireEvent.change(await screen.findByTestId('invite-emails'), {
      target: { value: `${kai}, nope` },
    });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-email-error')).textContent).toContain('nope');
    expect(seen.some((req) => req.path === '/api/account/invite_member')).toBe(false);

    fireEvent.change(screen.getByTestId('invite-emails'), {
      target: { value: `${kai.toUpperCase()}\n${lea}` },
    });
    fireEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(screen.getAllByTestId('invite-result')).toHaveLength(2));
    const call = seen.find((req) => req.path === '/api/account/invite_member');
    expect(call?.method).toBe('PUT');
    expect(call?.body).toEqual({ team_id: alpha.id, emails: [kai, lea], role: 'member' });
    const results = screen.getAllByTestId('invite-result').map((row) => row.textContent);
    expect(results[0]).toContain(kai);
    expect(results[1]).toContain(lea);
  });

  it('e-mail: shows the server refusal (an address already in the team)', async () => {
    const { olga } = await alphaAs('admin');
    await openDialog();
    fireEvent.click(screen.getByTestId('invite-tab-email'));
    fireEvent.change(await screen.findByTestId('invite-emails'), { target: { value: olga.email } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-email-error')).textContent).toContain(
      `${codeMessage(Codes.EMAIL_IN_TEAM, 'en-US')}: ${olga.email}`,
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
