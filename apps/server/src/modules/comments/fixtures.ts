import type { CommentThread, CommentView, ProjectRoleValue } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Answer, asUser } from '../../test/api.js';
import type { TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, type BuiltUser, buildTeam } from '../../test/factories.js';
import { pngOf } from '../../test/images.js';
import { uploadDesigns } from '../../test/uploads.js';
import { projectMembers, projects } from '../projects/tables.js';
import { teams } from '../teams/tables.js';

/** Helpers of the comment and message-centre tests: a team with every role, projects, designs, comments. */

export const OK = '00000';
type Api = ReturnType<typeof asUser>;

export interface Person extends BuiltUser {
  api: Api;
}

export interface Design {
  projectId: string;
  imageId: string;
  /** Oldest first; the last is current. */
  versionIds: string[];
}

export interface World {
  server: TestServer;
  team: BuiltTeam;
  /** The tenant owner, who is the team's super admin. */
  owner: Person;
  admin: Person;
  author: Person;
  member: Person;
  viewer: Person;
  /** Someone with a team of their own and nothing to do with this one. */
  stranger: Person;
  strangerTeam: BuiltTeam;
}

export const person = (server: TestServer, user: BuiltUser): Person => ({
  ...user,
  api: asUser(server.app, user.token),
});

export async function buildWorld(server: TestServer): Promise<World> {
  const team = await buildTeam(server.ctx, { name: 'Studio' });
  // A paid team: room for the projects the tests make.
  await server.ctx.db.update(teams).set({ packageLevel: 3 }).where(eq(teams.id, team.id));
  const owner = person(server, team.owner);
  const admin = person(server, await addMember(server.ctx, team, 'admin'));
  const author = person(server, await addMember(server.ctx, team, 'member'));
  const member = person(server, await addMember(server.ctx, team, 'member'));
  const viewer = person(server, await addMember(server.ctx, team, 'onlooker'));
  const strangerTeam = await buildTeam(server.ctx);
  return {
    server,
    team,
    owner,
    admin,
    author,
    member,
    viewer,
    stranger: person(server, strangerTeam.owner),
    strangerTeam,
  };
}

/** A project of the team (mode A unless told), with project roles given straight in the table. */
export async function newProject(
  world: World,
  options: { mode?: 'A' | 'B'; roles?: [Person, ProjectRoleValue][]; team?: BuiltTeam } = {},
): Promise<string> {
  const team = options.team ?? world.team;
  const created = await asUser(world.server.app, team.owner.token).post('/api/project/project_info', {
    team_id: team.id,
  });
  expect(created.code, created.msg).toBe(OK);
  const projectId = created.result.id as string;
  const db = world.server.ctx.db;
  if (options.mode === 'B')
    await db.update(projects).set({ permissionMode: 'B' }).where(eq(projects.id, projectId));
  for (const [who, role] of options.roles ?? []) {
    await db.insert(projectMembers).values({ projectId, userId: who.id, role });
  }
  return projectId;
}

let png: Buffer | undefined;

/** A design uploaded the browser's way, with `versions` versions (each upload of the same name adds one). */
export async function newDesign(
  world: World,
  projectId: string,
  options: { name?: string; versions?: number; team?: BuiltTeam } = {},
): Promise<Design> {
  png ??= await pngOf(40, 30);
  const team = options.team ?? world.team;
  const name = options.name ?? `Screen-${Math.floor(Math.random() * 1e9)}.png`;
  const versionIds: string[] = [];
  let imageId = '';
  for (let index = 0; index < (options.versions ?? 1); index += 1) {
    const answer = await uploadDesigns(world.server.app, team.owner.token, { teamId: team.id, projectId }, [
      { name, data: png },
    ]);
    expect(answer.code, answer.msg).toBe(OK);
    imageId = answer.result.images[0].id;
    versionIds.push(answer.result.images[0].version_id);
  }
  return { projectId, imageId, versionIds };
}

/** Posts a comment; answers the whole answer so refusals can be checked. */
export function post(
  who: Person,
  design: Design,
  body: Record<string, unknown>,
): Promise<Answer<CommentView>> {
  return who.api.post<CommentView>('/api/project/comment', {
    project_id: design.projectId,
    image_id: design.imageId,
    ...body,
  });
}

/** A new thread pinned at (10, 20) unless told otherwise; it must succeed. */
export async function thread(who: Person, design: Design, body: Record<string, unknown> = {}) {
  const answer = await post(who, design, {
    content: 'Spacing looks off',
    position: { x: 10, y: 20 },
    ...body,
  });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export async function reply(
  who: Person,
  design: Design,
  parentId: string,
  body: Record<string, unknown> = {},
) {
  const answer = await post(who, design, { content: 'Agreed', parent_id: parentId, ...body });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export async function threads(who: Person, design: Design, query = ''): Promise<CommentThread[]> {
  const answer = await who.api.get(
    `/api/project/comments?project_id=${design.projectId}&image_id=${design.imageId}${query}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.threads;
}
