import { Codes, type DsmProjectSummary, type DsmStandard } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember } from '../../test/factories.js';
import { buildWorld, OK, type Person, person, type World } from '../comments/fixtures.js';
import {
  fileCalls,
  folderCalls,
  type Library,
  newDsmProject,
  okResult,
  setSwitch,
} from './library.fixtures.js';

/**
 * Who may make each design-system library call: readers see, editors change (NO_PERMISSION for onlookers),
 * mode-B libraries only for their members and the super admin, nothing for strangers or with another team's
 * id, and nothing at all (19117) while the team has switched its design system off.
 */

let server: TestServer;
let world: World;
let library: Library;
let hidden: Library;
let folderId: string;
let fileId: string;
/** A team member who is an onlooker of the mode-B library. */
let projectOnlooker: Person;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectOnlooker = person(server, await addMember(server.ctx, world.team, 'member'));
  library = await newDsmProject(world, { name: 'Kit' });
  hidden = await newDsmProject(world, {
    mode: 'B',
    name: 'SecretKit',
    roles: [
      [world.member, 'member'],
      [projectOnlooker, 'onlooker'],
    ],
  });
  folderId = okResult(await folderCalls(world.owner, library).create([{ name: 'F' }]))[0].id;
  fileId = okResult(await fileCalls(world.owner, library).create([{ name: 'Doc', type: 'doc' }]))[0].id;
});
afterAll(() => server.close());

type Call = (who: Person, at: Library) => Promise<Answer>;
const q = (at: Library) => `team_id=${at.teamId}&project_id=${at.projectId}`;

/** Reads: anyone who sees the library. */
const reads: Record<string, Call> = {
  'GET dsm_project?project_id': (who, at) => who.api.get(`/api/project/dsm_project?${q(at)}`),
  'GET dsm_folder': (who, at) => who.api.get(`/api/project/dsm_folder?${q(at)}&folder_id=${folderId}`),
  'GET dsm_file': (who, at) => who.api.get(`/api/project/dsm_file?${q(at)}&file_id=${fileId}`),
};

/** Writes: editors of the library. Each names the shared folder and file only where a refusal is expected. */
const writes: Record<string, Call> = {
  'POST dsm_folder': (who, at) => folderCalls(who, at).create([{ name: 'New' }]),
  'PUT dsm_folder': (who, at) => folderCalls(who, at).update(folderId, { name: 'Renamed' }),
  'DELETE dsm_folder': (who, at) => folderCalls(who, at).remove([folderId]),
  'POST dsm_file': (who, at) => fileCalls(who, at).create([{ name: 'New', type: 'doc' }]),
  'PUT dsm_file': (who, at) => fileCalls(who, at).update(fileId, { name: 'Renamed' }),
  'DELETE dsm_file': (who, at) => fileCalls(who, at).remove([fileId]),
};
const every = { ...reads, ...writes };

async function expectAll(calls: Record<string, Call>, who: Person, at: Library, code: string) {
  for (const [name, call] of Object.entries(calls)) expect((await call(who, at)).code, name).toBe(code);
}

const listed = async (who: Person, teamId = world.team.id) =>
  who.api.get<DsmProjectSummary[]>(`/api/project/dsm_project?team_id=${teamId}`);
const standards = (who: Person) =>
  who.api.get<DsmStandard[]>(`/api/dsm_service/api/dsm/standards/list?team_id=${world.team.id}`);
const inList = (who: Person) => who.api.get(`/api/account/user_in_dsm_list?team_id=${world.team.id}`);

describe('roles', () => {
  it('lets the team onlooker read and refuses its writes', async () => {
    for (const [name, call] of Object.entries(reads))
      expect((await call(world.viewer, library)).code, name).toBe(OK);
    await expectAll(writes, world.viewer, library, Codes.NO_PERMISSION.code);
  });

  it('keeps a mode-B library to its members and the super admin', async () => {
    await expectAll(every, world.author, hidden, Codes.NOT_ALLOWED.code);
    await expectAll(every, world.admin, hidden, Codes.NOT_ALLOWED.code);
    await expectAll(writes, projectOnlooker, hidden, Codes.NO_PERMISSION.code);
    expect((await reads['GET dsm_project?project_id'](projectOnlooker, hidden)).code).toBe(OK);
    okResult(await writes['POST dsm_folder'](world.member, hidden));
    okResult(await writes['POST dsm_folder'](world.owner, hidden));
    const names = async (who: Person) => okResult(await listed(who)).map((project) => project.name);
    expect(await names(world.author)).toEqual(['Kit']);
    expect((await names(world.member)).sort()).toEqual(['Kit', 'SecretKit']);
    expect((await names(world.owner)).sort()).toEqual(['Kit', 'SecretKit']);
    expect(okResult(await standards(world.author)).map((standard) => standard.name)).toEqual(['Kit']);
  });

  it('answers strangers and other teams’ ids as if nothing were there', async () => {
    // The stranger naming our team is not in it; naming theirs, the project is none of their team's.
    await expectAll(every, world.stranger, library, Codes.TEAM_NOT_FOUND.code);
    const theirTeam = { teamId: world.strangerTeam.id, projectId: library.projectId };
    await expectAll(every, world.stranger, theirTeam, Codes.DSM_PROJECT_NOT_FOUND.code);
    // The stranger's own library named by our member with our team id.
    const theirs = await newDsmProject({ ...world, owner: world.stranger, team: world.strangerTeam });
    await expectAll(
      every,
      world.member,
      { teamId: world.team.id, projectId: theirs.projectId },
      Codes.DSM_PROJECT_NOT_FOUND.code,
    );
    expect((await listed(world.stranger)).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await standards(world.stranger)).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await inList(world.stranger)).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect(
      (await world.stranger.api.get(`/api/permission/dsm_auth_switch?team_id=${world.team.id}`)).code,
    ).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await setSwitch(world.stranger, world.team.id, false)).code).toBe(Codes.TEAM_NOT_FOUND.code);
  });
});

describe('the team’s switch', () => {
  it('lets admins turn the design system off, refusing every library call until it is on again', async () => {
    const readSwitch = (who: Person) =>
      who.api.get(`/api/permission/dsm_auth_switch?team_id=${world.team.id}`);
    expect(okResult(await readSwitch(world.viewer))).toEqual({ team_id: world.team.id, enabled: true });
    expect(okResult(await inList(world.author))).toEqual({ in_list: true, enabled: true });
    expect((await setSwitch(world.member, world.team.id, false)).code).toBe(Codes.ADMIN_ONLY.code);
    expect((await setSwitch(world.viewer, world.team.id, false)).code).toBe(Codes.ADMIN_ONLY.code);
    expect(okResult(await setSwitch(world.admin, world.team.id, false))).toEqual({
      team_id: world.team.id,
      enabled: false,
    });

    const off = Codes.DSM_SWITCHED_OFF.code;
    for (const who of [world.owner, world.member, world.viewer]) {
      await expectAll(every, who, library, off);
      expect((await listed(who)).code).toBe(off);
      expect(okResult(await standards(who))).toEqual([]);
      expect(okResult(await inList(who))).toEqual({ in_list: false, enabled: false });
      expect(okResult(await readSwitch(who))).toEqual({ team_id: world.team.id, enabled: false });
    }

    okResult(await setSwitch(world.owner, world.team.id, true));
    expect(okResult(await inList(world.viewer))).toEqual({ in_list: true, enabled: true });
    for (const [name, call] of Object.entries(reads))
      expect((await call(world.viewer, library)).code, name).toBe(OK);
    const kit = okResult(await standards(world.viewer)).find(
      (standard) => standard.project_id === library.projectId,
    );
    expect(kit).toMatchObject({ name: 'Kit', docs: 1, components: 0, colors: 0, tokens: 0 });
    // The member edits again, down to deleting the shared folder and file.
    for (const [name, call] of Object.entries(writes))
      expect((await call(world.member, library)).code, name).toBe(OK);
  });
});
