import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4, the two pieces Ferry signs itself: a browser POST policy and a presigned GET URL.
 * Both are an HMAC chain over one string, so node:crypto does them in a few lines and synchronously
 * (`FileStore.signedUrl` is synchronous, the SDK's presigner is not), under Ferry's own clock, and checked
 * against AWS's published examples in the tests. The REST calls (put, get, head, delete) go through
 * @aws-sdk/client-s3, which brings retries, error parsing and endpoint handling.
 */
export const ALGORITHM = 'AWS4-HMAC-SHA256';

/** Presigned URLs live at most 7 days on S3. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export interface SigningIdentity {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** `20130524T000000Z` */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export const credentialOf = (identity: SigningIdentity, date: Date) =>
  `${identity.accessKeyId}/${amzDate(date).slice(0, 8)}/${identity.region}/s3/aws4_request`;

function signingKey(identity: SigningIdentity, date: Date): Buffer {
  const day = hmac(`AWS4${identity.secretAccessKey}`, amzDate(date).slice(0, 8));
  return hmac(hmac(hmac(day, identity.region), 's3'), 'aws4_request');
}

/** The `x-amz-signature` of a POST form: the base64 policy signed with the day's key, hex. */
export function signPostPolicy(identity: SigningIdentity, date: Date, policyBase64: string): string {
  return createHmac('sha256', signingKey(identity, date)).update(policyBase64).digest('hex');
}

/** RFC 3986 encoding, as SigV4 canonicalises names and values. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A GET URL for `objectUrl` (no query) that S3 honours from `date` for `expiresSeconds`; `extraQuery` adds
 * signed parameters (`response-content-disposition`).
 */
export function presignGet(
  identity: SigningIdentity,
  objectUrl: URL,
  date: Date,
  expiresSeconds: number,
  extraQuery: Record<string, string> = {},
): string {
  const path = objectUrl.pathname.split('/').map((segment) => encode(decodeURIComponent(segment)));
  const query = {
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': credentialOf(identity, date),
    'X-Amz-Date': amzDate(date),
    'X-Amz-Expires': String(Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor(expiresSeconds)))),
    'X-Amz-SignedHeaders': 'host',
    ...extraQuery,
  };
  const queryString = Object.entries(query)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  const canonicalRequest = [
    'GET',
    path.join('/'),
    queryString,
    `host:${objectUrl.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = credentialOf(identity, date).split('/').slice(1).join('/');
  const stringToSign = [
    ALGORITHM,
    amzDate(date),
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signature = createHmac('sha256', signingKey(identity, date)).update(stringToSign).digest('hex');
  return `${objectUrl.origin}${path.join('/')}?${queryString}&X-Amz-Signature=${signature}`;
}
