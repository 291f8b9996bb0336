import '../../test/setup';
import { Codes, codeMessage, type ProjectRoleValue, type TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { addProjectMember, createProject } from '../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';

const seen = useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

interface Seeding {
  /** Ada's role in Olga's team Alpha. */
  teamRole: TeamRole;
  /** Ada's role in the project Checkout, or null when she was never added. */
  projectRole: ProjectRoleValue | null;
  mode?: 'A' | 'B';
}

/**
 * Olga's team Alpha with Ada (signed in here) and Bob, a member of Olga's project Checkout in mode `mode`;
 * Ada is in the project only when `projectRole` says so. Answers the settings address of Checkout.
 */
async function checkout({ teamRole, projectRole, mode = 'A' }: Seeding) {
  const [olga, ada, bob] = await Promise.all(['Olga', 'Ada', 'Bob'].map((name) => newAccount(name)));
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, teamRole === 'superadmin' ? 'admin' : teamRole));
  await joinByLink(bob, await inviteLink(olga, team.id, 'member'));
  const name = unique('Checkout');
  const projectId = await createProject(olga, team.id, name);
  const ref = { team_id: team.id, project_id: projectId };
  if (mode === 'B') await callAs(olga, 'PUT', 'project/project_info', { ...ref, permission_mode: 'B' });
  await addProjectMember(olga, team.id, projectId, bob.userId);
  if (projectRole) {
    await addProjectMember(olga, team.id, projectId, ada.userId);
    await callAs(olga, 'PUT', 'project/role', { ...ref, user_id: ada.userId, code: projectRole });
  }
  // The super admin is Ada by Olga's hand-over.
  if (teamRole === 'superadmin')
    await callAs(olga, 'PUT', 'account/team_transfer', { team_id: team.id, user_id: ada.userId });
  await signInHere(ada);
  return {
    olga,
    ada,
    bob,
    team,
    projectId,
    name,
    path: `/item/project/setting?tid=${team.id}&pid=${projectId}`,
  };
}

const calls = (method: string, path: string) =>
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
    const { path, name } = await checkout({ teamRole: 'member', projectRole: 'onlooker', mode: 'B' });
    renderApp(path);
    expect(await screen.findByTestId('project-setting-readonly')).toBeTruthy();
    expect(document.title).toBe('Project settings - Ferry');
    expect(screen.getByTestId('project-name-readonly').textContent).toBe(name);
    expect(screen.queryByTestId('project-rename-input')).toBeNull();
    expect(screen.queryByTestId('project-cover-upload')).toBeNull();
    expect((screen.getByTestId('project-swatch-blue') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('mode-option-A') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('project-delete')).toBeNull();
    // An added member may leave the project.
    expect(screen.getByTestId('project-quit')).toBeTruthy();

    await openMembers();
    expect(screen.queryByTestId('project-members-add')).toBeNull();
    expect(screen.queryAllByTestId('member-project-role-trigger')).toHaveLength(0);
    expect(screen.queryAllByTestId('project-member-remove')).toHaveLength(0);
  });

  it('gives a manager the editing controls', async () => {
    const { path, olga, bob } = await checkout({ teamRole: 'admin', projectRole: null });
    renderApp(path);
    expect(await screen.findByTestId('project-rename-input')).toBeTruthy();
    expect(screen.queryByTestId('project-setting-readonly')).toBeNull();
    expect(screen.getByTestId('project-cover-upload')).toBeTruthy();
    expect((screen.getByTestId('project-swatch-blue') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('mode-option-B') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByTestId('project-delete')).toBeTruthy();
    // Product documents are not built yet: their download setting stays hidden, even from a manager.
    expect(screen.queryByTestId('project-download-card')).toBeNull();
    // A team admin was never added to the project: nothing to leave.
    expect(screen.queryByTestId('project-quit')).toBeNull();

    await openMembers();
    expect(screen.getByTestId('project-members-add')).toBeTruthy();
    expect(within(await rowOf(olga.userId)).queryByTestId('member-project-role-trigger')).toBeNull();
    expect(within(await rowOf(bob.userId)).getByTestId('project-member-remove')).toBeTruthy();
  });

  it('changes a role with PUT project/role, offering only roles below the caller', async () => {
    const { path, team, projectId, ada, bob } = await checkout({ teamRole: 'admin', projectRole: null });
    renderApp(path);
    await openMembers();
    fireEvent.click(within(await rowOf(bob.userId)).getByTestId('member-project-role-trigger'));
    expect(await screen.findByTestId('project-role-option-onlooker')).toBeTruthy();
    expect(screen.queryByTestId('project-role-option-admin')).toBeNull();
    fireEvent.click(screen.getByTestId('project-role-option-onlooker'));
    await waitFor(() => expect(calls('PUT', '/api/project/role')).toHaveLength(1));
    expect(calls('PUT', '/api/project/role')[0].body).toEqual({
      team_id: team.id,
      project_id: projectId,
      user_id: bob.userId,
      code: 'onlooker',
    });
    expect(await screen.findByText("Bob's project role is now Viewer")).toBeTruthy();
    const members = await callAs<{ user_id: string; project_role: string }[]>(
      ada,
      'GET',
      `project/project_user?team_id=${team.id}&project_id=${projectId}`,
    );
    expect(members.find((member) => member.user_id === bob.userId)?.project_role).toBe('onlooker');
  });

  it("shows the server's refusal of a role change (the caller lost their team admin role meanwhile)", async () => {
    const { path, team, olga, ada, bob } = await checkout({ teamRole: 'admin', projectRole: 'member' });
    renderApp(path);
    await openMembers();
    const trigger = within(await rowOf(bob.userId)).getByTestId('member-project-role-trigger');
    await callAs(olga, 'PUT', 'account/team_user_role', {
      team_id: team.id,
      user_id: ada.userId,
      role: 'member',
    });
    fireEvent.click(trigger);
    fireEvent.click(await screen.findByTestId('project-role-option-onlooker'));
    expect(await screen.findByText(en(Codes.NO_PERMISSION))).toBeTruthy();
  });

  it('refuses a cover that is not an image or larger than 20 MB before uploading', async () => {
    const { path } = await checkout({ teamRole: 'admin', projectRole: null });
    renderApp(path);
    const input = (await screen.findByTestId('project-cover-input')) as HTMLInputElement;
    const pdf = new File(['%PDF'], 'spec.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await screen.findByText('Unsupported image format')).toBeTruthy();
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 20 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText('The image is larger than 20 MB')).toBeTruthy();
    expect(calls('POST', '/api/project/project_cover')).toHaveLength(0);
  });

  it('shows a taken name (19031) under the name field', async () => {
    const { path, team, projectId, olga } = await checkout({ teamRole: 'admin', projectRole: null });
    const taken = unique('Payments');
    await createProject(olga, team.id, taken);
    renderApp(path);
    fireEvent.change(await screen.findByTestId('project-rename-input'), { target: { value: taken } });
    fireEvent.click(screen.getByTestId('project-rename-save'));
    expect(await screen.findByText(en(Codes.PROJECT_NAME_EXISTS))).toBeTruthy();
    expect(calls('PUT', '/api/project/project_info')[0].body).toMatchObject({
      team_id: team.id,
      project_id: projectId,
      name: taken,
    });
  });

  it('switches the permission mode after a confirmation', async () => {
    const { path, team, projectId, ada } = await checkout({ teamRole: 'superadmin', projectRole: null });
    renderApp(path);
    // Radio test ids land on the inputs themselves.
    fireEvent.click(await screen.findByTestId('mode-option-B'));
    fireEvent.click(await screen.findByTestId('mode-confirm'));
    await waitFor(() => expect(calls('PUT', '/api/project/project_info')).toHaveLength(1));
    expect(calls('PUT', '/api/project/project_info')[0].body).toMatchObject({
      team_id: team.id,
      project_id: projectId,
      permission_mode: 'B',
    });
    await waitFor(async () => {
      const project = await callAs<{ permission_mode: string }>(
        ada,
        'GET',
        `project/project_info?team_id=${team.id}&project_id=${projectId}`,
      );
      expect(project.permission_mode).toBe('B');
    });
  });

  it('says so on a full page when the project is another team’s (19029)', async () => {
    const { team, olga } = await checkout({ teamRole: 'admin', projectRole: null });
    const elsewhere = await createTeam(olga, unique('Gamma'));
    const foreign = await createProject(olga, elsewhere.id, unique('Secret'));
    renderApp(`/item/project/setting?tid=${team.id}&pid=${foreign}`);
    expect(await screen.findByText('Project does not exist')).toBeTruthy();
    expect(screen.getByTestId('project-setting-back-home')).toBeTruthy();
  });
});
