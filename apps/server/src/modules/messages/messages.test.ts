import { Codes, type MessageView } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, buildUser } from '../../test/factories.js';
import {
  buildWorld,
  type Design,
  newDesign,
  newProject,
  OK,
  type Person,
  person,
  reply,
  thread,
  type World,
} from '../comments/fixtures.js';
import { projectMembers } from '../projects/tables.js';
import { teamMembers } from '../teams/tables.js';
import { messages } from './tables.js';

let server: TestServer;
let world: World;
let design: Design;
/** A sender whose name is longer than notices show. */
let writer: Person;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  writer = person(
    server,
    await addMember(
      server.ctx,
      world.team,
      'member',
      await buildUser(server.ctx, { name: 'Alexandria Ocasio' }),
    ),
  );
  design = await newDesign(world, await newProject(world), { name: 'Checkout.png' });
});
afterAll(() => server.close());

/** The comment's stored notices, a row per recipient with the message as it names them. */
const noticesOf = async (commentId: string) =>
  (await server.ctx.db.select().from(messages).where(eq(messages.commentId, commentId))).flatMap((row) =>
    row.recipientIds.map((recipientId) => ({
      ...row,
      recipientId,
      payload: { ...row.payload, toIds: [recipientId] },
    })),
  );

const recipients = async (commentId: string) =>
  Object.fromEntries((await noticesOf(commentId)).map((row) => [row.recipientId, row.hasAt]));

async function inbox(who: Person, query = '') {
  const answer = await who.api.get(`/api/msg_center/messages?${query}`);
  expect(answer.code, answer.msg).toBe(OK);
  // The message centre answers under `data`, as every msg_center/ call.
  expect(answer.body.result).toBeUndefined();
  return answer.body.data as { list: MessageView[]; has_next: boolean; unread: number };
}

describe('notices of comments', () => {
  it('tells the people a new thread mentions, never its author, with the real-time message stored beside', async () => {
    const long = `${'Please align the total with the button. '.repeat(8)}End`;
    const started = await thread(writer, design, {
      content: long,
      mentions: [world.member.id, writer.id, world.viewer.id],
    });
    expect(await recipients(started.id)).toEqual({ [world.member.id]: true, [world.viewer.id]: true });

    const [row] = (await noticesOf(started.id)).filter((notice) => notice.recipientId === world.member.id);
    const url =
      `/web/#/item/project/detailDetach?project_id=${design.projectId}&tid=${world.team.id}&pid=${design.projectId}` +
      `&image_id=${design.imageId}&version_id=${design.versionIds[0]}&comment_id=${started.id}`;
    expect(row).toMatchObject({
      kind: 'new_comment',
      method: 'addNewComment',
      teamId: world.team.id,
      projectId: design.projectId,
      fromUserId: writer.id,
      imageId: design.imageId,
      hasAt: true,
      url,
    });
    expect(Array.from(row.content)).toHaveLength(201);
    expect(row.content.endsWith('…')).toBe(true);
    // The message of spec 002 §3 as the socket sent it to this recipient: it names only them.
    expect(row.payload).toEqual({
      method: 'addNewComment',
      type: '',
      code: 0,
      teamId: world.team.id,
      projectId: design.projectId,
      projectName: expect.any(String),
      teamName: 'Studio',
      imageName: 'Checkout',
      designName: 'Checkout',
      fromUserId: writer.id,
      fromUserName: 'Alexandria Ocasio',
      fromNickName: '',
      toIds: [world.member.id],
      toType: 'user',
      content: row.content,
      hasAt: true,
      isDesign: true,
      isMulti: false,
      axureType: '',
      versionId: design.versionIds[0],
      pageId: '',
      imageId: design.imageId,
      commentId: started.id,
      url,
    });
    // Displays cut the sender's name: 3 characters in a comment's title, 6 elsewhere.
    const [view] = (await inbox(world.member)).list.filter((item) => item.comment_id === started.id);
    expect(view).toMatchObject({
      title: 'Ale… mentioned you',
      text: row.content,
      group: 'other',
      read: false,
    });
    expect(view.message).toEqual(row.payload);

    // Nobody mentioned, nobody told.
    const quiet = await thread(writer, design);
    expect(await noticesOf(quiet.id)).toEqual([]);
  });

  it("tells a thread's author, everyone who replied and the mentioned of a reply, each once, not the replier", async () => {
    const started = await thread(world.author, design);
    const first = await reply(world.member, design, started.id);
    expect(await recipients(first.id)).toEqual({ [world.author.id]: false });
    const second = await reply(world.viewer, design, started.id, {
      mentions: [world.author.id, world.admin.id],
    });
    expect(await recipients(second.id)).toEqual({
      [world.author.id]: true,
      [world.member.id]: false,
      [world.admin.id]: true,
    });
    const fromAuthor = await reply(world.author, design, started.id);
    expect(await recipients(fromAuthor.id)).toEqual({ [world.member.id]: false, [world.viewer.id]: false });
    const [row] = await noticesOf(fromAuthor.id);
    expect(row).toMatchObject({ kind: 'comment_reply', method: 'replyComment' });
    expect(row.payload.method).toBe('replyComment');
  });

  it('leaves out participants who can no longer see the project, and tells those newly mentioned in an edit', async () => {
    const leaver = person(server, await addMember(server.ctx, world.team, 'member'));
    const projectId = await newProject(world, {
      mode: 'B',
      roles: [
        [world.author, 'member'],
        [leaver, 'member'],
      ],
    });
    const local = await newDesign(world, projectId);
    const started = await thread(world.author, local);
    await reply(leaver, local, started.id);
    await server.ctx.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, leaver.id)));
    const answer = await reply(world.author, local, started.id);
    expect(await noticesOf(answer.id)).toEqual([]);

    const edited = await world.author.api.put('/api/project/comment', {
      project_id: projectId,
      comment_id: started.id,
      content: 'Now with a mention',
      mentions: [world.owner.id],
    });
    expect(edited.code, edited.msg).toBe(OK);
    expect(await recipients(started.id)).toEqual({ [world.owner.id]: true });
    // Saving again with the same mention tells nobody twice.
    await world.author.api.put('/api/project/comment', {
      project_id: projectId,
      comment_id: started.id,
      content: 'Once more',
      mentions: [world.owner.id],
    });
    expect(await noticesOf(started.id)).toHaveLength(1);
  });
});

describe('the message centre', () => {
  it('pages the caller’s own notices newest first, filters by kind and unread, and marks them read', async () => {
    const reader = person(server, await addMember(server.ctx, world.team, 'member'));
    await thread(writer, design, { content: 'for someone else', mentions: [world.member.id] });
    const started = await thread(writer, design, { content: 'one', mentions: [reader.id] });
    server.advance(1000);
    await reply(world.member, design, started.id, { content: 'two', mentions: [reader.id] });
    server.advance(1000);
    await thread(world.member, design, { content: 'three', mentions: [reader.id] });
    server.advance(1000);

    const first = await inbox(reader, 'page=1&page_size=2');
    expect(first.list.map((item) => item.content)).toEqual(['three', 'two']);
    expect(first).toMatchObject({ has_next: true, unread: 3 });
    expect(first.list[0]).toMatchObject({
      kind: 'new_comment',
      team_id: world.team.id,
      project_id: design.projectId,
      image_id: design.imageId,
      image_name: 'Checkout',
      from_user: { user_id: world.member.id },
      has_at: true,
      read: false,
    });
    const second = await inbox(reader, 'page=2&page_size=2');
    expect(second.list.map((item) => item.content)).toEqual(['one']);
    expect(second.has_next).toBe(false);
    expect((await inbox(reader, 'kind=comment_reply')).list.map((item) => item.content)).toEqual(['two']);

    // Someone else's notices are neither listed nor marked by naming their ids.
    const othersIds = (await inbox(world.member)).list.map((item) => item.id);
    expect(othersIds.length).toBeGreaterThan(0);
    const ownIds = first.list.map((item) => item.id);
    expect(ownIds.some((id) => othersIds.includes(id))).toBe(false);
    const unreadBefore = (await inbox(world.member)).unread;
    const marked = await reader.api.post('/api/msg_center/messages/read', { ids: [ownIds[0], ...othersIds] });
    expect(marked.code, marked.msg).toBe(OK);
    expect(marked.body.data).toEqual({ unread: 2 });
    expect((await inbox(world.member)).unread).toBe(unreadBefore);

    const unread = await inbox(reader, 'unread=1');
    expect(unread.list.map((item) => item.content)).toEqual(['two', 'one']);
    expect((await inbox(reader)).list.map((item) => item.read)).toEqual([true, false, false]);
    const all = await reader.api.post('/api/msg_center/messages/read', { all: true });
    expect(all.body.data).toEqual({ unread: 0 });
    expect((await inbox(reader, 'unread=true')).list).toEqual([]);
    expect((await inbox(world.member)).unread).toBe(unreadBefore);
  });

  it('shows nothing of a team the caller has left, and refuses bad paging', async () => {
    const leaver = person(server, await addMember(server.ctx, world.team, 'member'));
    await thread(writer, design, { mentions: [leaver.id] });
    expect((await inbox(leaver)).list).toHaveLength(1);
    await server.ctx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, world.team.id), eq(teamMembers.userId, leaver.id)));
    expect(await inbox(leaver)).toEqual({ list: [], has_next: false, unread: 0 });
    const bad = await leaver.api.get('/api/msg_center/messages?page_size=500');
    expect(bad.code).toBe(Codes.INVALID_INPUT.code);
  });
});
