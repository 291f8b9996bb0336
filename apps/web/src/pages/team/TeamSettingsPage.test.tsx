import '../../test/setup';
import type { Department, TeamMember, TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLogin } from '../../state/session';
import { buildDepartment, buildLogin, buildMember, buildTeam, page, ungrouped } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

const owner = buildMember('u-owner', 'Olga', 'superadmin');
const self = buildMember('user-1', 'Ada', 'admin', { can_set_nickname: true });
const bob = buildMember('u-bob', 'Bob', 'member', {
  can_change_role: true,
  can_remove: true,
  assignable_roles: ['member', 'onlooker'],
  can_set_nickname: true,
});
const carl = buildMember('u-carl', 'Carl', 'onlooker', {
  can_change_role: true,
  can_remove: true,
  assignable_roles: ['member', 'onlooker'],
});

interface Served {
  role?: TeamRole;
  members?: TeamMember[];
  departments?: Department[];
  extra?: (req: SeenRequest) => Response | null;
}

function serve({ role = 'admin', members = [owner, self, bob, carl], departments = [], extra }: Served = {}) {
  const alpha = buildTeam('team-a', 'Alpha', role);
  const login = buildLogin({ teams: [alpha, buildTeam('team-b', 'Beta')] });
  applyLogin(login);
  return stubFetch((req) => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    if (req.path === '/api/account/user_teams') return ok(login.teams);
    if (req.path === '/api/account/team_users') return ok(page(members));
    if (req.path === '/api/account/department' && req.method === 'GET') return ok(departments);
    if (req.path === '/api/account/team_apply_count') return ok({ pending: 2 });
    if (req.path === '/api/account/team_apply') return ok([]);
    return ok({});
  });
}

async function rowOf(userId: string) {
  await screen.findAllByTestId('member-row');
  const row = screen.getAllByTestId('member-row').find((r) => r.getAttribute('data-user-id') === userId);
  if (!row) throw new Error(`no row for ${userId}`);
  return row;
}

const calls = (seen: SeenRequest[], method: string, path: string) =>
  seen.filter((req) => req.method === method && req.path === path);

describe('team settings: members', () => {
  it('has the page title "Team settings - Ferry" and lists the members with their details', async () => {
    serve();
    renderApp('/item/team');
    await screen.findAllByTestId('member-row');
    expect(document.title).toBe('Team settings - Ferry');
    const bobRow = await rowOf('u-bob');
    expect(bobRow.textContent).toContain('Bob');
    expect(bobRow.textContent).toContain('bob@example.com');
    expect(within(bobRow).getByTestId('member-department').textContent).toBe('Ungrouped');
    expect(screen.getByTestId('members-total').textContent).toBe('4 members');
  });

  it('offers each row only what its abilities allow', async () => {
    serve();
    renderApp('/item/team');
    const ownerRow = await rowOf('u-owner');
    expect(within(ownerRow).queryByTestId('member-role-trigger')).toBeNull();
    expect(within(ownerRow).queryByTestId('member-remove')).toBeNull();
    expect(within(ownerRow).queryByTestId('member-nickname-edit')).toBeNull();
    expect(within(ownerRow).getByTestId('member-role').textContent).toBe('Super admin');

    const selfRow = await rowOf('user-1');
    expect(within(selfRow).queryByTestId('member-role-trigger')).toBeNull();
    expect(within(selfRow).queryByTestId('member-remove')).toBeNull();
    expect(within(selfRow).getByTestId('member-nickname-edit')).toBeTruthy();

    const bobRow = await rowOf('u-bob');
    expect(within(bobRow).getByTestId('member-remove')).toBeTruthy();
    const carlRow = await rowOf('u-carl');
    expect(within(carlRow).queryByTestId('member-nickname-edit')).toBeNull();

    // The role menu lists the assignable roles only: never admin or super admin here.
    fireEvent.click(within(bobRow).getByTestId('member-role-trigger'));
    expect(await screen.findByTestId('role-option-onlooker')).toBeTruthy();
    expect(screen.getByTestId('role-option-member')).toBeTruthy();
    expect(screen.queryByTestId('role-option-admin')).toBeNull();
    expect(screen.queryByTestId('role-option-superadmin')).toBeNull();
    expect(screen.getByTestId('members-invite')).toBeTruthy();
  });

  it('a member sees no invite button, role menus, removals or applications', async () => {
    serve({
      role: 'member',
      members: [owner, buildMember('user-1', 'Ada', 'member', { can_set_nickname: true }), bob].map((m) =>
        m.user_id === 'u-bob'
          ? {
              ...m,
              abilities: { ...m.abilities, can_change_role: false, can_remove: false, assignable_roles: [] },
            }
          : m,
      ),
    });
    renderApp('/item/team');
    await screen.findAllByTestId('member-row');
    expect(screen.queryByTestId('members-invite')).toBeNull();
    expect(screen.queryAllByTestId('member-role-trigger')).toHaveLength(0);
    expect(screen.queryAllByTestId('member-remove')).toHaveLength(0);
    expect(screen.queryByTestId('team-tab-applies')).toBeNull();
  });

  it('changes a role to one of the assignable roles', async () => {
    const seen = serve();
    renderApp('/item/team');
    fireEvent.click(within(await rowOf('u-bob')).getByTestId('member-role-trigger'));
    fireEvent.click(await screen.findByTestId('role-option-onlooker'));
    await waitFor(() => expect(calls(seen, 'PUT', '/api/account/team_user_role')).toHaveLength(1));
    expect(calls(seen, 'PUT', '/api/account/team_user_role')[0].body).toEqual({
      team_id: 'team-a',
      user_id: 'u-bob',
      role: 'onlooker',
    });
    expect(await screen.findByText("Bob's role is now Viewer")).toBeTruthy();
  });

  it('removes a member only after the confirmation', async () => {
    const seen = serve();
    renderApp('/item/team');
    fireEvent.click(within(await rowOf('u-carl')).getByTestId('member-remove'));
    expect(await screen.findByText('Remove Carl from the team?')).toBeTruthy();
    expect(calls(seen, 'DELETE', '/api/account/remove_member')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('member-remove-confirm'));
    await waitFor(() => expect(calls(seen, 'DELETE', '/api/account/remove_member')).toHaveLength(1));
    expect(calls(seen, 'DELETE', '/api/account/remove_member')[0].body).toEqual({
      team_id: 'team-a',
      user_id: 'u-carl',
    });
  });

  it('a second nickname change within 24 h shows the "changed too frequently" warning', async () => {
    const seen = serve({
      extra: (req) =>
        req.path === '/api/account/team_settings' && req.method === 'PUT'
          ? envelope('60001', 'Changed too frequently, please try again after 24 hours')
          : null,
    });
    renderApp('/item/team');
    fireEvent.click(within(await rowOf('u-bob')).getByTestId('member-nickname-edit'));
    fireEvent.change(await screen.findByTestId('nickname-input'), { target: { value: 'Bobby' } });
    fireEvent.click(screen.getByTestId('nickname-save'));
    expect(await screen.findByText('Changed too frequently, please try again after 24 hours')).toBeTruthy();
    expect(calls(seen, 'PUT', '/api/account/team_settings')[0].body).toEqual({
      team_id: 'team-a',
      user_id: 'u-bob',
      nickname: 'Bobby',
    });
  });

  it('searches by keyword from the first page', async () => {
    const seen = serve();
    renderApp('/item/team');
    await screen.findAllByTestId('member-row');
    fireEvent.change(screen.getByTestId('members-search'), { target: { value: 'bob' } });
    await waitFor(() =>
      expect(
        calls(seen, 'GET', '/api/account/team_users').some((req) => req.query.get('keyword') === 'bob'),
      ).toBe(true),
    );
    const last = calls(seen, 'GET', '/api/account/team_users').at(-1);
    expect(last?.query.get('page_num')).toBe('1');
    expect(last?.query.get('page_size')).toBe('10');
    expect(last?.query.get('team_id')).toBe('team-a');
  });

  it('the super admin sees the applications tab with the pending count', async () => {
    serve({ role: 'superadmin' });
    renderApp('/item/team');
    const tab = await screen.findByTestId('team-tab-applies');
    await waitFor(() => expect(tab.textContent).toContain('2'));
  });
});

describe('team settings: departments', () => {
  const design = buildDepartment('d-1', '新部门', [{ user_id: 'u-bob', name: 'Bob', color: '#13a8a8' }]);
  const sales = buildDepartment('d-2', 'Sales', [], { order_index: 1 });

  it('lists the departments with member counts, ungrouped last', async () => {
    serve({ departments: [ungrouped([{ user_id: 'u-carl', name: 'Carl', color: '#000' }]), design, sales] });
    renderApp('/item/team?tab=departments');
    const rows = await screen.findAllByTestId('dept-row');
    expect(rows.map((row) => within(row).getByTestId('dept-name').textContent)).toEqual([
      '新部门',
      'Sales',
      'Ungrouped',
    ]);
    expect(within(rows[0]).getByTestId('dept-count').textContent).toBe('1 member');
    expect(within(rows[2]).queryByTestId('dept-rename')).toBeNull();
  });

  it('creates a department with a free default name at the end', async () => {
    const seen = serve({
      departments: [design, sales, ungrouped()],
      extra: (req) =>
        req.path === '/api/account/department' && req.method === 'POST'
          ? ok({ id: 'd-3', name: '新部门2', order_index: 2 })
          : null,
    });
    renderApp('/item/team?tab=departments');
    await screen.findAllByTestId('dept-row');
    fireEvent.click(screen.getByTestId('dept-create'));
    await waitFor(() => expect(calls(seen, 'POST', '/api/account/department')).toHaveLength(1));
    expect(calls(seen, 'POST', '/api/account/department')[0].body).toEqual({
      team_id: 'team-a',
      name: '新部门2',
      order_index: 2,
    });
    expect(await screen.findByText('Department 新部门2 created')).toBeTruthy();
  });

  it('renames a department with one PUT change', async () => {
    const seen = serve({ departments: [design, sales, ungrouped()] });
    renderApp('/item/team?tab=departments');
    const rows = await screen.findAllByTestId('dept-row');
    fireEvent.click(within(rows[1]).getByTestId('dept-rename'));
    const input = await screen.findByTestId('dept-rename-input');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Sales'));
    fireEvent.change(input, { target: { value: 'Marketing' } });
    fireEvent.click(screen.getByTestId('dept-rename-save'));
    await waitFor(() => expect(calls(seen, 'PUT', '/api/account/department')).toHaveLength(1));
    expect(calls(seen, 'PUT', '/api/account/department')[0].body).toEqual({
      team_id: 'team-a',
      departments: [{ department_id: 'd-2', name: 'Marketing', add_users: [], rm_users: [] }],
    });
  });

  it('moves a department up by renumbering the order', async () => {
    const seen = serve({ departments: [design, sales, ungrouped()] });
    renderApp('/item/team?tab=departments');
    const rows = await screen.findAllByTestId('dept-row');
    fireEvent.click(within(rows[1]).getByTestId('dept-up'));
    await waitFor(() => expect(calls(seen, 'PUT', '/api/account/department')).toHaveLength(1));
    expect(calls(seen, 'PUT', '/api/account/department')[0].body).toEqual({
      team_id: 'team-a',
      departments: [
        { department_id: 'd-2', order_index: 0, add_users: [], rm_users: [] },
        { department_id: 'd-1', order_index: 1, add_users: [], rm_users: [] },
      ],
    });
  });

  it('shows the server message when a delete answers HTTP 400', async () => {
    serve({
      departments: [design, ungrouped()],
      extra: (req) =>
        req.path === '/api/account/department' && req.method === 'DELETE'
          ? envelope('10073', 'Department not found', undefined, 400)
          : null,
    });
    renderApp('/item/team?tab=departments');
    const rows = await screen.findAllByTestId('dept-row');
    fireEvent.click(within(rows[0]).getByTestId('dept-delete'));
    fireEvent.click(await screen.findByTestId('dept-delete-confirm'));
    expect(await screen.findByText('Department not found')).toBeTruthy();
  });

  it('a member sees the departments without any editing control', async () => {
    serve({ role: 'member', departments: [design, ungrouped()] });
    renderApp('/item/team?tab=departments');
    await screen.findAllByTestId('dept-row');
    expect(screen.queryByTestId('dept-create')).toBeNull();
    expect(screen.queryAllByTestId('dept-rename')).toHaveLength(0);
  });
});
