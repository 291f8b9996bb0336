import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';

const SECRET = 'mg-server-secret';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    DESIGN_PLATFORMS: `mastergo=${SECRET}@https://mastergo.example|https://mg.example`,
  });
});
afterAll(() => server.close());

const codeOf = (url: string) => new URL(url).searchParams.get('code') ?? '';

describe('design-platform binding', () => {
  it('binds through a one-use code the platform redeems with its secret; check_mg reports it; unbind', async () => {
    const person = await buildUser(server.ctx);
    const me = asUser(server.app, person.token);
    expect((await me.get('/api/account/check_mg')).result).toEqual({ is_bind: 0 });
    const grant = await me.post('/api/account/platform_binds', {
      platform: 'mastergo',
      redirect_url: 'https://mastergo.example/bind/done?state=abc',
    });
    expect(grant.code).toBe(Codes.OK.code);
    const back = new URL(grant.result.redirect_url);
    expect(back.origin).toBe('https://mastergo.example');
    expect(back.searchParams.get('state')).toBe('abc');
    expect(Buffer.from(codeOf(grant.result.redirect_url), 'base64url').length).toBe(32);

    const wrongSecret = await anonymous(server.app).post('/api/account/platform_binds/exchange', {
      platform: 'mastergo',
      secret: 'guess',
      code: codeOf(grant.result.redirect_url),
    });
    expect(wrongSecret.code).toBe(Codes.PLATFORM_CODE_INVALID.code);
    const exchange = await anonymous(server.app).post('/api/account/platform_binds/exchange', {
      platform: 'mastergo',
      secret: SECRET,
      code: codeOf(grant.result.redirect_url),
    });
    expect(exchange.result).toEqual({
      purpose: 'bind',
      user: { id: person.id, name: expect.any(String), email: person.email },
    });
    const replay = await anonymous(server.app).post('/api/account/platform_binds/exchange', {
      platform: 'mastergo',
      secret: SECRET,
      code: codeOf(grant.result.redirect_url),
    });
    expect(replay.code).toBe(Codes.PLATFORM_CODE_INVALID.code);
    expect((await me.get('/api/account/check_mg')).result).toEqual({ is_bind: 1 });

    expect((await me.delete('/api/account/platform_binds/mastergo')).code).toBe(Codes.OK.code);
    expect((await me.delete('/api/account/platform_binds/mastergo')).code).toBe(Codes.CHAT_NOT_BOUND.code);
    expect((await me.get('/api/account/check_mg')).result).toEqual({ is_bind: 0 });
  });

  it('a verification binds nothing; a code expires after 5 minutes', async () => {
    const person = await buildUser(server.ctx);
    const me = asUser(server.app, person.token);
    const verify = await me.post('/api/account/platform_binds', {
      platform: 'mastergo',
      redirect_url: 'https://mg.example/verified',
      purpose: 'verify',
    });
    const answer = await anonymous(server.app).post('/api/account/platform_binds/exchange', {
      platform: 'mastergo',
      secret: SECRET,
      code: codeOf(verify.result.redirect_url),
    });
    expect(answer.result.purpose).toBe('verify');
    expect((await me.get('/api/account/check_mg')).result.is_bind).toBe(0);

    const late = await me.post('/api/account/platform_binds', {
      platform: 'mastergo',
      redirect_url: 'https://mg.example/verified',
    });
    server.advance(5 * 60 * 1000 + 1);
    const expired = await anonymous(server.app).post('/api/account/platform_binds/exchange', {
      platform: 'mastergo',
      secret: SECRET,
      code: codeOf(late.result.redirect_url),
    });
    expect(expired.code).toBe(Codes.PLATFORM_CODE_INVALID.code);
  });

  it('refuses an unknown platform, a return address outside its origins, and callers without a session', async () => {
    const person = await buildUser(server.ctx);
    const me = asUser(server.app, person.token, 'zh-CN');
    const unknown = await me.post('/api/account/platform_binds', {
      platform: 'figma',
      redirect_url: 'https://figma.example/',
    });
    expect(unknown.code).toBe(Codes.PLATFORM_UNKNOWN.code);
    expect(unknown.msg).toBe(Codes.PLATFORM_UNKNOWN.zh);
    for (const redirect_url of [
      'https://evil.example/steal',
      'https://mastergo.example.evil.example/',
      'http://mastergo.example/',
    ]) {
      const refused = await me.post('/api/account/platform_binds', { platform: 'mastergo', redirect_url });
      expect(refused.code).toBe(Codes.PLATFORM_REDIRECT_REFUSED.code);
    }
    expect(
      (
        await me.post('/api/account/platform_binds', {
          platform: 'mastergo',
          redirect_url: 'javascript:alert(1)',
        })
      ).code,
    ).toBe(Codes.PLATFORM_REDIRECT_REFUSED.code);
    expect(
      (
        await anonymous(server.app).post('/api/account/platform_binds', {
          platform: 'mastergo',
          redirect_url: 'https://mg.example/',
        })
      ).status,
    ).toBe(401);
  });

  it('a malformed DESIGN_PLATFORMS stops the start', () => {
    expect(() => loadConfig({ DESIGN_PLATFORMS: 'mastergo=secret@not-a-url' })).toThrow(/DESIGN_PLATFORMS/);
  });
});
