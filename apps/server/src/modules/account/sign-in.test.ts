import { Codes, Limits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';
import { users } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;

describe('registration', () => {
  it('creates the account, signs in, and the token opens the session', async () => {
    const email = uniqueEmail('New.User');
    const answer = await anonymous(server.app).post('/api/account/register', {
      email,
      password: 'goodpass1',
    });
    expect(answer.code).toBe(Codes.OK.code);
    expect(answer.result.user.email).toBe(email.toLowerCase());
    expect(answer.result.teams).toEqual([]);
    expect(answer.result.team_status).toBeNull();
    expect(Buffer.from(answer.result.token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const check = await asUser(server.app, answer.result.token).get('/api/account/login');
    expect(check.status).toBe(200);
    expect(check.result.user.id).toBe(answer.result.user.id);

    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, answer.result.user.id));
    expect(row.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(row.passwordHash).not.toContain('goodpass1');
  });

  it('keeps a name of several words as the person typed it', async () => {
    const answer = await anonymous(server.app).post('/api/account/register', {
      email: uniqueEmail('mia'),
      password: 'goodpass1',
      name: 'Mia Chen',
    });
    expect(answer.code).toBe(Codes.OK.code);
    expect(answer.result.user.name).toBe('Mia Chen');
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const email = uniqueEmail('dup');
    await anonymous(server.app).post('/api/account/register', { email, password: 'goodpass1' });
    const again = await anonymous(server.app).post('/api/account/register', {
      email: email.toUpperCase(),
      password: 'otherpass1',
    });
    expect(again.code).toBe(Codes.ACCOUNT_REGISTERED.code);
    expect(again.msg).toBe('Account already registered');
  });

  it.each([
    [{ email: 'not-an-email', password: 'goodpass1' }, 'Please enter a valid e-mail address'],
    [{ email: uniqueEmail('short'), password: 'short1' }, 'The password must be 8 to 16 characters'],
    [{ email: uniqueEmail('long'), password: 'a'.repeat(17) }, 'The password must be 8 to 16 characters'],
    [{ email: uniqueEmail('space'), password: 'has space1' }, 'The password must not contain spaces'],
    [{ email: uniqueEmail('name'), password: 'goodpass1', name: '   ' }, 'The name cannot be empty'],
  ])('refuses bad input %j with a clear message', async (body, message) => {
    const answer = await anonymous(server.app).post('/api/account/register', body);
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(Codes.INVALID_INPUT.code);
    expect(answer.msg).toBe(message);
  });

  it('speaks Chinese to a Chinese client', async () => {
    const answer = await anonymous(server.app, 'zh-CN').post('/api/account/register', {
      email: uniqueEmail('zh'),
      password: 'short',
    });
    expect(answer.msg).toBe('密码长度为 8-16 位');
  });

  it('answers malformed JSON with the input code, not a 500', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(Codes.INVALID_INPUT.code);
  });
});

describe('sign-in', () => {
  it('answers the token, the user and the teams', async () => {
    const user = await buildUser(server.ctx);
    const answer = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    expect(answer.code).toBe('00000');
    expect(answer.result.user.id).toBe(user.id);
    expect(answer.result.token).not.toBe(user.token);
  });

  it('answers an unknown e-mail like a wrong password, counting down and locking alike', async () => {
    const client = anonymous(server.app);
    const email = uniqueEmail('nobody');
    for (let attempt = 1; attempt < Limits.signInMaxFailures; attempt++) {
      const answer = await client.post('/api/account/login', { email, password: 'whatever1' });
      expect(answer.code).toBe(Codes.WRONG_PASSWORD.code);
      expect(answer.msg).toBe(
        `Wrong e-mail or password, you can also try ${Limits.signInMaxFailures - attempt} times`,
      );
    }
    const tenth = await client.post('/api/account/login', {
      email: email.toUpperCase(),
      password: 'whatever1',
    });
    expect(tenth.code).toBe(Codes.PASSWORD_LOCKED.code);
    expect((await client.post('/api/account/check_password', { email, password: 'whatever1' })).code).toBe(
      Codes.PASSWORD_LOCKED.code,
    );
  }, 120_000);

  it('counts wrong passwords down, locks after ten, and unlocks after ten minutes', async () => {
    const user = await buildUser(server.ctx);
    const client = anonymous(server.app);
    for (let attempt = 1; attempt < Limits.signInMaxFailures; attempt++) {
      const answer = await client.post('/api/account/login', { email: user.email, password: 'wrongpass1' });
      expect(answer.code).toBe(Codes.WRONG_PASSWORD.code);
      expect(answer.result.remaining_tries).toBe(Limits.signInMaxFailures - attempt);
      expect(answer.msg).toBe(
        `Wrong e-mail or password, you can also try ${Limits.signInMaxFailures - attempt} times`,
      );
    }
    const tenth = await client.post('/api/account/login', { email: user.email, password: 'wrongpass1' });
    expect(tenth.code).toBe(Codes.PASSWORD_LOCKED.code);

    const rightButLocked = await client.post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    expect(rightButLocked.code).toBe(Codes.PASSWORD_LOCKED.code);

    server.advance(Limits.signInLockMs + 1000);
    const afterLock = await client.post('/api/account/login', { email: user.email, password: user.password });
    expect(afterLock.code).toBe('00000');
  });

  it('gives the remaining tries in Chinese too', async () => {
    const user = await buildUser(server.ctx);
    const answer = await anonymous(server.app, 'zh-CN').post('/api/account/login', {
      email: user.email,
      password: 'wrongpass1',
    });
    expect(answer.msg).toBe('邮箱或密码错误，你还可以尝试 9 次');
  });

  it('refuses a disabled account, at sign-in and on its open sessions', async () => {
    const user = await buildUser(server.ctx, { status: 'disabled' });
    const login = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    expect(login.code).toBe(Codes.ACCOUNT_DISABLED.code);
    expect(login.msg).toBe('Your account has been disabled, contact the system administrator');
    const call = await asUser(server.app, user.token).get('/api/account/userinfo');
    expect(call.code).toBe(Codes.ACCOUNT_DISABLED.code);
  });

  it('check_password checks without opening a session', async () => {
    const user = await buildUser(server.ctx);
    const right = await anonymous(server.app).post('/api/account/check_password', {
      email: user.email,
      password: user.password,
    });
    expect(right.result).toEqual({ correct: true });
    const wrong = await anonymous(server.app).post('/api/account/check_password', {
      email: user.email,
      password: 'wrongpass1',
    });
    expect(wrong.code).toBe(Codes.WRONG_PASSWORD.code);
  });
});

describe('sessions', () => {
  it('answers HTTP 401 with no token, an unknown token, or a malformed header', async () => {
    expect((await anonymous(server.app).get('/api/account/userinfo')).status).toBe(401);
    expect((await asUser(server.app, 'made-up-token').get('/api/account/userinfo')).status).toBe(401);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/account/userinfo',
      headers: { authorization: 'Bearer something' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Codes.SESSION_EXPIRED.code);
  });

  it('logout revokes only that token', async () => {
    const user = await buildUser(server.ctx);
    const second = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    const out = await asUser(server.app, user.token).put(`/api/account/login?code=10031`);
    expect(out.code).toBe('00000');
    const after = await asUser(server.app, user.token).get('/api/account/login');
    expect(after.status).toBe(401);
    expect((await asUser(server.app, second.result.token).get('/api/account/login')).status).toBe(200);
  });

  it('logout without its code is refused and the session stays', async () => {
    const user = await buildUser(server.ctx);
    const answer = await asUser(server.app, user.token).put('/api/account/login');
    expect(answer.code).toBe(Codes.INVALID_INPUT.code);
    expect((await asUser(server.app, user.token).get('/api/account/login')).status).toBe(200);
  });

  it('check_token tells the caller whether a token of their own is live', async () => {
    const user = await buildUser(server.ctx);
    const second = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    const client = asUser(server.app, user.token);
    const live = await client.post('/api/account/check_token', { token: second.result.token });
    expect(live.result).toEqual({ valid: true, user_id: user.id });
    await asUser(server.app, second.result.token).put('/api/account/login?code=10031');
    const revoked = await client.post('/api/account/check_token', { token: second.result.token });
    expect(revoked.result).toEqual({ valid: false, user_id: null });
  });

  it("check_token needs a session and names nobody else's", async () => {
    const user = await buildUser(server.ctx);
    const stranger = await buildUser(server.ctx);
    const open = await anonymous(server.app).post('/api/account/check_token', { token: user.token });
    expect(open.status).toBe(401);
    expect(open.body.result ?? null).toBeNull();
    const other = await asUser(server.app, stranger.token).post('/api/account/check_token', {
      token: user.token,
    });
    expect(other.result).toEqual({ valid: false, user_id: null });
  });
});

describe('rate limit', () => {
  it('limits sign-in calls per IP and answers 429 with its code', async () => {
    const limited = await startTestServer({ SIGN_IN_RATE_LIMIT: '3' });
    try {
      const body = { email: uniqueEmail('rate'), password: 'whatever1' };
      for (let i = 0; i < 3; i++) {
        expect((await anonymous(limited.app).post('/api/account/login', body)).status).toBe(200);
      }
      const over = await anonymous(limited.app).post('/api/account/login', body);
      expect(over.status).toBe(429);
      expect(over.code).toBe(Codes.RATE_LIMITED.code);
    } finally {
      await limited.close();
    }
  });

  const signInFrom = (app: TestServer['app'], url: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: uniqueEmail('rate'), password: 'whatever1' },
    });

  it('counts registrations and sign-ins in one budget, whatever X-Forwarded-For claims', async () => {
    const limited = await startTestServer({ SIGN_IN_RATE_LIMIT: '3' });
    try {
      const statuses = [];
      for (const [i, url] of ['login', 'register', 'login', 'register'].entries()) {
        statuses.push((await signInFrom(limited.app, `/api/account/${url}`, `203.0.113.${i}`)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For from the proxies TRUST_PROXY names', async () => {
    const behindProxy = await startTestServer({ SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const client = (ip: string) => signInFrom(behindProxy.app, '/api/account/login', ip);
      expect((await client('198.51.100.1')).statusCode).toBe(200);
      expect((await client('198.51.100.1')).statusCode).toBe(200);
      expect((await client('198.51.100.1')).statusCode).toBe(429);
      expect((await client('198.51.100.2')).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});
