import { Codes } from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import type { TestServer } from '../../test/context.js';
import { eventsAsSent } from '../../test/events.js';
import { addMember } from '../../test/factories.js';
import {
  type Design,
  newDesign,
  newProject,
  OK,
  type Person,
  person,
  post as postOnDesign,
  type World,
} from '../comments/fixtures.js';
import { events } from '../events/tables.js';
import { openedLink } from '../share/visitor-fixtures.js';
import { change, type Doc, newDocument, pin, post, remove, reply, threadsOf } from './comment-fixtures.js';
import { documentComments } from './comment-tables.js';
import { startDocumentsWorld } from './fixtures.js';

/**
 * Comments pinned on document pages (docs/api.md "Product documents"): threads on a page of a version, replies,
 * who may write, edit, resolve and delete (the design comments' rules), mentions and their notices.
 */

const NO_RIGHT = Codes.COMMENT_NO_PERMISSION.code;
const BAD_INPUT = Codes.INVALID_INPUT.code;

let server: TestServer;
let world: World;
/** A mode-A project: 'Spec' has version 1 of 3 pages and version 2 of 2 pages; 'Drafts' has two of 1 page. */
let open: string;
let spec: Doc;
let drafts: Doc;
/** Registered, never drawn. */
let pending: Doc;
/** A mode-B project: the author is a member, `projectViewer` an onlooker; the team admin is not in it. */
let closed: string;
let closedDoc: Doc;
let projectViewer: Person;

beforeAll(async () => {
  ({ server, world } = await startDocumentsWorld());
  projectViewer = person(server, await addMember(server.ctx, world.team, 'member'));
  open = await newProject(world);
  closed = await newProject(world, {
    mode: 'B',
    roles: [
      [world.author, 'member'],
      [projectViewer, 'onlooker'],
    ],
  });
  spec = await newDocument(world, open, 'Spec.pdf', [3, 2]);
  drafts = await newDocument(world, open, 'Drafts.pdf', [1, 1]);
  closedDoc = await newDocument(world, closed, 'Closed.pdf', [1]);
  await runJobsOnce(server.ctx);
  pending = await newDocument(world, open, 'Pending.pdf', [1]);
}, 180_000);
afterAll(() => server.close());

const rowOf = async (id: string) =>
  (await server.ctx.db.select().from(documentComments).where(eq(documentComments.id, id)))[0];

describe('threads and replies', () => {
  it('pins a thread on a page of the newest version, numbered per document', async () => {
    const first = await pin(world.member, spec, { page: 2, position: { x: 0, y: 1 } });
    expect(first).toMatchObject({
      doc_id: spec.docId,
      version_id: spec.versionIds[1],
      parent_id: null,
      page: 2,
      position: { x: 0, y: 1 },
      content: 'The margin is too wide',
      author: { user_id: world.member.id },
      resolved: false,
      edited: false,
      can_edit: true,
      can_delete: true,
      can_resolve: true,
    });
    const onOlder = await pin(world.author, spec, { version_id: spec.versionIds[0], page: 3 });
    expect(onOlder).toMatchObject({ version_id: spec.versionIds[0], page: 3 });
    const numbers = [
      ...(await threadsOf(world.viewer, spec)).threads,
      ...(await threadsOf(world.viewer, spec, spec.versionIds[0])).threads,
    ].map((thread) => thread.number);
    expect(numbers).toEqual(expect.arrayContaining([1, 2]));
  });

  it("checks the page against the version's page count, and the position in fractions of the page", async () => {
    const before = await server.ctx.db.select().from(documentComments);
    const at = (body: Record<string, unknown>) =>
      post(world.member, spec, body).then((answer) => answer.code);
    // The newest version has 2 pages, the first 3.
    expect(await at({ page: 3, position: { x: 0.5, y: 0.5 } })).toBe(BAD_INPUT);
    expect(await at({ page: 4, position: { x: 0.5, y: 0.5 }, version_id: spec.versionIds[0] })).toBe(
      BAD_INPUT,
    );
    expect(await at({ page: 0, position: { x: 0.5, y: 0.5 } })).toBe(BAD_INPUT);
    expect(await at({ page: 1, position: { x: 1.01, y: 0.5 } })).toBe(BAD_INPUT);
    expect(await at({ page: 1, position: { x: 0.5, y: -0.1 } })).toBe(BAD_INPUT);
    expect(await at({ page: 1 })).toBe(BAD_INPUT);
    expect(await at({ position: { x: 0.5, y: 0.5 } })).toBe(BAD_INPUT);
    expect(await at({ page: 1, position: { x: 0.5, y: 0.5 }, content: '  ' })).toBe(BAD_INPUT);
    expect(await at({ page: 1, position: { x: 0.5, y: 0.5 }, version_id: drafts.versionIds[0] })).toBe(
      Codes.DOCUMENT_VERSION_NOT_FOUND.code,
    );
    const notDrawn = await post(world.member, pending, { page: 1, position: { x: 0.5, y: 0.5 } });
    expect(notDrawn.code).toBe(Codes.DOCUMENT_NOT_READY.code);
    expect(await server.ctx.db.select().from(documentComments)).toHaveLength(before.length);
  });

  it("puts a reply on its thread's version and page, whatever it asks; a reply to a reply joins the thread", async () => {
    const thread = await pin(world.author, spec, { version_id: spec.versionIds[0], page: 3 });
    const answer = await reply(world.member, spec, thread.id, {
      page: 1,
      position: { x: 0.9, y: 0.9 },
      version_id: spec.versionIds[1],
    });
    expect(answer).toMatchObject({
      parent_id: thread.id,
      version_id: spec.versionIds[0],
      page: 3,
      position: null,
      can_resolve: false,
    });
    const nested = await reply(world.viewer, spec, answer.id);
    expect(nested.parent_id).toBe(thread.id);
    const otherDoc = await post(world.member, drafts, { parent_id: thread.id });
    expect(otherDoc.code).toBe(Codes.NOT_FOUND.code);
  });

  it('lists the threads of a version (the newest by default) with their replies, oldest first', async () => {
    const doc = await newDocument(world, open, `Listed-${Date.now()}.pdf`, [2]);
    await runJobsOnce(server.ctx);
    const a = await pin(world.member, doc, { page: 2 });
    const b = await pin(world.author, doc, { page: 1, mentions: [world.viewer.id] });
    const r1 = await reply(world.author, doc, a.id, { content: 'first' });
    const r2 = await reply(world.viewer, doc, a.id, { content: 'second' });
    const list = await threadsOf(world.viewer, doc);
    expect(list.version_id).toBe(doc.versionIds[0]);
    expect(list.threads.map((thread) => [thread.id, thread.number, thread.page])).toEqual([
      [a.id, 1, 2],
      [b.id, 2, 1],
    ]);
    expect(list.threads[0].replies.map((one) => [one.id, one.content])).toEqual([
      [r1.id, 'first'],
      [r2.id, 'second'],
    ]);
    expect(list.threads[1].mentions).toEqual([expect.objectContaining({ user_id: world.viewer.id })]);
    // What the viewer may do with each.
    expect(list.threads[0]).toMatchObject({ can_edit: false, can_delete: false, can_resolve: false });
    expect(list.threads[0].replies[1]).toMatchObject({ can_edit: true, can_delete: true });
    // Another version's threads are not among them.
    const older = await threadsOf(world.viewer, spec, spec.versionIds[0]);
    expect(older.threads.every((thread) => thread.version_id === spec.versionIds[0])).toBe(true);
    const newer = await threadsOf(world.viewer, spec);
    expect(newer.threads.every((thread) => thread.version_id === spec.versionIds[1])).toBe(true);
    const unknown = await world.viewer.api.get(
      `/api/project/doc/comments?project_id=${open}&doc_id=${spec.docId}&version_id=${drafts.versionIds[0]}`,
    );
    expect(unknown.code).toBe(Codes.DOCUMENT_VERSION_NOT_FOUND.code);
  });
});

describe('editing, resolving, deleting', () => {
  it('lets only the author rewrite a comment', async () => {
    const thread = await pin(world.author, spec);
    const byOther = await change(world.member, spec, thread.id, { content: 'Taken over' });
    expect(byOther.code).toBe(NO_RIGHT);
    const byOwner = await change(world.owner, spec, thread.id, { content: 'Taken over' });
    expect(byOwner.code).toBe(NO_RIGHT);
    expect((await rowOf(thread.id)).content).toBe('The margin is too wide');
    const mine = await change(world.author, spec, thread.id, { content: 'Margin is 24 px too wide' });
    expect(mine.code, mine.msg).toBe(OK);
    expect(mine.result).toMatchObject({ content: 'Margin is 24 px too wide', edited: true });
    expect((await change(world.author, spec, thread.id, {})).code).toBe(BAD_INPUT);
  });

  it("lets the thread's author and the project's editors resolve and reopen; others are refused", async () => {
    const byViewer = await pin(world.viewer, spec);
    const own = await change(world.viewer, spec, byViewer.id, { resolved: true });
    expect(own.code, own.msg).toBe(OK);
    expect(own.result.resolved).toBe(true);
    const reopened = await change(world.member, spec, byViewer.id, { resolved: false });
    expect(reopened.code, reopened.msg).toBe(OK);
    expect(reopened.result.resolved).toBe(false);

    const byAuthor = await pin(world.author, closedDoc);
    const refused = await change(projectViewer, closedDoc, byAuthor.id, { resolved: true });
    expect(refused.code).toBe(NO_RIGHT);
    expect((await rowOf(byAuthor.id)).resolvedAt).toBeNull();
    const answer = await reply(projectViewer, closedDoc, byAuthor.id);
    expect((await change(world.author, closedDoc, answer.id, { resolved: true })).code).toBe(BAD_INPUT);
    const resolved = await change(world.owner, closedDoc, byAuthor.id, { resolved: true });
    expect(resolved.code, resolved.msg).toBe(OK);
    expect((await rowOf(byAuthor.id)).resolvedBy).toBe(world.owner.id);
  });

  it('lets the author and the super admin delete, not another member; a thread takes its replies', async () => {
    for (const [who, expected] of [
      [world.author, OK],
      [world.member, NO_RIGHT],
      [world.owner, OK],
    ] as const) {
      const thread = await pin(world.author, spec);
      const answer = await reply(world.viewer, spec, thread.id);
      const before = await rowOf(thread.id);
      expect((await remove(who, spec, thread.id)).code).toBe(expected);
      if (expected !== OK) {
        expect(await rowOf(thread.id)).toEqual(before);
        continue;
      }
      expect(await rowOf(thread.id)).toMatchObject({ deletedBy: who.id });
      expect((await rowOf(answer.id)).deletedAt).not.toBeNull();
      const listed = (await threadsOf(world.viewer, spec)).threads.map((one) => one.id);
      expect(listed).not.toContain(thread.id);
      expect((await remove(world.author, spec, answer.id)).code).toBe(Codes.COMMENT_DELETED.code);
    }
    // A reply goes alone.
    const thread = await pin(world.author, spec);
    const answer = await reply(world.member, spec, thread.id);
    expect((await remove(world.member, spec, answer.id)).code).toBe(OK);
    const [kept] = (await threadsOf(world.viewer, spec)).threads.filter((one) => one.id === thread.id);
    expect(kept.replies).toEqual([]);
  });
});

describe('who may write', () => {
  let openDesign: Design;
  let closedDesign: Design;
  beforeAll(async () => {
    openDesign = await newDesign(world, open);
    closedDesign = await newDesign(world, closed);
  });

  it("follows the design comments' rule: onlookers comment, people who cannot see the project are refused", async () => {
    const cases: [string, Person, Doc, Design, string][] = [
      ['a team onlooker (mode A)', world.viewer, spec, openDesign, OK],
      ['a project onlooker (mode B)', projectViewer, closedDoc, closedDesign, OK],
      ['a team admin outside a mode-B project', world.admin, closedDoc, closedDesign, Codes.NOT_ALLOWED.code],
      ['a member outside a mode-B project', world.member, closedDoc, closedDesign, Codes.NOT_ALLOWED.code],
    ];
    for (const [name, who, doc, design, expected] of cases) {
      const onDesign = await postOnDesign(who, design, { content: 'x', position: { x: 1, y: 1 } });
      const onDoc = await post(who, doc, { page: 1, position: { x: 0.5, y: 0.5 } });
      expect([name, onDoc.code], onDoc.msg).toEqual([name, expected]);
      expect([name, onDoc.code]).toEqual([name, onDesign.code]);
    }
  });

  it('refuses another team’s member, for reading and writing', async () => {
    const list = await world.stranger.api.get(
      `/api/project/doc/comments?project_id=${open}&doc_id=${spec.docId}`,
    );
    expect(list.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const written = await post(world.stranger, spec, {
      team_id: world.strangerTeam.id,
      page: 1,
      position: { x: 0.5, y: 0.5 },
    });
    expect(written.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const thread = await pin(world.author, spec);
    expect((await remove(world.stranger, spec, thread.id)).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect((await rowOf(thread.id)).deletedAt).toBeNull();
  });

  it('refuses a share link’s visitor (19093)', async () => {
    const { api } = await openedLink(world, open, { scope: 'project' });
    const list = await api.get(`/api/project/doc/comments?project_id=${open}&doc_id=${spec.docId}`);
    expect(list.code).toBe(Codes.SHARE_VISITOR_REFUSED.code);
    const written = await api.post('/api/project/doc/comment', {
      project_id: open,
      doc_id: spec.docId,
      page: 1,
      position: { x: 0.5, y: 0.5 },
      content: 'hello',
    });
    expect(written.code).toBe(Codes.SHARE_VISITOR_REFUSED.code);
  });

  it('refuses mentions of anyone who cannot see the project, writing nothing', async () => {
    const before = await server.ctx.db.select().from(documentComments);
    for (const outsider of [world.admin, world.stranger]) {
      const answer = await post(world.author, closedDoc, {
        page: 1,
        position: { x: 0.5, y: 0.5 },
        mentions: [projectViewer.id, outsider.id],
      });
      expect(answer.code).toBe(Codes.MENTION_NOT_MEMBER.code);
    }
    const thread = await pin(world.author, closedDoc, { mentions: [projectViewer.id] });
    const edit = await change(world.author, closedDoc, thread.id, {
      content: 'x',
      mentions: [world.admin.id],
    });
    expect(edit.code).toBe(Codes.MENTION_NOT_MEMBER.code);
    expect(await server.ctx.db.select().from(documentComments)).toHaveLength(before.length + 1);
  });
});

describe('notices', () => {
  const sentFor = (commentId: string) =>
    eventsAsSent(server.ctx.db, sql`${events.payload}->>'commentId' = ${commentId}`);

  it('tells the mentioned of a new thread (addNewComment) with the page and a link to it', async () => {
    const thread = await pin(world.author, spec, {
      page: 2,
      mentions: [world.member.id],
      content: 'Look here',
    });
    const sent = await sentFor(thread.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toMatchObject({
      method: 'addNewComment',
      toIds: [world.member.id],
      hasAt: true,
      isDesign: false,
      fromUserId: world.author.id,
      projectId: open,
      imageName: 'Spec',
      content: 'Look here',
      versionId: spec.versionIds[1],
      pageId: '2',
      commentId: thread.id,
    });
    const url = new URL(sent[0].payload.url.replace('/web/#', ''), 'http://ferry.test');
    expect(url.pathname).toBe('/item/project/product');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      tid: world.team.id,
      pid: open,
      docId: spec.docId,
      versionId: spec.versionIds[1],
      pageId: '2',
      commentId: thread.id,
    });
    const centre = await world.member.api.get('/api/msg_center/messages');
    expect(centre.code, centre.msg).toBe(OK);
    expect(JSON.stringify(centre.result)).toContain(thread.id);
  });

  it("tells the thread's author and repliers of a reply (replyComment), the mentioned apart", async () => {
    const thread = await pin(world.author, spec);
    const first = await reply(world.member, spec, thread.id);
    const told = await sentFor(first.id);
    expect(told.map((event) => [event.payload.method, event.payload.toIds, event.payload.hasAt])).toEqual([
      ['replyComment', [world.author.id], false],
    ]);
    const second = await reply(world.owner, spec, thread.id, { mentions: [world.viewer.id] });
    const byAt = Object.fromEntries(
      (await sentFor(second.id)).map((event) => [String(event.payload.hasAt), event.payload.toIds.sort()]),
    );
    expect(byAt).toEqual({ true: [world.viewer.id], false: [world.author.id, world.member.id].sort() });
  });
});

describe('deleting documents', () => {
  it('removes the comments of a deleted version, and all of a deleted document', async () => {
    const onFirst = await pin(world.member, drafts, { version_id: drafts.versionIds[0] });
    const answer = await reply(world.author, drafts, onFirst.id);
    const onSecond = await pin(world.member, drafts);
    const drop = (body: Record<string, unknown>) =>
      world.member.api.delete('/api/project/doc', { project_id: open, doc_id: drafts.docId, ...body });
    expect((await drop({ version_id: drafts.versionIds[0] })).code).toBe(OK);
    expect(await rowOf(onFirst.id)).toBeUndefined();
    expect(await rowOf(answer.id)).toBeUndefined();
    expect(await rowOf(onSecond.id)).toBeDefined();
    expect((await drop({})).code).toBe(OK);
    expect(
      await server.ctx.db
        .select()
        .from(documentComments)
        .where(eq(documentComments.documentId, drafts.docId)),
    ).toEqual([]);
  });
});
