import { Codes, type MentionCandidate } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addressedTo } from '../messages/store.js';
import { messages } from '../messages/tables.js';
import { buildWorld, newDesign, newProject, OK, type Person, post, type World } from './fixtures.js';

let server: TestServer;
let world: World;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
});
afterAll(() => server.close());

async function candidates(who: Person, projectId: string) {
  const answer = await who.api.get<{ people: MentionCandidate[] }>(
    `/api/project/comment/people?team_id=${world.team.id}&project_id=${projectId}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.people.map((person) => person.user_id).sort();
}

const noticesOf = async (projectId: string, recipientId: string) =>
  server.ctx.db
    .select({ kind: messages.kind })
    .from(messages)
    .where(and(eq(messages.projectId, projectId), addressedTo(recipientId)));

describe('who may be @mentioned', () => {
  it('in a mode-A project: the whole team, added to the project or not, and they are told', async () => {
    // Only the author was added; everyone of the team sees a mode-A project.
    const open = await newProject(world, { roles: [[world.author, 'member']] });
    const team = [world.owner, world.admin, world.author, world.member, world.viewer].map((who) => who.id);
    expect(await candidates(world.author, open)).toEqual([...team].sort());
    expect(await candidates(world.viewer, open)).toEqual([...team].sort());

    const design = await newDesign(world, open);
    const mentioned = await post(world.author, design, {
      content: '@viewer have a look',
      position: { x: 1, y: 1 },
      mentions: [world.viewer.id, world.member.id],
    });
    expect(mentioned.code, mentioned.msg).toBe(OK);
    expect(await noticesOf(open, world.viewer.id)).toEqual([{ kind: 'new_comment' }]);
    expect(await noticesOf(open, world.member.id)).toEqual([{ kind: 'new_comment' }]);
  });

  it('in a mode-B project: its members and the super admin; anyone else of the team is neither offered nor told', async () => {
    const closed = await newProject(world, {
      mode: 'B',
      roles: [
        [world.author, 'member'],
        [world.viewer, 'onlooker'],
      ],
    });
    const seeing = [world.owner.id, world.author.id, world.viewer.id].sort();
    expect(await candidates(world.author, closed)).toEqual(seeing);
    // A team admin who is not in a mode-B project does not see it (docs/ARCHITECTURE.md), so is not offered.
    expect(await candidates(world.author, closed)).not.toContain(world.admin.id);

    const design = await newDesign(world, closed);
    const refused = await post(world.author, design, {
      content: 'look',
      position: { x: 1, y: 1 },
      mentions: [world.member.id],
    });
    expect(refused.code).toBe(Codes.MENTION_NOT_MEMBER.code);
    const fine = await post(world.author, design, {
      content: 'look',
      position: { x: 1, y: 1 },
      mentions: [world.viewer.id],
    });
    expect(fine.code, fine.msg).toBe(OK);
    expect(await noticesOf(closed, world.viewer.id)).toEqual([{ kind: 'new_comment' }]);
    expect(await noticesOf(closed, world.member.id)).toEqual([]);
    expect(await noticesOf(closed, world.admin.id)).toEqual([]);
  });

  it('refuses the list to someone who cannot see the project', async () => {
    const closed = await newProject(world, { mode: 'B', roles: [[world.author, 'member']] });
    const answer = await world.member.api.get(
      `/api/project/comment/people?team_id=${world.team.id}&project_id=${closed}`,
    );
    expect(answer.code).toBe(Codes.NOT_ALLOWED.code);
    const stranger = await world.stranger.api.get(
      `/api/project/comment/people?team_id=${world.team.id}&project_id=${closed}`,
    );
    expect(stranger.code).not.toBe(OK);
  });
});
