import { randomUUID } from 'node:crypto';
import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { encryptPassword } from '../../test/crypto.js';
import { addMember, type BuiltUser, buildTeam, buildUser } from '../../test/factories.js';
import { pngImage, uploadTeamAvatar } from '../../test/files.js';
import { teamSnapshot } from '../../test/snapshot.js';

/**
 * Who may make each team call: every call of the API section on members, invitations, applications,
 * departments, settings and plans (and the rename), for each role, for a signed-in stranger, for a
 * member naming another team's id, for a removed member, for a member of a dissolved team, and
 * signed out. A refused call that would change something must leave every team involved unchanged;
 * an allowed one must change its team.
 */
let server: TestServer;
/** Where this file's invitations go, so its mail count is its own. */
const MAIL_DOMAIN = 'matrix.example.com';
afterAll(() => server.close());

const OK = Codes.OK.code;
const NOT_IN_TEAM = Codes.TEAM_NOT_FOUND.code;
const ADMIN_ONLY = Codes.ADMIN_ONLY.code;
const NO_PERMISSION = Codes.NO_PERMISSION.code;
const REMOVED = Codes.REMOVED_FROM_TEAM.code;
const DISSOLVED = Codes.TEAM_DISSOLVED.code;
const ALREADY_IN = Codes.ALREADY_IN_TEAM.code;
const SIGNED_OUT = Codes.SESSION_EXPIRED.code;

const COLUMNS = [
  'superadmin',
  'admin',
  'member',
  'onlooker',
  'stranger',
  'otherTeam',
  'removed',
  'dissolved',
  'anonymous',
] as const;
type Column = (typeof COLUMNS)[number];

interface Link {
  inviteSign: string;
  time: number;
  token: string;
}
/** Everything a call may name, all belonging to the team `teamId` except where a column swaps it. */
interface Ids {
  teamId: string;
  teamName: string;
  ownerId: string;
  adminId: string;
  /** A viewer the calls act on. */
  targetId: string;
  departmentId: string;
  inviteId: string;
  applyId: string;
  link: Link;
  reviewLink: Link;
  /** A second team of the same owner, for merging. */
  mergeTargetId: string;
  ownerPassword: string;
}
interface Caller {
  api: ReturnType<typeof asUser>;
  token?: string;
  me: string;
  ids: Ids;
}
interface Answer {
  status: number;
  code: string;
}
interface Row {
  name: string;
  expected: Partial<Record<Column, string>>;
  call: (caller: Caller) => Promise<Answer>;
  /** HTTP status of a refusal (DELETE department answers 400). */
  refusalStatus?: number;
}

const AVATAR = pngImage([1, 2, 3, 255]);
const auth = (token?: string): Record<string, string> =>
  token ? { authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}` } : {};

/** A call naming a team: strangers and other teams 10006, removed 19013, dissolved 19014. */
function teamCall(
  name: string,
  [superadmin, admin, member, onlooker]: [string, string, string, string],
  call: Row['call'],
  options: { outsider?: string; refusalStatus?: number } = {},
): Row {
  const outsider = options.outsider ?? NOT_IN_TEAM;
  return {
    name,
    call,
    refusalStatus: options.refusalStatus,
    expected: {
      superadmin,
      admin,
      member,
      onlooker,
      stranger: outsider,
      otherTeam: outsider,
      removed: REMOVED,
      dissolved: DISSOLVED,
      anonymous: SIGNED_OUT,
    },
  };
}

/** A call that names no team (links, one's own applications): no team to swap. */
function linkCall(
  name: string,
  [superadmin, admin, member, onlooker, stranger]: [string, string, string, string, string],
  call: Row['call'],
  signedOut = SIGNED_OUT,
): Row {
  return { name, call, expected: { superadmin, admin, member, onlooker, stranger, anonymous: signedOut } };
}

const ALL = [OK, OK, OK, OK] as [string, string, string, string];
const ADMINS = [OK, OK, ADMIN_ONLY, ADMIN_ONLY] as [string, string, string, string];
const OWNER = [OK, NO_PERMISSION, NO_PERMISSION, NO_PERMISSION] as [string, string, string, string];
const q = (ids: Ids) => `team_id=${ids.teamId}`;

const rows: Row[] = [
  teamCall('GET team_users', ALL, ({ api, ids }) => api.get(`/api/account/team_users?${q(ids)}`)),
  teamCall('PUT team_user_role (a viewer to member)', ADMINS, ({ api, ids }) =>
    api.put('/api/account/team_user_role', { team_id: ids.teamId, user_id: ids.targetId, role: 'member' }),
  ),
  teamCall(
    'PUT team_user_role (a viewer to admin)',
    [OK, NO_PERMISSION, ADMIN_ONLY, ADMIN_ONLY],
    ({ api, ids }) =>
      api.put('/api/account/team_user_role', { team_id: ids.teamId, user_id: ids.targetId, role: 'admin' }),
  ),
  teamCall(
    'PUT team_user_role (the super admin to member)',
    [NO_PERMISSION, NO_PERMISSION, ADMIN_ONLY, ADMIN_ONLY],
    ({ api, ids }) =>
      api.put('/api/account/team_user_role', { team_id: ids.teamId, user_id: ids.ownerId, role: 'member' }),
  ),
  teamCall('DELETE remove_member (a viewer)', ADMINS, ({ api, ids }) =>
    api.delete('/api/account/remove_member', { team_id: ids.teamId, user_id: ids.targetId }),
  ),
  teamCall(
    'DELETE remove_member (the super admin)',
    [NO_PERMISSION, NO_PERMISSION, ADMIN_ONLY, ADMIN_ONLY],
    ({ api, ids }) => api.delete('/api/account/remove_member', { team_id: ids.teamId, user_id: ids.ownerId }),
  ),
  teamCall('GET user_team_role', ALL, ({ api, ids }) => api.get(`/api/account/user_team_role?${q(ids)}`)),
  teamCall('GET team_invite_link (member)', ADMINS, ({ api, ids }) =>
    api.get(`/api/account/team_invite_link?${q(ids)}&role=member`),
  ),
  teamCall('GET team_invite_link (admin)', [OK, NO_PERMISSION, ADMIN_ONLY, ADMIN_ONLY], ({ api, ids }) =>
    api.get(`/api/account/team_invite_link?${q(ids)}&role=admin`),
  ),
  teamCall('POST team_invite_link/reset', ADMINS, ({ api, ids }) =>
    api.post('/api/account/team_invite_link/reset', { team_id: ids.teamId }),
  ),
  linkCall(
    'GET invite_info',
    [OK, OK, OK, OK, OK],
    ({ api, ids }) =>
      api.get(
        `/api/account/invite_info?${new URLSearchParams({ ...ids.link, time: String(ids.link.time) })}`,
      ),
    OK,
  ),
  linkCall('POST join_by_link', [ALREADY_IN, ALREADY_IN, ALREADY_IN, ALREADY_IN, OK], ({ api, ids }) =>
    api.post('/api/account/join_by_link', ids.link),
  ),
  teamCall('PUT invite_member (member)', ADMINS, ({ api, ids }) =>
    api.put('/api/account/invite_member', {
      team_id: ids.teamId,
      emails: [`invitee-${randomUUID()}@${MAIL_DOMAIN}`],
      role: 'member',
    }),
  ),
  teamCall('PUT invite_member (admin)', [OK, NO_PERMISSION, ADMIN_ONLY, ADMIN_ONLY], ({ api, ids }) =>
    api.put('/api/account/invite_member', {
      team_id: ids.teamId,
      emails: [`invitee-${randomUUID()}@${MAIL_DOMAIN}`],
      role: 'admin',
    }),
  ),
  teamCall('POST invite_message', ADMINS, ({ api, ids }) =>
    api.post('/api/account/invite_message', { team_id: ids.teamId, invite_id: ids.inviteId }),
  ),
  linkCall('POST team_apply', [ALREADY_IN, ALREADY_IN, ALREADY_IN, ALREADY_IN, OK], ({ api, ids }) =>
    api.post('/api/account/team_apply', { ...ids.reviewLink, real_name: 'Ann', reason: 'hi' }),
  ),
  teamCall('GET team_apply', OWNER, ({ api, ids }) => api.get(`/api/account/team_apply?${q(ids)}`)),
  teamCall('GET team_apply_count', OWNER, ({ api, ids }) =>
    api.get(`/api/account/team_apply_count?${q(ids)}`),
  ),
  teamCall('PUT team_apply', OWNER, ({ api, ids }) =>
    api.put('/api/account/team_apply', { team_id: ids.teamId, apply_id: ids.applyId, state: 'refused' }),
  ),
  linkCall('GET my_team_applies', [OK, OK, OK, OK, OK], ({ api }) => api.get('/api/account/my_team_applies')),
  teamCall('GET department', ALL, ({ api, ids }) => api.get(`/api/account/department?${q(ids)}`)),
  teamCall('POST department', ADMINS, ({ api, ids }) =>
    api.post('/api/account/department', { team_id: ids.teamId, name: `Dept${randomUUID().slice(0, 8)}` }),
  ),
  teamCall('PUT department', ADMINS, ({ api, ids }) =>
    api.put('/api/account/department', {
      team_id: ids.teamId,
      departments: [{ department_id: ids.departmentId, name: 'Renamed', add_users: [ids.targetId] }],
    }),
  ),
  teamCall(
    'DELETE department',
    ADMINS,
    ({ api, ids }) =>
      api.delete('/api/account/department', { team_id: ids.teamId, department_id: ids.departmentId }),
    { refusalStatus: 400 },
  ),
  teamCall('GET team_settings', ALL, ({ api, ids }) =>
    api.get(`/api/account/team_settings?${q(ids)}&settings_type=web_main`),
  ),
  teamCall('PUT team_settings (own nickname)', ALL, ({ api, me, ids }) =>
    api.put('/api/account/team_settings', { team_id: ids.teamId, user_id: me, nickname: 'Me' }),
  ),
  teamCall(
    "PUT team_settings (a viewer's nickname)",
    [OK, OK, NO_PERMISSION, NO_PERMISSION],
    ({ api, ids }) =>
      api.put('/api/account/team_settings', { team_id: ids.teamId, user_id: ids.targetId, nickname: 'Them' }),
  ),
  teamCall('GET user_in_team_nickname', ALL, ({ api, ids }) =>
    api.get(`/api/account/user_in_team_nickname?${q(ids)}`),
  ),
  teamCall('POST team_avatar', ADMINS, ({ token, ids }) =>
    uploadTeamAvatar(server.app, token ?? '', ids.teamId, { data: AVATAR }),
  ),
  teamCall('GET team_avatar/{team_id}', ALL, async ({ token, ids }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/account/team_avatar/${ids.teamId}`,
      headers: auth(token),
    });
    if (String(response.headers['content-type']).startsWith('image/png'))
      return { status: response.statusCode, code: response.rawPayload.equals(AVATAR) ? OK : 'other bytes' };
    return { status: response.statusCode, code: response.json().code };
  }),
  teamCall(
    'POST exit_team',
    [Codes.SUPERADMIN_CANNOT_EXIT.code, OK, OK, OK],
    ({ api, ids }) => api.post('/api/account/exit_team', { team_id: ids.teamId }),
    // Leaving a team one is not in answers 19010 "no longer in this team" (exitTeam maps 10006 to it).
    { outsider: Codes.NOT_IN_TEAM.code },
  ),
  teamCall('PUT team_transfer', OWNER, ({ api, ids }) =>
    api.put('/api/account/team_transfer', { team_id: ids.teamId, user_id: ids.adminId }),
  ),
  teamCall('DELETE team', OWNER, ({ api, ids }) =>
    api.delete('/api/account/team', { team_id: ids.teamId, name: ids.teamName, password: ids.ownerPassword }),
  ),
  teamCall('POST merge_team', OWNER, ({ api, ids }) =>
    api.post('/api/account/merge_team', { team_id: ids.teamId, target_team_id: ids.mergeTargetId }),
  ),
  teamCall('GET team/quota', ALL, ({ api, ids }) => api.get(`/api/account/team/quota?${q(ids)}`)),
  teamCall('GET team/seat/available', ALL, ({ api, ids }) => api.get(`/api/team/seat/available?${q(ids)}`)),
  teamCall('GET team/seat/expire_notice', ALL, ({ api, ids }) =>
    api.get(`/api/team/seat/expire_notice?${q(ids)}`),
  ),
  teamCall('PUT team_info (rename)', ADMINS, ({ api, ids }) =>
    api.put('/api/account/team_info', { team_id: ids.teamId, name: 'Renamed' }),
  ),
];

// ---- the people and teams of the matrix -------------------------------------------------------

const PEOPLE = [
  'owner',
  'admin',
  'member',
  'onlooker',
  'target',
  'applicant',
  'stranger',
  'removed',
  'dissolved',
] as const;
let people: Record<(typeof PEOPLE)[number], BuiltUser>;
let strangerTeamId: string;
let removedTeamId: string;
let dissolvedTeamId: string;
let publicKey: string;
let shared: Ids;

/** A team with one person of each role, a viewer to act on, a department, an e-mailed invitation, links and a pending application. */
async function buildFixture(): Promise<Ids> {
  const team = await buildTeam(server.ctx, { owner: people.owner });
  for (const role of ['admin', 'member', 'onlooker'] as const)
    await addMember(server.ctx, team, role, people[role]);
  await addMember(server.ctx, team, 'onlooker', people.target);
  const owner = asUser(server.app, people.owner.token);
  const department = await owner.post('/api/account/department', { team_id: team.id, name: 'Design' });
  const [invite] = (
    await owner.put('/api/account/invite_member', {
      team_id: team.id,
      emails: [`inv-${randomUUID()}@${MAIL_DOMAIN}`],
    })
  ).result;
  const link = (await owner.get(`/api/account/team_invite_link?team_id=${team.id}&role=member`)).result;
  const reviewLink = (
    await owner.get(`/api/account/team_invite_link?team_id=${team.id}&role=member&review=true`)
  ).result;
  const pick = ({ inviteSign, time, token }: Link) => ({ inviteSign, time, token });
  const apply = await asUser(server.app, people.applicant.token).post('/api/account/team_apply', {
    ...pick(reviewLink),
    real_name: 'Applicant',
  });
  const mergeTarget = await buildTeam(server.ctx, { owner: people.owner });
  return {
    teamId: team.id,
    teamName: team.name,
    ownerId: people.owner.id,
    adminId: people.admin.id,
    targetId: people.target.id,
    departmentId: department.result.id,
    inviteId: invite.invite_id,
    applyId: apply.result.id,
    link: pick(link),
    reviewLink: pick(reviewLink),
    mergeTargetId: mergeTarget.id,
    ownerPassword: encryptPassword(publicKey, people.owner.password),
  };
}

/** Who calls, and with which ids, in each column. */
function callerFor(column: Column, ids: Ids): Caller {
  const as = (user: BuiltUser, swapped: Partial<Ids> = {}): Caller => ({
    api: asUser(server.app, user.token),
    token: user.token,
    me: user.id,
    ids: { ...ids, ...swapped },
  });
  switch (column) {
    case 'superadmin':
      return as(people.owner);
    case 'admin':
    case 'member':
    case 'onlooker':
    case 'stranger':
      return as(people[column]);
    case 'otherTeam':
      return as(people.owner, { teamId: strangerTeamId });
    case 'removed':
      return as(people.removed, { teamId: removedTeamId });
    case 'dissolved':
      return as(people.dissolved, { teamId: dissolvedTeamId });
    case 'anonymous':
      return { api: anonymous(server.app), me: randomUUID(), ids };
  }
}

beforeAll(async () => {
  server = await startTestServer();
  publicKey = (await anonymous(server.app).get('/api/account/public_key')).result.public_key;
  people = Object.fromEntries(
    await Promise.all(PEOPLE.map(async (name) => [name, await buildUser(server.ctx, { name })])),
  ) as typeof people;

  strangerTeamId = (await buildTeam(server.ctx, { owner: people.stranger })).id;
  const removedFrom = await buildTeam(server.ctx, { owner: people.owner });
  await addMember(server.ctx, removedFrom, 'admin', people.removed);
  const owner = asUser(server.app, people.owner.token);
  await owner.delete('/api/account/remove_member', { team_id: removedFrom.id, user_id: people.removed.id });
  removedTeamId = removedFrom.id;
  const dissolved = await buildTeam(server.ctx, { owner: people.owner });
  await addMember(server.ctx, dissolved, 'admin', people.dissolved);
  await owner.delete('/api/account/team', {
    team_id: dissolved.id,
    name: dissolved.name,
    password: encryptPassword(publicKey, people.owner.password),
  });
  dissolvedTeamId = dissolved.id;

  shared = await buildFixture();
  await uploadTeamAvatar(server.app, people.owner.token, shared.teamId, { data: AVATAR });
});

describe.each(rows)('$name', (row) => {
  const changes = !row.name.startsWith('GET');
  const cells = COLUMNS.filter((column) => row.expected[column] !== undefined).map((column) => ({
    column,
    code: row.expected[column] as string,
  }));

  it.each(cells)('$column → $code', async ({ column, code }) => {
    // A call that may change something gets a team of its own, so no cell sees another's effects.
    const ids = changes ? await buildFixture() : shared;
    const caller = callerFor(column, ids);
    const involved = [ids.teamId, ids.mergeTargetId, strangerTeamId, removedTeamId, dissolvedTeamId];
    const before = changes ? await teamSnapshot(server.ctx, involved, MAIL_DOMAIN) : null;

    const answer = await row.call(caller);
    expect(answer.code).toBe(code);
    const status = code === SIGNED_OUT ? 401 : code === OK ? 200 : (row.refusalStatus ?? 200);
    expect(answer.status).toBe(status);

    if (!before) return;
    const after = await teamSnapshot(server.ctx, involved, MAIL_DOMAIN);
    if (code === OK) expect(after).not.toEqual(before);
    else expect(after).toEqual(before);
  });
});
