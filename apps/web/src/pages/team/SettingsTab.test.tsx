import '../../test/setup';
import { Codes, codeMessage, PlanLimits, type TeamQuota, type TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, selectTeam } from '../../state/session';
import { envelope, ok } from '../../test/http';
import { renderApp } from '../../test/render';
import { createProject, uploadDesign } from '../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  replaceAnswers,
  serverUrl,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';

const seen = useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

/**
 * Ada, signed in here, owner of her team Beta and `role` in Alpha (Olga's team, or her own when `role` is
 * superadmin); Alpha is the team on screen.
 */
async function adaIn(role: TeamRole) {
  const ada = await newAccount('Ada');
  const beta = await createTeam(ada, unique('Beta'));
  const olga = await newAccount('Olga');
  const alpha = await createTeam(role === 'superadmin' ? ada : olga, unique('Alpha'));
  if (role !== 'superadmin') await joinByLink(ada, await inviteLink(olga, alpha.id, role));
  const login = await signInHere(ada);
  const onScreen = login.teams.find((team) => team.id === alpha.id);
  if (!onScreen) throw new Error('Ada is not in Alpha');
  selectTeam(onScreen);
  return { ada, olga, alpha, beta };
}

/** Whether `user` still sees `teamId` among their teams, as the server answers. */
async function isIn(user: { token: string }, teamId: string) {
  const teams = await callAs<{ id: string }[]>(user, 'GET', 'account/user_teams');
  return teams.some((team) => team.id === teamId);
}

describe('team settings tab', () => {
  it('shows the plan and quota of the team as the server counts them', async () => {
    const { olga, alpha } = await adaIn('member');
    const projectId = await createProject(olga, alpha.id, unique('Shop'));
    await createProject(olga, alpha.id, unique('Blog'));
    await uploadDesign(olga, alpha.id, projectId);
    renderApp('/item/team?tab=settings');
    expect((await screen.findByTestId('quota-plan')).textContent).toBe('Free');
    const free = PlanLimits[1];
    expect(screen.getByTestId('quota-members-value').textContent).toBe(`2 / ${free.memberMax}`);
    await waitFor(() =>
      expect(screen.getByTestId('quota-projects-value').textContent).toBe(`2 / ${free.projectMax}`),
    );
    expect(screen.getByTestId('quota-images-value').textContent).toBe(`1 / ${free.imageMax}`);
  });

  it('shows an unlimited count (-1) as unlimited', async () => {
    await adaIn('member');
    // Only an operator's plan change makes a team unlimited: the top plan's answer is given here.
    const top = PlanLimits[3];
    const unlimited: TeamQuota = {
      hard_limit_cnt: top.imageMax,
      cur_cnt: 12,
      project_max: top.projectMax,
      project_curt: 3,
      member_max: top.memberMax,
      member_curt: 4,
      package_level: 3,
      edition_plan: 1,
    };
    replaceAnswers((req) => (req.path === '/api/account/team/quota' ? ok(unlimited) : null));
    renderApp('/item/team?tab=settings');
    await screen.findByTestId('quota-plan');
    await waitFor(() => expect(screen.getByTestId('quota-images-value').textContent).toBe('12 / Unlimited'));
    expect(screen.getByTestId('quota-projects-value').textContent).toBe('3 / Unlimited');
  });

  it('a member may only leave: no rename, avatar, transfer, merge or dissolve', async () => {
    await adaIn('member');
    renderApp('/item/team?tab=settings');
    await screen.findByTestId('team-leave');
    expect(screen.queryByTestId('team-rename-input')).toBeNull();
    expect(screen.queryByTestId('team-avatar-upload')).toBeNull();
    expect(screen.queryByTestId('team-transfer')).toBeNull();
    expect(screen.queryByTestId('team-merge')).toBeNull();
    expect(screen.queryByTestId('team-dissolve')).toBeNull();
  });

  it('the super admin cannot leave but may transfer, merge and dissolve', async () => {
    await adaIn('superadmin');
    renderApp('/item/team?tab=settings');
    await screen.findByTestId('team-dissolve');
    expect(screen.getByTestId('team-transfer')).toBeTruthy();
    expect(screen.getByTestId('team-merge')).toBeTruthy();
    expect(screen.getByTestId('team-rename-input')).toBeTruthy();
    expect(screen.queryByTestId('team-leave')).toBeNull();
  });

  it('leaving shows the server refusal as it is worded (the team was handed to them meanwhile)', async () => {
    const { ada, olga, alpha } = await adaIn('admin');
    renderApp('/item/team?tab=settings');
    const leave = await screen.findByTestId('team-leave');
    await callAs(olga, 'PUT', 'account/team_transfer', { team_id: alpha.id, user_id: ada.userId });
    fireEvent.click(leave);
    fireEvent.click(await screen.findByTestId('team-leave-confirm'));
    expect(await screen.findByText(en(Codes.SUPERADMIN_CANNOT_EXIT))).toBeTruthy();
    expect(await isIn(ada, alpha.id)).toBe(true);
  });

  it('after leaving, the next team opens', async () => {
    const { ada, alpha, beta } = await adaIn('admin');
    const app = renderApp('/item/team?tab=settings');
    fireEvent.click(await screen.findByTestId('team-leave'));
    fireEvent.click(await screen.findByTestId('team-leave-confirm'));
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${beta.id}`));
    expect(seen.find((req) => req.path === '/api/account/exit_team')?.body).toEqual({ team_id: alpha.id });
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
    expect(await isIn(ada, alpha.id)).toBe(false);
  });

  it('dissolving checks the name, sends the password encrypted, then opens the remaining team', async () => {
    const { ada, alpha, beta } = await adaIn('superadmin');
    const app = renderApp('/item/team?tab=settings');
    fireEvent.click(await screen.findByTestId('team-dissolve'));
    fireEvent.change(await screen.findByTestId('dissolve-name'), { target: { value: `${alpha.name}x` } });
    fireEvent.change(screen.getByTestId('dissolve-password'), { target: { value: ada.password } });
    fireEvent.click(screen.getByTestId('dissolve-confirm'));
    expect(await screen.findByText(en(Codes.TEAM_NAME_MISMATCH))).toBeTruthy();
    expect(seen.some((req) => req.method === 'DELETE')).toBe(false);

    fireEvent.change(screen.getByTestId('dissolve-name'), { target: { value: alpha.name } });
    fireEvent.click(screen.getByTestId('dissolve-confirm'));
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${beta.id}`));
    const call = seen.find((req) => req.method === 'DELETE' && req.path === '/api/account/team');
    const body = call?.body as { team_id: string; name: string; password: string };
    expect(body.team_id).toBe(alpha.id);
    expect(body.name).toBe(alpha.name);
    // Encrypted with the server's key: the server read it, as the dissolution shows.
    expect(body.password).not.toContain(ada.password);
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
    expect(getSession().teams.map((team) => team.id)).toEqual([beta.id]);
    expect(await isIn(ada, alpha.id)).toBe(false);
  });

  it('a wrong password is refused by the server and shown in the dialog', async () => {
    const { ada, alpha } = await adaIn('superadmin');
    renderApp('/item/team?tab=settings');
    fireEvent.click(await screen.findByTestId('team-dissolve'));
    fireEvent.change(await screen.findByTestId('dissolve-name'), { target: { value: alpha.name } });
    fireEvent.change(screen.getByTestId('dissolve-password'), { target: { value: `${ada.password}x` } });
    fireEvent.click(screen.getByTestId('dissolve-confirm'));
    await waitFor(() => expect(screen.getByTestId('dissolve-error').textContent).not.toBe(''));
    expect(await isIn(ada, alpha.id)).toBe(true);
  });

  it('a paid team refusal is shown in the dialog (19021)', async () => {
    const { alpha } = await adaIn('superadmin');
    // Only an operator's plan change makes a team paid: the server's refusal of a paid team is given here.
    replaceAnswers((req) =>
      req.method === 'DELETE' && req.path === '/api/account/team'
        ? envelope(Codes.PAID_TEAM_CANNOT_DISSOLVE.code, en(Codes.PAID_TEAM_CANNOT_DISSOLVE))
        : null,
    );
    renderApp('/item/team?tab=settings');
    fireEvent.click(await screen.findByTestId('team-dissolve'));
    fireEvent.change(await screen.findByTestId('dissolve-name'), { target: { value: alpha.name } });
    fireEvent.change(screen.getByTestId('dissolve-password'), { target: { value: 'Secret-pass1' } });
    fireEvent.click(screen.getByTestId('dissolve-confirm'));
    expect((await screen.findByTestId('dissolve-error')).textContent).toContain(
      en(Codes.PAID_TEAM_CANNOT_DISSOLVE),
    );
  });

  it('refuses an avatar that is not JPG or PNG, or over 3M, without uploading; uploads a PNG as multipart', async () => {
    const { alpha } = await adaIn('admin');
    // jsdom's multipart body cannot cross to Node's fetch: the stored answer is given here (the real upload
    // is e2e/teams.test.ts).
    replaceAnswers((req) =>
      req.path === '/api/account/team_avatar'
        ? ok({ avatar: `${serverUrl()}/api/account/team_avatar/${alpha.id}` })
        : null,
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
    expect(upload?.query.get('team_id')).toBe(alpha.id);
    expect(upload?.headers['content-type']).toBeUndefined();
    expect(await screen.findByText('Team avatar saved')).toBeTruthy();
  });
});
