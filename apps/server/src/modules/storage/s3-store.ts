import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import {
  attachmentDisposition,
  type FileStore,
  isValidKey,
  keyAfter,
  type SignedUrlOptions,
} from './files.js';
import { presignGet } from './sigv4.js';
import { CONTENT_TYPES, sniffType } from './sniff.js';

/**
 * Presigned URLs are signed as of the start of the (UTC) day, like the expiry times callers pass, so an
 * image's URL stays the same all day and the browser's cache keeps working.
 */
const SIGNING_STEP_MS = 24 * 3600 * 1000;

const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure?.name === 'NotFound' ||
    failure?.name === 'NoSuchKey' ||
    failure?.$metadata?.httpStatusCode === 404
  );
};

/** The URL of an object: ENDPOINT/BUCKET/KEY with path style, BUCKET.HOST/KEY otherwise. */
export function bucketUrl(config: S3Config): string {
  const endpoint = new URL(config.endpoint);
  if (config.forcePathStyle) return `${config.endpoint}/${config.bucket}`;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
}

/**
 * Files in an S3-compatible bucket, behind the same calls as the local store. Objects are written whole by
 * PutObject, so a failed write leaves nothing under the key and there are no temporary files to sweep.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly base: string;

  constructor(
    private readonly config: S3Config,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.base = bucketUrl(config);
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 demands them: many S3-compatible servers reject the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private object(key: string) {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return { Bucket: this.config.bucket, Key: key };
  }

  async put(key: string, data: Buffer) {
    const type = sniffType(data);
    await this.client.send(
      new PutObjectCommand({
        ...this.object(key),
        Body: data,
        ContentType: type ? CONTENT_TYPES[type] : 'application/octet-stream',
      }),
    );
  }

  /**
   * PutObject needs the length up front, so the stream is gathered first; callers bound it (the upload
   * receiver stops at the design size limit). In S3 mode browsers post to the bucket itself, so this only
   * serves server-side writes.
   */
  async putStream(
    key: string,
    source: AsyncIterable<Buffer>,
    beforeCommit?: (size: number) => Promise<void>,
  ): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(chunk);
    const data = Buffer.concat(chunks);
    await beforeCommit?.(data.length);
    await this.put(key, data);
    return data.length;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    if (!isValidKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand(this.object(key)));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async sweepTemporary(): Promise<number> {
    return 0;
  }

  private async get(key: string, range?: string): Promise<Buffer | null> {
    if (!isValidKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ ...this.object(key), Range: range }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return null;
      // A range on an empty object is "not satisfiable": the object is there and has no bytes.
      if ((error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 416)
        return Buffer.alloc(0);
      throw error;
    }
  }

  read(key: string): Promise<Buffer | null> {
    return this.get(key);
  }

  async readHead(key: string, length: number): Promise<Buffer | null> {
    const data = await this.get(key, `bytes=0-${length - 1}`);
    // A server that ignores Range sends the whole object.
    return data ? data.subarray(0, length) : null;
  }

  async *listWrittenBefore(prefix: string, before: Date): AsyncIterable<string[]> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? [])
        .filter((object) => object.Key && object.LastModified && object.LastModified < before)
        .map((object) => object.Key as string);
      if (keys.length > 0) yield keys;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand(this.object(key)));
  }

  async removeUnder(prefix: string) {
    if (!prefix.endsWith('/')) throw new Error(`not a folder: ${prefix}`);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) await this.remove(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A presigned GET URL of the bucket itself: the browser fetches the file from S3, not through Ferry. */
  signedUrl(key: string, expiresAt: Date, options: SignedUrlOptions = {}): string {
    this.object(key);
    const now = this.clock().getTime();
    const signedAt = new Date(now - (now % SIGNING_STEP_MS));
    const seconds = Math.ceil((expiresAt.getTime() - signedAt.getTime()) / 1000);
    // S3 sets the response header named by a signed `response-*` parameter.
    const response: Record<string, string> = options.downloadName
      ? { 'response-content-disposition': attachmentDisposition(options.downloadName) }
      : {};
    return presignGet(this.config, new URL(`${this.base}/${key}`), signedAt, seconds, response);
  }

  keyOfUrl(url: string): string | null {
    return keyAfter(url, `${this.base}/`);
  }

  /** Ferry's own /files/ URLs are never issued in S3 mode. */
  verify(): boolean {
    return false;
  }
}
