import '../../test/setup';
import {
  type ProjectCard,
  type ProjectMember,
  type ProjectRoleValue,
  projectAbilities,
  type TeamRole,
} from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLogin } from '../../state/session';
import { buildLogin, buildMember, buildTeam, page } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

const PATH = '/item/project/setting?tid=team-a&pid=p-1';

function buildProject(
  teamRole: TeamRole,
  projectRole: ProjectRoleValue | null,
  mode: 'A' | 'B',
): ProjectCard {
  return {
    id: 'p-1',
    project_id: 'p-1',
    name: 'Checkout',
    type: 'mobile',
    cover: '',
    background: 'rgba(240,242,245,1)',
    theme: 'default',
    create_time: '2026-01-01T00:00:00.000Z',
    update_time: '2026-01-02T00:00:00.000Z',
    order_index: 1,
    folder_id: null,
    team_id: 'team-a',
    permission_mode: mode,
    project_role: projectRole,
    abilities: projectAbilities(teamRole, projectRole, mode),
  };
}

function projectMember(
  id: string,
  name: string,
  teamRole: TeamRole,
  projectRole: ProjectRoleValue,
  manageable = false,
): ProjectMember {
  return {
    user_id: id,
    name,
    email: `${name.toLowerCase()}@example.com`,
    color: '#13a8a8',
    remark: '',
    team_role: teamRole,
    project_role: projectRole,
    automatic: teamRole === 'superadmin',
    abilities: { can_change_role: manageable, can_remove: manageable },
  };
}

interface Served {
  teamRole: TeamRole;
  projectRole: ProjectRoleValue | null;
  mode?: 'A' | 'B';
  extra?: (req: SeenRequest) => Response | null;
}

/** A team admin managing a mode-A project (not added to it), or whoever the test says. */
function serve({ teamRole, projectRole, mode = 'A', extra }: Served) {
  const login = buildLogin({ teams: [buildTeam('team-a', 'Alpha', teamRole)] });
  applyLogin(login);
  const project = buildProject(teamRole, projectRole, mode);
  const manages = project.abilities.can_manage;
  const members = [
    projectMember('u-owner', 'Olga', 'superadmin', 'admin'),
    projectMember('user-1', 'Ada', teamRole, projectRole ?? 'member'),
    projectMember('u-bob', 'Bob', 'member', 'member', manages),
  ];
  return stubFetch((req) => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    if (req.path === '/api/account/user_teams') return ok(login.teams);
    if (req.path === '/api/project/project_info' && req.method === 'GET') return ok(project);
    if (req.path === '/api/project/project_user' && req.method === 'GET') return ok(members);
    if (req.path === '/api/dayu/design/project/doc_download_setting' && req.method === 'GET')
      return envelope(
        '00000',
        'success',
        { project_id: 'p-1', download_type: 'all', user_ids: [] },
        200,
        'data',
      );
    if (req.path === '/api/account/team_users')
      return ok(page([buildMember('u-carl', 'Carl', 'member'), buildMember('u-bob', 'Bob', 'member')]));
    return ok({});
  });
}

const calls = (seen: SeenRequest[], method: string, path: string) =>
  seen.filter((req) => req.method === method && req.path === path);

async function openMembers() {
  fireEvent.click(await screen.findByTestId('project-tab-members'));
  await screen.findAllByTestId('project-member-row');
}

async function rowOf(userId: string) {
  const rows = await screen.findAllByTestId('project-member-row');
  const row = rows.find((r) => r.getAttribute('data-user-id') === userId);
  if (!row) throw new Error(`no row for ${userId}`);
  return row;
}

describe('project settings', () => {
  it('shows a project onlooker everything read-only', async () => {
    serve({ teamRole: 'member', projectRole: 'onlooker', mode: 'B' });
    renderApp(PATH);
    expect(await screen.findByTestId('project-setting-readonly')).toBeTruthy();
    expect(document.title).toBe('Project settings - Ferry');
    expect(screen.getByTestId('project-name-readonly').textContent).toBe('Checkout');
    expect(screen.queryByTestId('project-rename-input')).toBeNull();
    expect(screen.queryByTestId('project-cover-upload')).toBeNull();
    expect((screen.getByTestId('project-swatch-blue') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('mode-option-A') as HTMLInputElement).disabled).toBe(true);
    await screen.findByTestId('download-option-all');
    expect(screen.queryByTestId('download-save')).toBeNull();
    expect(screen.queryByTestId('project-delete')).toBeNull();
    // An added member may leave the project.
    expect(screen.getByTestId('project-quit')).toBeTruthy();

    await openMembers();
    expect(screen.queryByTestId('project-members-add')).toBeNull();
    expect(screen.queryAllByTestId('member-project-role-trigger')).toHaveLength(0);
    expect(screen.queryAllByTestId('project-member-remove')).toHaveLength(0);
  });

  it('gives a manager the editing controls', async () => {
    serve({ teamRole: 'admin', projectRole: null });
    renderApp(PATH);
    expect(await screen.findByTestId('project-rename-input')).toBeTruthy();
    expect(screen.queryByTestId('project-setting-readonly')).toBeNull();
    expect(screen.getByTestId('project-cover-upload')).toBeTruthy();
    expect((screen.getByTestId('project-swatch-blue') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('mode-option-B') as HTMLInputElement).disabled).toBe(false);
    expect(await screen.findByTestId('download-save')).toBeTruthy();
    expect(screen.getByTestId('project-delete')).toBeTruthy();
    // A team admin was never added to the project: nothing to leave.
    expect(screen.queryByTestId('project-quit')).toBeNull();

    await openMembers();
    expect(screen.getByTestId('project-members-add')).toBeTruthy();
    expect(within(await rowOf('u-owner')).queryByTestId('member-project-role-trigger')).toBeNull();
    expect(within(await rowOf('u-bob')).getByTestId('project-member-remove')).toBeTruthy();
  });

  it('changes a role with PUT project/role, offering only roles below the caller', async () => {
    const seen = serve({ teamRole: 'admin', projectRole: null });
    renderApp(PATH);
    await openMembers();
    fireEvent.click(within(await rowOf('u-bob')).getByTestId('member-project-role-trigger'));
    expect(await screen.findByTestId('project-role-option-onlooker')).toBeTruthy();
    expect(screen.queryByTestId('project-role-option-admin')).toBeNull();
    fireEvent.click(screen.getByTestId('project-role-option-onlooker'));
    await waitFor(() => expect(calls(seen, 'PUT', '/api/project/role')).toHaveLength(1));
    expect(calls(seen, 'PUT', '/api/project/role')[0].body).toEqual({
      team_id: 'team-a',
      project_id: 'p-1',
      user_id: 'u-bob',
      code: 'onlooker',
    });
    expect(await screen.findByText("Bob's project role is now Viewer")).toBeTruthy();
  });

  it("shows the server's refusal of a role change", async () => {
    serve({
      teamRole: 'admin',
      projectRole: null,
      extra: (req) =>
        req.path === '/api/project/role'
          ? envelope('19005', "You don't have this permission, please contact your team owner")
          : null,
    });
    renderApp(PATH);
    await openMembers();
    fireEvent.click(within(await rowOf('u-bob')).getByTestId('member-project-role-trigger'));
    fireEvent.click(await screen.findByTestId('project-role-option-onlooker'));
    expect(
      await screen.findByText("You don't have this permission, please contact your team owner"),
    ).toBeTruthy();
  });

  it('refuses a cover that is not an image or larger than 20 MB before uploading', async () => {
    const seen = serve({ teamRole: 'admin', projectRole: null });
    renderApp(PATH);
    const input = (await screen.findByTestId('project-cover-input')) as HTMLInputElement;
    const pdf = new File(['%PDF'], 'spec.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await screen.findByText('Unsupported image format')).toBeTruthy();
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 20 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText('The image is larger than 20 MB')).toBeTruthy();
    expect(calls(seen, 'POST', '/api/project/project_cover')).toHaveLength(0);
  });

  it('shows a taken name (19031) under the name field', async () => {
    const seen = serve({
      teamRole: 'admin',
      projectRole: null,
      extra: (req) =>
        req.path === '/api/project/project_info' && req.method === 'PUT'
          ? envelope('19031', 'A project with this name already exists')
          : null,
    });
    renderApp(PATH);
    fireEvent.change(await screen.findByTestId('project-rename-input'), { target: { value: 'Payments' } });
    fireEvent.click(screen.getByTestId('project-rename-save'));
    expect(await screen.findByText('A project with this name already exists')).toBeTruthy();
    expect(calls(seen, 'PUT', '/api/project/project_info')[0].body).toMatchObject({
      team_id: 'team-a',
      project_id: 'p-1',
      name: 'Payments',
    });
  });

  it('switches the permission mode after a confirmation', async () => {
    const seen = serve({ teamRole: 'superadmin', projectRole: null });
    renderApp(PATH);
    // Radio test ids land on the inputs themselves.
    fireEvent.click(await screen.findByTestId('mode-option-B'));
    fireEvent.click(await screen.findByTestId('mode-confirm'));
    await waitFor(() => expect(calls(seen, 'PUT', '/api/project/project_info')).toHaveLength(1));
    expect(calls(seen, 'PUT', '/api/project/project_info')[0].body).toMatchObject({
      team_id: 'team-a',
      project_id: 'p-1',
      permission_mode: 'B',
    });
  });

  it('says so on a full page when the project does not exist or is another team’s (19029)', async () => {
    serve({
      teamRole: 'admin',
      projectRole: null,
      extra: (req) =>
        req.path === '/api/project/project_info' ? envelope('19029', 'Project does not exist!') : null,
    });
    renderApp(PATH);
    expect(await screen.findByText('Project does not exist')).toBeTruthy();
    expect(screen.getByTestId('project-setting-back-home')).toBeTruthy();
  });
});
