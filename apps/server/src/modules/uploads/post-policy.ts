import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_BUCKET, DesignLimits, type Uptoken } from '@ferry/shared';
import { fail } from '../../http/errors.js';
import { isValidKey } from '../storage/files.js';

/** Where the browser posts files when Ferry stores them itself (no S3 configured). */
export const LOCAL_UPLOAD_PATH = '/api/oss/upload';
export const LOCAL_ACCESS_ID = 'ferry-local';

/** Every key a user uploads into a team lives under this folder. */
export const uploadDir = (teamId: string, userId: string) => `uploads/${teamId}/${userId}/`;

/** What a verified policy lets the bearer store. */
export interface Grant {
  key: string;
  minSize: number;
  maxSize: number;
}

/**
 * Issues and checks OSS-style POST policies. The local store verifies them in Ferry's upload endpoint; an
 * S3 store would answer a presigned POST from `issue` instead and let S3 check it (not built yet: with
 * S3_* unset, which is the only mode today, the local signer is used).
 */
export interface PostPolicySigner {
  issue(options: { dir?: string; key?: string; now: Date; bucket?: string }): Uptoken;
  verify(fields: Record<string, string | undefined>, now: Date): Grant;
}

type Condition = [string, string | number, string | number] | Record<string, string>;

export class LocalPostPolicySigner implements PostPolicySigner {
  constructor(private readonly secret: Buffer) {}

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
    return {
      accessid: LOCAL_ACCESS_ID,
      host: LOCAL_UPLOAD_PATH,
      policy,
      signature: this.sign(policy),
      dir: options.dir ?? options.key ?? '',
      expire: Math.floor(expiresAt.getTime() / 1000),
      bucket_name: bucket,
      max_size: DesignLimits.designMaxBytes,
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
