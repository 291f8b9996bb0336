import '../test/setup';
import { Codes, codeMessage, Limits } from '@ferry/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../state/navigation';
import { getNetworkStatus, RECONNECTED_BANNER_MS } from '../state/network';
import { applyLogin, getSession } from '../state/session';
import { StorageKeys } from '../state/storage';
import { getTeamEvent } from '../state/teamEvents';
import { buildLogin } from '../test/fixtures';
import { envelope, ok, stubFetch } from '../test/http';
import { createProject } from '../test/seed';
import {
  callAs,
  changePasswordElsewhere,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../test/server';
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

const seen = useRealServer();

/** A user signed in here whose session the server has since ended (signed out on another tab). */
async function endedSession() {
  const login = await signInHere(await newAccount('Ada'));
  await callAs(login, 'PUT', 'account/login?code=10031');
  return login;
}

const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

describe('API client: envelopes and headers', () => {
  it('answers `result` of a success envelope, and `data` under the data prefixes', async () => {
    const ada = await newAccount('Ada');
    await signInHere(ada);
    await expect(request('GET', 'account/userinfo')).resolves.toMatchObject({ id: ada.userId, name: 'Ada' });
    await expect(request('GET', '/msg_center/messages/unread')).resolves.toMatchObject({ unread: 0 });
  });

  it('treats a numeric code 0 as success', async () => {
    // Older gateways answer a numeric 0; this server always answers '00000'.
    stubFetch(() => new Response(JSON.stringify({ code: 0, msg: 'ok', result: 7 }), { status: 200 }));
    await expect(request('GET', 'account/userinfo')).resolves.toBe(7);
  });

  it('sends the token as Basic base64(token + ":"), the UI language, JSON bodies and query strings', async () => {
    const ada = await newAccount('Ada');
    const { token } = await signInHere(ada);
    const web_main = JSON.stringify({ teamStatus: { folderId: 'all' } });
    await request('PUT', 'account/user_settings', { body: { web_main }, query: { a: 1, skip: undefined } });
    const [req] = seen;
    expect(req.method).toBe('PUT');
    expect(req.url).toBe('/api/account/user_settings?a=1');
    expect(req.headers.authorization).toBe(`Basic ${btoa(`${token}:`)}`);
    expect(atob(req.headers.authorization.slice('Basic '.length))).toBe(`${token}:`);
    expect(req.headers['accept-language']).toBe('en-US');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ web_main });
    // The server took the call as Ada's.
    const stored = await callAs<{ web_main: string }>(
      ada,
      'GET',
      'account/user_settings?settings_type=web_main',
    );
    expect(stored.web_main).toBe(web_main);
  });

  it('sends no Authorization header without a session', async () => {
    await expect(request('GET', 'account/public_key')).resolves.toMatchObject({ algorithm: 'RSA-OAEP-256' });
    expect(seen[0].headers.authorization).toBeUndefined();
  });
});

describe('API client: the code → reaction table', () => {
  let ui: Recorded;
  beforeEach(() => {
    ui = recordUi();
  });

  it('rejects a domain error with the server code and message and shows nothing itself', async () => {
    const ada = await newAccount('Ada');
    const error = await rejection(
      request('POST', 'account/login', { body: { email: ada.email, password: 'wrong-pass1' } }),
    );
    expect(error.code).toBe(Codes.WRONG_PASSWORD.code);
    expect(error.message).toContain(en(Codes.WRONG_PASSWORD));
    expect(error.handled).toBe(false);
    expect(ui.toasts).toEqual([]);
    expect(ui.alerts).toEqual([]);
  });

  it('HTTP 401: a "login status expired" dialog whose button signs out to the sign-in screen', async () => {
    const { token } = await endedSession();
    window.location.hash = '#/item?fid=all&tid=team-a';
    const error = await rejection(request('GET', 'account/userinfo'));
    expect(error.status).toBe(401);
    expect(error.handled).toBe(true);
    expect(ui.alerts).toHaveLength(1);
    expect(ui.alerts[0].content).toBe(en(Codes.SESSION_EXPIRED));
    expect(getSession().token).toBe(token);

    ui.alerts[0].onOk();
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem(StorageKeys.token)).toBeNull();
    expect(ui.navigations).toEqual([
      `/user/login?type=autologout&redirecturl=${encodeURIComponent('/item?fid=all&tid=team-a')}`,
    ]);
  });

  it('shows one dialog for several 401s at once', async () => {
    await endedSession();
    await Promise.allSettled([
      request('GET', 'account/userinfo'),
      request('GET', 'account/user_teams'),
      request('GET', 'account/login'),
    ]);
    expect(ui.alerts).toHaveLength(1);
  });

  it('leaves a 401 alone on the invitation page', async () => {
    await endedSession();
    window.location.hash = '#/user/invite?inviteSign=x';
    const error = await rejection(request('GET', 'account/userinfo'));
    expect(error.status).toBe(401);
    expect(error.handled).toBe(false);
    expect(ui.alerts).toEqual([]);
  });

  it('HTTP 420: a password changed on another device ends this session with a re-login dialog', async () => {
    const ada = await newAccount('Ada');
    await signInHere(ada);
    await changePasswordElsewhere(ada, 'Other-pass2');
    const error = await rejection(request('GET', 'account/userinfo'));
    expect(error.status).toBe(420);
    expect(ui.alerts[0].content).toBe(en(Codes.PASSWORD_CHANGED));
    expect(ui.alerts[0].okText).toBe('Log in again');
    ui.alerts[0].onOk();
    expect(ui.navigations[0]).toMatch(/^\/user\/login\?type=autologout/);
  });

  it('HTTP 419: a "logged in elsewhere" dialog with re-login', async () => {
    applyLogin(buildLogin());
    // No call of this server ends a session as "signed in elsewhere" on demand.
    stubFetch(() => envelope(Codes.LOGGED_IN_ELSEWHERE.code, 'x', undefined, 419));
    await rejection(request('GET', 'account/userinfo'));
    expect(ui.alerts[0].content).toBe(en(Codes.LOGGED_IN_ELSEWHERE));
    ui.alerts[0].onOk();
    expect(ui.navigations[0]).toMatch(/^\/user\/login\?type=autologout/);
  });

  it('HTTP 418: a project of the team kept to its own members goes to the no-permission screen', async () => {
    const [olga, ada] = await Promise.all([newAccount('Olga'), newAccount('Ada')]);
    const team = await createTeam(olga, unique('Nova'));
    await joinByLink(ada, await inviteLink(olga, team.id));
    const projectId = await createProject(olga, team.id, 'Secret');
    await callAs(olga, 'PUT', 'project/project_info', {
      team_id: team.id,
      project_id: projectId,
      permission_mode: 'B',
    });
    await signInHere(ada);
    const error = await rejection(
      request('GET', 'project/project_info', { query: { team_id: team.id, project_id: projectId } }),
    );
    expect(error.status).toBe(418);
    expect(ui.navigations).toEqual(['/noPermissions']);
  });

  it("-11111: a 'system busy' toast on writes only", async () => {
    // The server failing is not an answer it gives on demand.
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
    // Answered by the permission service of the full platform, not by any call of this server.
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
    // Accounts are disabled by an operator, not through the API.
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
    // A network that is down, then back.
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
    // A network that is down, then back: timed by the fake clock, not by a real server.
    const checks = stubFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return ok({ public_key: 'k' });
    });
    await rejection(request('GET', 'account/userinfo'));
    down = false;
    await vi.advanceTimersByTimeAsync(3000);
    expect(checks.at(-1)?.path).toBe('/api/account/public_key');
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

  it('a dissolved team raises its tip for the active team only, not again once the user moved on', async () => {
    // Answers of calls still in flight when the tip was acted on: a race, so the answers are scripted.
    applyLogin(buildLogin());
    const activeTeam = getSession().team?.team_id as string;
    stubFetch(() => envelope(Codes.TEAM_DISSOLVED.code, 'dissolved'));
    await rejection(request('GET', 'account/team_members', { query: { team_id: 'team-left-behind' } }));
    expect(getTeamEvent()).toBeNull();
    await rejection(request('GET', 'account/team_members', { query: { team_id: activeTeam } }));
    expect(getTeamEvent()?.kind).toBe('dissolved');
  });
});
