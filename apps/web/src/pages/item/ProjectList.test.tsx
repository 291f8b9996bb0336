import '../../test/setup';
import type { ProjectCard, TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../queryClient';
import { applyLogin } from '../../state/session';
import { buildLogin, buildProjectCard, buildTeam } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';
import { PROJECT_PAGE_SIZE } from './useProjectList';

const LIST = '/api/account/user_projects';
const tree = { id: 'teamFolder-team-a', name: '全部项目', depth: 0, folders: [] };

/** `count` cards named P1, P2 … split into pages of PROJECT_PAGE_SIZE as the server would. */
function pagesOf(count: number, teamRole: TeamRole = 'superadmin') {
  const cards = Array.from({ length: count }, (_, n) =>
    buildProjectCard(`p-${n + 1}`, `P${n + 1}`, {}, teamRole),
  );
  return (pageNo: number) => {
    const list = cards.slice((pageNo - 1) * PROJECT_PAGE_SIZE, pageNo * PROJECT_PAGE_SIZE);
    return { list, total: count, has_next: pageNo * PROJECT_PAGE_SIZE < count };
  };
}

function serve(
  pageAt: (pageNo: number) => { list: ProjectCard[] },
  { role = 'superadmin', extra }: { role?: TeamRole; extra?: (req: SeenRequest) => Response | null } = {},
) {
  const login = buildLogin({ teams: [buildTeam('team-a', 'Alpha', role)] });
  applyLogin(login);
  return stubFetch((req) => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.path === '/api/account/login') return ok({ user: login.user, teams: login.teams });
    if (req.path === '/api/account/user_teams') return ok(login.teams);
    if (req.path === LIST) return ok(pageAt(Number(req.query.get('pageNo'))));
    if (req.path === '/api/project/folder') return ok(tree);
    if (req.path === '/api/project/group') return ok([]);
    return ok({});
  });
}

const listCalls = (seen: SeenRequest[]) => seen.filter((req) => req.path === LIST);
const names = () => screen.queryAllByTestId('project-name').map((node) => node.textContent);

describe('the project list', () => {
  it('asks page after page by pageNo while has_next says another follows', async () => {
    const seen = serve(pagesOf(PROJECT_PAGE_SIZE + 5));
    renderApp('/item?fid=all&tid=team-a');
    await waitFor(() => expect(names()).toHaveLength(PROJECT_PAGE_SIZE));
    const first = listCalls(seen)[0].query;
    expect(Object.fromEntries(first)).toMatchObject({
      team_id: 'team-a',
      tab: 'all',
      default_order: 'desc',
      pageNo: '1',
      pageSize: String(PROJECT_PAGE_SIZE),
    });
    fireEvent.click(screen.getByTestId('project-load-more'));
    await waitFor(() => expect(names()).toHaveLength(PROJECT_PAGE_SIZE + 5));
    expect(listCalls(seen).map((req) => req.query.get('pageNo'))).toEqual(['1', '2']);
    // The last page said there is none after it.
    expect(screen.queryByTestId('project-load-more')).toBeNull();
  });

  it('remembers the chosen order in item_order and lists by it on the next visit', async () => {
    window.localStorage.setItem('item_order', 'time_order=asc');
    const seen = serve(pagesOf(3));
    const view = renderApp('/item?fid=all&tid=team-a');
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(listCalls(seen)[0].query.get('time_order')).toBe('asc');
    expect(listCalls(seen)[0].query.get('default_order')).toBeNull();

    fireEvent.click(screen.getByTestId('project-sort'));
    fireEvent.click(await screen.findByTestId('project-sort-name_order=asc'));
    await waitFor(() => expect(listCalls(seen).at(-1)?.query.get('name_order')).toBe('asc'));
    expect(window.localStorage.getItem('item_order')).toBe('name_order=asc');
    view.unmount();
    // A later visit: nothing cached but what the browser stored.
    queryClient.clear();

    const again = serve(pagesOf(3));
    renderApp('/item?fid=all&tid=team-a');
    await waitFor(() => expect(listCalls(again)).toHaveLength(1));
    expect(listCalls(again)[0].query.get('name_order')).toBe('asc');
  });

  it('lists a tab by its name, and a folder by its id', async () => {
    const seen = serve(pagesOf(2));
    renderApp('/item?fid=3f1c2a70-0000-4000-8000-000000000001&tid=team-a&tab=use');
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(listCalls(seen)[0].query.get('tab')).toBe('use');
    expect(listCalls(seen)[0].query.get('folder_id')).toBe('3f1c2a70-0000-4000-8000-000000000001');
  });

  it('sends a member without rights to the folder to the no-folder-permission page (19036)', async () => {
    serve(() => ({ list: [] }), {
      extra: (req) =>
        req.path === LIST ? envelope('19036', 'You have no permission for this folder') : null,
    });
    const view = renderApp('/item?fid=3f1c2a70-0000-4000-8000-000000000001&tid=team-a');
    expect(await screen.findByTestId('special-page')).toBeTruthy();
    expect(view.location()).toBe('/special?type=n_folder&tid=team-a');
    expect(screen.getByText('No permission for this folder')).toBeTruthy();
  });

  it('offers a team viewer neither "create" nor changes to the cards', async () => {
    serve(pagesOf(1, 'onlooker'), { role: 'onlooker' });
    renderApp('/item?fid=all&tid=team-a');
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
    const seen = serve(pagesOf(3));
    renderApp('/item?fid=all&tid=team-a');
    await waitFor(() => expect(names()).toEqual(['P1', 'P2', 'P3']));
    fireEvent.click(screen.getAllByTestId('project-actions')[0]);
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByTestId('project-action-earlier')).toBeNull();
    fireEvent.click(within(menu).getByTestId('project-action-later'));
    await waitFor(() =>
      expect(seen.find((req) => req.path === '/api/project/update_project_order')?.body).toEqual({
        team_id: 'team-a',
        project_ids: ['p-2', 'p-1', 'p-3'],
      }),
    );
  });
});
