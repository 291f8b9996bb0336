import { Codes, RecoveryLimits } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { encryptPassword } from '../../test/crypto.js';
import { type BuiltUser, buildUser } from '../../test/factories.js';
import { codeOf, mailsTo, nextMail } from '../../test/mailbox.js';
import { startSmtpServer } from '../../test/smtp.js';

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

const encrypt = (password: string) => encryptPassword(server.ctx.cipher.publicPem, password);
const as = (user: BuiltUser) => asUser(server.app, user.token);
const freshEmail = () => `new-${crypto.randomUUID()}@example.com`;

async function proofByPassword(user: BuiltUser, scene: 'modify_email' | 'logoff') {
  const proved = await as(user).post('/api/passport/verify_pwd', { scene, password: encrypt(user.password) });
  expect(proved.code).toBe('00000');
  return proved.result.scene_code as string;
}

describe('proving oneself for a scene', () => {
  it('answers a scene_code for the right password only, counting wrong ones like sign-in', async () => {
    const user = await buildUser(server.ctx);
    const wrong = await as(user).post('/api/passport/verify_pwd', {
      scene: 'logoff',
      password: encrypt('Nope-12345'),
    });
    expect(wrong.code).toBe(Codes.WRONG_PASSWORD.code);
    expect(wrong.body.remaining_tries ?? wrong.result?.remaining_tries).toBe(9);
    expect(await proofByPassword(user, 'logoff')).toMatch(/^[\w-]{43}$/);
    const plain = await as(user).post('/api/passport/verify_pwd', {
      scene: 'logoff',
      password: user.password,
    });
    expect(plain.code).toBe(Codes.PASSWORD_NOT_ENCRYPTED.code);
    expect((await anonymous(server.app).post('/api/passport/verify_pwd', { scene: 'logoff' })).status).toBe(
      401,
    );
  });

  it('answers a scene_code for the code mailed to the own address, masked in the answer', async () => {
    const user = await buildUser(server.ctx);
    const sent = await as(user).post('/api/passport/send_verify_email', { scene: 'logoff' });
    expect(sent.result.email).toBe(`u***@example.com`);
    const { code } = codeOf(await nextMail(smtp.received, user.email));
    const other = await buildUser(server.ctx);
    // Another user's session cannot use the code: it is the owner's address and scene.
    const stolen = await as(other).post('/api/passport/verify_code', { scene: 'logoff', code });
    expect(stolen.code).toBe(Codes.VERIFICATION_CODE_EXPIRED.code);
    const proved = await as(user).post('/api/passport/verify_code', {
      scene: 'logoff',
      code,
      verify_type: 'email',
    });
    expect(proved.result.scene_code).toBeTruthy();
    const bad = await as(user).post('/api/passport/verify_code', { scene: 'logoff', code: '12ab' });
    expect(bad.code).toBe(Codes.INVALID_INPUT.code);
    expect(bad.msg).toBe('Please enter the 6-digit code');
  });
});

describe('changing the e-mail address', () => {
  it('changes it once the code sent to the new address comes back, and tells the old address', async () => {
    const user = await buildUser(server.ctx);
    const sceneCode = await proofByPassword(user, 'modify_email');
    const email = freshEmail();
    const asked = await as(user).post('/api/passport/modify_account_email', { email, scene_code: sceneCode });
    expect(asked.result).toEqual({ email });
    const { code } = codeOf(await nextMail(smtp.received, email));
    // Nothing has changed yet.
    expect((await as(user).get('/api/account/userinfo')).result.email).toBe(user.email);
    const changed = await as(user).post('/api/passport/verify_verification_code', { email, code });
    expect(changed.result.email).toBe(email);
    const told = await nextMail(smtp.received, user.email);
    expect(told.body).toContain(`changed to ${email}`);
    const signIn = await anonymous(server.app).post('/api/account/login', { email, password: user.password });
    expect(signIn.code).toBe('00000');
  });

  it('refuses without a proof, with another scene’s proof, and to a taken or the same address', async () => {
    const user = await buildUser(server.ctx);
    const none = await as(user).post('/api/passport/modify_account_email', {
      email: freshEmail(),
      scene_code: 'x',
    });
    expect(none.code).toBe(Codes.SCENE_NOT_VERIFIED.code);
    const logoffProof = await proofByPassword(user, 'logoff');
    const wrongScene = await as(user).post('/api/passport/modify_account_email', {
      email: freshEmail(),
      scene_code: logoffProof,
    });
    expect(wrongScene.code).toBe(Codes.SCENE_NOT_VERIFIED.code);
    const proof = await proofByPassword(user, 'modify_email');
    const taken = await buildUser(server.ctx);
    const clash = await as(user).post('/api/passport/modify_account_email', {
      email: taken.email,
      scene_code: proof,
    });
    expect(clash.code).toBe(Codes.ACCOUNT_REGISTERED.code);
    const same = await as(user).post('/api/passport/modify_account_email', {
      email: user.email,
      scene_code: proof,
    });
    expect(same.code).toBe(Codes.EMAIL_UNCHANGED.code);
    // Another user cannot use this user's proof.
    const other = await buildUser(server.ctx);
    const borrowed = await as(other).post('/api/passport/modify_account_email', {
      email: freshEmail(),
      scene_code: proof,
    });
    expect(borrowed.code).toBe(Codes.SCENE_NOT_VERIFIED.code);
    server.advance(RecoveryLimits.sceneProofValidityMs + 1000);
    const late = await as(user).post('/api/passport/modify_account_email', {
      email: freshEmail(),
      scene_code: proof,
    });
    expect(late.code).toBe(Codes.SCENE_NOT_VERIFIED.code);
  });

  it('refuses the code when the address was taken meanwhile', async () => {
    const user = await buildUser(server.ctx);
    const proof = await proofByPassword(user, 'modify_email');
    const email = freshEmail();
    const seen = mailsTo(smtp.received, email);
    await as(user).post('/api/passport/modify_account_email', { email, scene_code: proof });
    const { code } = codeOf(await nextMail(smtp.received, email, seen));
    await buildUser(server.ctx, { email });
    const refused = await as(user).post('/api/passport/verify_verification_code', { email, code });
    expect(refused.code).toBe(Codes.ACCOUNT_REGISTERED.code);
    expect((await as(user).get('/api/account/userinfo')).result.email).toBe(user.email);
  });

  it('tells whether an address is free', async () => {
    const user = await buildUser(server.ctx);
    const other = await buildUser(server.ctx);
    expect((await as(user).post('/api/account/check_email', { email: other.email })).result).toEqual({
      registered: true,
      allowed: true,
    });
    expect((await as(user).post('/api/account/check_email', { email: freshEmail() })).result.registered).toBe(
      false,
    );
  });
});
