import { Codes } from '@ferry/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { messages } from '../messages/tables.js';
import {
  buildWorld,
  type Design,
  newDesign,
  newProject,
  OK,
  post,
  reply,
  thread,
  threads,
  type World,
} from './fixtures.js';
import { comments } from './tables.js';

let server: TestServer;
let world: World;
let design: Design;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  design = await newDesign(world, await newProject(world), { versions: 2 });
});
afterAll(() => server.close());

describe('threads and replies', () => {
  it('pins a new thread on the current version, numbered per design, and shows it to everyone in the project', async () => {
    const local = await newDesign(world, design.projectId);
    const first = await thread(world.author, local, { position: { x: 120.5, y: 48 }, layer_id: '3.0.2' });
    expect(first).toMatchObject({
      image_id: local.imageId,
      version_id: local.versionIds[0],
      parent_id: null,
      content: 'Spacing looks off',
      position: { x: 120.5, y: 48 },
      layer_id: '3.0.2',
      author: { user_id: world.author.id },
      resolved: false,
      edited: false,
      can_edit: true,
      can_delete: true,
      can_resolve: true,
    });
    await thread(world.member, local, { layer_id: '1', position: undefined });
    const listed = await threads(world.viewer, local);
    expect(listed.map((item) => [item.number, item.author.user_id])).toEqual([
      [1, world.author.id],
      [2, world.member.id],
    ]);
    // A viewer reads it but may neither edit nor delete someone else's comment.
    expect(listed[0]).toMatchObject({ can_edit: false, can_delete: false, can_resolve: false });
  });

  it('pins on an earlier version when told, and refuses a version of another design and a design of another project', async () => {
    const old = await thread(world.author, design, { version_id: design.versionIds[0] });
    expect(old.version_id).toBe(design.versionIds[0]);
    const other = await newDesign(world, design.projectId);
    const wrongVersion = await post(world.author, design, {
      content: 'x',
      position: { x: 1, y: 1 },
      version_id: other.versionIds[0],
    });
    expect(wrongVersion.code).toBe(Codes.VERSION_NOT_FOUND.code);
    const elsewhere = await newDesign(world, await newProject(world));
    const wrongProject = await post(
      world.author,
      { ...elsewhere, projectId: design.projectId },
      {
        content: 'x',
        position: { x: 1, y: 1 },
      },
    );
    expect(wrongProject.code).toBe(Codes.IMAGE_DELETED.code);
  });

  it('refuses a thread with neither a position nor a layer, and empty or overlong text', async () => {
    expect((await post(world.author, design, { content: 'Where?' })).code).toBe(Codes.INVALID_INPUT.code);
    const pin = { position: { x: 1, y: 1 } };
    expect((await post(world.author, design, { content: '   ', ...pin })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    expect((await post(world.author, design, { content: 'a'.repeat(2001), ...pin })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
  });

  it("answers replies in their thread's version, oldest first; a reply to a reply joins the thread", async () => {
    const started = await thread(world.author, design, { version_id: design.versionIds[0] });
    const first = await reply(world.member, design, started.id, {
      version_id: design.versionIds[1],
      position: { x: 500, y: 500 },
    });
    expect(first).toMatchObject({ parent_id: started.id, version_id: design.versionIds[0], position: null });
    const second = await reply(world.viewer, design, first.id);
    expect(second.parent_id).toBe(started.id);
    const [listed] = (await threads(world.author, design)).filter((item) => item.id === started.id);
    expect(listed.replies.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(listed.replies[0]).toMatchObject({ can_resolve: false, can_delete: false, can_edit: false });
  });
});

describe('listing', () => {
  it('filters by version, open or resolved, and mine (started, replied in or mentioned in)', async () => {
    const local = await newDesign(world, design.projectId, { versions: 2 });
    const [v1, v2] = local.versionIds;
    const started = await thread(world.member, local, { version_id: v1 });
    const repliedIn = await thread(world.admin, local);
    await reply(world.member, local, repliedIn.id);
    const mentioned = await thread(world.admin, local, { mentions: [world.member.id] });
    const mentionedInReply = await thread(world.admin, local);
    await reply(world.admin, local, mentionedInReply.id, { mentions: [world.member.id] });
    const unrelated = await thread(world.admin, local);
    const resolved = await world.admin.api.post('/api/project/comment/resolve', {
      project_id: local.projectId,
      comment_id: unrelated.id,
      resolved: true,
    });
    expect(resolved.code, resolved.msg).toBe(OK);

    const ids = async (query: string) => (await threads(world.member, local, query)).map((item) => item.id);
    expect(await ids('')).toEqual([
      started.id,
      repliedIn.id,
      mentioned.id,
      mentionedInReply.id,
      unrelated.id,
    ]);
    expect(await ids(`&version_id=${v1}`)).toEqual([started.id]);
    expect(await ids(`&version_id=${v2}`)).toHaveLength(4);
    expect(await ids('&status=resolved')).toEqual([unrelated.id]);
    expect(await ids('&status=open')).toHaveLength(4);
    expect(await ids('&mine=true')).toEqual([started.id, repliedIn.id, mentioned.id, mentionedInReply.id]);
    expect(await ids(`&mine=1&status=open&version_id=${v1}`)).toEqual([started.id]);

    const other = await newDesign(world, design.projectId);
    const foreignVersion = await world.member.api.get(
      `/api/project/comments?project_id=${local.projectId}&image_id=${local.imageId}&version_id=${other.versionIds[0]}`,
    );
    expect(foreignVersion.code).toBe(Codes.VERSION_NOT_FOUND.code);
  });
});

describe('one comment by id, and deleted comments', () => {
  it('answers the thread holding a comment; once deleted, 19051 for it and for links to its replies', async () => {
    const started = await thread(world.author, design);
    const answer = await reply(world.member, design, started.id);
    const byReply = await world.viewer.api.get(
      `/api/project/comment?project_id=${design.projectId}&comment_id=${answer.id}`,
    );
    expect(byReply.code, byReply.msg).toBe(OK);
    expect(byReply.result).toMatchObject({ id: started.id, replies: [{ id: answer.id }] });

    const removed = await world.author.api.delete('/api/project/comment', {
      project_id: design.projectId,
      comment_id: started.id,
    });
    expect(removed.code, removed.msg).toBe(OK);
    for (const id of [started.id, answer.id]) {
      const gone = await world.viewer.api.get(
        `/api/project/comment?project_id=${design.projectId}&comment_id=${id}`,
      );
      expect(gone.code).toBe(Codes.COMMENT_DELETED.code);
    }
    expect((await threads(world.viewer, design)).map((item) => item.id)).not.toContain(started.id);
    // Nothing more can happen to it.
    const ref = { project_id: design.projectId, comment_id: started.id };
    expect((await world.author.api.put('/api/project/comment', { ...ref, content: 'again' })).code).toBe(
      Codes.COMMENT_DELETED.code,
    );
    expect((await world.author.api.delete('/api/project/comment', ref)).code).toBe(
      Codes.COMMENT_DELETED.code,
    );
    expect(
      (await world.author.api.post('/api/project/comment/resolve', { ...ref, resolved: true })).code,
    ).toBe(Codes.COMMENT_DELETED.code);
    expect((await post(world.member, design, { content: 'late', parent_id: started.id })).code).toBe(
      Codes.COMMENT_DELETED.code,
    );
  });

  it('deleting a reply deletes only the reply', async () => {
    const started = await thread(world.author, design);
    const kept = await reply(world.member, design, started.id);
    const dropped = await reply(world.member, design, started.id);
    const removed = await world.member.api.delete(
      `/api/project/comment?project_id=${design.projectId}&comment_id=${dropped.id}`,
    );
    expect(removed.code, removed.msg).toBe(OK);
    const [listed] = (await threads(world.author, design)).filter((item) => item.id === started.id);
    expect(listed.replies.map((item) => item.id)).toEqual([kept.id]);
    const [row] = await server.ctx.db.select().from(comments).where(eq(comments.id, dropped.id));
    expect(row.deletedBy).toBe(world.member.id);
  });

  it('answers "not found" for a made-up id and for a comment of another project', async () => {
    const elsewhere = await newDesign(world, await newProject(world));
    const foreign = await thread(world.author, elsewhere);
    for (const id of [foreign.id, 'nonsense', '00000000-0000-4000-8000-000000000000']) {
      const answer = await world.author.api.get(
        `/api/project/comment?project_id=${design.projectId}&comment_id=${id}`,
      );
      expect(answer.code).toBe(Codes.NOT_FOUND.code);
    }
  });
});

describe('editing', () => {
  it('lets the author rewrite a comment; others are refused; an edit from an older copy answers 19052', async () => {
    const started = await thread(world.author, design);
    const ref = { project_id: design.projectId, comment_id: started.id };
    server.advance(1000);
    const edited = await world.author.api.put('/api/project/comment', {
      ...ref,
      content: 'Spacing is 12, should be 16',
      update_time: started.update_time,
    });
    expect(edited.code, edited.msg).toBe(OK);
    expect(edited.result).toMatchObject({ content: 'Spacing is 12, should be 16', edited: true });

    for (const who of [world.member, world.owner, world.admin]) {
      const refused = await who.api.put('/api/project/comment', { ...ref, content: 'hijacked' });
      expect(refused.code).toBe(Codes.COMMENT_NO_PERMISSION.code);
    }
    const stale = await world.author.api.put('/api/project/comment', {
      ...ref,
      content: 'from the first copy',
      update_time: started.update_time,
    });
    expect(stale.code).toBe(Codes.COMMENT_UPDATE_FAILED.code);
    const [row] = await server.ctx.db.select().from(comments).where(eq(comments.id, started.id));
    expect(row.content).toBe('Spacing is 12, should be 16');
    const fresh = await world.author.api.put('/api/project/comment', {
      ...ref,
      content: 'from the latest copy',
      update_time: edited.result.update_time,
    });
    expect(fresh.code, fresh.msg).toBe(OK);
  });
});

describe('mentions', () => {
  it('refuses a mention of anyone who cannot see the project, and writes nothing', async () => {
    const hidden = await newProject(world, { mode: 'B', roles: [[world.author, 'member']] });
    const local = await newDesign(world, hidden);
    const started = await thread(world.author, local);
    // Counted within this project: on PostgreSQL other test files write comments at the same time.
    const commentsNow = async () =>
      (await server.ctx.db.select({ n: count() }).from(comments).where(eq(comments.projectId, hidden)))[0].n;
    const noticesNow = async () =>
      (await server.ctx.db.select({ n: count() }).from(messages).where(eq(messages.projectId, hidden)))[0].n;
    const commentsBefore = await commentsNow();
    const noticesBefore = await noticesNow();
    // A team member outside this mode-B project, someone of another team, a made-up id.
    for (const outsider of [world.member.id, world.stranger.id, 'not-a-user']) {
      const asThread = await post(world.author, local, {
        content: 'look',
        position: { x: 1, y: 1 },
        mentions: [world.owner.id, outsider],
      });
      expect(asThread.code).toBe(Codes.MENTION_NOT_MEMBER.code);
      const asReply = await post(world.author, local, {
        content: 'look',
        parent_id: started.id,
        mentions: [outsider],
      });
      expect(asReply.code).toBe(Codes.MENTION_NOT_MEMBER.code);
      const asEdit = await world.author.api.put('/api/project/comment', {
        project_id: hidden,
        comment_id: started.id,
        content: 'look',
        mentions: [outsider],
      });
      expect(asEdit.code).toBe(Codes.MENTION_NOT_MEMBER.code);
    }
    expect(await commentsNow()).toBe(commentsBefore);
    expect(await noticesNow()).toBe(noticesBefore);
    const [row] = await server.ctx.db.select().from(comments).where(eq(comments.id, started.id));
    expect(row.content).toBe('Spacing looks off');
    // The super admin sees every project and may be mentioned.
    const fine = await post(world.author, local, {
      content: 'look',
      position: { x: 1, y: 1 },
      mentions: [world.owner.id],
    });
    expect(fine.code, fine.msg).toBe(OK);
    expect(fine.result.mentions).toEqual([expect.objectContaining({ user_id: world.owner.id })]);
  });
});

describe('comment counts on designs', () => {
  it('counts open threads: the current version on the design, each version in the detail', async () => {
    const projectId = await newProject(world);
    const local = await newDesign(world, projectId, { versions: 2 });
    const [v1, v2] = local.versionIds;
    await thread(world.author, local, { version_id: v1 });
    const open = await thread(world.author, local);
    await reply(world.member, local, open.id);
    const resolved = await thread(world.author, local);
    const deleted = await thread(world.author, local);
    await thread(world.author, local);
    const ref = { project_id: projectId };
    expect(
      (
        await world.author.api.post('/api/project/comment/resolve', {
          ...ref,
          comment_id: resolved.id,
          resolved: true,
        })
      ).code,
    ).toBe(OK);
    expect(
      (await world.author.api.delete('/api/project/comment', { ...ref, comment_id: deleted.id })).code,
    ).toBe(OK);

    const list = await world.viewer.api.get(`/api/project/images?project_id=${projectId}&comment=1`);
    expect(list.code, list.msg).toBe(OK);
    expect(list.result.images.find((image: { id: string }) => image.id === local.imageId).comment_count).toBe(
      2,
    );
    const detail = await world.viewer.api.get(
      `/api/project/image?project_id=${projectId}&image_id=${local.imageId}`,
    );
    expect(detail.code, detail.msg).toBe(OK);
    expect(detail.result.comment_count).toBe(2);
    const byVersion = Object.fromEntries(
      detail.result.versions.map((version: { id: string; comments: number }) => [
        version.id,
        version.comments,
      ]),
    );
    expect(byVersion).toEqual({ [v1]: 1, [v2]: 2 });
  });
});
