import { Codes, Limits } from '@ferry/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { encryptPassword } from '../../test/crypto.js';
import { buildUser } from '../../test/factories.js';
import { purgeSpentAttempts } from './credentials.js';
import { dummyHash, verifyPassword } from './passwords.js';
import { signInAttempts } from './tables.js';

// The real scrypt check, watched: which passwords were actually hashed is what these rules are about.
vi.mock('./passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./passwords.js')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const hashed = vi.mocked(verifyPassword);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// A block body: a function returned from beforeEach would be called as its teardown.
beforeEach(() => {
  hashed.mockClear();
});

const login = (email: string, password: string) =>
  anonymous(server.app).post('/api/account/login', { email, password });

describe('an unknown e-mail', () => {
  it('is answered like a wrong password, after the same scrypt work', async () => {
    const known = await buildUser(server.ctx);
    const wrongForKnown = await login(known.email, 'wrongpass1');
    expect(hashed).toHaveBeenCalledTimes(1);
    hashed.mockClear();

    const unknown = await login(`nobody-${crypto.randomUUID()}@example.com`, 'wrongpass1');
    expect(hashed).toHaveBeenCalledTimes(1);
    expect(hashed).toHaveBeenCalledWith('wrongpass1', await dummyHash());
    expect(unknown.code).toBe(Codes.WRONG_PASSWORD.code);
    expect({ msg: unknown.msg, result: unknown.result }).toEqual({
      msg: wrongForKnown.msg,
      result: wrongForKnown.result,
    });
  });
});

describe('parallel guesses', () => {
  it('hash at most ten tries of a burst; the rest, and the right password, meet the lock', async () => {
    const user = await buildUser(server.ctx);
    const burst = Array.from({ length: 30 }, () => login(user.email, 'wrongpass1'));
    // The right password arrives while the wrong ones are still being hashed.
    await vi.waitFor(
      () => expect(hashed.mock.calls.length).toBeGreaterThanOrEqual(Limits.signInMaxFailures),
      {
        timeout: 15_000,
        interval: 10,
      },
    );
    const right = await login(user.email, user.password);
    const answers = await Promise.all(burst);

    expect(right.code).toBe(Codes.PASSWORD_LOCKED.code);
    expect(hashed).toHaveBeenCalledTimes(Limits.signInMaxFailures);
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === Codes.WRONG_PASSWORD.code)).toHaveLength(
      Limits.signInMaxFailures - 1,
    );
    expect(codes.filter((code) => code === Codes.PASSWORD_LOCKED.code)).toHaveLength(
      30 - Limits.signInMaxFailures + 1,
    );
    expect((await login(user.email, user.password)).code).toBe(Codes.PASSWORD_LOCKED.code);
  }, 120_000);
});

describe('password confirmations of a signed-in user', () => {
  it('count towards the sign-in lock (verify_user_password and the current password of a change)', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    const encrypt = (password: string) => encryptPassword(server.ctx.cipher.publicPem, password);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await client.post('/api/passport/verify_user_password', {
        password: encrypt('wrongpass1'),
      });
      expect(answer.code).toBe(Codes.WRONG_PASSWORD.code);
      expect(answer.result).toEqual({ remaining_tries: Limits.signInMaxFailures - attempt });
    }
    for (let attempt = 6; attempt < Limits.signInMaxFailures; attempt++) {
      const answer = await client.post('/api/passport/modify_account_password', {
        old_password: encrypt('wrongpass1'),
        new_password: encrypt('Brand-new1'),
      });
      expect(answer.code).toBe(Codes.OLD_PASSWORD_WRONG.code);
      expect(answer.result).toEqual({ remaining_tries: Limits.signInMaxFailures - attempt });
    }
    expect((await login(user.email, 'wrongpass1')).code).toBe(Codes.PASSWORD_LOCKED.code);
    expect((await login(user.email, user.password)).code).toBe(Codes.PASSWORD_LOCKED.code);
    const verify = await client.post('/api/passport/verify_user_password', {
      password: encrypt(user.password),
    });
    expect(verify.code).toBe(Codes.PASSWORD_LOCKED.code);
  }, 120_000);
});

describe('the hourly purge', () => {
  it('forgets counts whose window has passed, and keeps a lock that still holds', async () => {
    // Rows written as they would stand after their tries; the purge runs on the real clock, since on
    // PostgreSQL other test files keep counts of their own in the same table.
    const now = server.ctx.now().getTime();
    const ago = (ms: number) => new Date(now - ms);
    const window = Limits.signInFailureWindowMs;
    const rows = {
      spent: { emailHash: crypto.randomUUID(), attempts: 3, windowStartedAt: ago(window + 1000) },
      current: { emailHash: crypto.randomUUID(), attempts: 3, windowStartedAt: ago(window / 2) },
      stillLocked: {
        emailHash: crypto.randomUUID(),
        attempts: Limits.signInMaxFailures,
        windowStartedAt: ago(window + 1000),
        lockedUntil: ago(-1000),
      },
      lockOver: {
        emailHash: crypto.randomUUID(),
        attempts: Limits.signInMaxFailures,
        windowStartedAt: ago(window + Limits.signInLockMs),
        lockedUntil: ago(1000),
      },
    };
    await server.ctx.db.insert(signInAttempts).values(Object.values(rows));

    await purgeSpentAttempts(server.ctx);

    const left = await server.ctx.db
      .select({ emailHash: signInAttempts.emailHash })
      .from(signInAttempts)
      .where(
        inArray(
          signInAttempts.emailHash,
          Object.values(rows).map((row) => row.emailHash),
        ),
      );
    expect(left.map((row) => row.emailHash).sort()).toEqual(
      [rows.current.emailHash, rows.stillLocked.emailHash].sort(),
    );
  });
});
