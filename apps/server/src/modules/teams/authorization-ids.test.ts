import { randomUUID } from 'node:crypto';
import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, type BuiltUser, buildTeam } from '../../test/factories.js';
import { teamSnapshot } from '../../test/snapshot.js';

/**
 * Object-level checks: a call names the caller's own team, where they may act, and a second id that
 * belongs to another team. It must be refused as if the object did not exist, and change neither team.
 */
let server: TestServer;
/** Where this file's invitations go, so its mail count is its own. */
const MAIL_DOMAIN = 'object-ids.example.com';
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Scene {
  mine: BuiltTeam;
  myAdmin: BuiltUser;
  myDepartmentId: string;
  theirs: BuiltTeam;
  /** A viewer of the other team: below both our super admin and our admin in rank, were they ours. */
  theirMember: BuiltUser;
  theirDepartmentId: string;
  theirApplyId: string;
  theirInviteId: string;
}

/** Two teams, each with a department; the other one also has an e-mailed invitation and a pending application. */
async function buildScene(): Promise<Scene> {
  const mine = await buildTeam(server.ctx);
  const myAdmin = await addMember(server.ctx, mine, 'admin');
  const theirs = await buildTeam(server.ctx);
  const theirMember = await addMember(server.ctx, theirs, 'onlooker');
  const me = asUser(server.app, mine.owner.token);
  const them = asUser(server.app, theirs.owner.token);
  const myDepartment = await me.post('/api/account/department', { team_id: mine.id, name: 'Ours' });
  const theirDepartment = await them.post('/api/account/department', { team_id: theirs.id, name: 'Theirs' });
  await them.put('/api/account/department', {
    team_id: theirs.id,
    departments: [{ department_id: theirDepartment.result.id, add_users: [theirMember.id] }],
  });
  const [invite] = (
    await them.put('/api/account/invite_member', {
      team_id: theirs.id,
      emails: [`invitee-${randomUUID()}@${MAIL_DOMAIN}`],
    })
  ).result;
  const link = (await them.get(`/api/account/team_invite_link?team_id=${theirs.id}&role=member&review=true`))
    .result;
  const applicant = await addMember(server.ctx, mine, 'member');
  const apply = await asUser(server.app, applicant.token).post('/api/account/team_apply', {
    inviteSign: link.inviteSign,
    time: link.time,
    token: link.token,
    real_name: 'Applicant',
  });
  return {
    mine,
    myAdmin,
    myDepartmentId: myDepartment.result.id,
    theirs,
    theirMember,
    theirDepartmentId: theirDepartment.result.id,
    theirApplyId: apply.result.id,
    theirInviteId: invite.invite_id,
  };
}

interface Case {
  name: string;
  /** Which of our people make the call: the super admin, and our admin where admins may act too. */
  callers: ('superadmin' | 'admin')[];
  code: string;
  status?: number;
  call: (api: ReturnType<typeof asUser>, scene: Scene) => Promise<{ code: string; status: number }>;
}

const NOT_FOUND = Codes.NOT_FOUND.code;
const NO_DEPARTMENT = Codes.DEPARTMENT_NOT_FOUND.code;
const cases: Case[] = [
  {
    name: "PUT team_user_role with another team's member",
    callers: ['superadmin', 'admin'],
    code: NOT_FOUND,
    call: (api, s) =>
      api.put('/api/account/team_user_role', {
        team_id: s.mine.id,
        user_id: s.theirMember.id,
        role: 'member',
      }),
  },
  {
    name: "DELETE remove_member with another team's member",
    callers: ['superadmin', 'admin'],
    code: NOT_FOUND,
    call: (api, s) =>
      api.delete('/api/account/remove_member', { team_id: s.mine.id, user_id: s.theirMember.id }),
  },
  {
    name: "PUT team_transfer to another team's member",
    callers: ['superadmin'],
    code: NOT_FOUND,
    call: (api, s) =>
      api.put('/api/account/team_transfer', { team_id: s.mine.id, user_id: s.theirMember.id }),
  },
  {
    name: "PUT team_transfer to another team's owner",
    callers: ['superadmin'],
    code: NOT_FOUND,
    call: (api, s) =>
      api.put('/api/account/team_transfer', { team_id: s.mine.id, user_id: s.theirs.owner.id }),
  },
  {
    name: "PUT team_settings with another team's member",
    callers: ['superadmin', 'admin'],
    code: NOT_FOUND,
    call: (api, s) =>
      api.put('/api/account/team_settings', {
        team_id: s.mine.id,
        user_id: s.theirMember.id,
        nickname: 'Spy',
      }),
  },
  {
    name: "PUT department with another team's department",
    callers: ['superadmin', 'admin'],
    code: NO_DEPARTMENT,
    call: (api, s) =>
      api.put('/api/account/department', {
        team_id: s.mine.id,
        departments: [{ department_id: s.theirDepartmentId, name: 'Taken', rm_users: [s.theirMember.id] }],
      }),
  },
  {
    name: "PUT department renaming ours and moving another team's member in (all or nothing)",
    callers: ['superadmin', 'admin'],
    code: NOT_FOUND,
    call: (api, s) =>
      api.put('/api/account/department', {
        team_id: s.mine.id,
        departments: [{ department_id: s.myDepartmentId, name: 'Renamed', add_users: [s.theirMember.id] }],
      }),
  },
  {
    name: "DELETE department with another team's department",
    callers: ['superadmin', 'admin'],
    code: NO_DEPARTMENT,
    status: 400,
    call: (api, s) =>
      api.delete('/api/account/department', { team_id: s.mine.id, department_id: s.theirDepartmentId }),
  },
  {
    name: "GET department with another team's department",
    callers: ['superadmin', 'admin'],
    code: NO_DEPARTMENT,
    call: (api, s) =>
      api.get(`/api/account/department?team_id=${s.mine.id}&department_id=${s.theirDepartmentId}`),
  },
  {
    name: "PUT team_apply with another team's application",
    callers: ['superadmin'],
    code: NOT_FOUND,
    call: (api, s) =>
      api.put('/api/account/team_apply', { team_id: s.mine.id, apply_id: s.theirApplyId, state: 'agreed' }),
  },
  {
    name: "POST invite_message with another team's invitation",
    callers: ['superadmin', 'admin'],
    code: NOT_FOUND,
    call: (api, s) =>
      api.post('/api/account/invite_message', { team_id: s.mine.id, invite_id: s.theirInviteId }),
  },
  {
    name: 'POST merge_team into a team the caller does not own',
    callers: ['superadmin'],
    code: Codes.TEAM_NOT_FOUND.code,
    call: (api, s) =>
      api.post('/api/account/merge_team', { team_id: s.mine.id, target_team_id: s.theirs.id }),
  },
];

describe.each(cases)('$name', (row) => {
  it.each(row.callers)('is refused to our %s and changes neither team', async (caller) => {
    const scene = await buildScene();
    const user = caller === 'superadmin' ? scene.mine.owner : scene.myAdmin;
    const involved = [scene.mine.id, scene.theirs.id];
    const before = await teamSnapshot(server.ctx, involved, MAIL_DOMAIN);

    const answer = await row.call(asUser(server.app, user.token), scene);
    expect(answer.code).toBe(row.code);
    expect(answer.status).toBe(row.status ?? 200);
    expect(await teamSnapshot(server.ctx, involved, MAIL_DOMAIN)).toEqual(before);
  });
});

describe("another team's objects stay out of sight", () => {
  it("filters our member list by another team's department to nobody", async () => {
    const scene = await buildScene();
    const answer = await asUser(server.app, scene.mine.owner.token).get(
      `/api/account/team_users?team_id=${scene.mine.id}&department_id=${scene.theirDepartmentId}`,
    );
    expect(answer.code).toBe('00000');
    expect(answer.result).toMatchObject({ list: [], total: 0 });
  });

  it('lists only our own applications to our super admin', async () => {
    const scene = await buildScene();
    const mine = await asUser(server.app, scene.mine.owner.token).get(
      `/api/account/team_apply?team_id=${scene.mine.id}`,
    );
    expect(mine.result).toEqual([]);
    const theirs = await asUser(server.app, scene.theirs.owner.token).get(
      `/api/account/team_apply?team_id=${scene.theirs.id}`,
    );
    expect(theirs.result.map((apply: { id: string }) => apply.id)).toEqual([scene.theirApplyId]);
  });

  it('the same calls with our own ids are allowed: the refusals above are about the ids', async () => {
    const scene = await buildScene();
    const mine = await addMember(server.ctx, scene.mine, 'onlooker');
    const api = asUser(server.app, scene.myAdmin.token);
    expect(
      (
        await api.put('/api/account/team_user_role', {
          team_id: scene.mine.id,
          user_id: mine.id,
          role: 'member',
        })
      ).code,
    ).toBe('00000');
    expect(
      (
        await api.put('/api/account/team_settings', {
          team_id: scene.mine.id,
          user_id: mine.id,
          nickname: 'Ours',
        })
      ).code,
    ).toBe('00000');
    const moved = await api.put('/api/account/department', {
      team_id: scene.mine.id,
      departments: [{ department_id: scene.myDepartmentId, add_users: [mine.id] }],
    });
    expect(moved.code).toBe('00000');
    expect(
      (await api.delete('/api/account/remove_member', { team_id: scene.mine.id, user_id: mine.id })).code,
    ).toBe('00000');
  });
});
