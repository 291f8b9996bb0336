import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { ShareLimits } from '@ferry/shared';
import { hashToken } from '../account/sessions.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62: bytes ≥ 248 are skipped, so no character is likelier than another. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** A new link's short id, its secret (22 base62 characters: 130 random bits) and the secret's hash. */
export function newLinkCode() {
  const shortId = randomBase62(ShareLimits.shortIdLength);
  const secret = randomBase62(ShareLimits.secretLength);
  return { shortId, code: `${shortId}${secret}`, secretHash: hashToken(secret) };
}

/** Splits a code; anything not shaped like one is null. */
export function splitCode(code: string): { shortId: string; secret: string } | null {
  const length = ShareLimits.shortIdLength + ShareLimits.secretLength;
  if (code.length !== length || !/^[0-9A-Za-z]+$/.test(code)) return null;
  return { shortId: code.slice(0, ShareLimits.shortIdLength), secret: code.slice(ShareLimits.shortIdLength) };
}

export const isShortId = (value: string) =>
  value.length === ShareLimits.shortIdLength && /^[0-9A-Za-z]+$/.test(value);

/** Whether the secret is the one whose hash is stored, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashToken(secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export const shareAppPath = (code: string) => `/web/#/share/${code}`;

/** The network an address belongs to: /24 of IPv4, /48 of IPv6. The full address is never kept. */
export function ipPrefix(ip: string): string {
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(plain)) return 'unknown';
  const [head, tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 3)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/48`;
}

/**
 * A visitor token: 256 random bits, stored hashed. Its prefix holds a character no session token has, so a
 * request names which kind of caller it is before anything is looked up.
 */
const VISITOR_TOKEN_PREFIX = 'share.';
export const newVisitorToken = () =>
  `${VISITOR_TOKEN_PREFIX}${randomBytes(ShareLimits.visitorTokenBytes).toString('base64url')}`;
export const isVisitorToken = (token: string) => token.startsWith(VISITOR_TOKEN_PREFIX);
