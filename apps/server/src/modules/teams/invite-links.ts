import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Limits } from '@ferry/shared';
import { fail } from '../../http/errors.js';

/** The share-link payload of spec 002 §3, carried in the link and covered by its signature. */
export interface InvitePayload {
  date: string;
  team_id: string;
  team_name: string;
  project_ids: string[];
  role: string;
  avatar: string;
  username: string;
  color: string;
  invite_id: string;
  by: 'share_link' | 'email';
  s: 'team_link';
  review: boolean;
}

export interface SignedInvite {
  inviteSign: string;
  time: number;
  token: string;
}

/** 128 random bits: the id an admin's reset revokes. */
export const newInviteId = () => randomBytes(16).toString('base64url');

const signatureOf = (secret: Buffer, token: string, time: number) =>
  createHmac('sha256', secret).update(`${token}.${time}`).digest('base64url');

export function signInvite(secret: Buffer, payload: InvitePayload, now: Date): SignedInvite {
  const token = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const time = Math.floor(now.getTime() / 1000);
  return { token, time, inviteSign: signatureOf(secret, token, time) };
}

/**
 * Checks the signature first (a changed role, team or time is "invalid"), then the 1209600 s validity
 * (spec 000 §9: "expired or reset"). Whether the invite id was reset is the caller's database check.
 */
export function verifyInvite(secret: Buffer, link: SignedInvite, now: Date): InvitePayload {
  const expected = Buffer.from(signatureOf(secret, link.token, link.time));
  const given = Buffer.from(String(link.inviteSign));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw fail('INVITE_INVALID');
  let payload: InvitePayload;
  try {
    payload = JSON.parse(Buffer.from(link.token, 'base64url').toString('utf8'));
  } catch {
    throw fail('INVITE_INVALID');
  }
  if (typeof payload?.invite_id !== 'string' || typeof payload.team_id !== 'string')
    throw fail('INVITE_INVALID');
  const ageSeconds = now.getTime() / 1000 - link.time;
  if (ageSeconds > Limits.invitationValiditySeconds || ageSeconds < -300) throw fail('INVITE_EXPIRED');
  return payload;
}

export function inviteUrl(publicUrl: string, link: SignedInvite): string {
  const query = new URLSearchParams({
    inviteSign: link.inviteSign,
    time: String(link.time),
    token: link.token,
  });
  return `${publicUrl.replace(/\/$/, '')}/web/#/user/invite?${query}`;
}
