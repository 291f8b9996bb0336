import { Codes, type CommentView, type MessageView, ShareLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type Person, threads } from '../comments/fixtures.js';
import { comments } from '../comments/tables.js';
import { OK } from './fixtures.js';
import { shareGuestComments } from './tables.js';
import { buildVisitorWorld, openedLink, type VisitorWorld } from './visitor-fixtures.js';

/** A share link's visitors posting comments: the link's `comment` right, their name, the cap, and who hears of it. */

let server: TestServer;
let w: VisitorWorld;
beforeAll(async () => {
  server = await startTestServer();
  w = await buildVisitorWorld(server);
}, 120_000);
afterAll(() => server.close());

const TALK = { inspect: false, download: false, see_comments: true, comment: true };
const pin = { content: 'The button is 2px off', position: { x: 12, y: 30 } };

async function inbox(who: Person) {
  const answer = await who.api.get('/api/msg_center/messages');
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.list as MessageView[];
}

describe('a visitor with the comment right', () => {
  it('posts a thread and a reply under their name; members read them as a guest’s and are told', async () => {
    const { api, link } = await openedLink(w.world, w.projectP, {
      scope: 'design',
      design_ids: [w.a.imageId],
      rights: TALK,
    });
    const body = { project_id: w.projectP, image_id: w.a.imageId };
    const posted = await api.post<CommentView>('/api/project/comment', {
      ...body,
      ...pin,
      guest_name: '  Dana from Acme ',
    });
    expect(posted.code, posted.msg).toBe(OK);
    expect(posted.result.author).toEqual({ user_id: '', name: 'Dana from Acme', avatar: '', guest: true });
    expect(posted.result).toMatchObject({ can_edit: false, can_delete: false, can_resolve: false });
    expect(posted.result.version_id).toBe(w.a.versionIds.at(-1));

    // A reply in the owner's thread on A tells the owner, named by the guest's name.
    const replied = await api.post<CommentView>('/api/project/comment', {
      ...body,
      parent_id: w.threads.a,
      content: 'Same here',
      guest_name: 'Dana from Acme',
    });
    expect(replied.code, replied.msg).toBe(OK);
    const notice = (await inbox(w.world.owner)).find((item) => item.comment_id === replied.result.id);
    expect(notice).toMatchObject({ kind: 'comment_reply', from_user: null, content: 'Same here' });
    expect(notice?.message.fromUserName).toBe('Dana from Acme');
    expect(notice?.title).toMatch(/^Dan/);

    // Members see the guest's thread, may resolve it (editors) and delete it (managers); nobody can edit it.
    const [listed] = (await threads(w.world.owner, w.a)).filter((item) => item.id === posted.result.id);
    expect(listed.author.guest).toBe(true);
    expect(listed).toMatchObject({ can_edit: false, can_delete: true, can_resolve: true });
    const memberView = (await threads(w.world.author, w.a)).find((item) => item.id === posted.result.id);
    expect(memberView).toMatchObject({ can_edit: false, can_delete: false, can_resolve: true });
    // A member's reply in the guest's thread tells no one of the guest (who has no account) and works.
    const answer = await w.world.author.api.post('/api/project/comment', {
      ...body,
      parent_id: posted.result.id,
      content: 'Fixed',
    });
    expect(answer.code, answer.msg).toBe(OK);

    const recorded = await server.ctx.db
      .select()
      .from(shareGuestComments)
      .where(eq(shareGuestComments.linkId, link.id));
    expect(recorded.map((row) => row.commentId).sort()).toEqual([posted.result.id, replied.result.id].sort());
  });

  it('refuses a post without a name, with mentions, or with a name too long, and writes nothing', async () => {
    const { api } = await openedLink(w.world, w.projectP, { scope: 'project', rights: TALK });
    const body = { project_id: w.projectP, image_id: w.b.imageId, ...pin };
    const before = await server.ctx.db.select().from(comments).where(eq(comments.designId, w.b.imageId));
    for (const bad of [
      {},
      { guest_name: '   ' },
      { guest_name: 'x'.repeat(ShareLimits.guestNameMaxLength + 1) },
      { guest_name: 'Dana', mentions: [w.world.owner.id] },
    ]) {
      const answer = await api.post('/api/project/comment', { ...body, ...bad });
      expect(answer.code, JSON.stringify(bad)).toBe(Codes.INVALID_INPUT.code);
    }
    const after = await server.ctx.db.select().from(comments).where(eq(comments.designId, w.b.imageId));
    expect(after).toHaveLength(before.length);
  });

  it('posts only inside the scope and on the version the link shows', async () => {
    const pinned = await openedLink(w.world, w.projectP, {
      scope: 'design',
      design_ids: [w.d.imageId],
      version_id: w.d.versionIds[0],
      rights: TALK,
    });
    const on = (image_id: string, extra: Record<string, unknown> = {}) =>
      pinned.api.post('/api/project/comment', {
        project_id: w.projectP,
        image_id,
        guest_name: 'Dana',
        ...pin,
        ...extra,
      });
    const thread = await on(w.d.imageId);
    expect(thread.code, thread.msg).toBe(OK);
    expect(thread.result.version_id).toBe(w.d.versionIds[0]);
    expect((await on(w.d.imageId, { version_id: w.d.versionIds[1] })).code).toBe(
      Codes.VERSION_NOT_FOUND.code,
    );
    // A thread of the version the link does not show, of a design outside it, of another project.
    expect((await on(w.d.imageId, { parent_id: w.threads.d2 })).code).toBe(Codes.NOT_FOUND.code);
    expect((await on(w.d.imageId, { parent_id: w.threads.d1 })).code).toBe(OK);
    expect((await on(w.a.imageId)).code).toBe(Codes.IMAGE_DELETED.code);
    expect((await on(w.d.imageId, { parent_id: w.threads.e })).code).toBe(Codes.NOT_FOUND.code);
    const elsewhere = await pinned.api.post('/api/project/comment', {
      project_id: w.projectQ,
      image_id: w.e.imageId,
      guest_name: 'Dana',
      ...pin,
    });
    expect(elsewhere.code).toBe(Codes.PROJECT_NOT_FOUND.code);
  });

  it('cannot edit, delete or resolve, its own comments included', async () => {
    const { api } = await openedLink(w.world, w.projectP, { scope: 'project', rights: TALK });
    const posted = await api.post<CommentView>('/api/project/comment', {
      project_id: w.projectP,
      image_id: w.c.imageId,
      guest_name: 'Dana',
      ...pin,
    });
    expect(posted.code).toBe(OK);
    const ref = { project_id: w.projectP, comment_id: posted.result.id };
    expect((await api.put('/api/project/comment', { ...ref, content: 'Changed' })).code).toBe(
      Codes.SHARE_VISITOR_REFUSED.code,
    );
    expect((await api.delete('/api/project/comment', ref)).code).toBe(Codes.SHARE_VISITOR_REFUSED.code);
    expect((await api.post('/api/project/comment/resolve', { ...ref, resolved: true })).code).toBe(
      Codes.SHARE_VISITOR_REFUSED.code,
    );
  });

  it(`takes at most ${ShareLimits.guestCommentsPerHour} comments a link an hour, then again after the hour`, async () => {
    const first = await openedLink(w.world, w.projectP, { scope: 'project', rights: TALK });
    const second = await openedLink(w.world, w.projectP, { scope: 'project', rights: TALK });
    const post = (api: typeof first.api) =>
      api.post('/api/project/comment', {
        project_id: w.projectP,
        image_id: w.b.imageId,
        guest_name: 'Flood',
        ...pin,
      });
    for (let n = 0; n < ShareLimits.guestCommentsPerHour; n += 1)
      expect((await post(first.api)).code).toBe(OK);
    const count = async () =>
      (await server.ctx.db.select().from(comments).where(eq(comments.designId, w.b.imageId))).length;
    const written = await count();
    const refused = await post(first.api);
    expect(refused.code).toBe(Codes.RATE_LIMITED.code);
    expect(await count()).toBe(written);
    // Another link has its own allowance; the first one's comes back after an hour.
    expect((await post(second.api)).code).toBe(OK);
    server.advance(60 * 60 * 1000 + 1000);
    expect((await post(first.api)).code).toBe(OK);
  });
});

describe('a visitor without the comment right', () => {
  it('is refused with 19093, and comment without see comments grants nothing', async () => {
    for (const rights of [
      { ...TALK, comment: false },
      { ...TALK, see_comments: false },
    ]) {
      const { api, link } = await openedLink(w.world, w.projectP, { scope: 'project', rights });
      const answer = await api.post('/api/project/comment', {
        project_id: w.projectP,
        image_id: w.b.imageId,
        guest_name: 'Dana',
        ...pin,
      });
      expect(answer.code, JSON.stringify(rights)).toBe(Codes.SHARE_VISITOR_REFUSED.code);
      expect(link.rights.comment).toBe(false);
    }
  });
});
