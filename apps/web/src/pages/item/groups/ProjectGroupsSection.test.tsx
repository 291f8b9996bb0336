import '../../../test/setup';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../App';
import type { ProjectGroup } from '../../../api/projectGroups';
import { applyLogin } from '../../../state/session';
import { buildLogin, buildTeam } from '../../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../../test/http';
import { ProjectGroupDialog } from './ProjectGroupDialog';
import { ProjectGroupsSection } from './ProjectGroupsSection';

const group = (id: string, name: string, projectIds: string[] = []): ProjectGroup => ({
  id,
  name,
  team_id: 'team-a',
  order: 0,
  project_ids: projectIds,
});

function serve(groups: ProjectGroup[], extra?: (req: SeenRequest) => Response | null) {
  applyLogin(buildLogin({ teams: [buildTeam('team-a', 'Alpha', 'member')] }));
  return stubFetch((req) => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.path === '/api/project/group' && req.method === 'GET') return ok(groups);
    return ok({});
  });
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

const calls = (seen: SeenRequest[], method: string) =>
  seen.filter((req) => req.method === method && req.path === '/api/project/group');

describe('project groups in the sidebar', () => {
  it('lists the groups and opens the project list filtered by the one selected', async () => {
    serve([group('g-1', 'Mobile', ['p-1', 'p-2']), group('g-2', 'Web')]);
    const location = show(<ProjectGroupsSection />);
    const items = await screen.findAllByTestId('group-item');
    expect(items.map((item) => within(item).getByTestId('group-item-name').textContent)).toEqual([
      'Mobile',
      'Web',
    ]);
    fireEvent.click(within(items[0]).getByText('Mobile'));
    await waitFor(() => expect(location()).toBe('/item?tid=team-a&fid=all&gid=g-1'));
    expect(screen.getAllByTestId('group-item')[0].className).toContain('is-selected');
  });

  it('shows the server\'s 10062 "already exists" under the name when creating a duplicate', async () => {
    const seen = serve([group('g-1', 'Mobile')], (req) =>
      req.method === 'POST' && req.path === '/api/project/group'
        ? envelope('10062', 'A group with this name already exists')
        : null,
    );
    show(<ProjectGroupsSection />);
    fireEvent.click(await screen.findByTestId('group-create'));
    fireEvent.change(await screen.findByTestId('group-name-input'), { target: { value: 'Mobile' } });
    fireEvent.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText('A group with this name already exists')).toBeTruthy();
    expect(calls(seen, 'POST')[0].body).toEqual({ team_id: 'team-a', name: 'Mobile', project_ids: [] });
    // The dialog stays open so the name can be changed.
    expect(screen.getByTestId('group-name-input')).toBeTruthy();
  });

  it('refuses a name with spaces before asking the server', async () => {
    const seen = serve([]);
    show(<ProjectGroupsSection />);
    fireEvent.click(await screen.findByTestId('group-create'));
    fireEvent.change(await screen.findByTestId('group-name-input'), { target: { value: 'two words' } });
    fireEvent.click(screen.getByTestId('group-name-save'));
    expect(await screen.findByText('The name must not contain spaces')).toBeTruthy();
    expect(calls(seen, 'POST')).toHaveLength(0);
  });

  it('deletes a group only after the confirmation', async () => {
    const seen = serve([group('g-1', 'Mobile')]);
    show(<ProjectGroupsSection />);
    fireEvent.click(await screen.findByTestId('group-actions'));
    fireEvent.click(await screen.findByTestId('group-delete'));
    // The confirmation carries its title twice (visible, and for assistive technology).
    expect((await screen.findAllByText('Delete the group "Mobile"?')).length).toBeGreaterThan(0);
    expect(calls(seen, 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('group-delete-confirm'));
    await waitFor(() => expect(calls(seen, 'DELETE')).toHaveLength(1));
    expect(calls(seen, 'DELETE')[0].body).toEqual({ team_id: 'team-a', group_id: 'g-1' });
  });

  it('offers a team viewer the groups without create, rename or delete', async () => {
    applyLogin(buildLogin({ teams: [buildTeam('team-a', 'Alpha', 'onlooker')] }));
    stubFetch(() => ok([group('g-1', 'Mobile')]));
    show(<ProjectGroupsSection />);
    await screen.findAllByTestId('group-item');
    expect(screen.queryByTestId('group-create')).toBeNull();
    expect(screen.queryByTestId('group-actions')).toBeNull();
  });
});

describe('the project group dialog', () => {
  it('adds the project to newly ticked groups and removes it from unticked ones', async () => {
    const seen = serve([group('g-1', 'Mobile', ['p-1']), group('g-2', 'Web')]);
    show(<ProjectGroupDialog teamId="team-a" projectId="p-1" open onClose={() => {}} />);
    const options = await screen.findAllByTestId('group-option');
    // The test id lands on the checkbox input itself.
    const checkbox = (index: number) => options[index] as HTMLInputElement;
    expect(checkbox(0).checked).toBe(true);
    expect(checkbox(1).checked).toBe(false);
    fireEvent.click(checkbox(0));
    fireEvent.click(checkbox(1));
    fireEvent.click(screen.getByTestId('project-groups-save'));
    await waitFor(() => expect(calls(seen, 'PUT')).toHaveLength(2));
    expect(calls(seen, 'PUT').map((req) => req.body)).toEqual([
      { team_id: 'team-a', group_id: 'g-2', add_projects: ['p-1'], rm_projects: [] },
      { team_id: 'team-a', group_id: 'g-1', add_projects: [], rm_projects: ['p-1'] },
    ]);
  });
});
