import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember } from '../../test/factories.js';
import {
  buildWorld,
  type Design,
  newDesign,
  newProject,
  OK,
  type Person,
  person,
  post,
  reply,
  thread,
  threads,
  type World,
} from './fixtures.js';
import { comments } from './tables.js';

/**
 * Who may do what with comments (docs/api.md, "Comments"): everyone who sees the project reads and writes;
 * the author edits; the author, the tenant owner, the super admin and the project's managers delete; the
 * thread's author and the project's editors resolve. Ids of another project or team are refused unchanged.
 */

const NO_RIGHT = Codes.COMMENT_NO_PERMISSION.code;
const HIDDEN = Codes.NOT_ALLOWED.code;

let server: TestServer;
let world: World;
/** A mode-A project: the team role decides. */
let open: Design;
/** A mode-B project: the author and the project's own roles; the team admin is not in it. */
let closed: Design;
let projectAdmin: Person;
let projectMember: Person;
let projectViewer: Person;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectAdmin = person(server, await addMember(server.ctx, world.team, 'member'));
  projectMember = person(server, await addMember(server.ctx, world.team, 'member'));
  projectViewer = person(server, await addMember(server.ctx, world.team, 'member'));
  open = await newDesign(world, await newProject(world));
  closed = await newDesign(
    world,
    await newProject(world, {
      mode: 'B',
      roles: [
        [world.author, 'member'],
        [projectAdmin, 'admin'],
        [projectMember, 'member'],
        [projectViewer, 'onlooker'],
      ],
    }),
  );
});
afterAll(() => server.close());

const rowOf = async (id: string) =>
  (await server.ctx.db.select().from(comments).where(eq(comments.id, id)))[0];

/** Deletes a fresh comment of the author (a thread, or a reply in one) as `who`; a refusal leaves it as it was. */
async function deleteAs(who: Person, design: Design, kind: 'thread' | 'reply') {
  const started = await thread(world.author, design);
  const target = kind === 'thread' ? started : await reply(world.author, design, started.id);
  const before = await rowOf(target.id);
  const answer = await who.api.delete('/api/project/comment', {
    project_id: design.projectId,
    comment_id: target.id,
  });
  const after = await rowOf(target.id);
  if (answer.code === OK) expect(after.deletedBy).toBe(who.id);
  else expect(after).toEqual(before);
  return answer.code;
}

describe('deleting', () => {
  const cases: [string, () => Person, () => Design, string][] = [
    ['the author', () => world.author, () => open, OK],
    ['another member (mode A)', () => world.member, () => open, NO_RIGHT],
    ['a viewer (mode A)', () => world.viewer, () => open, NO_RIGHT],
    ['a team admin, who manages mode-A projects', () => world.admin, () => open, OK],
    ['the tenant owner, the super admin', () => world.owner, () => open, OK],
    ['a project admin (mode B)', () => projectAdmin, () => closed, OK],
    ['a project member (mode B)', () => projectMember, () => closed, NO_RIGHT],
    ['a project viewer (mode B)', () => projectViewer, () => closed, NO_RIGHT],
    ['a team admin outside a mode-B project', () => world.admin, () => closed, HIDDEN],
    ['the super admin (mode B)', () => world.owner, () => closed, OK],
  ];
  for (const [name, who, design, expected] of cases) {
    it(`${name}: ${expected === OK ? 'deletes' : 'is refused'} threads and replies`, async () => {
      expect(await deleteAs(who(), design(), 'thread')).toBe(expected);
      expect(await deleteAs(who(), design(), 'reply')).toBe(expected);
    });
  }
});

describe('resolving', () => {
  it("lets the thread's author and the project's editors resolve and reopen; viewers are refused", async () => {
    const started = await thread(world.viewer, open);
    const ref = { project_id: open.projectId, comment_id: started.id };
    // A viewer resolves their own thread.
    const mine = await world.viewer.api.post('/api/project/comment/resolve', { ...ref, resolved: true });
    expect(mine.code, mine.msg).toBe(OK);
    expect(mine.result).toMatchObject({ resolved: true, resolved_by: { user_id: world.viewer.id } });
    const reopened = await world.member.api.post('/api/project/comment/resolve', { ...ref, resolved: false });
    expect(reopened.code, reopened.msg).toBe(OK);
    expect(reopened.result).toMatchObject({ resolved: false, resolved_by: null, resolved_time: null });

    const other = await thread(world.author, closed);
    const closedRef = { project_id: closed.projectId, comment_id: other.id };
    const byViewer = await projectViewer.api.post('/api/project/comment/resolve', {
      ...closedRef,
      resolved: true,
    });
    expect(byViewer.code).toBe(NO_RIGHT);
    expect((await rowOf(other.id)).resolvedAt).toBeNull();
    // Naming a reply resolves its thread.
    const answer = await reply(projectViewer, closed, other.id);
    const byMember = await projectMember.api.post('/api/project/comment/resolve', {
      ...closedRef,
      comment_id: answer.id,
      resolved: true,
    });
    expect(byMember.code, byMember.msg).toBe(OK);
    expect(byMember.result).toMatchObject({ id: other.id, resolved: true });
  });
});

describe('who may read and write', () => {
  it('lets viewers comment and reply; refuses those who cannot see the project', async () => {
    const byViewer = await thread(projectViewer, closed);
    await reply(world.viewer, open, (await thread(world.admin, open)).id);
    for (const outsider of [world.admin, world.member]) {
      expect((await post(outsider, closed, { content: 'x', position: { x: 1, y: 1 } })).code).toBe(HIDDEN);
      const list = await outsider.api.get(
        `/api/project/comments?project_id=${closed.projectId}&image_id=${closed.imageId}`,
      );
      expect(list.code).toBe(HIDDEN);
      const one = await outsider.api.get(
        `/api/project/comment?project_id=${closed.projectId}&comment_id=${byViewer.id}`,
      );
      expect(one.code).toBe(HIDDEN);
    }
  });

  it('refuses a stranger, and ids of another team named with one’s own team or project, changing nothing', async () => {
    const theirs = await newDesign(world, await newProject(world, { team: world.strangerTeam }), {
      team: world.strangerTeam,
    });
    const foreign = await thread(world.stranger, theirs);
    const mine = await thread(world.author, open);

    // A stranger to the team, naming our project (with and without our team id).
    const stranger = world.stranger.api;
    const ours = `project_id=${open.projectId}&image_id=${open.imageId}`;
    expect((await stranger.get(`/api/project/comments?${ours}`)).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect((await stranger.get(`/api/project/comments?team_id=${world.team.id}&${ours}`)).code).toBe(
      Codes.TEAM_NOT_FOUND.code,
    );
    const strangerDelete = await stranger.delete('/api/project/comment', {
      project_id: open.projectId,
      comment_id: mine.id,
    });
    expect(strangerDelete.code).toBe(Codes.PROJECT_NOT_FOUND.code);

    // Their project with our team id; their comment or design with our project.
    const author = world.author.api;
    const withOurTeam = await author.get(
      `/api/project/comments?team_id=${world.team.id}&project_id=${theirs.projectId}&image_id=${theirs.imageId}`,
    );
    expect(withOurTeam.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const ref = { team_id: world.team.id, project_id: open.projectId, comment_id: foreign.id };
    expect(
      (await author.get(`/api/project/comment?project_id=${open.projectId}&comment_id=${foreign.id}`)).code,
    ).toBe(Codes.NOT_FOUND.code);
    expect((await author.put('/api/project/comment', { ...ref, content: 'mine now' })).code).toBe(
      Codes.NOT_FOUND.code,
    );
    expect((await world.owner.api.delete('/api/project/comment', ref)).code).toBe(Codes.NOT_FOUND.code);
    expect(
      (await world.owner.api.post('/api/project/comment/resolve', { ...ref, resolved: true })).code,
    ).toBe(Codes.NOT_FOUND.code);
    const replyAcross = await post(world.author, open, { content: 'hi', parent_id: foreign.id });
    expect(replyAcross.code).toBe(Codes.NOT_FOUND.code);
    const onTheirDesign = await post(
      world.author,
      { ...theirs, projectId: open.projectId },
      {
        content: 'x',
        position: { x: 1, y: 1 },
      },
    );
    expect(onTheirDesign.code).toBe(Codes.IMAGE_DELETED.code);

    const row = await rowOf(foreign.id);
    expect(row).toMatchObject({ content: 'Spacing looks off', deletedAt: null, resolvedAt: null });
    expect((await threads(world.stranger, theirs)).map((item) => item.replies.length)).toEqual([0]);
  });

  it('refuses a reply naming a thread of another design of the same project', async () => {
    const other = await newDesign(world, open.projectId);
    const started = await thread(world.author, other);
    const answer = await post(world.member, open, { content: 'wrong place', parent_id: started.id });
    expect(answer.code).toBe(Codes.NOT_FOUND.code);
  });
});
