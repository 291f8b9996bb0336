import { constants, publicEncrypt } from 'node:crypto';
import type { LoginResult, TeamInfo, TeamRole } from '@ferry/shared';
import { configure } from '@testing-library/react';
import { beforeEach, inject, vi } from 'vitest';
import type { InviteLink } from '../api/teams';
import { applyLogin } from '../state/session';
import { describeRequest, type SeenRequest } from './http';

/** Node's fetch, before any test replaces it: for set-up calls the app's recorded calls leave out. */
export const nodeFetch = globalThis.fetch;

/** The origin of the real server started once for the web project (test/server-global-setup.ts). */
export const serverUrl = (): string => inject('ferryServerUrl');

export interface SeededUser {
  token: string;
  userId: string;
  email: string;
  password: string;
  name: string;
}

let serial = 0;
/** A name no other test of the run uses (the tests share one server). */
export const unique = (name: string) => `${name}${Date.now().toString(36)}${(serial++).toString(36)}`;

/** A refusal of the seeding API: the test set-up itself is wrong. */
class SeedError extends Error {}

/** The server's answer to a call made from the test itself: HTTP status, code, message and payload. */
export async function answerTo<T>(
  user: { token: string } | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': 'en-US' };
  if (user) headers.Authorization = `Basic ${btoa(`${user.token}:`)}`;
  const response = await nodeFetch(`${serverUrl()}/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: string; msg: string; result?: T; data?: T };
  return {
    status: response.status,
    code: envelope.code,
    msg: envelope.msg,
    payload: envelope.result ?? envelope.data,
  };
}

/** Calls the real API as `user` (or anonymously); answers the envelope's payload, throws on any refusal. */
export async function callAs<T>(
  user: { token: string } | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const answer = await answerTo<T>(user, method, path, body);
  if (answer.code !== '00000') throw new SeedError(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.payload as T;
}

/**
 * A new account with a session, as registration makes them (see test/server-global-setup.ts); `name` must be
 * a valid user name.
 */
export async function newAccount(name = 'Ada', status?: 'unactivated'): Promise<SeededUser> {
  const email = `${unique(name).toLowerCase()}@example.com`;
  const response = await nodeFetch(inject('ferryAccountsUrl'), {
    method: 'POST',
    body: JSON.stringify({ email, name, status }),
  });
  if (!response.ok) throw new SeedError(`account for ${email}: ${await response.text()}`);
  const account = (await response.json()) as { id: string; token: string; password: string };
  return { token: account.token, userId: account.id, email, password: account.password, name };
}

export const createTeam = (owner: SeededUser, name: string) =>
  callAs<TeamInfo>(owner, 'POST', 'account/team', { name });

export const inviteLink = (owner: SeededUser, teamId: string, role: TeamRole = 'member', review = false) =>
  callAs<InviteLink>(
    owner,
    'GET',
    `account/team_invite_link?team_id=${teamId}&role=${role}${review ? '&review=true' : ''}`,
  );

/** `user` joins the team of `link`, as the invitation landing does. */
export const joinByLink = (user: SeededUser, link: InviteLink) =>
  callAs<TeamInfo>(user, 'POST', 'account/join_by_link', {
    inviteSign: link.inviteSign,
    time: link.time,
    token: link.token,
  });

/** A password as the passport calls take it: RSA-OAEP (SHA-256) with the server's key, as WebCrypto makes it. */
export async function encryptForServer(plain: string): Promise<string> {
  const { public_key } = await callAs<{ public_key: string }>(null, 'GET', 'account/public_key');
  return publicEncrypt(
    { key: public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain, 'utf8'),
  ).toString('base64');
}

/** `user` changes their password from another device: the server ends their other sessions (HTTP 420). */
export async function changePasswordElsewhere(user: SeededUser, newPassword: string): Promise<SeededUser> {
  const elsewhere = await callAs<LoginResult>(null, 'POST', 'account/login', {
    email: user.email,
    password: user.password,
  });
  await callAs(elsewhere, 'POST', 'passport/modify_account_password', {
    old_password: await encryptForServer(user.password),
    new_password: await encryptForServer(newPassword),
  });
  return { ...user, token: elsewhere.token, password: newPassword };
}

/** The landing address of an invitation link, as the app routes it. */
export const inviteLanding = (link: InviteLink) =>
  `/user/invite?${new URLSearchParams({ inviteSign: link.inviteSign, time: String(link.time), token: link.token })}`;

/**
 * Keeps `user`'s session on this page as the sign-in screen does, with the teams and team status the server
 * answers now (the account's own session: a sign-in would cost a full-strength password hash).
 */
export async function signInHere(user: SeededUser): Promise<LoginResult> {
  const summary = await callAs<Omit<LoginResult, 'token'>>(user, 'GET', 'account/login');
  const login = { ...summary, token: user.token };
  applyLogin(login);
  return login;
}

let replacement: ((request: SeenRequest) => Response | null) | null = null;

/**
 * Answers the calls `handler` picks (a non-null Response) in the server's place, the rest still reaching the
 * server: only for answers the real server cannot give on demand (its own failure, a broken proxy).
 */
export function replaceAnswers(handler: (request: SeenRequest) => Response | null): void {
  replacement = handler;
}

/**
 * Points the app at the real server for every test of the file: its same-origin calls (`/api/…`) go to the
 * server's origin, as they would from a page it served. Answers the calls seen, oldest first, emptied before
 * each test.
 */
export function useRealServer(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  // Sign-in, registration and password changes hash at full strength, which takes seconds on a busy machine:
  // waits for the screen after such a call get the time, as do tests that seed a team with a project.
  configure({ asyncUtilTimeout: 15_000 });
  vi.setConfig({ testTimeout: 60_000 });
  beforeEach(() => {
    seen.length = 0;
    replacement = null;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request = describeRequest(input, init);
      seen.push(request);
      const replaced = replacement?.(request);
      if (replaced) return replaced;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      // jsdom's AbortSignal is not Node's: the call is dropped by rejecting, as an aborted fetch would.
      const { signal, ...rest } = init;
      const answer = nodeFetch(new URL(url, serverUrl()), rest);
      if (!signal) return answer;
      return new Promise<Response>((resolve, reject) => {
        const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
        if (signal.aborted) abort();
        signal.addEventListener('abort', abort, { once: true });
        answer.then(resolve, reject);
      });
    });
  });
  return seen;
}
