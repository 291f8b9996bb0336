import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_BUCKET, DesignLimits, type Uptoken } from '@ferry/shared';
import { fail } from '../../http/errors.js';
import { isValidKey } from '../storage/files.js';

/** Where the browser posts files when Ferry stores them itself (no S3 configured). */
export const LOCAL_UPLOAD_PATH = '/api/oss/upload';
export const LOCAL_ACCESS_ID = 'ferry-local';

/** Every key a user uploads into a team lives under this folder. */
/** Every uploaded original lives below this folder, in one per team and user. */
export const UPLOADS_ROOT = 'uploads/';
export const uploadDir = (teamId: string, userId: string) => `${UPLOADS_ROOT}${teamId}/${userId}/`;

/** What a verified policy lets the bearer store. */
export interface Grant {
  key: string;
  minSize: number;
  maxSize: number;
}

/**
 * Issues and checks POST policies. Either way the browser posts `key`, `policy`, every entry of the
 * uptoken's `fields`, then `file` to `host`. The local signer's policies are checked by Ferry's upload
 * endpoint; the S3 signer (s3-post-policy.ts) answers a presigned POST and the bucket checks it.
 */
export interface PostPolicySigner {
  /** What `oss/bucket` reports: `local` or `s3`. */
  readonly cloudType: Uptoken['cloud_type'];
  /** Where the browser posts. */
  readonly host: string;
  issue(options: { dir?: string; key?: string; now: Date; bucket?: string }): Uptoken;
  verify(fields: Record<string, string | undefined>, now: Date): Grant;
}

type Condition = [string, string | number, string | number] | Record<string, string>;

export class LocalPostPolicySigner implements PostPolicySigner {
  constructor(private readonly secret: Buffer) {}

  readonly cloudType = 'local';
  readonly host = LOCAL_UPLOAD_PATH;

  private sign(policy: string): string {
    return createHmac('sha256', this.secret).update(policy).digest('base64');
  }

  /** A policy for any key under `dir`, or for exactly `key`. */
  issue(options: { dir?: string; key?: string; now: Date; bucket?: string }): Uptoken {
    const expiresAt = new Date(options.now.getTime() + DesignLimits.uploadPolicyTtlMs);
    const bucket = options.bucket ?? DEFAULT_BUCKET;
    const keyCondition: Condition = options.key
      ? ['eq', '$key', options.key]
      : ['starts-with', '$key', options.dir ?? ''];
    const document = {
      expiration: expiresAt.toISOString(),
      conditions: [
        { bucket },
        keyCondition,
        ['content-length-range', 1, DesignLimits.designMaxBytes],
      ] satisfies Condition[],
    };
    const policy = Buffer.from(JSON.stringify(document)).toString('base64');
    const signature = this.sign(policy);
    return {
      accessid: LOCAL_ACCESS_ID,
      host: LOCAL_UPLOAD_PATH,
      policy,
      signature,
      dir: options.dir ?? options.key ?? '',
      expire: Math.floor(expiresAt.getTime() / 1000),
      bucket_name: bucket,
      max_size: DesignLimits.designMaxBytes,
      cloud_type: 'local',
      fields: { OSSAccessKeyId: LOCAL_ACCESS_ID, signature },
    };
  }

  /** Signature, then expiry, then the key: a refusal names the first rule broken. */
  verify(fields: Record<string, string | undefined>, now: Date): Grant {
    const { key, policy, signature } = fields;
    const accessId = fields.OSSAccessKeyId ?? fields.accessid;
    if (!key || !policy || !signature || accessId !== LOCAL_ACCESS_ID) throw fail('UPLOAD_POLICY_INVALID');
    const expected = Buffer.from(this.sign(policy));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw fail('UPLOAD_POLICY_INVALID');
    const document = parseDocument(policy);
    if (!(Date.parse(document.expiration) > now.getTime())) throw fail('UPLOAD_POLICY_EXPIRED');
    let minSize = 0;
    let maxSize: number = DesignLimits.designMaxBytes;
    let keyAllowed = false;
    for (const condition of document.conditions) {
      if (!Array.isArray(condition)) continue;
      const [operator, first, second] = condition;
      if (operator === 'starts-with' && first === '$key') keyAllowed = key.startsWith(String(second));
      if (operator === 'eq' && first === '$key') keyAllowed = key === String(second);
      if (operator === 'content-length-range') {
        minSize = Number(first);
        maxSize = Math.min(Number(second), DesignLimits.designMaxBytes);
      }
    }
    if (!keyAllowed || !isValidKey(key)) throw fail('UPLOAD_KEY_OUTSIDE');
    return { key, minSize, maxSize };
  }
}

function parseDocument(policy: string): { expiration: string; conditions: Condition[] } {
  try {
    const parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
    if (typeof parsed?.expiration !== 'string' || !Array.isArray(parsed.conditions)) throw new Error();
    return parsed;
  } catch {
    throw fail('UPLOAD_POLICY_INVALID');
  }
}
