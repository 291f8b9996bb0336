import { AccessTokenLimits, Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';
import { users } from '../account/tables.js';
import { buildStudio, OK, pushDesign, type Studio, stageNames } from './fixtures.js';
import { READING_POSTS, SESSION_ONLY_PATHS, UPLOAD_CALLS } from './policy.js';

/** Personal access tokens: made in account settings, scoped to read and/or upload, revocable, last used. */

let server: TestServer;
let studio: Studio;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  studio = await buildStudio(server);
});
afterAll(() => server.close());

const settings = () => asUser(server.app, studio.owner.token);

async function newToken(scopes: string[], extra: Record<string, unknown> = {}, session = studio.owner.token) {
  const answer = await asUser(server.app, session).post('/api/account/access_tokens', {
    name: `CI ${scopes.join('+')}`,
    scopes,
    ...extra,
  });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result as { id: string; token: string; expires_at: string | null; hint: string };
}

const listed = async (token = studio.owner.token) =>
  (await asUser(server.app, token).get('/api/account/access_tokens')).result.list as {
    id: string;
    last_used_at: string | null;
  }[];

describe('the scope rule', () => {
  it('names routes that exist, so a renamed call cannot slip out of it', () => {
    for (const call of [...UPLOAD_CALLS, ...READING_POSTS]) {
      const [method, url] = call.split(' ');
      expect(server.app.hasRoute({ method: method as 'GET', url }), call).toBe(true);
    }
    for (const url of SESSION_ONLY_PATHS) expect(server.app.hasRoute({ method: 'GET', url }), url).toBe(true);
  });
});

describe('a read token', () => {
  it('reads, but cannot upload, change settings or manage tokens', async () => {
    const { token, expires_at, hint } = await newToken(['read'], { expires_in_days: 30 });
    expect(token).toMatch(/^ferry_pat_/);
    expect(token.slice(10, 14)).toBe(hint);
    expect(new Date(expires_at!).getTime() - server.ctx.now().getTime()).toBeGreaterThan(29.9 * DAY);
    const api = asUser(server.app, token);
    expect((await api.get('/api/account/user_teams')).code).toBe(OK);
    expect(
      (await api.get(`/api/project/images?project_id=${studio.projectId}&team_id=${studio.team.id}`)).code,
    ).toBe(OK);
    expect((await api.post('/api/project/sign_url', {})).code).not.toBe(Codes.TOKEN_SCOPE_DENIED.code);

    const refused = [
      await api.get(`/api/oss/token?team_id=${studio.team.id}`),
      await api.post('/api/project/image', {
        team_id: studio.team.id,
        project_id: studio.projectId,
        images: [],
      }),
      await api.put('/api/account/userinfo', { name: 'Hijacked' }),
      await api.post('/api/passport/modify_account_password', { old_password: 'x', new_password: 'y' }),
      await api.get('/api/account/access_tokens'),
      await api.post('/api/account/access_tokens', { name: 'more', scopes: ['read', 'upload'] }),
      await api.get(`/api/account/team_invite_link?team_id=${studio.team.id}&role=member`),
      // A GET that makes the sample project: no token makes projects.
      await api.get(`/api/account/onboard_project?team_id=${studio.team.id}`),
      await api.delete(`/api/project/image?project_id=${studio.projectId}&image_ids=x`),
      await api.put('/api/account/login?code=10031'),
      // Recording an inspection changes who is told of the next version: a write.
      await api.post('/api/project/image/inspected', {
        team_id: studio.team.id,
        image_id: 'x',
        version_id: 'x',
      }),
    ];
    for (const answer of refused) {
      expect(answer.code, answer.msg).toBe(Codes.TOKEN_SCOPE_DENIED.code);
      expect(answer.status).toBe(403);
    }
    const zh = await asUser(server.app, token, 'zh-CN').put('/api/account/userinfo', { name: 'Hijacked' });
    expect(zh.msg).toBe(Codes.TOKEN_SCOPE_DENIED.zh);
    expect((await settings().get('/api/account/userinfo')).result.name).not.toBe('Hijacked');
  });
});

describe('an upload token', () => {
  it('pushes a design through the upload path, and reads nothing else', async () => {
    const { token } = await newToken(['upload']);
    const pushed = await pushDesign(server, token, studio);
    expect(pushed.code, pushed.msg).toBe(OK);
    expect(await stageNames(server, studio)).toContain('Explore');
    const api = asUser(server.app, token);
    expect((await api.get('/api/account/user_teams')).code).toBe(Codes.TOKEN_SCOPE_DENIED.code);
    expect((await api.delete(`/api/project/image?project_id=${studio.projectId}&image_ids=x`)).code).toBe(
      Codes.TOKEN_SCOPE_DENIED.code,
    );
  });

  it("still meets the project's own rules: a team it is not in refuses it", async () => {
    const other = await buildStudio(server);
    const { token } = await newToken(['upload']);
    const answer = await asUser(server.app, token).get(`/api/oss/token?team_id=${other.team.id}`);
    expect(answer.code).not.toBe(OK);
    expect(answer.code).not.toBe(Codes.TOKEN_SCOPE_DENIED.code);
  });
});

describe('revoking and expiry', () => {
  it('revokes a token: it then answers 401 like an expired session', async () => {
    const { id, token } = await newToken(['read']);
    expect((await asUser(server.app, token).get('/api/account/userinfo')).code).toBe(OK);
    expect((await settings().delete(`/api/account/access_tokens?id=${id}`)).code).toBe(OK);
    const after = await asUser(server.app, token).get('/api/account/userinfo');
    expect(after.status).toBe(401);
    expect(after.code).toBe(Codes.SESSION_EXPIRED.code);
    expect((await listed()).map((row) => row.id)).not.toContain(id);
    expect((await settings().delete(`/api/account/access_tokens?id=${id}`)).code).toBe(
      Codes.ACCESS_TOKEN_NOT_FOUND.code,
    );
  });

  it("cannot revoke another user's token", async () => {
    const someone = await buildUser(server.ctx);
    const theirs = await newToken(['read'], {}, someone.token);
    const attempt = await settings().delete(`/api/account/access_tokens?id=${theirs.id}`);
    expect(attempt.code).toBe(Codes.ACCESS_TOKEN_NOT_FOUND.code);
    expect((await asUser(server.app, theirs.token).get('/api/account/userinfo')).result.id).toBe(someone.id);
    expect((await settings().delete('/api/account/access_tokens?id=nope')).code).toBe(
      Codes.INVALID_INPUT.code,
    );
  });

  it('stops working past its expiry', async () => {
    const { token } = await newToken(['read'], { expires_in_days: 1 });
    expect((await asUser(server.app, token).get('/api/account/userinfo')).code).toBe(OK);
    server.advance(DAY);
    expect((await asUser(server.app, token).get('/api/account/userinfo')).status).toBe(401);
  });

  it("stops working when the account is disabled, as the account's sessions do", async () => {
    const someone = await buildUser(server.ctx);
    const { token } = await newToken(['read'], {}, someone.token);
    await server.ctx.db.update(users).set({ status: 'disabled' }).where(eq(users.id, someone.id));
    await server.ctx.cache.bump();
    expect((await asUser(server.app, token).get('/api/account/userinfo')).code).toBe(
      Codes.ACCOUNT_DISABLED.code,
    );
  });
});

describe('last used', () => {
  it('is written on use, at most about once a minute', async () => {
    const { id, token } = await newToken(['read']);
    const lastUsed = async () => (await listed()).find((row) => row.id === id)?.last_used_at ?? null;
    expect(await lastUsed()).toBeNull();
    const api = asUser(server.app, token);
    await api.get('/api/account/userinfo');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect(Math.abs(new Date(first!).getTime() - server.ctx.now().getTime())).toBeLessThan(1000);
    server.advance(30_000);
    await api.get('/api/account/userinfo');
    expect(await lastUsed()).toBe(first);
    server.advance(AccessTokenLimits.lastUsedWriteMs);
    await api.get('/api/account/userinfo');
    expect(new Date((await lastUsed())!).getTime()).toBeGreaterThan(new Date(first!).getTime());
  });
});

describe('creating', () => {
  it('refuses bad input with the rule in both languages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ', scopes: ['read'] }, "A token's name has 1 to 50 characters"],
      [{ name: 'x'.repeat(51), scopes: ['read'] }, "A token's name has 1 to 50 characters"],
      [{ name: 'CI', scopes: [] }, 'Choose at least one scope (read or upload)'],
      [{ name: 'CI', scopes: ['admin'] }, 'Choose at least one scope (read or upload)'],
      [{ name: 'CI', scopes: ['read'], expires_in_days: 0 }, 'A token expires in 1 to 366 days, or never'],
      [{ name: 'CI', scopes: ['read'], expires_in_days: 367 }, 'A token expires in 1 to 366 days, or never'],
    ];
    for (const [body, message] of cases) {
      const answer = await settings().post('/api/account/access_tokens', body);
      expect(answer.code).toBe(Codes.INVALID_INPUT.code);
      expect(answer.msg).toBe(message);
    }
    const zh = await asUser(server.app, studio.owner.token, 'zh-CN').post('/api/account/access_tokens', {
      name: 'CI',
      scopes: [],
    });
    expect(zh.msg).toBe('请至少选择一个权限范围（读取或上传）');
  });

  it('holds at most the limit per user; revoked tokens do not count', async () => {
    const someone = await buildUser(server.ctx);
    const made = [];
    for (let n = 0; n < AccessTokenLimits.perUser; n++)
      made.push(await newToken(['read'], {}, someone.token));
    const over = await asUser(server.app, someone.token).post('/api/account/access_tokens', {
      name: 'one more',
      scopes: ['read'],
    });
    expect(over.code).toBe(Codes.ACCESS_TOKEN_LIMIT.code);
    await asUser(server.app, someone.token).delete(`/api/account/access_tokens?id=${made[0].id}`);
    await newToken(['read'], {}, someone.token);
  });
});
