import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../realtime/bus.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { TestSocket } from '../../test/sockets.js';
import {
  buildWorld,
  type Design,
  newDesign,
  newProject,
  type Person,
  reply,
  thread,
  type World,
} from '../comments/fixtures.js';
import { messages } from '../messages/tables.js';
import { events } from './tables.js';

/**
 * Comment notices over the socket: a comment posted through instance A reaches a socket on instance B, and
 * the socket's message and the message centre's row come from one call. Without REDIS_URL the instances
 * share an in-process bus; with it, each has its own Redis connection.
 */

let a: TestServer;
let b: TestServer;
let bus: MemoryBus | undefined;
let world: World;
let onB: string;

beforeAll(async () => {
  bus = process.env.REDIS_URL ? undefined : new MemoryBus();
  a = await startTestServer({}, { bus });
  b = await startTestServer({}, { bus, sameDatabaseAs: a });
  world = await buildWorld(a);
  onB = await b.listen();
});
afterAll(async () => {
  await b.close();
  await a.close();
  await bus?.close();
});

const eventsOfComment = (commentId: string) =>
  a.ctx.db.select().from(events).where(sql`${events.payload}->>'commentId' = ${commentId}`);
/** The comment's stored notices, a row per recipient with the message as it names them. */
const rowsOfComment = async (commentId: string) =>
  (await a.ctx.db.select().from(messages).where(sql`${messages.commentId} = ${commentId}`)).flatMap((row) =>
    row.recipientIds.map((recipientId) => ({
      recipientId,
      hasAt: row.hasAt,
      payload: { ...row.payload, toIds: [recipientId] },
    })),
  );
const socketOf = (who: Person) => TestSocket.signedIn(onB, who.token);

describe('comments through two instances', () => {
  let design: Design;
  beforeAll(async () => {
    design = await newDesign(world, await newProject(world), { name: 'Cart.png' });
  });

  it('a mention posted through A reaches the mentioned on B, as the message centre stores it', async () => {
    const member = await socketOf(world.member);
    const started = await thread(world.author, design, { content: 'Look here', mentions: [world.member.id] });
    const frame = await member.event('addNewComment');
    expect(frame.message).toMatchObject({
      commentId: started.id,
      hasAt: true,
      toIds: [world.member.id],
      fromUserId: world.author.id,
      imageName: 'Cart',
      content: 'Look here',
    });
    const [row] = await rowsOfComment(started.id);
    expect(row.payload).toEqual(frame.message);
    const [event] = await eventsOfComment(started.id);
    expect(frame.id).toBe(event.id);
    member.close();
  });

  it('a new thread tells the design’s earlier commenters, the mentioned apart with hasAt', async () => {
    const local = await newDesign(world, await newProject(world));
    await thread(world.author, local, { content: 'first' });
    const author = await socketOf(world.author);
    const started = await thread(world.member, local, { content: 'second', mentions: [world.viewer.id] });
    const told = await author.event('addNewComment');
    expect(told.message).toMatchObject({ commentId: started.id, hasAt: false, toIds: [world.author.id] });
    const rows = await rowsOfComment(started.id);
    expect(Object.fromEntries(rows.map((row) => [row.recipientId, row.hasAt]))).toEqual({
      [world.author.id]: false,
      [world.viewer.id]: true,
    });
    expect(await eventsOfComment(started.id)).toHaveLength(2);
    author.close();
  });

  it('a reply tells the thread; a socket watching the project sees it without being told', async () => {
    const started = await thread(world.author, design, { content: 'thread' });
    const author = await socketOf(world.author);
    const watcher = await socketOf(world.admin);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId: design.projectId });
    await watcher.next((frame) => frame.type === 'watching');
    const answer = await reply(world.member, design, started.id, { content: 'reply' });
    expect((await author.event('replyComment')).message).toMatchObject({
      commentId: answer.id,
      toIds: [world.author.id],
    });
    const seen = await watcher.event('replyComment');
    expect(seen.message.toIds).not.toContain(world.admin.id);
    expect((await rowsOfComment(answer.id)).map((row) => row.recipientId)).toEqual([world.author.id]);
    author.close();
    watcher.close();
  });

  it('a thread nobody is told of stores nothing but still reaches the project’s watchers', async () => {
    const quiet = await newDesign(world, await newProject(world));
    const watcher = await socketOf(world.viewer);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId: quiet.projectId });
    await watcher.next((frame) => frame.type === 'watching');
    const started = await thread(world.author, quiet, { content: 'quiet' });
    const seen = await watcher.event('addNewComment');
    expect(seen.message).toMatchObject({ commentId: started.id, toIds: [] });
    expect(await rowsOfComment(started.id)).toEqual([]);
    watcher.close();
  });
});
