import { DesignLimits, type Uptoken } from '@ferry/shared';
import type { S3Config } from '../../config.js';
import { fail } from '../../http/errors.js';
import { bucketUrl } from '../storage/s3-store.js';
import { ALGORITHM, amzDate, credentialOf, signPostPolicy } from '../storage/sigv4.js';
import type { Grant, PostPolicySigner } from './post-policy.js';

/**
 * S3 browser-based POST (Signature V4): the policy limits the bucket, the key (the caller's folder, or one
 * key), the size and the signing fields; the browser posts `key`, `policy`, every entry of `fields`, then
 * `file` to the bucket, and S3 checks it all. Content checks (type, pixel size) happen at registration.
 */
export class S3PostPolicySigner implements PostPolicySigner {
  constructor(private readonly config: S3Config) {}

  readonly cloudType = 's3';

  get host() {
    return bucketUrl(this.config);
  }

  issue(options: { dir?: string; key?: string; now: Date }): Uptoken {
    const expiresAt = new Date(options.now.getTime() + DesignLimits.uploadPolicyTtlMs);
    const signing = {
      'x-amz-algorithm': ALGORITHM,
      'x-amz-credential': credentialOf(this.config, options.now),
      'x-amz-date': amzDate(options.now),
    };
    const document = {
      expiration: expiresAt.toISOString(),
      conditions: [
        { bucket: this.config.bucket },
        options.key ? ['eq', '$key', options.key] : ['starts-with', '$key', options.dir ?? ''],
        ['content-length-range', 1, DesignLimits.designMaxBytes],
        ...Object.entries(signing).map(([name, value]) => ({ [name]: value })),
      ],
    };
    const policy = Buffer.from(JSON.stringify(document)).toString('base64');
    const signature = signPostPolicy(this.config, options.now, policy);
    return {
      accessid: this.config.accessKeyId,
      host: this.host,
      policy,
      signature,
      dir: options.dir ?? options.key ?? '',
      expire: Math.floor(expiresAt.getTime() / 1000),
      bucket_name: this.config.bucket,
      max_size: DesignLimits.designMaxBytes,
      cloud_type: 's3',
      fields: { ...signing, 'x-amz-signature': signature },
    };
  }

  /** The bucket checks S3 policies; Ferry's own upload endpoint accepts none in S3 mode. */
  verify(): Grant {
    throw fail('UPLOAD_POLICY_INVALID');
  }
}
