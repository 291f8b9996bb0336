import { createHash } from 'node:crypto';
import { AccessTokenLimits, Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltUser, buildUser } from '../../test/factories.js';
import {
  buildStudio,
  decide,
  lookUp,
  OK,
  poll,
  pushDesign,
  type Studio,
  stageNames,
  startSignIn,
} from './fixtures.js';
import { accessTokens, deviceAuthorizations } from './tables.js';

/** A plugin's sign-in by device code (spec 000 §2 plugBindAccount), end to end through the API. */

let server: TestServer;
let studio: Studio;
let stranger: BuiltUser;
const interval = AccessTokenLimits.pollIntervalSeconds * 1000;

beforeAll(async () => {
  server = await startTestServer();
  studio = await buildStudio(server);
  stranger = await buildUser(server.ctx);
});
afterAll(() => server.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

describe('a plugin signs in', () => {
  it('waits, is approved, receives its token once and pushes a real design with it', async () => {
    const started = await startSignIn(server, 'figma', 'uuid-figma-7');
    expect(started.device_code.length).toBeGreaterThanOrEqual(43);
    expect(started.user_code).toMatch(/^[34679ACDEFGHJKMNPQRTWXY]{4}-[34679ACDEFGHJKMNPQRTWXY]{4}$/);
    expect(started.interval).toBe(5);
    expect(started.expires_in).toBe(600);
    const complete = new URL(started.verification_uri_complete.replace('/#/', '/'));
    expect(complete.pathname).toBe('/web/user/plug-bind-account');
    expect(complete.searchParams.get('pluginuuid')).toBe('uuid-figma-7');
    expect(complete.searchParams.get('pluginType')).toBe('figma');
    expect(complete.searchParams.get('user_code')).toBe(started.user_code);
    expect(started.verification_uri).not.toContain('user_code');

    const waiting = await poll(server, started.device_code);
    expect(waiting.code).toBe(Codes.DEVICE_AUTH_PENDING.code);
    expect(waiting.result).toEqual({ interval: 5 });

    // The page: typed in lower case, with or without the dash, it is the same code.
    const shown = await lookUp(server, studio.owner, started.user_code.toLowerCase(), 'uuid-figma-7');
    expect(shown.code, shown.msg).toBe(OK);
    expect(shown.result).toMatchObject({
      plugin_type: 'figma',
      status: 'pending',
      user_code: started.user_code,
    });
    const approved = await decide(server, studio.owner, started.user_code.replace('-', ''), true);
    expect(approved.code, approved.msg).toBe(OK);
    expect(approved.result.status).toBe('approved');

    server.advance(interval);
    const granted = await poll(server, started.device_code);
    expect(granted.code, granted.msg).toBe(OK);
    expect(granted.result.token).toMatch(/^ferry_pat_[A-Za-z0-9_-]{43}$/);
    expect(granted.result).toMatchObject({ user_id: studio.owner.id, scopes: ['read', 'upload'] });

    server.advance(interval);
    const replay = await poll(server, started.device_code);
    expect(replay.code).toBe(Codes.DEVICE_CODE_USED.code);
    expect(JSON.stringify(replay.body)).not.toContain('ferry_pat_');

    const pushed = await pushDesign(server, granted.result.token, studio);
    expect(pushed.code, pushed.msg).toBe(OK);
    expect(pushed.result.images).toHaveLength(1);
    expect(await stageNames(server, studio)).toContain('Explore');

    const listed = await asUser(server.app, studio.owner.token).get('/api/account/access_tokens');
    const pluginToken = listed.result.list.find((token: { kind: string }) => token.kind === 'plugin');
    expect(pluginToken).toMatchObject({ plugin_type: 'figma', name: 'figma', scopes: ['read', 'upload'] });
    expect(pluginToken.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(granted.result.token);

    // Only hashes are stored: neither code nor the token is in the database.
    const [row] = await server.ctx.db
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.deviceCodeHash, sha256(started.device_code)));
    expect(row.userCodeHash).toBe(sha256(started.user_code.replace('-', '')));
    expect(JSON.stringify(row)).not.toContain(started.device_code);
    const [stored] = await server.ctx.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.id, pluginToken.id));
    expect(stored.tokenHash).toBe(sha256(granted.result.token));
    expect(row.tokenId).toBe(pluginToken.id);
  });

  it('gives one token to two polls racing for an approved sign-in, and "already used" to the other', async () => {
    const started = await startSignIn(server);
    await decide(server, studio.owner, started.user_code, true);
    const answers = await Promise.all([poll(server, started.device_code), poll(server, started.device_code)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([OK, Codes.DEVICE_CODE_USED.code]);
  });

  it('tells a plugin that polls faster than the interval to slow down, raising the interval', async () => {
    const started = await startSignIn(server);
    expect((await poll(server, started.device_code)).code).toBe(Codes.DEVICE_AUTH_PENDING.code);
    const tooSoon = await poll(server, started.device_code);
    expect(tooSoon.code).toBe(Codes.DEVICE_SLOW_DOWN.code);
    expect(tooSoon.result).toEqual({ interval: 10 });
    server.advance(interval);
    const stillTooSoon = await poll(server, started.device_code);
    expect(stillTooSoon.code).toBe(Codes.DEVICE_SLOW_DOWN.code);
    expect(stillTooSoon.result).toEqual({ interval: 15 });
    server.advance(15_000);
    const patient = await poll(server, started.device_code);
    expect(patient.code).toBe(Codes.DEVICE_AUTH_PENDING.code);
    expect(patient.result).toEqual({ interval: 15 });
  });

  it('refuses an expired code, to the plugin and on the page', async () => {
    const started = await startSignIn(server);
    server.advance(AccessTokenLimits.deviceCodeValidityMs);
    expect((await poll(server, started.device_code)).code).toBe(Codes.DEVICE_CODE_EXPIRED.code);
    expect((await lookUp(server, studio.owner, started.user_code)).code).toBe(Codes.DEVICE_CODE_EXPIRED.code);
    expect((await decide(server, studio.owner, started.user_code, true)).code).toBe(
      Codes.DEVICE_CODE_EXPIRED.code,
    );
  });

  it('tells the plugin it was denied, and a denied code cannot be approved afterwards', async () => {
    const started = await startSignIn(server);
    const denied = await decide(server, studio.owner, started.user_code, false);
    expect(denied.result.status).toBe('denied');
    expect((await poll(server, started.device_code)).code).toBe(Codes.DEVICE_ACCESS_DENIED.code);
    expect((await decide(server, studio.owner, started.user_code, true)).code).toBe(
      Codes.USER_CODE_DECIDED.code,
    );
    server.advance(interval);
    expect((await poll(server, started.device_code)).code).toBe(Codes.DEVICE_ACCESS_DENIED.code);
  });

  it("gives the approver's token only: another user can neither see, approve nor deny an approved code", async () => {
    const started = await startSignIn(server);
    expect((await decide(server, studio.owner, started.user_code, true)).code).toBe(OK);
    expect((await lookUp(server, stranger, started.user_code)).code).toBe(Codes.USER_CODE_DECIDED.code);
    expect((await decide(server, stranger, started.user_code, true)).code).toBe(Codes.USER_CODE_DECIDED.code);
    expect((await decide(server, stranger, started.user_code, false)).code).toBe(
      Codes.USER_CODE_DECIDED.code,
    );
    // Approving twice is no change.
    expect((await decide(server, studio.owner, started.user_code, true)).code).toBe(OK);
    const granted = await poll(server, started.device_code);
    expect(granted.result.user_id).toBe(studio.owner.id);
    const check = await asUser(server.app, granted.result.token).get('/api/account/userinfo');
    expect(check.result.id).toBe(studio.owner.id);
  });

  it('answers an unknown device code, and bad input in both languages', async () => {
    expect((await poll(server, 'x'.repeat(43))).code).toBe(Codes.DEVICE_CODE_INVALID.code);
    const missing = await anonymous(server.app, 'zh-CN').post('/api/plugin/device_code', {
      plugin_uuid: 'u',
    });
    expect(missing.code).toBe(Codes.INVALID_INPUT.code);
    expect(missing.msg).toBe('缺少插件标识（plugin_uuid、plugin_type）');
    const tooLong = await anonymous(server.app).post('/api/plugin/device_code', {
      plugin_uuid: 'u',
      plugin_type: 'p'.repeat(AccessTokenLimits.pluginTypeMaxLength + 1),
    });
    expect(tooLong.msg).toBe('The plugin must say who it is (plugin_uuid, plugin_type)');
    const short = await lookUp(server, studio.owner, 'ABC');
    expect(short.code).toBe(Codes.INVALID_INPUT.code);
    expect(short.msg).toBe('Enter the 8-character code the plugin shows');
    expect((await asUser(server.app, studio.owner.token).post('/api/plugin/device/decision', {})).code).toBe(
      Codes.INVALID_INPUT.code,
    );
  });

  it('needs a signed-in person to approve: no session, or an access token, is refused', async () => {
    const started = await startSignIn(server);
    const signedOut = await anonymous(server.app).get(`/api/plugin/device?user_code=${started.user_code}`);
    expect(signedOut.status).toBe(401);
    const token = await asUser(server.app, studio.owner.token).post('/api/account/access_tokens', {
      name: 'everything',
      scopes: ['read', 'upload'],
    });
    const byToken = asUser(server.app, token.result.token);
    const looked = await byToken.get(`/api/plugin/device?user_code=${started.user_code}`);
    expect(looked.code).toBe(Codes.TOKEN_SCOPE_DENIED.code);
    expect(looked.status).toBe(403);
    const approved = await byToken.post('/api/plugin/device/decision', {
      user_code: started.user_code,
      approve: true,
    });
    expect(approved.code).toBe(Codes.TOKEN_SCOPE_DENIED.code);
    expect((await poll(server, started.device_code)).code).toBe(Codes.DEVICE_AUTH_PENDING.code);
  });
});

describe('guessing user codes', () => {
  it('counts wrong codes like sign-in tries and locks, while right codes cost nothing', async () => {
    const guesser = await buildUser(server.ctx);
    const started = await startSignIn(server, 'sketch', 'uuid-sketch');
    for (let n = 0; n < 3; n++) expect((await lookUp(server, guesser, started.user_code)).code).toBe(OK);
    const first = await lookUp(server, guesser, 'AAAA-AAAA');
    expect(first.code).toBe(Codes.USER_CODE_WRONG.code);
    expect(first.result).toEqual({ remaining_tries: 9 });
    expect(first.msg).toContain('9 tries left');
    // The right code for another plugin than the link names is a wrong one.
    const otherPlugin = await lookUp(server, guesser, started.user_code, 'uuid-other');
    expect(otherPlugin.result).toEqual({ remaining_tries: 8 });
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, n) => lookUp(server, guesser, `CCCC-CC${USER_CODE_PAIRS[n]}`)),
    );
    const codes = burst.map((answer) => answer.code);
    expect(codes.filter((code) => code === Codes.USER_CODE_WRONG.code)).toHaveLength(7);
    expect(codes.filter((code) => code === Codes.USER_CODE_LOCKED.code)).toHaveLength(3);
    // Locked: the right code too, to look at or to approve.
    expect((await lookUp(server, guesser, started.user_code)).code).toBe(Codes.USER_CODE_LOCKED.code);
    expect((await decide(server, guesser, started.user_code, true)).code).toBe(Codes.USER_CODE_LOCKED.code);
    // Someone else is not locked out by it.
    expect((await lookUp(server, studio.owner, started.user_code)).code).toBe(OK);

    server.advance(AccessTokenLimits.userCodeLockMs);
    const fresh = await startSignIn(server);
    expect((await decide(server, guesser, fresh.user_code, true)).code).toBe(OK);
  });
});

const USER_CODE_PAIRS = ['33', '34', '36', '37', '39', '3A', '3C', '3D', '3E', '3F'];
