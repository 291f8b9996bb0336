import '../../../test/setup';
import { type FolderNode, rootFolderId, type TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SeenRequest } from '../../../test/http';
import { renderApp } from '../../../test/render';
import { createFolder } from '../../../test/seed';
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

const seen = useRealServer();

/**
 * Olga's team with Design ─ Mobile ─ Icons (three levels) and Archive at the top, made through the API; Ada
 * joined as `role`, signed in here.
 */
async function tree(role: TeamRole = 'admin') {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const design = await createFolder(olga, team.id, 'Design');
  const mobile = await createFolder(olga, team.id, 'Mobile', design);
  const icons = await createFolder(olga, team.id, 'Icons', mobile);
  const archive = await createFolder(olga, team.id, 'Archive');
  await signInHere(ada);
  return { ada, olga, team, ids: { design, mobile, icons, archive } };
}

/** The names of the folders under `parentId` (the top when none), as the server holds them now. */
async function childrenOf(user: { token: string }, teamId: string, parentId = rootFolderId(teamId)) {
  const root = await callAs<FolderNode>(user, 'GET', `project/folder?team_id=${teamId}`);
  const find = (node: FolderNode): FolderNode | undefined =>
    node.id === parentId ? node : node.folders.map(find).find(Boolean);
  return find(root)?.folders.map((folder) => folder.name);
}

const calls = (method: string) =>
  seen.filter((req: SeenRequest) => req.method === method && req.path === '/api/project/folder');

const row = (name: string) =>
  screen.getAllByTestId('folder-row').find((node) => within(node).queryByText(name)) as HTMLElement;

const findRow = (name: string) => waitFor(() => expect(row(name)).toBeTruthy());

async function openMenu(name: string) {
  fireEvent.click(within(row(name)).getByTestId('folder-actions'));
  return screen.findByRole('menu');
}

describe('the folder tree', () => {
  it('opens the way down to the folder shown, and offers no fourth level', async () => {
    const { team, ids } = await tree();
    renderApp(`/item?fid=${ids.icons}&tid=${team.id}`);
    await findRow('Icons');
    expect(row('Icons').className).toContain('is-selected');
    const menu = await openMenu('Icons');
    expect(within(menu).queryByTestId('folder-action-create')).toBeNull();
    expect(within(menu).getByTestId('folder-action-rename')).toBeTruthy();
  });

  it('deletes a folder after the confirmation, and goes up to its parent when it was shown', async () => {
    const { ada, team, ids } = await tree();
    const view = renderApp(`/item?fid=${ids.mobile}&tid=${team.id}`);
    await findRow('Mobile');
    fireEvent.click(within(await openMenu('Mobile')).getByTestId('folder-action-delete'));
    fireEvent.click(await screen.findByTestId('folder-delete-confirm'));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(calls('DELETE')[0].body).toEqual({ team_id: team.id, folder_id: ids.mobile });
    await waitFor(() => expect(view.location()).toBe(`/item?fid=${ids.design}&tid=${team.id}`));
    // Mobile is gone; its Icons moved up into Design.
    expect(await childrenOf(ada, team.id, ids.design)).toEqual(['Icons']);
  });

  it("shows the server's refusal of a move in the dialog", async () => {
    const { ada, olga, team, ids } = await tree();
    // Mobile already holds a folder named Archive: the server refuses a second one there (19032).
    await createFolder(olga, team.id, 'Archive', ids.mobile);
    renderApp(`/item?fid=all&tid=${team.id}`);
    await findRow('Archive');
    fireEvent.click(within(await openMenu('Archive')).getByTestId('folder-action-move'));
    const picker = await screen.findByTestId('folder-picker');
    fireEvent.click(within(picker).getByText('Mobile'));
    await waitFor(() =>
      expect(screen.getByTestId('folder-pick-confirm').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('folder-pick-confirm'));
    expect(await screen.findByText('A folder with this name already exists here')).toBeTruthy();
    expect(calls('PUT')[0].body).toEqual({ team_id: team.id, folder_id: ids.archive, parent_id: ids.mobile });
    expect(await childrenOf(ada, team.id)).toEqual(['Design', 'Archive']);
  });

  it('shows a team viewer the tree without folder actions', async () => {
    const { team } = await tree('onlooker');
    renderApp(`/item?fid=all&tid=${team.id}`);
    await findRow('Design');
    expect(screen.queryByTestId('folder-actions')).toBeNull();
    expect(screen.queryByTestId('folder-create')).toBeNull();
  });
});
