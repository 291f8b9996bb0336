import { Codes, type RealtimeMessage } from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { encryptPassword } from '../../test/crypto.js';
import { eventsAsSent } from '../../test/events.js';
import { addMember, type BuiltTeam, type BuiltUser, buildTeam } from '../../test/factories.js';
import { TestSocket } from '../../test/sockets.js';
import { messages } from '../messages/tables.js';
import { newProject, seedDesigns } from '../sections/stage-fixtures.js';
import { events } from './tables.js';

/**
 * Each notice of spec 002 §4 from the action that causes it: who receives it, its fields, and the
 * message-centre row every recipient gets. Every case builds its own team.
 */

let server: TestServer;
let publicKey: string;

beforeAll(async () => {
  server = await startTestServer();
  publicKey = (await anonymous(server.app).get('/api/account/public_key')).result.public_key;
});
afterAll(() => server.close());

interface World {
  team: BuiltTeam;
  admin: BuiltUser;
  member: BuiltUser;
  viewer: BuiltUser;
  /** In the team, not in the project. */
  newcomer: BuiltUser;
  projectId: string;
}

/**
 * A team: its owner, an admin, a member, a viewer and a newcomer; a project the owner made (so is in), with
 * the member and the viewer added.
 */
async function world(): Promise<World> {
  const team = await buildTeam(server.ctx);
  const admin = await addMember(server.ctx, team, 'admin');
  const member = await addMember(server.ctx, team, 'member');
  const viewer = await addMember(server.ctx, team, 'onlooker');
  const newcomer = await addMember(server.ctx, team, 'member');
  const owner = asUser(server.app, team.owner.token);
  const projectId = await newProject(owner, team.id);
  const added = await owner.post('/api/project/project_user', {
    team_id: team.id,
    project_id: projectId,
    user_ids: [member.id, viewer.id],
    role: 'member',
  });
  expect(added.code).toBe('00000');
  await server.ctx.db.delete(events).where(sql`${events.payload}->>'teamId' = ${team.id}`);
  await server.ctx.db.delete(messages).where(eq(messages.teamId, team.id));
  return { team, admin, member, viewer, newcomer, projectId };
}

/** The team's outbox rows, each with its message as sent. */
const noticesOf = (teamId: string) =>
  eventsAsSent(server.ctx.db, sql`${events.payload}->>'teamId' = ${teamId}`);

interface Case {
  name: string;
  act(w: World): Promise<{ code: string }>;
  /** The recipients, by who they are in the world. */
  to(w: World): string[];
  fields(w: World): Partial<RealtimeMessage>;
  kind: string;
}

const as = (user: BuiltUser) => asUser(server.app, user.token);
const ref = (w: World) => ({ team_id: w.team.id, project_id: w.projectId });
const stageUrl = (w: World) => `/web/#/item/project/stage?tid=${w.team.id}&pid=${w.projectId}`;

const cases: Case[] = [
  {
    name: 'a team role changed',
    act: (w) =>
      as(w.team.owner).put('/api/account/team_user_role', {
        team_id: w.team.id,
        user_id: w.member.id,
        role: 'admin',
      }),
    to: (w) => [w.member.id],
    fields: (w) => ({
      method: 'changeTeamJurisdiction',
      type: 'admin',
      code: 3,
      url: `/web/#/item?fid=all&tid=${w.team.id}`,
    }),
    kind: 'team_adjusted',
  },
  {
    name: 'the team handed to a member',
    act: (w) =>
      as(w.team.owner).put('/api/account/team_transfer', { team_id: w.team.id, user_id: w.admin.id }),
    to: (w) => [w.admin.id],
    fields: () => ({ method: 'changeTeamJurisdiction', type: 'superadmin', code: 4 }),
    kind: 'team_adjusted',
  },
  {
    name: 'a member removed from the team',
    act: (w) =>
      as(w.admin).delete('/api/account/remove_member', { team_id: w.team.id, user_id: w.member.id }),
    to: (w) => [w.member.id],
    fields: () => ({ method: 'removeTeamMemeber', toType: 'user' }),
    kind: 'team_exit',
  },
  {
    name: 'the team dissolved',
    act: (w) =>
      as(w.team.owner).delete('/api/account/team', {
        team_id: w.team.id,
        name: w.team.name,
        password: encryptPassword(publicKey, w.team.owner.password),
      }),
    to: (w) => [w.admin.id, w.member.id, w.viewer.id, w.newcomer.id],
    fields: () => ({ method: 'dissolutionTeam', toType: 'team' }),
    kind: 'team_dissolved',
  },
  {
    name: 'members added to a project (one already in it)',
    act: (w) =>
      as(w.admin).post('/api/project/project_user', {
        ...ref(w),
        user_ids: [w.member.id, w.newcomer.id],
        role: 'onlooker',
      }),
    to: (w) => [w.newcomer.id],
    fields: (w) => ({ method: 'addProjectMember', type: 'onlooker', code: 1, url: stageUrl(w) }),
    kind: 'project_invite',
  },
  {
    name: 'a project role changed',
    act: (w) => as(w.admin).put('/api/project/role', { ...ref(w), user_id: w.viewer.id, code: 'onlooker' }),
    to: (w) => [w.viewer.id],
    fields: (w) => ({
      method: 'changeProjectMember',
      type: 'onlooker',
      code: 1,
      url: `/web/#/item?commonly=join&tid=${w.team.id}`,
    }),
    kind: 'project_adjusted',
  },
  {
    name: 'the permission mode changed',
    act: (w) => as(w.admin).put('/api/project/project_info', { ...ref(w), permission_mode: 'B' }),
    to: (w) => [w.team.owner.id, w.member.id, w.viewer.id],
    fields: () => ({ method: 'changeProjectPermission', type: 'B', toType: 'project' }),
    kind: 'project_adjusted',
  },
  {
    name: 'a member removed from a project',
    act: (w) => as(w.admin).delete('/api/project/project_user', { ...ref(w), user_id: w.member.id }),
    to: (w) => [w.member.id],
    fields: () => ({ method: 'removeProjectMemeber' }),
    kind: 'project_exit',
  },
  {
    name: 'the project deleted',
    act: async (w) => {
      const { result } = await as(w.admin).get(
        `/api/project/project_info?team_id=${w.team.id}&project_id=${w.projectId}`,
      );
      return as(w.admin).delete('/api/project/project_info', { ...ref(w), p_name: result.name });
    },
    to: (w) => [w.team.owner.id, w.member.id, w.viewer.id],
    fields: () => ({ method: 'removeProject', toType: 'project' }),
    kind: 'project_deleted',
  },
];

describe('each notice from its action', () => {
  for (const entry of cases) {
    it(entry.name, async () => {
      const w = await world();
      const answer = await entry.act(w);
      expect(answer.code).toBe('00000');
      const notices = await noticesOf(w.team.id);
      expect(notices).toHaveLength(1);
      const message = notices[0].payload;
      expect(message).toMatchObject({
        ...entry.fields(w),
        teamId: w.team.id,
        teamName: w.team.name,
        fromUserId: expect.any(String),
        fromUserName: expect.any(String),
      });
      expect([...message.toIds].sort()).toEqual([...entry.to(w)].sort());
      expect(message.toIds).not.toContain(message.fromUserId);
      expect(Object.keys(message).sort()).toEqual(SPEC_FIELDS);
      const rows = await server.ctx.db.select().from(messages).where(eq(messages.teamId, w.team.id));
      expect(rows.flatMap((row) => row.recipientIds).sort()).toEqual([...entry.to(w)].sort());
      expect(new Set(rows.map((row) => row.kind))).toEqual(new Set([entry.kind]));
    });
  }

  it('designs moved to the recycle bin: the project’s people hear, watchers of the project see it', async () => {
    const w = await world();
    const ids = await seedDesigns(server, w.projectId, ['Login', 'Home']);
    const url = await server.listen();
    // The admin sees the project (mode A) without being one of its people: they get it through the room.
    const watcher = await TestSocket.signedIn(url, w.admin.token);
    watcher.send({ type: 'watch', teamId: w.team.id, projectId: w.projectId });
    await watcher.next((frame) => frame.type === 'watching');
    const removed = await as(w.member).delete('/api/project/image', {
      project_id: w.projectId,
      image_ids: [ids.Login, ids.Home],
    });
    expect(removed.code).toBe('00000');

    const [notice] = await noticesOf(w.team.id);
    expect(notice.payload).toMatchObject({
      method: 'removeImage',
      projectId: w.projectId,
      imageId: ids.Login,
      imageName: 'Login',
      isDesign: true,
      isMulti: true,
      content: 'Login、Home',
      toType: 'project',
      url: stageUrl(w),
    });
    expect([...notice.payload.toIds].sort()).toEqual([w.team.owner.id, w.viewer.id].sort());
    const frame = await watcher.event('removeImage');
    expect(frame.message.toIds).not.toContain(w.admin.id);
    watcher.close();
  });

  it('a refused change records no notice', async () => {
    const w = await world();
    const refused = await as(w.member).put('/api/account/team_user_role', {
      team_id: w.team.id,
      user_id: w.viewer.id,
      role: 'member',
    });
    expect(refused.code).toBe(Codes.ADMIN_ONLY.code);
    const outsider = await buildTeam(server.ctx);
    const foreign = await as(outsider.owner).delete('/api/project/project_user', {
      ...ref(w),
      user_id: w.member.id,
    });
    expect(foreign.code).not.toBe('00000');
    expect(await noticesOf(w.team.id)).toEqual([]);
  });

  it('setting the role someone already has tells nobody', async () => {
    const w = await world();
    const same = await as(w.team.owner).put('/api/account/team_user_role', {
      team_id: w.team.id,
      user_id: w.member.id,
      role: 'member',
    });
    expect(same.code).toBe('00000');
    expect(await noticesOf(w.team.id)).toEqual([]);
  });
});

const SPEC_FIELDS = [
  'method',
  'type',
  'code',
  'teamId',
  'projectId',
  'projectName',
  'teamName',
  'imageName',
  'designName',
  'fromUserId',
  'fromUserName',
  'fromNickName',
  'toIds',
  'toType',
  'content',
  'hasAt',
  'isDesign',
  'isMulti',
  'axureType',
  'versionId',
  'pageId',
  'imageId',
  'commentId',
  'url',
].sort();
