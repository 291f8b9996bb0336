import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, type BuiltUser, buildTeam } from '../../test/factories.js';
import { teams } from '../teams/tables.js';
import { projectGroupItems } from './tables.js';

/**
 * A mode-B project is hidden from team members who are not its members (spec 000 §6): no call about names
 * or groups tells them it is there, or lets them file it.
 */
let server: TestServer;
let team: BuiltTeam;
let owner: ReturnType<typeof asUser>;
let outsider: BuiltUser;
let asOutsider: ReturnType<typeof asUser>;
let hidden: { id: string; name: string };
let open: { id: string; name: string };

async function project(name: string, mode: 'A' | 'B') {
  const id = (await owner.post('/api/project/project_info', { team_id: team.id, name })).result.id as string;
  if (mode === 'B')
    await owner.put('/api/project/project_info', { team_id: team.id, project_id: id, permission_mode: 'B' });
  return { id, name };
}

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  await server.ctx.db.update(teams).set({ type: 'enterprise' }).where(eq(teams.id, team.id));
  owner = asUser(server.app, team.owner.token);
  // A team admin edits groups; outside a mode-B project they do not see it (ARCHITECTURE.md).
  outsider = await addMember(server.ctx, team, 'admin');
  asOutsider = asUser(server.app, outsider.token);
  hidden = await project('SecretLaunch', 'B');
  open = await project('PublicSite', 'A');
});
afterAll(() => server.close());

describe('check_repeated_name', () => {
  const check = (api: ReturnType<typeof asUser>, name: string) =>
    api.get(
      `/api/dayu/design/project/check_repeated_name?team_id=${team.id}&name=${encodeURIComponent(name)}`,
    );

  it('does not tell the name of a project the caller cannot see', async () => {
    expect((await check(asOutsider, hidden.name)).result).toEqual({ repeated: false });
    expect((await check(owner, hidden.name)).result).toEqual({ repeated: true });
    expect((await check(asOutsider, open.name)).result).toEqual({ repeated: true });
  });
});

describe('project groups', () => {
  const itemsOf = async (groupId: string) =>
    (await server.ctx.db.select().from(projectGroupItems).where(eq(projectGroupItems.groupId, groupId))).map(
      (item) => item.projectId,
    );

  it('refuses to put a hidden project in a new group (418), and makes no group', async () => {
    const name = 'OutsiderPicks';
    const made = await asOutsider.post('/api/project/group', {
      team_id: team.id,
      name,
      project_ids: [open.id, hidden.id],
    });
    expect(made.code).toBe(Codes.NOT_ALLOWED.code);
    const listed = await owner.get(`/api/project/group?team_id=${team.id}`);
    expect(listed.result.map((group: { name: string }) => group.name)).not.toContain(name);
  });

  it('refuses to add a hidden project to a group, or to take one out of it', async () => {
    const group = await owner.post('/api/project/group', {
      team_id: team.id,
      name: 'Roadmap',
      project_ids: [hidden.id],
    });
    const groupId = group.result.id as string;
    const base = { team_id: team.id, group_id: groupId };

    const removed = await asOutsider.put('/api/project/group', { ...base, rm_projects: [hidden.id] });
    expect(removed.code).toBe(Codes.NOT_ALLOWED.code);
    expect(await itemsOf(groupId)).toEqual([hidden.id]);

    const other = await owner.post('/api/project/group', {
      team_id: team.id,
      name: 'Later',
      project_ids: [],
    });
    const added = await asOutsider.put('/api/project/group', {
      team_id: team.id,
      group_id: other.result.id,
      add_projects: [hidden.id],
    });
    expect(added.code).toBe(Codes.NOT_ALLOWED.code);
    expect(await itemsOf(other.result.id)).toEqual([]);

    // Projects the caller sees are theirs to file.
    const filed = await asOutsider.put('/api/project/group', { ...base, add_projects: [open.id] });
    expect(filed.code, filed.msg).toBe('00000');
    expect(filed.result.project_ids).toEqual([open.id]);
  });

  it('lists only the projects the caller can see', async () => {
    const group = await owner.post('/api/project/group', {
      team_id: team.id,
      name: 'Everything',
      project_ids: [hidden.id, open.id],
    });
    const byId = async (api: ReturnType<typeof asUser>) =>
      (await api.get(`/api/project/group?team_id=${team.id}`)).result.find(
        (item: { id: string }) => item.id === group.result.id,
      );
    expect((await byId(asOutsider)).project_ids).toEqual([open.id]);
    expect([...(await byId(owner)).project_ids].sort()).toEqual([hidden.id, open.id].sort());
  });
});
