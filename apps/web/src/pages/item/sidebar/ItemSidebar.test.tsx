import '../../../test/setup';
import type { FolderNode, TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLogin } from '../../../state/session';
import { buildLogin, buildTeam } from '../../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render';

const ROOT = 'teamFolder-team-a';
const ids = { a: '0a000000-0000-4000-8000-000000000001', b: '0b000000-0000-4000-8000-000000000002' };
const ids3 = { c: '0c000000-0000-4000-8000-000000000003', d: '0d000000-0000-4000-8000-000000000004' };

function folder(id: string, name: string, depth: number, parentId: string, folders: FolderNode[] = []) {
  return {
    id,
    folder_id: id,
    name,
    order: 0,
    parentId,
    depth,
    visibleProjectLength: 0,
    allProjectLength: 0,
    folders,
  };
}

// Design ─ Mobile ─ Icons (three levels), and Archive at the top.
const icons = folder(ids3.c, 'Icons', 3, ids.b);
const mobile = folder(ids.b, 'Mobile', 2, ids.a, [icons]);
const tree = {
  ...folder(ROOT, '全部项目', 0, ''),
  folders: [folder(ids.a, 'Design', 1, ROOT, [mobile]), folder(ids3.d, 'Archive', 1, ROOT)],
};

function serve(role: TeamRole = 'admin', extra?: (req: SeenRequest) => Response | null) {
  const login = buildLogin({ teams: [buildTeam('team-a', 'Alpha', role)] });
  applyLogin(login);
  return stubFetch((req) => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.path === '/api/account/login') return ok({ user: login.user, teams: login.teams });
    if (req.path === '/api/project/folder' && req.method === 'GET') return ok(tree);
    if (req.path === '/api/account/user_projects') return ok({ list: [], total: 0, has_next: false });
    return ok(null);
  });
}

const row = (name: string) =>
  screen.getAllByTestId('folder-row').find((node) => within(node).queryByText(name)) as HTMLElement;

const findRow = (name: string) => waitFor(() => expect(row(name)).toBeTruthy());

async function openMenu(name: string) {
  fireEvent.click(within(row(name)).getByTestId('folder-actions'));
  return screen.findByRole('menu');
}

describe('the folder tree', () => {
  it('opens the way down to the folder shown, and offers no fourth level', async () => {
    serve();
    renderApp(`/item?fid=${ids3.c}&tid=team-a`);
    await findRow('Icons');
    expect(row('Icons').className).toContain('is-selected');
    const menu = await openMenu('Icons');
    expect(within(menu).queryByTestId('folder-action-create')).toBeNull();
    expect(within(menu).getByTestId('folder-action-rename')).toBeTruthy();
  });

  it('deletes a folder after the confirmation, and goes up to its parent when it was shown', async () => {
    const seen = serve();
    const view = renderApp(`/item?fid=${ids.b}&tid=team-a`);
    await findRow('Mobile');
    fireEvent.click(within(await openMenu('Mobile')).getByTestId('folder-action-delete'));
    fireEvent.click(await screen.findByTestId('folder-delete-confirm'));
    await waitFor(() => expect(seen.some((req) => req.method === 'DELETE')).toBe(true));
    const call = seen.find((req) => req.method === 'DELETE');
    expect(call?.body).toEqual({ team_id: 'team-a', folder_id: ids.b });
    await waitFor(() => expect(view.location()).toBe(`/item?fid=${ids.a}&tid=team-a`));
  });

  it("shows the server's refusal of a move in the dialog", async () => {
    const seen = serve('admin', (req) =>
      req.method === 'PUT' && req.path === '/api/project/folder'
        ? envelope('19034', 'Folders cannot be nested this deep')
        : null,
    );
    renderApp('/item?fid=all&tid=team-a');
    await findRow('Archive');
    fireEvent.click(within(await openMenu('Archive')).getByTestId('folder-action-move'));
    const picker = await screen.findByTestId('folder-picker');
    fireEvent.click(within(picker).getByText('Mobile'));
    await waitFor(() =>
      expect(screen.getByTestId('folder-pick-confirm').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('folder-pick-confirm'));
    expect(await screen.findByText('Folders cannot be nested this deep')).toBeTruthy();
    const put = seen.find((req) => req.method === 'PUT');
    expect(put?.body).toEqual({ team_id: 'team-a', folder_id: ids3.d, parent_id: ids.b });
  });

  it('shows a team viewer the tree without folder actions', async () => {
    serve('onlooker');
    renderApp('/item?fid=all&tid=team-a');
    await findRow('Design');
    expect(screen.queryByTestId('folder-actions')).toBeNull();
    expect(screen.queryByTestId('folder-create')).toBeNull();
  });
});
