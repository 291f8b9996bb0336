import '../../test/setup';
import { Codes, codeMessage, type Department, type TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SeenRequest } from '../../test/http';
import { renderApp } from '../../test/render';
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

const seen = useRealServer();

/**
 * Olga's team Alpha with Ada (`adaRole`, admin unless told), Bob (member) and Carl (viewer), joined in
 * that order; `viewer` is who is signed in here (Ada unless told).
 */
async function alpha({
  adaRole = 'admin',
  viewer = 'ada',
}: {
  adaRole?: TeamRole;
  viewer?: 'ada' | 'olga';
} = {}) {
  const [olga, ada, bob, carl] = await Promise.all(
    ['Olga', 'Ada', 'Bob', 'Carl'].map((name) => newAccount(name)),
  );
  const team = await createTeam(olga, unique('Alpha'));
  const joins: [SeededUser, TeamRole][] = [
    [ada, adaRole],
    [bob, 'member'],
    [carl, 'onlooker'],
  ];
  for (const [user, role] of joins) await joinByLink(user, await inviteLink(olga, team.id, role));
  await signInHere(viewer === 'ada' ? ada : olga);
  return { team, olga, ada, bob, carl };
}

type Seeded = Awaited<ReturnType<typeof alpha>>;

async function rowOf(userId: string) {
  await screen.findAllByTestId('member-row');
  const row = screen.getAllByTestId('member-row').find((r) => r.getAttribute('data-user-id') === userId);
  if (!row) throw new Error(`no row for ${userId}`);
  return row;
}

const calls = (method: string, path: string) =>
  seen.filter((req: SeenRequest) => req.method === method && req.path === path);
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

describe('team settings: members', () => {
  it('has the page title "Team settings - Ferry" and lists the members with their details', async () => {
    const { bob } = await alpha();
    renderApp('/item/team');
    await screen.findAllByTestId('member-row');
    expect(document.title).toBe('Team settings - Ferry');
    const bobRow = await rowOf(bob.userId);
    expect(bobRow.textContent).toContain('Bob');
    expect(bobRow.textContent).toContain(bob.email);
    expect(within(bobRow).getByTestId('member-department').textContent).toBe('Ungrouped');
    expect(screen.getByTestId('members-total').textContent).toBe('4 members');
  });

  it('offers each row only what its abilities allow', async () => {
    const { olga, ada, bob, carl } = await alpha();
    renderApp('/item/team');
    const ownerRow = await rowOf(olga.userId);
    expect(within(ownerRow).queryByTestId('member-role-trigger')).toBeNull();
    expect(within(ownerRow).queryByTestId('member-remove')).toBeNull();
    expect(within(ownerRow).queryByTestId('member-nickname-edit')).toBeNull();
    expect(within(ownerRow).getByTestId('member-role').textContent).toBe('Super admin');

    const selfRow = await rowOf(ada.userId);
    expect(within(selfRow).queryByTestId('member-role-trigger')).toBeNull();
    expect(within(selfRow).queryByTestId('member-remove')).toBeNull();
    expect(within(selfRow).getByTestId('member-nickname-edit')).toBeTruthy();

    const bobRow = await rowOf(bob.userId);
    expect(within(bobRow).getByTestId('member-remove')).toBeTruthy();
    expect(within(bobRow).getByTestId('member-nickname-edit')).toBeTruthy();
    expect(within(await rowOf(carl.userId)).getByTestId('member-remove')).toBeTruthy();

    // The role menu lists the assignable roles only: never admin or super admin here.
    fireEvent.click(within(bobRow).getByTestId('member-role-trigger'));
    expect(await screen.findByTestId('role-option-onlooker')).toBeTruthy();
    expect(screen.getByTestId('role-option-member')).toBeTruthy();
    expect(screen.queryByTestId('role-option-admin')).toBeNull();
    expect(screen.queryByTestId('role-option-superadmin')).toBeNull();
    expect(screen.getByTestId('members-invite')).toBeTruthy();
  });

  it("a member sees no invite button, role menus, removals, others' nicknames or applications", async () => {
    const { ada } = await alpha({ adaRole: 'member' });
    renderApp('/item/team');
    await screen.findAllByTestId('member-row');
    expect(screen.getAllByTestId('member-row')).toHaveLength(4);
    expect(screen.queryByTestId('members-invite')).toBeNull();
    expect(screen.queryAllByTestId('member-role-trigger')).toHaveLength(0);
    expect(screen.queryAllByTestId('member-remove')).toHaveLength(0);
    expect(screen.getAllByTestId('member-nickname-edit')).toHaveLength(1);
    expect(within(await rowOf(ada.userId)).getByTestId('member-nickname-edit')).toBeTruthy();
    expect(screen.queryByTestId('team-tab-applies')).toBeNull();
  });

  it('changes a role to one of the assignable roles', async () => {
    const { team, bob } = await alpha();
    renderApp('/item/team');
    fireEvent.click(within(await rowOf(bob.userId)).getByTestId('member-role-trigger'));
    fireEvent.click(await screen.findByTestId('role-option-onlooker'));
    await waitFor(() => expect(calls('PUT', '/api/account/team_user_role')).toHaveLength(1));
    expect(calls('PUT', '/api/account/team_user_role')[0].body).toEqual({
      team_id: team.id,
      user_id: bob.userId,
      role: 'onlooker',
    });
    expect(await screen.findByText("Bob's role is now Viewer")).toBeTruthy();
    await waitFor(async () =>
      expect(within(await rowOf(bob.userId)).getByTestId('member-role').textContent).toBe('Viewer'),
    );
  });

  it('removes a member only after the confirmation', async () => {
    const { team, carl } = await alpha();
    renderApp('/item/team');
    fireEvent.click(within(await rowOf(carl.userId)).getByTestId('member-remove'));
    expect(await screen.findByText('Remove Carl from the team?')).toBeTruthy();
    expect(calls('DELETE', '/api/account/remove_member')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('member-remove-confirm'));
    await waitFor(() => expect(calls('DELETE', '/api/account/remove_member')).toHaveLength(1));
    expect(calls('DELETE', '/api/account/remove_member')[0].body).toEqual({
      team_id: team.id,
      user_id: carl.userId,
    });
    await waitFor(() => expect(screen.getByTestId('members-total').textContent).toBe('3 members'));
  });

  it('a second nickname change within 24 h shows the "changed too frequently" warning', async () => {
    const { team, ada, bob } = await alpha();
    await callAs(ada, 'PUT', 'account/team_settings', {
      team_id: team.id,
      user_id: bob.userId,
      nickname: 'Bo',
    });
    renderApp('/item/team');
    fireEvent.click(within(await rowOf(bob.userId)).getByTestId('member-nickname-edit'));
    fireEvent.change(await screen.findByTestId('nickname-input'), { target: { value: 'Bobby' } });
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect(await screen.findByText(en(Codes.NICKNAME_TOO_FREQUENT))).toBeTruthy();
    expect(calls('PUT', '/api/account/team_settings')[0].body).toEqual({
      team_id: team.id,
      user_id: bob.userId,
      nickname: 'Bobby',
    });
  });

  it('searches by keyword from the first page', async () => {
    const { team, bob } = await alpha();
    renderApp('/item/team');
    await screen.findAllByTestId('member-row');
    fireEvent.change(screen.getByTestId('members-search'), { target: { value: 'bob' } });
    await waitFor(() =>
      expect(calls('GET', '/api/account/team_users').some((req) => req.query.get('keyword') === 'bob')).toBe(
        true,
      ),
    );
    const last = calls('GET', '/api/account/team_users').at(-1);
    expect(last?.query.get('page_num')).toBe('1');
    expect(last?.query.get('page_size')).toBe('10');
    expect(last?.query.get('team_id')).toBe(team.id);
    await waitFor(() =>
      expect(screen.getAllByTestId('member-row').map((row) => row.getAttribute('data-user-id'))).toEqual([
        bob.userId,
      ]),
    );
  });

  it('the super admin sees the applications tab with the pending count', async () => {
    const { team, olga } = await alpha({ viewer: 'olga' });
    const link = await inviteLink(olga, team.id, 'member', true);
    for (const name of ['Dora', 'Emil']) {
      await callAs(await newAccount(name), 'POST', 'account/team_apply', {
        inviteSign: link.inviteSign,
        time: link.time,
        token: link.token,
        real_name: name,
        reason: 'Design reviews',
      });
    }
    renderApp('/item/team');
    const tab = await screen.findByTestId('team-tab-applies');
    await waitFor(() => expect(tab.textContent).toContain('2'));
  });
});

/** Departments 新部门 (with Bob) and Sales, made by Olga. */
async function withDepartments(seeded: Seeded) {
  const { team, olga, bob } = seeded;
  const create = (name: string, order_index: number) =>
    callAs<Department>(olga, 'POST', 'account/department', { team_id: team.id, name, order_index });
  const design = await create('新部门', 0);
  const sales = await create('Sales', 1);
  await callAs(olga, 'PUT', 'account/department', {
    team_id: team.id,
    departments: [{ department_id: design.id, add_users: [bob.userId] }],
  });
  return { design, sales };
}

const departmentNames = () =>
  screen.getAllByTestId('dept-row').map((row) => within(row).getByTestId('dept-name').textContent);

describe('team settings: departments', () => {
  it('lists the departments with member counts, ungrouped last', async () => {
    await withDepartments(await alpha());
    renderApp('/item/team?tab=departments');
    const rows = await screen.findAllByTestId('dept-row');
    expect(departmentNames()).toEqual(['新部门', 'Sales', 'Ungrouped']);
    expect(within(rows[0]).getByTestId('dept-count').textContent).toBe('1 member');
    expect(within(rows[2]).getByTestId('dept-count').textContent).toBe('3 members');
    expect(within(rows[2]).queryByTestId('dept-rename')).toBeNull();
  });

  it('creates a department with a free default name at the end', async () => {
    const seeded = await alpha();
    await withDepartments(seeded);
    renderApp('/item/team?tab=departments');
    await screen.findAllByTestId('dept-row');
    fireEvent.click(screen.getByTestId('dept-create'));
    await waitFor(() => expect(calls('POST', '/api/account/department')).toHaveLength(1));
    expect(calls('POST', '/api/account/department')[0].body).toEqual({
      team_id: seeded.team.id,
      name: '新部门2',
      order_index: 2,
    });
    expect(await screen.findByText('Department 新部门2 created')).toBeTruthy();
    await waitFor(() => expect(departmentNames()).toEqual(['新部门', 'Sales', '新部门2', 'Ungrouped']));
  });

  it('renames a department with one PUT change', async () => {
    const seeded = await alpha();
    const { sales } = await withDepartments(seeded);
    renderApp('/item/team?tab=departments');
    const rows = await screen.findAllByTestId('dept-row');
    fireEvent.click(within(rows[1]).getByTestId('dept-rename'));
    const input = await screen.findByTestId('dept-rename-input');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Sales'));
    fireEvent.change(input, { target: { value: 'Marketing' } });
    fireEvent.click(screen.getByTestId('dept-rename-save'));
    await waitFor(() => expect(calls('PUT', '/api/account/department')).toHaveLength(1));
    expect(calls('PUT', '/api/account/department')[0].body).toEqual({
      team_id: seeded.team.id,
      departments: [{ department_id: sales.id, name: 'Marketing', add_users: [], rm_users: [] }],
    });
    await waitFor(() => expect(departmentNames()).toEqual(['新部门', 'Marketing', 'Ungrouped']));
  });

  it('moves a department up by renumbering the order', async () => {
    const seeded = await alpha();
    const { design, sales } = await withDepartments(seeded);
    renderApp('/item/team?tab=departments');
    const rows = await screen.findAllByTestId('dept-row');
    fireEvent.click(within(rows[1]).getByTestId('dept-up'));
    await waitFor(() => expect(calls('PUT', '/api/account/department')).toHaveLength(1));
    expect(calls('PUT', '/api/account/department')[0].body).toEqual({
      team_id: seeded.team.id,
      departments: [
        { department_id: sales.id, order_index: 0, add_users: [], rm_users: [] },
        { department_id: design.id, order_index: 1, add_users: [], rm_users: [] },
      ],
    });
    await waitFor(() => expect(departmentNames()).toEqual(['Sales', '新部门', 'Ungrouped']));
  });

  it('shows the server message when a delete is refused (the department was deleted meanwhile)', async () => {
    const seeded = await alpha();
    const { design } = await withDepartments(seeded);
    renderApp('/item/team?tab=departments');
    const rows = await screen.findAllByTestId('dept-row');
    await callAs(seeded.olga, 'DELETE', 'account/department', {
      team_id: seeded.team.id,
      department_id: design.id,
    });
    fireEvent.click(within(rows[0]).getByTestId('dept-delete'));
    fireEvent.click(await screen.findByTestId('dept-delete-confirm'));
    expect(await screen.findByText(en(Codes.DEPARTMENT_NOT_FOUND))).toBeTruthy();
  });

  it('a member sees the departments without any editing control', async () => {
    await withDepartments(await alpha({ adaRole: 'member' }));
    renderApp('/item/team?tab=departments');
    await screen.findAllByTestId('dept-row');
    expect(screen.queryByTestId('dept-create')).toBeNull();
    expect(screen.queryAllByTestId('dept-rename')).toHaveLength(0);
  });
});
