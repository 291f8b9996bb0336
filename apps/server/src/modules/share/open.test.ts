import { Codes, ShareLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { startSmtpServer } from '../../test/smtp.js';
import { buildWorld, newProject, type World } from '../comments/fixtures.js';
import { designs } from '../designs/tables.js';
import { sectors } from '../sections/tables.js';
import { OK, seedDesign, seedSection, shared } from './fixtures.js';
import { shareLinks, shareVisits } from './tables.js';
import { findVisitor } from './visitor-fixtures.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let world: World;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://ferry.example' });
  world = await buildWorld(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const describeLink = (code: string) => anonymous(server.app).get(`/api/share/url/resolve?code=${code}`);

/**
 * A random IPv6 /48 per use: wrong-password counts live in the database for their window, so a rerun on a
 * shared PostgreSQL database must not meet the last run's.
 */
const hex = (max: number) => Math.floor(Math.random() * max).toString(16);
const network = () => `fd${hex(256).padStart(2, '0')}:${hex(0x10000)}:${hex(0x10000)}`;
const home = network();

/** Opens a link as an anonymous visitor from an address. */
async function open(code: string, password?: string, ip = `${home}::7`) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/share/url/resolve',
    remoteAddress: ip,
    headers: { 'accept-language': 'en-US' },
    payload: { code, ...(password === undefined ? {} : { password }) },
  });
  const body = response.json();
  return { code: body.code as string, msg: body.msg as string, result: body.result };
}

const opensOf = async (linkId: string) =>
  (await world.owner.api.get(`/api/sharesvc/link/opens?link_id=${linkId}`)).result;

describe('resolving a link', () => {
  it('says what a link opens, without people or secrets, and one code for any unknown or tampered code', async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId, { name: 'Review', rights: { inspect: true } });
    const answer = await describeLink(link.code);
    expect(answer.result).toEqual({
      state: 'ok',
      team_name: 'Studio',
      project_name: expect.any(String),
      scope: 'project',
      rights: { inspect: true, download: false, see_comments: false, comment: false },
      name: 'Review',
    });
    const tampered = `${link.code.slice(0, -1)}${link.code.endsWith('A') ? 'B' : 'A'}`;
    const otherShort = `${link.code.startsWith('A') ? 'B' : 'A'}${link.code.slice(1)}`;
    for (const code of [tampered, otherShort, link.short_id, 'nonsense'])
      expect((await describeLink(code)).code).toBe(Codes.SHARE_NOT_FOUND.code);
    expect((await open(tampered)).code).toBe(Codes.SHARE_NOT_FOUND.code);
  });

  it('issues a visitor token, counts the open and logs it with the IP prefix only', async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId, { expires_in_days: 1 });
    const opened = await open(link.code, undefined, '198.51.100.23');
    expect(opened.code, opened.msg).toBe(OK);
    expect(opened.result).toMatchObject({ project_id: projectId, scope: 'project', team_id: world.team.id });
    // Never past the link's own expiry.
    expect(Date.parse(opened.result.expires_at)).toBeLessThanOrEqual(Date.parse(link.expires_at));
    const visitor = await findVisitor(server.ctx.db, opened.result.token, server.ctx.now());
    expect(visitor).toMatchObject({ linkId: link.id, projectId });
    await open(link.code, undefined, '2001:db8:abcd:12::1');
    const log = await opensOf(link.id);
    expect(log.list.map((row: { ip_prefix: string }) => row.ip_prefix)).toEqual([
      '2001:db8:abcd::/48',
      '198.51.100.0/24',
    ]);
    expect(log.link).toMatchObject({ open_count: 2, last_opened_at: expect.any(String) });
    expect((await world.author.api.get(`/api/sharesvc/link/opens?link_id=${link.id}`)).code).toBe(
      Codes.NO_PERMISSION.code,
    );
  });

  it('is expired past its expiry by the server clock', async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId, { expires_in_days: 1 });
    const token = (await open(link.code)).result.token;
    server.advance(86_400_000 + 1000);
    expect((await describeLink(link.code)).result).toEqual({ state: 'expired' });
    expect((await open(link.code)).code).toBe(Codes.SHARE_EXPIRED.code);
    expect(await findVisitor(server.ctx.db, token, server.ctx.now())).toBeNull();
    expect((await opensOf(link.id)).list[0].outcome).toBe('expired');
  });

  it('stops at once when revoked: its visitor tokens are gone', async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId);
    const token = (await open(link.code)).result.token;
    expect(await findVisitor(server.ctx.db, token, server.ctx.now())).not.toBeNull();
    await world.member.api.delete('/api/sharesvc/link', { link_id: link.id });
    expect(await findVisitor(server.ctx.db, token, server.ctx.now())).toBeNull();
    expect(await server.ctx.db.select().from(shareVisits).where(eq(shareVisits.linkId, link.id))).toEqual([]);
    expect((await describeLink(link.code)).result).toEqual({ state: 'revoked' });
    expect((await open(link.code)).code).toBe(Codes.SHARE_REVOKED.code);
    expect((await opensOf(link.id)).list.map((row: { outcome: string }) => row.outcome)).toEqual([
      'revoked',
      'opened',
    ]);
  });

  it('is scope_deleted once nothing of its designs or sections is left', async () => {
    const projectId = await newProject(world);
    const [first, second] = [await seedDesign(server, projectId), await seedDesign(server, projectId)];
    const link = await shared(world.member, world, projectId, {
      scope: 'designs',
      design_ids: [first, second],
    });
    const bin = (id: string) =>
      server.ctx.db.update(designs).set({ deletedAt: new Date() }).where(eq(designs.id, id));
    await bin(first);
    expect((await describeLink(link.code)).result.state).toBe('ok');
    await bin(second);
    expect((await describeLink(link.code)).result).toEqual({ state: 'scope_deleted' });
    expect((await open(link.code)).code).toBe(Codes.SHARE_SCOPE_DELETED.code);

    const section = await seedSection(server, projectId);
    const bySection = await shared(world.member, world, projectId, {
      scope: 'sections',
      section_ids: [section],
    });
    await server.ctx.db.delete(sectors).where(eq(sectors.id, section));
    expect((await describeLink(bySection.code)).result.state).toBe('scope_deleted');
  });

  it('answers a short id or a code with the state and the app path, issuing nothing', async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId);
    const byShort = await anonymous(server.app).get(
      `/api/ts-mars/v1/outer_short_id?short_id=${link.short_id}`,
    );
    expect(byShort.result).toEqual({
      short_id: link.short_id,
      state: 'ok',
      path: `/web/#/share/${link.short_id}`,
    });
    const byCode = await anonymous(server.app).post('/api/url/short', { code: link.code });
    expect(byCode.result).toEqual({
      short_id: link.short_id,
      state: 'ok',
      path: `/web/#/share/${link.code}`,
    });
    expect((await anonymous(server.app).post('/api/url/short', { code: 'ZZZZZZZZZZ' })).code).toBe(
      Codes.SHARE_NOT_FOUND.code,
    );
    expect(await server.ctx.db.select().from(shareVisits).where(eq(shareVisits.linkId, link.id))).toEqual([]);
  });
});

describe('a link with a password', () => {
  it('asks for it, counts wrong tries per link with the tries left, then locks until the window passes', async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId, { password: 'letmein' });
    expect((await describeLink(link.code)).result.state).toBe('password');
    expect((await open(link.code)).code).toBe(Codes.SHARE_PASSWORD_REQUIRED.code);
    const max = ShareLimits.passwordMaxFailures;
    const guesser = network();
    for (let tryNumber = 1; tryNumber < max; tryNumber += 1) {
      const wrong = await open(link.code, 'guess', `${guesser}::${tryNumber}`);
      expect(wrong.code).toBe(Codes.SHARE_PASSWORD_WRONG.code);
      expect(wrong.result).toEqual({ remaining_tries: max - tryNumber });
      expect(wrong.msg).toBe(`Wrong password, you can try ${max - tryNumber} more times`);
    }
    expect((await open(link.code, 'guess')).code).toBe(Codes.SHARE_PASSWORD_LOCKED.code);
    // Locked: even the right password waits.
    expect((await open(link.code, 'letmein')).code).toBe(Codes.SHARE_PASSWORD_LOCKED.code);
    server.advance(ShareLimits.passwordLockMs + 1000);
    const opened = await open(link.code, 'letmein');
    expect(opened.code, opened.msg).toBe(OK);
    const outcomes = (await opensOf(link.id)).list.map((row: { outcome: string }) => row.outcome);
    expect(outcomes).toEqual(['opened', 'locked', ...Array(max).fill('wrong_password')]);
  });

  it('counts wrong tries per IP across links', async () => {
    const projectId = await newProject(world);
    const net = network();
    const ip = `${net}::200`;
    const perLink = ShareLimits.passwordMaxFailures - 1;
    const links = [await shared(world.member, world, projectId, { password: 'letmein' })];
    // The others take the first one's password hash: each scrypt at the real cost takes most of a second.
    const [{ hash }] = await server.ctx.db
      .select({ hash: shareLinks.passwordHash })
      .from(shareLinks)
      .where(eq(shareLinks.id, links[0].id));
    while (links.length * perLink < ShareLimits.passwordMaxFailuresPerIp) {
      const link = await shared(world.member, world, projectId);
      await server.ctx.db.update(shareLinks).set({ passwordHash: hash }).where(eq(shareLinks.id, link.id));
      links.push(link);
    }
    let last = { code: '', result: null as unknown };
    let tries = 0;
    for (const link of links)
      for (let n = 0; n < perLink && tries < ShareLimits.passwordMaxFailuresPerIp; n += 1, tries += 1)
        last = await open(link.code, 'guess', ip);
    expect(last.code).toBe(Codes.SHARE_PASSWORD_LOCKED.code);
    const fresh = await shared(world.member, world, projectId, { password: 'letmein' });
    // Another address of the same /48 is the same network.
    expect((await open(fresh.code, 'letmein', `${net}:1::1`)).code).toBe(Codes.SHARE_PASSWORD_LOCKED.code);
    expect((await open(fresh.code, 'letmein', `${network()}::1`)).code).toBe(OK);
  }, 90_000);
});

describe('sending a link by e-mail', () => {
  it("mails the link with the team's and creator's names and the message, for the link's managers", async () => {
    const projectId = await newProject(world);
    const link = await shared(world.member, world, projectId);
    const to = `dev-${crypto.randomUUID()}@example.com`;
    const sent = await world.member.api.post('/api/sharesvc/send_link', {
      code: link.code,
      emails: [to],
      message: 'Header spacing is final',
    });
    expect(sent.code, sent.msg).toBe(OK);
    await expect
      .poll(() => smtp.received.find((mail) => mail.to.includes(to)), { timeout: 10_000 })
      .toBeTruthy();
    const mail = smtp.received.find((received) => received.to.includes(to));
    expect(mail?.body).toContain('team "Studio"');
    expect(mail?.body).toContain('Header spacing is final');
    expect(mail?.body).toContain(`https://ferry.example/web/#/share/${link.code}`);

    const refused = await world.author.api.post('/api/sharesvc/send_link', { code: link.code, emails: [to] });
    expect(refused.code).toBe(Codes.NO_PERMISSION.code);
    const tooMany = Array.from({ length: ShareLimits.sendLinkEmailsMax + 1 }, (_, i) => `a${i}@example.com`);
    expect(
      (await world.member.api.post('/api/sharesvc/send_link', { code: link.code, emails: tooMany })).code,
    ).toBe(Codes.INVALID_INPUT.code);
    const zh = await asUser(server.app, world.member.token, 'zh-CN').post('/api/sharesvc/send_link', {
      code: link.code,
      emails: ['not-an-address'],
    });
    expect(zh).toMatchObject({ code: Codes.INVALID_INPUT.code, msg: '请输入正确的邮箱格式' });
  });
});
