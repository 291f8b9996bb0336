import '../test/setup';
import { Codes, codeMessage, Limits } from '@ferry/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../state/navigation';
import { getNetworkStatus, RECONNECTED_BANNER_MS } from '../state/network';
import { applyLogin, getSession } from '../state/session';
import { StorageKeys } from '../state/storage';
import { buildLogin } from '../test/fixtures';
import { envelope, ok, stubFetch } from '../test/http';
import { ApiError, type ClientUi, REACTIONS, request, setClientUi } from './client';

interface Recorded {
  toasts: Array<{ level: string; text: string; durationMs?: number }>;
  alerts: Array<{ title: string; content: string; okText: string; onOk: () => void }>;
  navigations: string[];
}

function recordUi(): Recorded {
  const recorded: Recorded = { toasts: [], alerts: [], navigations: [] };
  const ui: ClientUi = {
    toast: (level, text, durationMs) => recorded.toasts.push({ level, text, durationMs }),
    alert: (options) => recorded.alerts.push(options),
  };
  setClientUi(ui);
  setNavigator((to) => {
    recorded.navigations.push(to);
    window.location.hash = `#${to}`;
  });
  return recorded;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to be refused');
}

const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

describe('API client: envelopes and headers', () => {
  it('answers `result` of a success envelope, and `data` under the data prefixes', async () => {
    stubFetch((req) => {
      if (req.path === '/api/account/userinfo') return ok({ id: 'u1', name: 'Ada' });
      if (req.path === '/api/pangu/onboarding/guide')
        return envelope('00000', 'success', ['a', 'b'], 200, 'data');
      if (req.path === '/api/msg_center/option_log/add')
        return envelope('00000', 'success', { n: 1 }, 200, 'data');
      return envelope('19007', 'Not found');
    });
    await expect(request('GET', 'account/userinfo')).resolves.toEqual({ id: 'u1', name: 'Ada' });
    await expect(request('GET', '/pangu/onboarding/guide')).resolves.toEqual(['a', 'b']);
    await expect(request('POST', 'msg_center/option_log/add', { body: {} })).resolves.toEqual({ n: 1 });
  });

  it('treats a numeric code 0 as success', async () => {
    stubFetch(() => new Response(JSON.stringify({ code: 0, msg: 'ok', result: 7 }), { status: 200 }));
    await expect(request('GET', 'account/userinfo')).resolves.toBe(7);
  });

  it('sends the token as Basic base64(token + ":"), the UI language, JSON bodies and query strings', async () => {
    applyLogin(buildLogin({ token: 'secret-token' }));
    const seen = stubFetch(() => ok({}));
    await request('PUT', 'account/user_settings', {
      body: { web_main: '{}' },
      query: { a: 1, skip: undefined },
    });
    const [req] = seen;
    expect(req.method).toBe('PUT');
    expect(req.url).toBe('/api/account/user_settings?a=1');
    expect(req.headers.authorization).toBe(`Basic ${btoa('secret-token:')}`);
    expect(atob(req.headers.authorization.slice('Basic '.length))).toBe('secret-token:');
    expect(req.headers['accept-language']).toBe('en-US');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ web_main: '{}' });
  });

  it('sends no Authorization header without a session', async () => {
    const seen = stubFetch(() => ok({}));
    await request('GET', 'account/public_key');
    expect(seen[0].headers.authorization).toBeUndefined();
  });
});

describe('API client: the code → reaction table', () => {
  let ui: Recorded;
  beforeEach(() => {
    ui = recordUi();
  });

  it('rejects a domain error with the server code and message and shows nothing itself', async () => {
    stubFetch(() =>
      envelope('10002', 'Wrong e-mail or password, you can also try 9 times', { remaining_tries: 9 }),
    );
    const error = await rejection(
      request('POST', 'account/login', { body: { email: 'a@b.co', password: 'x' } }),
    );
    expect(error.code).toBe('10002');
    expect(error.message).toBe('Wrong e-mail or password, you can also try 9 times');
    expect(error.payload).toEqual({ remaining_tries: 9 });
    expect(error.handled).toBe(false);
    expect(ui.toasts).toEqual([]);
    expect(ui.alerts).toEqual([]);
  });

  it('HTTP 401: a "login status expired" dialog whose button signs out to the sign-in screen', async () => {
    applyLogin(buildLogin());
    window.location.hash = '#/item?fid=all&tid=team-a';
    stubFetch(() => envelope(Codes.SESSION_EXPIRED.code, 'expired', undefined, 401));
    const error = await rejection(request('GET', 'account/userinfo'));
    expect(error.status).toBe(401);
    expect(error.handled).toBe(true);
    expect(ui.alerts).toHaveLength(1);
    expect(ui.alerts[0].content).toBe(en(Codes.SESSION_EXPIRED));
    expect(getSession().token).toBe('tok-123');

    ui.alerts[0].onOk();
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem(StorageKeys.token)).toBeNull();
    expect(ui.navigations).toEqual([
      `/user/login?type=autologout&redirecturl=${encodeURIComponent('/item?fid=all&tid=team-a')}`,
    ]);
  });

  it('shows one dialog for several 401s at once', async () => {
    applyLogin(buildLogin());
    stubFetch(() => envelope(Codes.SESSION_EXPIRED.code, 'expired', undefined, 401));
    await Promise.allSettled([request('GET', 'a'), request('GET', 'b'), request('GET', 'c')]);
    expect(ui.alerts).toHaveLength(1);
  });

  it('leaves a 401 alone on the invitation page', async () => {
    window.location.hash = '#/user/invite?inviteSign=x';
    stubFetch(() => envelope(Codes.SESSION_EXPIRED.code, 'expired', undefined, 401));
    const error = await rejection(request('GET', 'account/userinfo'));
    expect(error.handled).toBe(false);
    expect(ui.alerts).toEqual([]);
  });

  it('HTTP 419 and 420: "logged in elsewhere" and "password changed" dialogs with re-login', async () => {
    applyLogin(buildLogin());
    stubFetch((req) =>
      req.path.endsWith('/elsewhere')
        ? envelope(Codes.LOGGED_IN_ELSEWHERE.code, 'x', undefined, 419)
        : envelope(Codes.PASSWORD_CHANGED.code, 'x', undefined, 420),
    );
    await rejection(request('GET', 'elsewhere'));
    expect(ui.alerts[0].content).toBe(en(Codes.LOGGED_IN_ELSEWHERE));
    ui.alerts[0].onOk();
    expect(ui.navigations[0]).toMatch(/^\/user\/login\?type=autologout/);

    applyLogin(buildLogin());
    await rejection(request('GET', 'changed'));
    expect(ui.alerts[1].content).toBe(en(Codes.PASSWORD_CHANGED));
    expect(ui.alerts[1].okText).toBe('Log in again');
  });

  it('HTTP 418 goes to the no-permission screen', async () => {
    stubFetch(() => envelope(Codes.NOT_ALLOWED.code, 'no', undefined, 418));
    await rejection(request('GET', 'project/x'));
    expect(ui.navigations).toEqual(['/noPermissions']);
  });

  it("-11111: a 'system busy' toast on writes only", async () => {
    stubFetch(() => envelope(Codes.SYSTEM_BUSY.code, 'busy', undefined, 500));
    const read = await rejection(request('GET', 'account/userinfo'));
    expect(read.code).toBe('-11111');
    expect(read.handled).toBe(false);
    expect(ui.toasts).toEqual([]);

    const write = await rejection(request('PUT', 'account/userinfo', { body: { name: 'x' } }));
    expect(write.handled).toBe(true);
    expect(ui.toasts).toEqual([
      { level: 'error', text: en(Codes.SYSTEM_BUSY), durationMs: Limits.toastDefaultMs },
    ]);
  });

  it('10075: an "insufficient permission" toast, and the call still rejects', async () => {
    stubFetch(() => envelope('10075', 'stale'));
    const error = await rejection(request('GET', 'account/team/t1'));
    expect(error.code).toBe('10075');
    expect(ui.toasts).toEqual([
      { level: 'warning', text: en(Codes.PERMISSION_STALE), durationMs: Limits.toastDefaultMs },
    ]);
  });

  it('19004 disabled account: a warning, then sign-out after 3 s', async () => {
    vi.useFakeTimers();
    applyLogin(buildLogin());
    stubFetch(() => envelope('19004', 'disabled'));
    await rejection(request('POST', 'account/login', { body: {} }));
    expect(ui.toasts).toEqual([
      { level: 'warning', text: en(Codes.ACCOUNT_DISABLED), durationMs: Limits.forcedLogoutDelayMs },
    ]);
    vi.advanceTimersByTime(Limits.forcedLogoutDelayMs - 1);
    expect(getSession().token).toBe('tok-123');
    vi.advanceTimersByTime(1);
    expect(getSession().token).toBeNull();
    expect(ui.navigations[0]).toMatch(/^\/user\/login\?type=autologout/);
  });

  it('a failed connection shows the disconnected banner, and the next answer the connected one for 3 s', async () => {
    vi.useFakeTimers();
    let down = true;
    stubFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return ok({});
    });
    const error = await rejection(request('GET', 'account/userinfo'));
    expect(error.code).toBe('network');
    expect(error.handled).toBe(true);
    expect(getNetworkStatus()).toBe('offline');

    down = false;
    await request('GET', 'account/userinfo');
    expect(getNetworkStatus()).toBe('reconnected');
    vi.advanceTimersByTime(RECONNECTED_BANNER_MS);
    expect(getNetworkStatus()).toBe('online');
  });

  it('checks the server again on its own while disconnected', async () => {
    vi.useFakeTimers();
    let down = true;
    const seen = stubFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return ok({ public_key: 'k' });
    });
    await rejection(request('GET', 'account/userinfo'));
    down = false;
    await vi.advanceTimersByTimeAsync(3000);
    expect(seen.at(-1)?.path).toBe('/api/account/public_key');
    expect(getNetworkStatus()).toBe('reconnected');
  });

  it('has one row per reacting code, each with a wording of the catalogue', () => {
    for (const [key, reaction] of Object.entries(REACTIONS)) {
      if (reaction.kind === 'network') continue;
      expect(reaction.entry.zh, key).toBeTruthy();
      expect(reaction.entry.en, key).toBeTruthy();
    }
    expect(Object.keys(REACTIONS)).toEqual(
      expect.arrayContaining(['http:401', 'http:418', 'http:419', 'http:420', '-11111', '10075', '19004']),
    );
  });
});
