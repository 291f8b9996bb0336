import '../../test/setup';
import type { TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetPasswordKey } from '../../api/crypto';
import { applyLogin, getSession } from '../../state/session';
import { buildLogin, buildTeam } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

let keys: CryptoKeyPair;
let publicPem: string;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  publicPem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----\n`;
});

const quota = {
  hard_limit_cnt: -1,
  cur_cnt: 12,
  project_max: 10,
  project_curt: 3,
  member_max: 10,
  member_curt: 4,
  package_level: 1,
  edition_plan: 1,
};

function serve(role: TeamRole, extra: (req: SeenRequest) => Response | null = () => null) {
  const alpha = buildTeam('team-a', 'Alpha', role);
  const login = buildLogin({ teams: [alpha, buildTeam('team-b', 'Beta', 'superadmin')] });
  applyLogin(login);
  forgetPasswordKey();
  let teams = login.teams;
  return stubFetch((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === '/api/account/login')
      return ok({ user: login.user, teams, team_status: login.team_status });
    if (req.path === '/api/account/user_teams') return ok(teams);
    if (req.path === '/api/account/team/quota') return ok(quota);
    if (req.path === '/api/account/public_key')
      return ok({ public_key: publicPem, algorithm: 'RSA-OAEP-256' });
    if (req.path === '/api/account/team' && req.method === 'DELETE') {
      teams = teams.filter((team) => team.id !== 'team-a');
      return ok(null);
    }
    if (req.path === '/api/account/exit_team') {
      teams = teams.filter((team) => team.id !== 'team-a');
      return ok(null);
    }
    return ok({});
  });
}

async function decrypt(cipher: string): Promise<string> {
  const bytes = Uint8Array.from(atob(cipher), (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, bytes));
}

describe('team settings tab', () => {
  it('shows the plan and quota, -1 as unlimited', async () => {
    serve('member');
    renderApp('/item/team?tab=settings');
    expect((await screen.findByTestId('quota-plan')).textContent).toBe('Free');
    expect(screen.getByTestId('quota-members-value').textContent).toBe('4 / 10');
    expect(screen.getByTestId('quota-projects-value').textContent).toBe('3 / 10');
    expect(screen.getByTestId('quota-images-value').textContent).toBe('12 / Unlimited');
  });

  it('a member may only leave: no rename, avatar, transfer, merge or dissolve', async () => {
    serve('member');
    renderApp('/item/team?tab=settings');
    await screen.findByTestId('team-leave');
    expect(screen.queryByTestId('team-rename-input')).toBeNull();
    expect(screen.queryByTestId('team-avatar-upload')).toBeNull();
    expect(screen.queryByTestId('team-transfer')).toBeNull();
    expect(screen.queryByTestId('team-merge')).toBeNull();
    expect(screen.queryByTestId('team-dissolve')).toBeNull();
  });

  it('the super admin cannot leave but may transfer, merge and dissolve', async () => {
    serve('superadmin');
    renderApp('/item/team?tab=settings');
    await screen.findByTestId('team-dissolve');
    expect(screen.getByTestId('team-transfer')).toBeTruthy();
    expect(screen.getByTestId('team-merge')).toBeTruthy();
    expect(screen.getByTestId('team-rename-input')).toBeTruthy();
    expect(screen.queryByTestId('team-leave')).toBeNull();
  });

  it('leaving shows the server refusal as it is worded (19019)', async () => {
    serve('admin', (req) =>
      req.path === '/api/account/exit_team'
        ? envelope(
            '19019',
            'You are the team super administrator and cannot simply leave: transfer the team first',
          )
        : null,
    );
    renderApp('/item/team?tab=settings');
    fireEvent.click(await screen.findByTestId('team-leave'));
    fireEvent.click(await screen.findByTestId('team-leave-confirm'));
    expect(
      await screen.findByText(
        'You are the team super administrator and cannot simply leave: transfer the team first',
      ),
    ).toBeTruthy();
  });

  it('after leaving, the next team opens', async () => {
    const seen = serve('admin');
    const app = renderApp('/item/team?tab=settings');
    fireEvent.click(await screen.findByTestId('team-leave'));
    fireEvent.click(await screen.findByTestId('team-leave-confirm'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-b'));
    expect(seen.find((req) => req.path === '/api/account/exit_team')?.body).toEqual({ team_id: 'team-a' });
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
  });

  it('dissolving checks the name, sends the password encrypted, then opens the remaining team', async () => {
    const seen = serve('superadmin');
    const app = renderApp('/item/team?tab=settings');
    fireEvent.click(await screen.findByTestId('team-dissolve'));
    fireEvent.change(await screen.findByTestId('dissolve-name'), { target: { value: 'Alpa' } });
    fireEvent.change(screen.getByTestId('dissolve-password'), { target: { value: 'Secret-pass1' } });
    fireEvent.click(screen.getByTestId('dissolve-confirm'));
    expect(await screen.findByText('The team name does not match')).toBeTruthy();
    expect(seen.some((req) => req.method === 'DELETE')).toBe(false);

    fireEvent.change(screen.getByTestId('dissolve-name'), { target: { value: 'Alpha' } });
    fireEvent.click(screen.getByTestId('dissolve-confirm'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-b'));
    const call = seen.find((req) => req.method === 'DELETE' && req.path === '/api/account/team');
    const body = call?.body as { team_id: string; name: string; password: string };
    expect(body.team_id).toBe('team-a');
    expect(body.name).toBe('Alpha');
    expect(body.password).not.toContain('Secret-pass1');
    expect(await decrypt(body.password)).toBe('Secret-pass1');
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
    expect(getSession().teams.map((team) => team.id)).toEqual(['team-b']);
  });

  it('a paid team refusal is shown in the dialog (19021)', async () => {
    serve('superadmin', (req) =>
      req.method === 'DELETE' && req.path === '/api/account/team'
        ? envelope('19021', 'A paid team cannot be dissolved directly')
        : null,
    );
    renderApp('/item/team?tab=settings');
    fireEvent.click(await screen.findByTestId('team-dissolve'));
    fireEvent.change(await screen.findByTestId('dissolve-name'), { target: { value: 'Alpha' } });
    fireEvent.change(screen.getByTestId('dissolve-password'), { target: { value: 'Secret-pass1' } });
    fireEvent.click(screen.getByTestId('dissolve-confirm'));
    expect((await screen.findByTestId('dissolve-error')).textContent).toContain(
      'A paid team cannot be dissolved directly',
    );
  });

  it('refuses an avatar that is not JPG or PNG, or over 3M, without uploading; uploads a PNG as multipart', async () => {
    const seen = serve('admin', (req) =>
      req.path === '/api/account/team_avatar' ? ok({ avatar: 'http://ferry.test/avatar.png' }) : null,
    );
    renderApp('/item/team?tab=settings');
    const input = (await screen.findByTestId('team-avatar-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('The avatar must be a JPG or PNG image of at most 3M')).toBeTruthy();
    const big = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(seen.some((req) => req.path === '/api/account/team_avatar')).toBe(false);

    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(seen.some((req) => req.path === '/api/account/team_avatar')).toBe(true));
    const upload = seen.find((req) => req.path === '/api/account/team_avatar');
    expect(upload?.method).toBe('POST');
    expect(upload?.query.get('team_id')).toBe('team-a');
    expect(upload?.headers['content-type']).toBeUndefined();
    expect(await screen.findByText('Team avatar saved')).toBeTruthy();
  });
});
