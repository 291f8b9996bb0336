import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../realtime/bus.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { sentTo } from '../../test/events.js';
import { addMember, buildTeam, buildUser } from '../../test/factories.js';
import { TestSocket } from '../../test/sockets.js';
import { addressedTo } from '../messages/store.js';
import { messages } from '../messages/tables.js';
import { buildMessage } from './message.js';
import { recordNotice } from './outbox.js';
import { events } from './tables.js';

/**
 * The outbox: notices are sent only after their change commits, a crash after commit is made good by the
 * sweep, and two instances on one database deliver to each other's sockets without doubles. With REDIS_URL
 * set each instance has its own Redis connection; without it they share one in-process bus.
 */

let a: TestServer;
let b: TestServer;
let sharedBus: MemoryBus | undefined;

beforeAll(async () => {
  sharedBus = process.env.REDIS_URL ? undefined : new MemoryBus();
  a = await startTestServer({ EVENTS_SWEEP_MS: '100' }, { bus: sharedBus });
  b = await startTestServer({ EVENTS_SWEEP_MS: '100' }, { bus: sharedBus, sameDatabaseAs: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await sharedBus?.close();
});

const noticeFor = (teamId: string, userId: string, content: string) =>
  buildMessage({ method: 'notifyProject', teamId, toIds: [userId, userId], content });

describe('after commit only', () => {
  it('a rolled-back change leaves no event and no message, and its socket receives nothing', async () => {
    const team = await buildTeam(a.ctx);
    const member = await addMember(a.ctx, team, 'member');
    const socket = await TestSocket.signedIn(await a.listen(), member.token);

    const rollback = a.ctx.db.transaction(async (tx) => {
      await recordNotice(a.ctx, tx, noticeFor(team.id, member.id, 'rolled back'));
      throw new Error('the change failed');
    });
    await expect(rollback).rejects.toThrow('the change failed');
    a.ctx.events.wake();
    const stored = await a.ctx.db.select().from(events).where(eq(events.queue, a.ctx.config.jobQueue));
    expect(stored.filter((row) => row.payload.content === 'rolled back')).toEqual([]);
    expect(await a.ctx.db.select().from(messages).where(addressedTo(member.id))).toEqual([]);

    // A notice committed afterwards arrives; had the first been sent it would have come before it.
    await a.ctx.db.transaction((tx) => recordNotice(a.ctx, tx, noticeFor(team.id, member.id, 'committed')));
    a.ctx.events.wake();
    await socket.next((frame) => frame.message?.content === 'committed');
    expect(socket.events().map((frame) => frame.message.content)).toEqual(['committed']);
    socket.close();
  });

  it('an event committed but never published (its instance crashed) is sent by the sweep of another', async () => {
    const team = await buildTeam(a.ctx);
    const member = await addMember(a.ctx, team, 'member');
    const socket = await TestSocket.signedIn(await a.listen(), member.token);
    await a.ctx.db.transaction((tx) => recordNotice(a.ctx, tx, noticeFor(team.id, member.id, 'left behind')));
    const [row] = await a.ctx.db.select().from(events).where(sentTo(member.id));
    expect(row.publishedAt).toBeNull();

    // Instance B holds nothing of it in memory: it reads the row, recipients and all.
    expect(await b.ctx.events.flush()).toBe(1);
    const frame = await socket.next((f) => f.type === 'event');
    expect(frame).toMatchObject({ id: row.id, message: { content: 'left behind', toIds: [member.id] } });
    const [after] = await a.ctx.db.select().from(events).where(eq(events.id, row.id));
    expect(after.publishedAt).not.toBeNull();
    socket.close();
  });
});

describe('several instances', () => {
  it('a change made through instance A reaches a socket connected to instance B', async () => {
    const team = await buildTeam(a.ctx);
    const member = await addMember(a.ctx, team, 'member');
    const onB = await TestSocket.signedIn(await b.listen(), member.token);

    const removed = await asUser(a.app, team.owner.token).delete('/api/account/remove_member', {
      team_id: team.id,
      user_id: member.id,
    });
    expect(removed.code).toBe('00000');
    const frame = await onB.event('removeTeamMemeber');
    expect(frame.message).toMatchObject({ teamId: team.id, teamName: team.name, toIds: [member.id] });
    onB.close();
  });

  it('both instances sweeping the same rows publish each of them once', async () => {
    const team = await buildTeam(a.ctx);
    const user = await buildUser(a.ctx);
    const socket = await TestSocket.signedIn(await b.listen(), user.token);
    const contents = Array.from({ length: 30 }, (_, index) => `notice ${index}`);
    await a.ctx.db.transaction(async (tx) => {
      for (const content of contents) await recordNotice(a.ctx, tx, noticeFor(team.id, user.id, content));
    });

    await Promise.all([a.ctx.events.flush(), b.ctx.events.flush(), a.ctx.events.flush()]);
    const mine = await a.ctx.db.select().from(events).where(sentTo(user.id));
    expect(mine).toHaveLength(contents.length);
    expect(mine.every((row) => row.publishedAt !== null)).toBe(true);
    await socket.next(() => socket.events().length === contents.length, 'all 30 events');
    await socket.roundTrip();
    const received = socket.events();
    expect(received.map((frame) => frame.message.content).sort()).toEqual([...contents].sort());
    expect(new Set(received.map((frame) => frame.id)).size).toBe(contents.length);
    socket.close();
  });

  it('a notice is one message-centre row naming its recipients once each', async () => {
    const team = await buildTeam(a.ctx);
    const user = await buildUser(a.ctx);
    await a.ctx.db.transaction((tx) => recordNotice(a.ctx, tx, noticeFor(team.id, user.id, 'once')));
    const rows = await a.ctx.db.select().from(messages).where(addressedTo(user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'project_notice', method: 'notifyProject', content: 'once' });
    expect(rows[0].recipientIds).toEqual([user.id]);
  });

  it('a notice to several people is one row naming each once, read by each as their own, at the server’s time', async () => {
    const team = await buildTeam(a.ctx);
    const people = [
      await addMember(a.ctx, team, 'member'),
      await addMember(a.ctx, team, 'onlooker'),
      await addMember(a.ctx, team, 'member'),
    ];
    const ids = people.map((person) => person.id);
    const message = buildMessage({
      method: 'notifyProject',
      teamId: team.id,
      toIds: [...ids, ids[0]],
      content: 'Ready for review',
      fromUserId: team.owner.id,
      fromUserName: 'Olga',
      url: '/web/#/item',
    });
    const hour = 60 * 60 * 1000;
    a.advance(hour);
    try {
      await a.ctx.db.transaction((tx) => recordNotice(a.ctx, tx, message));
    } finally {
      a.advance(-hour);
    }

    const [row, ...more] = await a.ctx.db.select().from(messages).where(addressedTo(ids[1]));
    expect(more).toEqual([]);
    expect([...row.recipientIds].sort()).toEqual([...ids].sort());
    expect(row).toMatchObject({
      teamId: team.id,
      projectId: null,
      kind: 'project_notice',
      method: 'notifyProject',
      fromUserId: team.owner.id,
      imageId: null,
      commentId: null,
      content: 'Ready for review',
      hasAt: false,
      url: '/web/#/item',
    });
    expect(row.createdAt.getTime()).toBeGreaterThan(Date.now() + hour / 2);
    // Each recipient's message centre holds it unread, its message naming only them.
    for (const person of people) {
      const inbox = await asUser(a.app, person.token).get('/api/msg_center/messages');
      const [own] = inbox.body.data.list;
      expect(own).toMatchObject({ id: row.id, read: false, message: { ...message, toIds: [person.id] } });
    }
  });
});
