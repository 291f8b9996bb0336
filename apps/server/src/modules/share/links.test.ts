import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildWorld, newProject, type World } from '../comments/fixtures.js';
import { projects } from '../projects/tables.js';
import { OK, seedDesign, seedSection, seedVersion, share, shared } from './fixtures.js';
import { shareLinks } from './tables.js';

let server: TestServer;
let world: World;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://ferry.example' });
  world = await buildWorld(server);
});
afterAll(() => server.close());

const linkCount = async (projectId: string) =>
  (await server.ctx.db.select().from(shareLinks).where(eq(shareLinks.projectId, projectId))).length;

describe('making a link', () => {
  it('is for those who see and edit the project; onlookers and outsiders are refused', async () => {
    const projectId = await newProject(world);
    for (const who of [world.owner, world.admin, world.member])
      expect((await share(who, world, projectId)).code).toBe(OK);
    expect((await share(world.viewer, world, projectId)).code).toBe(Codes.NO_PERMISSION.code);
    expect((await share(world.stranger, world, projectId)).code).toBe(Codes.TEAM_NOT_FOUND.code);

    const modeB = await newProject(world, { mode: 'B', roles: [[world.author, 'onlooker']] });
    expect((await share(world.member, world, modeB)).code).toBe(Codes.NOT_ALLOWED.code);
    expect((await share(world.author, world, modeB)).code).toBe(Codes.NO_PERMISSION.code);
    expect((await share(world.owner, world, modeB)).code).toBe(OK);
    expect(await linkCount(modeB)).toBe(1);
  });

  it("refuses another project's or team's designs, sections and versions, writing nothing", async () => {
    const projectId = await newProject(world);
    const otherProject = await newProject(world);
    const foreignProject = await newProject(world, { team: world.strangerTeam });
    const mine = await seedDesign(server, projectId);
    const sibling = await seedDesign(server, otherProject);
    const foreign = await seedDesign(server, foreignProject);
    const siblingSection = await seedSection(server, otherProject);
    const siblingVersion = await seedVersion(server, sibling);
    const tries = [
      [{ scope: 'designs', design_ids: [mine, sibling] }, Codes.IMAGE_DELETED],
      [{ scope: 'design', design_ids: [foreign] }, Codes.IMAGE_DELETED],
      [{ scope: 'design', design_ids: ['not-a-uuid'] }, Codes.IMAGE_DELETED],
      [{ scope: 'sections', section_ids: [siblingSection] }, Codes.SECTION_NOT_FOUND],
      [{ scope: 'design', design_ids: [mine], version_id: siblingVersion }, Codes.VERSION_NOT_FOUND],
    ] as const;
    for (const [body, code] of tries) {
      const answer = await share(world.owner, world, projectId, body);
      expect(answer.code, JSON.stringify(body)).toBe(code.code);
    }
    expect(await linkCount(projectId)).toBe(0);

    const section = await seedSection(server, projectId);
    const version = await seedVersion(server, mine);
    expect(
      (await share(world.owner, world, projectId, { scope: 'sections', section_ids: [section] })).code,
    ).toBe(OK);
    const fixed = await shared(world.owner, world, projectId, {
      scope: 'design',
      design_ids: [mine],
      version_id: version,
    });
    expect(fixed).toMatchObject({ scope: 'design', design_ids: [mine], version_id: version });
  });

  it('never grants more than its creator has: download follows the download setting', async () => {
    const projectId = await newProject(world);
    await server.ctx.db.update(projects).set({ downloadType: 'none' }).where(eq(projects.id, projectId));
    const rights = { inspect: true, download: true, see_comments: true, comment: true };
    const byMember = await shared(world.member, world, projectId, { rights });
    expect(byMember.rights).toEqual({ ...rights, download: false });
    const byOwner = await shared(world.owner, world, projectId, { rights });
    expect(byOwner.rights).toEqual(rights);
    // An edit by the super admin of the member's link is capped by the member's rights too.
    const edited = await world.owner.api.put('/api/sharesvc/link', { link_id: byMember.id, rights });
    expect(edited.result.rights.download).toBe(false);
  });

  it('answers the code once and keeps only the hash of its secret', async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId, { name: 'For QA' });
    expect(link.code).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(link.code.startsWith(link.short_id)).toBe(true);
    expect(link.url).toBe(`https://ferry.example/web/#/share/${link.code}`);
    const secret = link.code.slice(link.short_id.length);
    const stored = JSON.stringify(
      await server.ctx.db.select().from(shareLinks).where(eq(shareLinks.id, link.id)),
    );
    expect(stored).not.toContain(secret);
    expect(stored).toContain(link.short_id);
    const listed = await world.member.api.get(
      `/api/sharesvc/link?team_id=${world.team.id}&project_id=${projectId}`,
    );
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.result.list[0]).toMatchObject({
      name: 'For QA',
      creator: { id: world.member.id },
      has_password: false,
      open_count: 0,
      state: 'active',
    });
  });

  it('lasts 14 days unless told (quick share too), or 1, 7, 30 days or never', async () => {
    const projectId = await newProject(world);
    const day = 86_400_000;
    const quick = await shared(world.member, world, projectId, { share_type: 'quickShare' });
    expect(quick.quick).toBe(true);
    const age = Date.parse(quick.expires_at) - Date.parse(quick.created_at);
    expect(Math.round(age / day)).toBe(14);
    const never = await shared(world.member, world, projectId, { expires_in_days: 0 });
    expect(never.expires_at).toBeNull();
    const week = await shared(world.member, world, projectId, { expires_in_days: 7 });
    expect(Math.round((Date.parse(week.expires_at) - Date.parse(week.created_at)) / day)).toBe(7);
  });

  it('refuses bad input with 19001 in both languages', async () => {
    const projectId = await newProject(world);
    const zh = asUser(server.app, world.member.token, 'zh-CN');
    const cases = [
      [
        { expires_in_days: 3 },
        '有效期只能是 1、7、14、30 天或永久',
        'The expiry must be 1, 7, 14 or 30 days, or never',
      ],
      [{ scope: 'designs' }, '分享范围与所选内容不符', 'The chosen items do not match the share scope'],
      [{ scope: 'everything' }, '参数错误', 'Invalid input'],
    ] as const;
    for (const [body, zhText, enText] of cases) {
      const en = await share(world.member, world, projectId, body);
      expect(en.code).toBe(Codes.INVALID_INPUT.code);
      expect(en.msg).toContain(enText);
      const inZh = await zh.post('/api/sharesvc/link', {
        team_id: world.team.id,
        project_id: projectId,
        scope: 'project',
        ...body,
      });
      expect(inZh.code).toBe(Codes.INVALID_INPUT.code);
      expect(inZh.msg).toContain(zhText);
    }
    expect(await linkCount(projectId)).toBe(0);
  });
});

describe('managing links', () => {
  it("lists a project's links to its managers, and to others their own only", async () => {
    const projectId = await newProject(world);
    const mine = await shared(world.member, world, projectId);
    const theirs = await shared(world.author, world, projectId);
    const list = async (who: typeof world.owner) => {
      const answer = await who.api.get(`/api/sharesvc/link?team_id=${world.team.id}&project_id=${projectId}`);
      return answer.code === OK
        ? answer.result.list.map((link: { id: string }) => link.id).sort()
        : answer.code;
    };
    const both = [mine.id, theirs.id].sort();
    expect(await list(world.owner)).toEqual(both);
    expect(await list(world.admin)).toEqual(both);
    expect(await list(world.member)).toEqual([mine.id]);
    expect(await list(world.viewer)).toEqual([]);
    expect(await list(world.stranger)).toBe(Codes.TEAM_NOT_FOUND.code);

    const team = await world.admin.api.get(`/api/sharesvc/links?team_id=${world.team.id}`);
    expect(team.result.list.map((link: { id: string }) => link.id)).toEqual(expect.arrayContaining(both));
    expect(team.result.list[0].project_name).toBeTruthy();
    expect((await world.member.api.get(`/api/sharesvc/links?team_id=${world.team.id}`)).code).toBe(
      Codes.ADMIN_ONLY.code,
    );
  });

  it('lets the creator and admins edit a link; others are refused', async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId);
    const edit = (who: typeof world.owner, body: object) =>
      who.api.put('/api/sharesvc/link', { link_id: link.id, ...body });
    expect((await edit(world.author, { name: 'x' })).code).toBe(Codes.NO_PERMISSION.code);
    expect((await edit(world.stranger, { name: 'x' })).code).toBe(Codes.SHARE_NOT_FOUND.code);
    const renamed = await edit(world.member, {
      name: 'Checkout',
      expires_in_days: 0,
      password: 'open-sesame',
    });
    expect(renamed.result).toMatchObject({ name: 'Checkout', expires_at: null, has_password: true });
    const cleared = await edit(world.admin, { password: null });
    expect(cleared.result.has_password).toBe(false);
  });

  it('revokes one link for its managers, or every link of a project the caller manages', async () => {
    const projectId = await newProject(world);
    const one = await shared(world.member, world, projectId);
    const two = await shared(world.member, world, projectId);
    const authors = await shared(world.author, world, projectId);
    expect((await world.author.api.delete('/api/sharesvc/link', { link_id: one.id })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect((await world.admin.api.delete('/api/sharesvc/link', { link_id: one.id })).result).toEqual({
      revoked: 1,
    });
    // A member's "all" takes back their own links only.
    const own = await world.member.api.delete('/api/sharesvc/link', { project_id: projectId, all: true });
    expect(own.result).toEqual({ revoked: 1 });
    const states = async () =>
      Object.fromEntries(
        (
          await world.owner.api.get(`/api/sharesvc/link?team_id=${world.team.id}&project_id=${projectId}`)
        ).result.list.map((link: { id: string; state: string }) => [link.id, link.state]),
      );
    expect(await states()).toEqual({ [one.id]: 'revoked', [two.id]: 'revoked', [authors.id]: 'active' });
    const all = await world.owner.api.delete('/api/sharesvc/link', {
      team_id: world.team.id,
      project_id: projectId,
      all: true,
    });
    expect(all.result).toEqual({ revoked: 1 });
  });
});
