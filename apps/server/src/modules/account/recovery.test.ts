import { Codes, RecoveryLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';
import { codeOf, mailsTo, nextMail } from '../../test/mailbox.js';
import { startSmtpServer } from '../../test/smtp.js';
import { verificationCodes } from './tables.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const guest = () => anonymous(server.app);
const login = (email: string, password: string) => guest().post('/api/account/login', { email, password });

/** Asks for a reset mail and reads its code and link from the SMTP server. */
async function askReset(email: string) {
  const seen = mailsTo(smtp.received, email);
  const sent = await guest().post('/api/account/send_verification_code_email', {
    email,
    scene: 'reset_password',
  });
  expect(sent.code).toBe('00000');
  return codeOf(await nextMail(smtp.received, email, seen));
}

describe('forgot password', () => {
  it('resets through the mailed link: every session ends (420) and the new password signs in', async () => {
    const user = await buildUser(server.ctx);
    const { token } = await askReset(user.email);
    expect(token).toMatch(/^[\w-]{43}$/);

    const checked = await guest().post('/api/account/check_reset_password_token', {
      token,
      reset_type: 'link',
    });
    expect(checked.result).toMatchObject({ valid: true, email: user.email, token });
    const reset = await guest().post('/api/account/password/reset', { token, new_password: 'Newpass-123' });
    expect(reset.code).toBe('00000');

    const old = await asUser(server.app, user.token).get('/api/account/userinfo');
    expect(old.status).toBe(420);
    expect((await login(user.email, user.password)).code).toBe(Codes.WRONG_PASSWORD.code);
    expect((await login(user.email, 'Newpass-123')).result.token).toBeTruthy();
    const notice = await nextMail(smtp.received, user.email, 1);
    expect(notice.body).toContain('every device was signed out');
  });

  it('resets through the mailed code: a right code answers a reset token, the code is then spent', async () => {
    const user = await buildUser(server.ctx);
    const { code } = await askReset(user.email);
    const checked = await guest().post('/api/account/check_reset_password_token', {
      reset_type: 'code',
      email: user.email,
      token: code,
    });
    expect(checked.result.valid).toBe(true);
    const again = await guest().post('/api/account/check_reset_password_token', {
      reset_type: 'code',
      email: user.email,
      token: code,
    });
    expect(again.code).toBe(Codes.VERIFICATION_CODE_EXPIRED.code);
    const reset = await guest().post('/api/account/password/reset', {
      token: checked.result.token,
      new_password: 'Codepass-456',
    });
    expect(reset.code).toBe('00000');
    expect((await login(user.email, 'Codepass-456')).code).toBe('00000');
  });

  it('spends a code after five wrong tries, saying how many are left before', async () => {
    const user = await buildUser(server.ctx);
    const { code } = await askReset(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < RecoveryLimits.codeMaxTries; i++) {
      answers.push(
        await guest().post('/api/account/check_reset_password_token', {
          reset_type: 'code',
          email: user.email,
          token: wrong,
        }),
      );
    }
    expect(answers[0].code).toBe(Codes.VERIFICATION_CODE_WRONG.code);
    expect(answers[0].msg).toBe('The verification code is wrong');
    expect(answers[0].body.remaining_tries ?? answers[0].result?.remaining_tries).toBe(4);
    expect(answers.at(-1)?.code).toBe(Codes.VERIFICATION_CODE_EXPIRED.code);
    const right = await guest().post('/api/account/check_reset_password_token', {
      reset_type: 'code',
      email: user.email,
      token: code,
    });
    expect(right.code).toBe(Codes.VERIFICATION_CODE_EXPIRED.code);
  });

  it('refuses a used link, an expired link, and a second mail within a minute', async () => {
    const user = await buildUser(server.ctx);
    const first = await askReset(user.email);
    const tooSoon = await guest().post('/api/account/send_verification_code_email', { email: user.email });
    expect(tooSoon.code).toBe(Codes.CODE_SENT_TOO_OFTEN.code);

    await guest().post('/api/account/password/reset', { token: first.token, new_password: 'Once-used1' });
    const replay = await guest().post('/api/account/password/reset', {
      token: first.token,
      new_password: 'Twice-used2',
    });
    expect(replay.code).toBe(Codes.RESET_LINK_USED.code);
    expect(replay.msg).toBe('The link has expired or the password has already been reset');

    server.advance(RecoveryLimits.codeResendMs);
    const second = await askReset(user.email);
    server.advance(RecoveryLimits.resetLinkValidityMs + 1000);
    const late = await guest().post('/api/account/check_reset_password_token', {
      token: second.token,
      reset_type: 'link',
    });
    expect(late.code).toBe(Codes.RESET_TOKEN_EXPIRED.code);
    expect(late.msg).toBe('The token has expired, please send the reset mail again');
    expect((await login(user.email, 'Once-used1')).code).toBe('00000');
  });

  it('makes only the newest mail work and keeps no code or token in the clear', async () => {
    const user = await buildUser(server.ctx);
    const older = await askReset(user.email);
    server.advance(RecoveryLimits.codeResendMs);
    await askReset(user.email);
    const stale = await guest().post('/api/account/password/reset', {
      token: older.token,
      new_password: 'Stale-pass1',
    });
    expect(stale.code).toBe(Codes.RESET_LINK_USED.code);
    const rows = await server.ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, user.id));
    for (const row of rows) {
      expect(row.codeHash).not.toContain(older.code);
      expect(row.linkHash).not.toBe(older.token);
    }
  });

  it('says the account is not registered, or closed, or that the new password breaks the rules', async () => {
    const unknown = await guest().post('/api/account/send_verification_code_email', {
      email: `nobody-${crypto.randomUUID()}@example.com`,
    });
    expect(unknown.code).toBe(Codes.ACCOUNT_NOT_REGISTERED.code);
    const zh = await anonymous(server.app, 'zh-CN').post('/api/account/send_verification_code_email', {
      email: `nobody-${crypto.randomUUID()}@example.com`,
    });
    expect(zh.msg).toBe('该账号未注册');
    const closed = await buildUser(server.ctx, { status: 'closed' });
    const refused = await guest().post('/api/account/send_verification_code_email', { email: closed.email });
    expect(refused.code).toBe(Codes.ACCOUNT_CANCELLED.code);

    const user = await buildUser(server.ctx);
    const { token } = await askReset(user.email);
    const short = await guest().post('/api/account/password/reset', { token, new_password: 'short' });
    expect(short.code).toBe(Codes.INVALID_INPUT.code);
    expect(short.msg).toBe('The password must be 8 to 16 characters');
    // A refused password leaves the link usable.
    const good = await guest().post('/api/account/password/reset', { token, new_password: 'Good-pass1' });
    expect(good.code).toBe('00000');
  });

  it('lifts the sign-in lock of the address', async () => {
    const user = await buildUser(server.ctx);
    for (let i = 0; i < 11; i++) await login(user.email, 'Wrong-pass1');
    expect((await login(user.email, user.password)).code).toBe(Codes.PASSWORD_LOCKED.code);
    const { token } = await askReset(user.email);
    await guest().post('/api/account/password/reset', { token, new_password: 'Unlocked-1' });
    expect((await login(user.email, 'Unlocked-1')).code).toBe('00000');
  });
});
