import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { mailOutbox } from '../mail/tables.js';

let strict: TestServer;
beforeAll(async () => {
  strict = await startTestServer({
    REQUIRE_EMAIL_VERIFICATION: 'true',
    ALLOWED_EMAIL_SUFFIXES: 'example.com, @corp.example',
  });
});
afterAll(() => strict.close());

describe('activation and allowed addresses, where the deployment asks for them', () => {
  const register = (email: string) =>
    anonymous(strict.app).post('/api/account/register', { email, password: 'Register-1' });

  it('opens no session until the mailed code or link confirms the address (10004 before)', async () => {
    const email = `new-${crypto.randomUUID()}@example.com`;
    const registered = await register(email);
    expect(registered.result).toEqual({ activation_required: true, email });
    const early = await anonymous(strict.app).post('/api/account/login', {
      email,
      password: 'Register-1',
    });
    expect(early.code).toBe(Codes.NOT_ACTIVATED.code);

    const [mail] = await strict.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail.text).toContain('/web/#/user/activate?token=');
    const code = mail.text.match(/Your code: (\d{6})/)?.[1];
    const wrong = await anonymous(strict.app).post('/api/account/verify_email_bind', {
      email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.code).toBe(Codes.VERIFICATION_CODE_WRONG.code);
    const activated = await anonymous(strict.app).post('/api/account/verify_email_bind', { email, code });
    expect(activated.result.user.email).toBe(email);
    const me = await asUser(strict.app, activated.result.token).get('/api/account/userinfo');
    expect(me.result.email).toBe(email);
    const link = mail.text.match(/\?token=([\w-]+)/)?.[1];
    const spent = await anonymous(strict.app).post('/api/account/verify_email_bind', { token: link });
    expect(spent.code).toBe(Codes.RESET_LINK_USED.code);
  });

  it('refuses addresses outside the allowed domains and lists them', async () => {
    const refused = await register(`someone-${crypto.randomUUID()}@elsewhere.org`);
    expect(refused.code).toBe(Codes.EMAIL_SUFFIX_NOT_ALLOWED.code);
    expect((await register(`a-${crypto.randomUUID()}@team.corp.example`)).result.activation_required).toBe(
      true,
    );
    const listed = await anonymous(strict.app).get('/api/passport/email_suffixes');
    expect(listed.result.suffixes).toEqual(['example.com', 'corp.example']);
  });
});
