import '../../test/setup';
import type { Page, ProjectCard } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../queryClient';
import type { SeenRequest } from '../../test/http';
import { renderApp } from '../../test/render';
import { addProjectMember, createFolder, createProjectIn, paidPlan } from '../../test/seed';
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
import { PROJECT_PAGE_SIZE } from './useProjectList';

const seen = useRealServer();

const LIST = '/api/account/user_projects';

/** Ada's own team with the projects `names`, made in that order (in a folder Design if asked); Ada signed in here. */
async function adasTeam(names: string[], { inFolder = false } = {}) {
  const ada = await newAccount('Ada');
  const team = await createTeam(ada, unique('Alpha'));
  if (names.length > 10) await paidPlan(team.id);
  const folderId = inFolder ? await createFolder(ada, team.id, 'Design') : undefined;
  const ids: string[] = [];
  for (const name of names) ids.push(await createProjectIn(ada, team.id, name, { folderId }));
  await signInHere(ada);
  return { ada, team, ids, folderId };
}

/** Olga's team with Ada joined as `role`, signed in here. */
async function adaJoinsOlgas(role: 'member' | 'onlooker') {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  return { ada, olga, team };
}

/** The names the server lists for `user` in the team's default order. */
async function listedNames(user: SeededUser, teamId: string) {
  const page = await callAs<Page<ProjectCard>>(
    user,
    'GET',
    `account/user_projects?team_id=${teamId}&default_order=desc&pageNo=1&pageSize=100`,
  );
  return page.list.map((card) => card.name);
}

const listCalls = () => seen.filter((req: SeenRequest) => req.path === LIST);
const names = () => screen.queryAllByTestId('project-name').map((node) => node.textContent);

describe('the project list', () => {
  it('asks page after page by pageNo while has_next says another follows', async () => {
    const count = PROJECT_PAGE_SIZE + 5;
    const { team } = await adasTeam(Array.from({ length: count }, (_, n) => `P${n + 1}`));
    renderApp(`/item?fid=all&tid=${team.id}`);
    await waitFor(() => expect(names()).toHaveLength(PROJECT_PAGE_SIZE));
    const first = listCalls()[0].query;
    expect(Object.fromEntries(first)).toMatchObject({
      team_id: team.id,
      tab: 'all',
      default_order: 'desc',
      pageNo: '1',
      pageSize: String(PROJECT_PAGE_SIZE),
    });
    fireEvent.click(screen.getByTestId('project-load-more'));
    await waitFor(() => expect(names()).toHaveLength(count));
    expect(listCalls().map((req) => req.query.get('pageNo'))).toEqual(['1', '2']);
    expect(new Set(names()).size).toBe(count);
    // The last page said there is none after it.
    expect(screen.queryByTestId('project-load-more')).toBeNull();
  });

  it('remembers the chosen order in item_order and lists by it on the next visit', async () => {
    window.localStorage.setItem('item_order', 'time_order=asc');
    const { team } = await adasTeam(['Cherry', 'Apple', 'Banana']);
    const view = renderApp(`/item?fid=all&tid=${team.id}`);
    await waitFor(() => expect(names()).toEqual(['Cherry', 'Apple', 'Banana']));
    expect(listCalls()[0].query.get('time_order')).toBe('asc');
    expect(listCalls()[0].query.get('default_order')).toBeNull();

    fireEvent.click(screen.getByTestId('project-sort'));
    fireEvent.click(await screen.findByTestId('project-sort-name_order=asc'));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('name_order')).toBe('asc'));
    await waitFor(() => expect(names()).toEqual(['Apple', 'Banana', 'Cherry']));
    expect(window.localStorage.getItem('item_order')).toBe('name_order=asc');
    view.unmount();
    // A later visit: nothing cached but what the browser stored.
    queryClient.clear();
    seen.length = 0;

    renderApp(`/item?fid=all&tid=${team.id}`);
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(listCalls()[0].query.get('name_order')).toBe('asc');
    await waitFor(() => expect(names()).toEqual(['Apple', 'Banana', 'Cherry']));
  });

  it('lists a tab by its name, and a folder by its id', async () => {
    const { ada, team, ids, folderId } = await adasTeam(['Home', 'Cart', 'Profile'], { inFolder: true });
    // Outside the folder, opened too: the folder filter must leave it out.
    const outside = await createProjectIn(ada, team.id, 'Outside');
    // Opening a project records the visit the "recently used" tab lists, the latest first.
    for (const id of [ids[0], ids[2], outside])
      await callAs(ada, 'GET', `project/project_info?team_id=${team.id}&project_id=${id}`);
    renderApp(`/item?fid=${folderId}&tid=${team.id}&tab=use`);
    await waitFor(() => expect(names()).toEqual(['Profile', 'Home']));
    expect(listCalls()[0].query.get('tab')).toBe('use');
    expect(listCalls()[0].query.get('folder_id')).toBe(folderId);
  });

  it('sends a member without rights to the folder to the no-folder-permission page (19036)', async () => {
    const { ada, olga, team } = await adaJoinsOlgas('member');
    const folderId = await createFolder(olga, team.id, 'Secret');
    const projectId = await createProjectIn(olga, team.id, 'Roadmap', { folderId });
    // Mode B: only the project's own members see it, and Ada is not one.
    await callAs(olga, 'PUT', 'project/project_info', {
      team_id: team.id,
      project_id: projectId,
      permission_mode: 'B',
    });
    await signInHere(ada);
    const view = renderApp(`/item?fid=${folderId}&tid=${team.id}`);
    expect(await screen.findByTestId('special-page')).toBeTruthy();
    expect(view.location()).toBe(`/special?type=n_folder&tid=${team.id}`);
    expect(screen.getByText('No permission for this folder')).toBeTruthy();
    expect(listCalls().some((req) => req.query.get('folder_id') === folderId)).toBe(true);
  });

  it('offers a team viewer neither "create" nor changes to the cards', async () => {
    const { ada, olga, team } = await adaJoinsOlgas('onlooker');
    const projectId = await createProjectIn(olga, team.id, 'P1');
    // A member of the project: she may leave it, and nothing more.
    await addProjectMember(olga, team.id, projectId, ada.userId);
    await signInHere(ada);
    renderApp(`/item?fid=all&tid=${team.id}`);
    await waitFor(() => expect(names()).toEqual(['P1']));
    expect(screen.queryByTestId('project-create')).toBeNull();
    expect(screen.queryByTestId('folder-create')).toBeNull();
    fireEvent.click(screen.getByTestId('project-actions'));
    const menu = await screen.findByRole('menu');
    const offered = within(menu)
      .queryAllByTestId(/^project-action-/)
      .map((node) => node.getAttribute('data-testid'));
    expect(offered).toEqual(['project-action-settings', 'project-action-quit']);
  });

  it('moves a card a place later in the default order with update_project_order', async () => {
    const { ada, team } = await adasTeam(['P3', 'P2', 'P1']);
    renderApp(`/item?fid=all&tid=${team.id}`);
    await waitFor(() => expect(names()).toEqual(['P1', 'P2', 'P3']));
    const [p1, p2, p3] = screen
      .getAllByTestId('project-card')
      .map((card) => card.getAttribute('data-project-id'));
    fireEvent.click(screen.getAllByTestId('project-actions')[0]);
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByTestId('project-action-earlier')).toBeNull();
    fireEvent.click(within(menu).getByTestId('project-action-later'));
    await waitFor(() =>
      expect(seen.find((req) => req.path === '/api/project/update_project_order')?.body).toEqual({
        team_id: team.id,
        project_ids: [p2, p1, p3],
      }),
    );
    await waitFor(() => expect(names()).toEqual(['P2', 'P1', 'P3']));
    expect(await listedNames(ada, team.id)).toEqual(['P2', 'P1', 'P3']);
  });
});
