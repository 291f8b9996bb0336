import '../../test/setup';
import type { Page, ProjectCard } from '@ferry/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import type { SeenRequest } from '../../test/http';
import { createFolder, createProjectIn } from '../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';
import { CreateProjectDialog } from './CreateProjectDialog';

const seen = useRealServer();

const TAKEN = 'Checkout';

/** Olga's team with a folder Design and her project Checkout; Ada a member of the team, signed in here. */
async function adaInOlgasTeam() {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, 'member'));
  const folderId = await createFolder(olga, team.id, 'Design');
  await createProjectIn(olga, team.id, TAKEN);
  await signInHere(ada);
  return { ada, olga, team, folderId };
}

/** The team's projects as `user` sees them. */
async function projectsOf(user: SeededUser, teamId: string) {
  const page = await callAs<Page<ProjectCard>>(
    user,
    'GET',
    `account/user_projects?team_id=${teamId}&pageNo=1&pageSize=100`,
  );
  return page.list;
}

function show(teamId: string, folderId: string | null, onCreated = vi.fn()) {
  const element = (
    <CreateProjectDialog
      teamId={teamId}
      folderId={folderId}
      defaultType="web"
      open
      onClose={() => {}}
      onCreated={onCreated}
    />
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/item'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return onCreated;
}

const posts = () =>
  seen.filter((req: SeenRequest) => req.method === 'POST' && req.path === '/api/project/project_info');
const save = () => screen.getByTestId('project-create-save') as HTMLButtonElement;
const type = (value: string) =>
  fireEvent.change(screen.getByTestId('project-create-name'), { target: { value } });

describe('the create-project dialog', () => {
  it('flags a name the team already uses while typing, and will not save it', async () => {
    const { team, folderId } = await adaInOlgasTeam();
    show(team.id, folderId);
    type(TAKEN);
    expect(await screen.findByTestId('project-name-taken')).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    const checks = seen.filter((req) => req.path.endsWith('check_repeated_name'));
    expect(checks.at(-1)?.query.get('team_id')).toBe(team.id);
    type('Checkout2');
    await waitFor(() => expect(save().disabled).toBe(false));
    expect(screen.queryByTestId('project-name-taken')).toBeNull();
  });

  it('refuses a name with spaces before any call, and allows no name at all', async () => {
    const { ada, team, folderId } = await adaInOlgasTeam();
    const onCreated = show(team.id, folderId);
    type('two words');
    fireEvent.click(save());
    expect(await screen.findByText('The name must not contain spaces')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    type('');
    fireEvent.click(save());
    await waitFor(() => expect(posts()).toHaveLength(1));
    // No name: the server names it 未命名; the project goes into the selected folder with the chosen type.
    expect(posts()[0].body).toEqual({ team_id: team.id, type: 'web', folder_id: folderId });
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const created = (await projectsOf(ada, team.id)).find((card) => card.name === '未命名');
    expect(created).toMatchObject({ type: 'web', folder_id: folderId });
    expect(onCreated.mock.calls[0][0]).toMatchObject({ project_id: created?.project_id, name: '未命名' });
  });

  it('shows the upgrade prompt when the team has no room for another project (19027)', async () => {
    const { ada, olga, team, folderId } = await adaInOlgasTeam();
    // The free plan's room, filled: Checkout and nine more.
    for (let n = 1; n < 10; n += 1) await createProjectIn(olga, team.id, `Filler${n}`);
    const onCreated = show(team.id, folderId);
    type('Roadmap');
    fireEvent.click(save());
    // The confirmation carries its title twice (visible, and for assistive technology).
    expect((await screen.findAllByText('Project limit reached')).length).toBeGreaterThan(0);
    expect(screen.getByText('The project count is full, please upgrade')).toBeTruthy();
    expect(screen.getByTestId('project-limit-upgrade')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    expect(posts()).toHaveLength(1);
    expect((await projectsOf(ada, team.id)).map((card) => card.name)).not.toContain('Roadmap');
  });
});
