import '../../../test/setup';
import type { TeamRole } from '@ferry/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../App';
import type { ProjectGroup } from '../../../api/projectGroups';
import { findTeam } from '../../../state/session';
import { switchTeam } from '../../../state/teamSwitch';
import type { SeenRequest } from '../../../test/http';
import { createGroup, createProjectIn } from '../../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../../test/server';
import { ProjectGroupDialog } from './ProjectGroupDialog';
import { ProjectGroupsSection } from './ProjectGroupsSection';

const seen = useRealServer();

/**
 * Olga's team with her projects Home and Cart, and the groups `groups` (name → indexes of the projects it
 * holds), made in that order; Ada joined as `role`, signed in here with the team open.
 */
async function groupsOf(groups: [string, number[]][], role: TeamRole = 'member') {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const projectIds = [
    await createProjectIn(olga, team.id, 'Home'),
    await createProjectIn(olga, team.id, 'Cart'),
  ];
  const groupIds: string[] = [];
  for (const [name, held] of groups)
    groupIds.push(
      await createGroup(
        olga,
        team.id,
        name,
        held.map((n) => projectIds[n]),
      ),
    );
  await signInHere(ada);
  await switchTeam(findTeam(team.id), { navigate: false });
  seen.length = 0;
  return { ada, olga, team, projectIds, groupIds };
}

/** The team's groups as the server holds them now: name → project ids. */
async function serverGroups(user: { token: string }, teamId: string) {
  const groups = await callAs<ProjectGroup[]>(user, 'GET', `project/group?team_id=${teamId}`);
  return Object.fromEntries(groups.map((group) => [group.name, group.project_ids]));
}

/** The section (or the dialog) alone, inside the app's providers, at an address of the project list. */
function show(element: React.ReactElement, path = '/item?fid=all&tid=team-a') {
  const router = createMemoryRouter([{ path: '/item', element }], { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return () => `${router.state.location.pathname}${router.state.location.search}`;
}

const calls = (method: string) =>
  seen.filter((req: SeenRequest) => req.method === method && req.path === '/api/project/group');

describe('project groups in the sidebar', () => {
  it('lists the groups and opens the project list filtered by the one selected', async () => {
    const { team, groupIds } = await groupsOf([
      ['Mobile', [0, 1]],
      ['Web', []],
    ]);
    const location = show(<ProjectGroupsSection />, `/item?fid=all&tid=${team.id}`);
    const items = await screen.findAllByTestId('group-item');
    expect(items.map((item) => within(item).getByTestId('group-item-name').textContent)).toEqual([
      'Mobile',
      'Web',
    ]);
    fireEvent.click(within(items[0]).getByText('Mobile'));
    await waitFor(() => expect(location()).toBe(`/item?tid=${team.id}&fid=all&gid=${groupIds[0]}`));
    expect(screen.getAllByTestId('group-item')[0].className).toContain('is-selected');
  });

  it('shows the server\'s 10062 "already exists" under the name when creating a duplicate', async () => {
    const { ada, team } = await groupsOf([['Mobile', []]]);
    show(<ProjectGroupsSection />, `/item?fid=all&tid=${team.id}`);
    fireEvent.click(await screen.findByTestId('group-create'));
    fireEvent.change(await screen.findByTestId('group-name-input'), { target: { value: 'Mobile' } });
    fireEvent.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText('A group with this name already exists')).toBeTruthy();
    expect(calls('POST')[0].body).toEqual({ team_id: team.id, name: 'Mobile', project_ids: [] });
    // The dialog stays open so the name can be changed.
    expect(screen.getByTestId('group-name-input')).toBeTruthy();
    expect(await serverGroups(ada, team.id)).toEqual({ Mobile: [] });
  });

  it('refuses a name with spaces before asking the server', async () => {
    const { team } = await groupsOf([]);
    show(<ProjectGroupsSection />, `/item?fid=all&tid=${team.id}`);
    fireEvent.click(await screen.findByTestId('group-create'));
    fireEvent.change(await screen.findByTestId('group-name-input'), { target: { value: 'two words' } });
    fireEvent.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText('The name must not contain spaces')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
  });

  it('deletes a group only after the confirmation', async () => {
    const { ada, team, projectIds, groupIds } = await groupsOf([['Mobile', [0]]]);
    show(<ProjectGroupsSection />, `/item?fid=all&tid=${team.id}`);
    fireEvent.click(await screen.findByTestId('group-actions'));
    fireEvent.click(await screen.findByTestId('group-delete'));
    // The confirmation carries its title twice (visible, and for assistive technology).
    expect((await screen.findAllByText('Delete the group "Mobile"?')).length).toBeGreaterThan(0);
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('group-delete-confirm'));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(calls('DELETE')[0].body).toEqual({ team_id: team.id, group_id: groupIds[0] });
    await waitFor(() => expect(screen.queryAllByTestId('group-item')).toHaveLength(0));
    expect(await serverGroups(ada, team.id)).toEqual({});
    // Deleting a group keeps its projects.
    await callAs(ada, 'GET', `project/project_info?team_id=${team.id}&project_id=${projectIds[0]}`);
  });

  it('offers a team viewer the groups without create, rename or delete', async () => {
    await groupsOf([['Mobile', []]], 'onlooker');
    show(<ProjectGroupsSection />);
    await screen.findAllByTestId('group-item');
    expect(screen.queryByTestId('group-create')).toBeNull();
    expect(screen.queryByTestId('group-actions')).toBeNull();
  });
});

describe('the project group dialog', () => {
  it('adds the project to newly ticked groups and removes it from unticked ones', async () => {
    const { ada, team, projectIds, groupIds } = await groupsOf([
      ['Mobile', [0]],
      ['Web', []],
    ]);
    const [home] = projectIds;
    show(<ProjectGroupDialog teamId={team.id} projectId={home} open onClose={() => {}} />);
    const options = await screen.findAllByTestId('group-option');
    // The test id lands on the checkbox input itself.
    const checkbox = (index: number) => options[index] as HTMLInputElement;
    expect(checkbox(0).checked).toBe(true);
    expect(checkbox(1).checked).toBe(false);
    fireEvent.click(checkbox(0));
    fireEvent.click(checkbox(1));
    fireEvent.click(screen.getByTestId('project-groups-save'));
    await waitFor(() => expect(calls('PUT')).toHaveLength(2));
    expect(calls('PUT').map((req) => req.body)).toEqual([
      { team_id: team.id, group_id: groupIds[1], add_projects: [home], rm_projects: [] },
      { team_id: team.id, group_id: groupIds[0], add_projects: [], rm_projects: [home] },
    ]);
    await waitFor(async () => expect(await serverGroups(ada, team.id)).toEqual({ Mobile: [], Web: [home] }));
  });
});
