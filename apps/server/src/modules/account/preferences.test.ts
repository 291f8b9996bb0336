import { Codes, DEFAULT_PREFERENCES, GUIDE_NAMES, PREFERENCE_FLAGS, PreferenceLimits } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';
import { userProfiles } from './tables.js';

let server: TestServer;
let guidesOff: TestServer;
beforeAll(async () => {
  [server, guidesOff] = await Promise.all([startTestServer(), startTestServer({ GUIDES_ENABLED: 'false' })]);
});
afterAll(() => Promise.all([server.close(), guidesOff.close()]));

const signedIn = async (on = server) => asUser(on.app, (await buildUser(on.ctx)).token);

describe('preferences that follow the user', () => {
  it('answers the 18 flags in order and zoom speed 500 before anything is saved', async () => {
    const client = await signedIn();
    const answer = await client.get('/api/account/user_profile?group=preferences');
    expect(answer.code).toBe('00000');
    expect(PREFERENCE_FLAGS).toHaveLength(18);
    expect(Object.keys(answer.result)).toEqual([...PREFERENCE_FLAGS, 'zoomSpeed']);
    expect(answer.result).toEqual(DEFAULT_PREFERENCES);
    expect(answer.result.zoomSpeed).toBe(PreferenceLimits.zoomSpeedDefault);
  });

  it('keeps a change for the next session, and only for its own user', async () => {
    const user = await buildUser(server.ctx);
    const first = asUser(server.app, user.token);
    const saved = await first.post('/api/account/user_profile', {
      info: { preferences: { freeZoom: true, axureZoom: true, zoomSpeed: 900 } },
    });
    expect(saved.code).toBe('00000');
    // A partial change keeps what was saved before.
    await first.post('/api/account/user_profile', { info: { preferences: { escBack: true } } });

    const login = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    const second = asUser(server.app, login.result.token);
    const read = (await second.get('/api/account/user_profile?group=preferences')).result;
    expect(read).toMatchObject({
      freeZoom: true,
      axureZoom: true,
      escBack: true,
      zoomSpeed: 900,
      boxSelect: false,
    });

    const stranger = await signedIn();
    expect((await stranger.get('/api/account/user_profile?group=preferences')).result).toEqual(
      DEFAULT_PREFERENCES,
    );
  });

  it('refuses a wrong type, an unknown flag or a zoom speed out of range, and writes nothing', async () => {
    const client = await signedIn();
    for (const preferences of [
      { freeZoom: 'yes' },
      { noSuchFlag: true },
      { zoomSpeed: PreferenceLimits.zoomSpeedMax + 1 },
      { zoomSpeed: 12.5 },
      'freeZoom',
    ]) {
      const answer = await client.post('/api/account/user_profile', {
        info: { preferences, longLive: { isLongShow: true } },
      });
      expect(answer.code, JSON.stringify(preferences)).toBe(Codes.INVALID_INPUT.code);
      expect(answer.msg).toMatch(/^Invalid input|^The zoom speed must be a whole number from 100 to 2000$/);
    }
    expect((await client.get('/api/account/user_profile?group=preferences')).result).toEqual(
      DEFAULT_PREFERENCES,
    );
    // Nothing of the refused call was written, not even its other group.
    expect((await client.get('/api/account/user_profile?group=longLive')).result).toEqual({
      isLongShow: false,
    });
  });

  it('reads a stored legacy zoom speed of 700 as 500', async () => {
    const user = await buildUser(server.ctx);
    await server.ctx.db
      .insert(userProfiles)
      .values({ userId: user.id, group: 'preferences', value: { zoomSpeed: 700, boxSelect: true } });
    const read = (await asUser(server.app, user.token).get('/api/account/user_profile?group=preferences'))
      .result;
    expect(read.zoomSpeed).toBe(PreferenceLimits.zoomSpeedDefault);
    expect(read.boxSelect).toBe(true);
  });

  it('refuses callers without a session', async () => {
    const guest = anonymous(server.app);
    expect((await guest.get('/api/account/user_profile?group=preferences')).status).toBe(401);
    expect((await guest.get('/api/account/user_profile_by_cache?group=preferences')).status).toBe(401);
    expect(
      (await guest.post('/api/account/user_profile_by_cache', { info: { preferences: {} } })).status,
    ).toBe(401);
  });
});

describe('user_profile_by_cache', () => {
  it('answers from the cache with an ETag, and a change through either call shows at once', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    const authorization = `Basic ${Buffer.from(`${user.token}:`).toString('base64')}`;
    const url = '/api/account/user_profile_by_cache?group=preferences';

    const first = await server.app.inject({ method: 'GET', url, headers: { authorization } });
    expect(first.json().result).toEqual(DEFAULT_PREFERENCES);
    const etag = first.headers.etag as string;
    const again = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    expect(
      (
        await client.post('/api/account/user_profile_by_cache', {
          info: { preferences: { boxSelect: true } },
        })
      ).code,
    ).toBe('00000');
    expect((await client.get(url)).result.boxSelect).toBe(true);
    await client.post('/api/account/user_profile', {
      info: { preferences: { boxSelect: false, performance: true } },
    });
    expect((await client.get(url)).result).toMatchObject({ boxSelect: false, performance: true });
  });

  it('refuses an unknown group and bad types as user_profile does', async () => {
    const client = await signedIn();
    expect((await client.get('/api/account/user_profile_by_cache?group=nope')).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    expect((await client.get('/api/account/user_profile_by_cache')).code).toBe(Codes.INVALID_INPUT.code);
    const bad = await client.post('/api/account/user_profile_by_cache', {
      info: { preferences: { freeZoom: 1 } },
    });
    expect(bad.code).toBe(Codes.INVALID_INPUT.code);
  });
});

describe('first-time guides', () => {
  it('answers every guide as still to show, then "false" for good once dismissed', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    const fresh = await client.get('/api/pangu/onboarding/guide');
    expect(fresh.code).toBe('00000');
    expect(fresh.result.enabled).toBe(true);
    expect(Object.keys(fresh.result.guides)).toEqual([...GUIDE_NAMES]);
    expect(Object.values(fresh.result.guides).every((flag) => flag === true)).toBe(true);

    const dismissed = await client.post('/api/pangu/onboarding/guide', { name: 'share' });
    expect(dismissed.code).toBe('00000');
    expect(dismissed.result.guides.share).toBe('false');
    await Promise.all([
      client.post('/api/pangu/onboarding/guide', { name: 'comment' }),
      client.post('/api/pangu/onboarding/guide', { name: 'uploadDesign' }),
    ]);
    // Dismissing twice changes nothing.
    await client.post('/api/pangu/onboarding/guide', { name: 'share' });

    const login = await anonymous(server.app).post('/api/account/login', {
      email: user.email,
      password: user.password,
    });
    const later = (await asUser(server.app, login.result.token).get('/api/pangu/onboarding/guide')).result;
    expect(later.guides).toMatchObject({
      share: 'false',
      comment: 'false',
      uploadDesign: 'false',
      enterProject: true,
    });
    const other = (await (await signedIn()).get('/api/pangu/onboarding/guide')).result;
    expect(other.guides.share).toBe(true);
  });

  it('refuses an unknown guide name with its own code, and a missing or non-text name', async () => {
    const client = await signedIn();
    const unknown = await client.post('/api/pangu/onboarding/guide', { name: 'firstTimeTravel' });
    expect(unknown.code).toBe(Codes.GUIDE_UNKNOWN.code);
    expect(unknown.msg).toBe('There is no first-time guide named firstTimeTravel');
    const zh = await asUser(server.app, (await buildUser(server.ctx)).token, 'zh-CN').post(
      '/api/pangu/onboarding/guide',
      {
        name: 'nope',
      },
    );
    expect(zh.msg).toBe('没有名为 nope 的新手引导');
    expect((await client.post('/api/pangu/onboarding/guide', {})).code).toBe(Codes.INVALID_INPUT.code);
    expect((await client.post('/api/pangu/onboarding/guide', { name: 7 })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    const still = (await client.get('/api/pangu/onboarding/guide')).result.guides;
    expect(Object.values(still).every((flag) => flag === true)).toBe(true);
  });

  it('says so when the server has guides switched off', async () => {
    const client = await signedIn(guidesOff);
    expect((await client.get('/api/pangu/onboarding/guide')).result.enabled).toBe(false);
  });

  it('refuses callers without a session', async () => {
    const guest = anonymous(server.app);
    expect((await guest.get('/api/pangu/onboarding/guide')).status).toBe(401);
    expect((await guest.post('/api/pangu/onboarding/guide', { name: 'share' })).status).toBe(401);
  });

  it('keeps guides out of user_profile: only the guide call writes them', async () => {
    const client = await signedIn();
    expect((await client.get('/api/account/user_profile?group=guides')).code).toBe(Codes.INVALID_INPUT.code);
    expect(
      (await client.post('/api/account/user_profile', { info: { guides: { share: 'false' } } })).code,
    ).toBe(Codes.INVALID_INPUT.code);
  });
});
