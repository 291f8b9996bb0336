import { type CodeEntry, Codes, codeMessage, Limits, SUCCESS_CODE, VERSION_HEADER } from '@ferry/shared';
import { currentLang, i18n } from '../i18n';
import { ssoPagePath } from '../pages/sso/paths';
import { noteServerVersion } from '../state/appVersion';
import { currentRoutePath, navigateTo } from '../state/navigation';
import { reportNetworkFailure, reportNetworkSuccess } from '../state/network';
import { Paths } from '../state/redirect';
import { getSession, getToken } from '../state/session';
import { signOutLocally } from '../state/signOut';
import { raiseTeamEvent, type TeamEventKind } from '../state/teamEvents';
import { API_BASE, DATA_PREFIXES } from './base';
import { takeEarlyRead } from './early';
import { ApiError, NETWORK_ERROR } from './errors';

export { ApiError, isApiError, NETWORK_ERROR } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The API's answer: `result`, or `data` under the prefixes of docs/api.md. */
export interface Envelope {
  code: string | number;
  msg?: string;
  result?: unknown;
  data?: unknown;
}

/**
 * What the app does when a call is refused (spec 000 §8). Every code or HTTP status with a reaction
 * has one row here; anything else rejects with an ApiError for the caller to show.
 */
export type Reaction =
  /** A dialog with the entry's wording; its button signs out to the sign-in screen. */
  | { kind: 'relogin'; entry: CodeEntry; exceptOn?: readonly string[] }
  /** A toast with the entry's wording; `nonGetOnly` skips it for reads. */
  | {
      kind: 'toast';
      entry: CodeEntry;
      level: 'error' | 'warning';
      nonGetOnly?: boolean;
      durationMs?: number;
    }
  /** A warning, then sign-out after `delayMs`. */
  | { kind: 'forcedLogout'; entry: CodeEntry; delayMs: number }
  /** Go to another screen. */
  | { kind: 'redirect'; entry: CodeEntry; to: string }
  /** The network banner, with reconnection checks. */
  | { kind: 'network' }
  /** The full-screen tip of a team event (removed from the team, team dissolved). */
  | { kind: 'teamEvent'; entry: CodeEntry; event: TeamEventKind }
  /** The SSO page of the team that requires its own sign-on (the refusal names its SSO id). */
  | { kind: 'ssoSignIn'; entry: CodeEntry; exceptOn?: readonly string[] };

/** Pages a 401 leaves alone: the invitation and share landings work without a session. */
export const SESSION_FREE_PAGES = ['/user/invite', '/door', '/shareInvalid', '/share'] as const;

/** The codes that end a share link's visit: the link expired or was revoked, or the visit's day is over. */
const VISIT_END_CODES: readonly string[] = [
  Codes.SHARE_EXPIRED.code,
  Codes.SHARE_REVOKED.code,
  Codes.SHARE_VISIT_ENDED.code,
];

let visitor: { token: string; onEnded: (code: string) => void } | null = null;

/**
 * Visitor mode of a share link: every call carries the visitor's token instead of the session's, the
 * session's reactions (sign-in dialog, team tips, redirects) stay away, and a code that ends the visit goes
 * to `onEnded`. null leaves visitor mode.
 */
export function setVisitorToken(token: string | null, onEnded: (code: string) => void = () => {}): void {
  visitor = token ? { token, onEnded } : null;
}

const forcedLogout = (entry: CodeEntry): Reaction => ({
  kind: 'forcedLogout',
  entry,
  delayMs: Limits.forcedLogoutDelayMs,
});

export const REACTIONS: Readonly<Record<string, Reaction>> = {
  'http:401': { kind: 'relogin', entry: Codes.SESSION_EXPIRED, exceptOn: SESSION_FREE_PAGES },
  'http:418': { kind: 'redirect', entry: Codes.NOT_ALLOWED, to: Paths.noPermissions },
  'http:419': { kind: 'relogin', entry: Codes.LOGGED_IN_ELSEWHERE },
  'http:420': { kind: 'relogin', entry: Codes.PASSWORD_CHANGED },
  [Codes.SYSTEM_BUSY.code]: { kind: 'toast', entry: Codes.SYSTEM_BUSY, level: 'error', nonGetOnly: true },
  [Codes.PERMISSION_STALE.code]: { kind: 'toast', entry: Codes.PERMISSION_STALE, level: 'warning' },
  // Only the nickname change answers 60001: a warning for 5 s (spec 000 §8).
  [Codes.NICKNAME_TOO_FREQUENT.code]: {
    kind: 'toast',
    entry: Codes.NICKNAME_TOO_FREQUENT,
    level: 'warning',
    durationMs: Limits.nicknameWarningMs,
  },
  [Codes.REMOVED_FROM_TEAM.code]: { kind: 'teamEvent', entry: Codes.REMOVED_FROM_TEAM, event: 'removed' },
  [Codes.TEAM_DISSOLVED.code]: { kind: 'teamEvent', entry: Codes.TEAM_DISSOLVED, event: 'dissolved' },
  [Codes.ACCOUNT_DISABLED.code]: forcedLogout(Codes.ACCOUNT_DISABLED),
  [Codes.ACCOUNT_CANCELLED.code]: forcedLogout(Codes.ACCOUNT_CANCELLED),
  [Codes.LICENSE_INVALID.code]: forcedLogout(Codes.LICENSE_INVALID),
  [Codes.LICENSE_INVALID_2.code]: forcedLogout(Codes.LICENSE_INVALID_2),
  [Codes.TRIAL_EXPIRED.code]: forcedLogout(Codes.TRIAL_EXPIRED),
  [Codes.ENTERPRISE_EXPIRED.code]: forcedLogout(Codes.ENTERPRISE_EXPIRED),
  [NETWORK_ERROR]: { kind: 'network' },
  // Spec 000 §6: the team creation and switch screens skip permission redirects (one may switch away).
  [Codes.SSO_NOT_LOGGED_IN.code]: {
    kind: 'ssoSignIn',
    entry: Codes.SSO_NOT_LOGGED_IN,
    exceptOn: [Paths.teamSwitch, Paths.teamCreate],
  },
};

/** HTTP statuses that are reactions of their own, whatever the body says. */
const STATUS_REACTIONS = new Set([401, 418, 419, 420]);

/** The row of REACTIONS that applies to an answer, or null when the caller handles it alone. */
export function reactionFor(input: {
  status: number;
  code: string;
  method: HttpMethod;
  routePath?: string;
}): Reaction | null {
  const key = STATUS_REACTIONS.has(input.status) ? `http:${input.status}` : input.code;
  const reaction = REACTIONS[key];
  if (!reaction) return null;
  if (reaction.kind === 'toast' && reaction.nonGetOnly && input.method === 'GET') return null;
  if ((reaction.kind === 'relogin' || reaction.kind === 'ssoSignIn') && reaction.exceptOn) {
    const path = input.routePath ?? currentRoutePath();
    if (reaction.exceptOn.some((page) => path === page || path.startsWith(`${page}/`))) return null;
  }
  return reaction;
}

/** How the client talks to the user; the app registers antd's message and modal at start. */
export interface ClientUi {
  toast(level: 'success' | 'info' | 'warning' | 'error', text: string, durationMs?: number): void;
  alert(options: { title: string; content: string; okText: string; onOk: () => void }): void;
}

const consoleUi: ClientUi = {
  toast: (level, text) => console.warn(`[${level}] ${text}`),
  alert: ({ content, onOk }) => {
    console.warn(content);
    onOk();
  },
};

let ui: ClientUi = consoleUi;
/** Reactions to calls made before the app could show them, kept for its UI (see holdReactionsUntilUi). */
let heldReactions: Reaction[] | null = null;

export function setClientUi(next: ClientUi | null): void {
  ui = next ?? consoleUi;
  const held = next ? heldReactions : null;
  if (held) heldReactions = null;
  for (const reaction of held ?? []) applyReaction(reaction);
}

/**
 * For calls started while the app loads: their refusals wait for the app's UI (the sign-in dialog, toasts)
 * instead of falling back to the console.
 */
export function holdReactionsUntilUi(): void {
  if (ui === consoleUi) heldReactions ??= [];
}

/** A toast through the registered UI, for code outside components. */
export function showToast(
  level: 'success' | 'info' | 'warning' | 'error',
  text: string,
  durationMs?: number,
): void {
  ui.toast(level, text, durationMs);
}

let reloginOpen = false;
let forcedLogoutTimer: ReturnType<typeof setTimeout> | null = null;

/** Forgets open dialogs and pending sign-outs (tests). */
export function resetClientState(): void {
  reloginOpen = false;
  if (forcedLogoutTimer) clearTimeout(forcedLogoutTimer);
  forcedLogoutTimer = null;
}

function applyReaction(reaction: Reaction, payload?: unknown): void {
  if (heldReactions) {
    heldReactions.push(reaction);
    return;
  }
  const lang = currentLang();
  switch (reaction.kind) {
    case 'relogin': {
      if (reloginOpen) return;
      reloginOpen = true;
      ui.alert({
        title: i18n.t('client.noticeTitle'),
        content: codeMessage(reaction.entry, lang),
        okText: i18n.t('client.relogin'),
        onOk: () => {
          reloginOpen = false;
          signOutLocally('autologout');
        },
      });
      return;
    }
    case 'toast':
      ui.toast(
        reaction.level,
        codeMessage(reaction.entry, lang),
        reaction.durationMs ?? Limits.toastDefaultMs,
      );
      return;
    case 'forcedLogout': {
      ui.toast('warning', codeMessage(reaction.entry, lang), reaction.delayMs);
      if (forcedLogoutTimer) return;
      forcedLogoutTimer = setTimeout(() => {
        forcedLogoutTimer = null;
        signOutLocally('autologout');
      }, reaction.delayMs);
      return;
    }
    case 'redirect':
      navigateTo(reaction.to, { replace: true });
      return;
    case 'network':
      reportNetworkFailure();
      return;
    case 'teamEvent':
      raiseTeamEvent(reaction.event);
      return;
    case 'ssoSignIn': {
      const ssoId = (payload as { sso_id?: unknown } | undefined)?.sso_id;
      navigateTo(ssoPagePath(typeof ssoId === 'string' ? ssoId : null), { replace: true });
      return;
    }
  }
}

export function isSuccessCode(code: unknown): boolean {
  return code === SUCCESS_CODE || code === 0 || code === '0';
}

/** `path` relative to the API base, without a leading slash: `account/login`. */
function normalisePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

/** The payload of a successful envelope: `data` for the prefixes that answer it, else `result`. */
export function unwrapEnvelope(path: string, envelope: Envelope): unknown {
  const clean = normalisePath(path);
  return DATA_PREFIXES.some((prefix) => clean.startsWith(prefix)) ? envelope.data : envelope.result;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A multipart body (file uploads); the browser sets its content type. */
  form?: FormData;
  signal?: AbortSignal;
  /** Reject without any reaction (no dialog, toast or banner): for calls whose failure does not matter. */
  quiet?: boolean;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return `${API_BASE}/${path}${text ? `?${text}` : ''}`;
}

export function authorizationHeader(token: string): string {
  return `Basic ${btoa(`${token}:`)}`;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'code' in parsed) return parsed as Envelope;
  } catch {
    // not JSON: treated below by its HTTP status
  }
  return null;
}

function fail(reaction: Reaction | null, code: string, message: string, status: number, payload?: unknown) {
  if (reaction) applyReaction(reaction, payload);
  return new ApiError(code, message, { status, payload, handled: reaction !== null });
}

/**
 * Calls the API. Resolves with the envelope's payload on code 00000; otherwise applies the reaction
 * table and rejects with an ApiError carrying the server's code and message.
 */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const clean = normalisePath(path);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLang(),
  };
  const token = visitor?.token ?? getToken();
  if (token) headers.Authorization = authorizationHeader(token);
  let body: string | FormData | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    // Lists answer an ETag: the browser keeps them and asks again with If-None-Match; a 304 reaches this code
    // as the kept 200 answer.
    const cache: RequestCache = method === 'GET' ? 'no-cache' : 'no-store';
    const url = buildUrl(clean, options.query);
    response = await (takeEarlyRead(method, url, headers) ??
      fetch(url, { method, headers, body, signal: options.signal, cache }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw fail(options.quiet ? null : REACTIONS[NETWORK_ERROR], NETWORK_ERROR, i18n.t('network.offline'), 0);
  }

  noteServerVersion(response.headers?.get(VERSION_HEADER) ?? null);
  const envelope = await readEnvelope(response);
  // A gateway without the API behind it answers without an envelope: the server is out of reach.
  if (!envelope && [502, 503, 504].includes(response.status)) {
    throw fail(REACTIONS[NETWORK_ERROR], NETWORK_ERROR, i18n.t('network.offline'), response.status);
  }
  reportNetworkSuccess();

  const lang = currentLang();
  if (envelope && response.ok && isSuccessCode(envelope.code)) {
    return unwrapEnvelope(clean, envelope) as T;
  }
  let code: string;
  if (envelope) code = String(envelope.code);
  else if (response.status >= 500) code = Codes.SYSTEM_BUSY.code;
  else code = `http:${response.status}`;
  const message = envelope?.msg || codeMessage(code, lang);
  const asVisitor = visitor;
  if (asVisitor && VISIT_END_CODES.includes(code)) asVisitor.onEnded(code);
  let reaction = options.quiet || asVisitor ? null : reactionFor({ status: response.status, code, method });
  if (reaction?.kind === 'teamEvent' && aboutTeamLeftBehind(options)) reaction = null;
  throw fail(reaction, code, message, response.status, envelope?.result ?? envelope?.data);
}

/**
 * A call about a team the user is no longer on: once the removed/dissolved tip was acted on, answers of calls
 * still in flight for that team must not raise the tip again over the team the user moved to.
 */
function aboutTeamLeftBehind(options: RequestOptions): boolean {
  const body = options.body as { team_id?: unknown } | undefined;
  const teamId = options.query?.team_id ?? body?.team_id;
  return typeof teamId === 'string' && teamId !== getSession().team?.team_id;
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    request<T>('POST', path, { body, query }),
  put: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    request<T>('PUT', path, { body, query }),
  delete: <T>(path: string, body?: unknown, query?: Record<string, QueryValue>) =>
    request<T>('DELETE', path, { body, query }),
};
