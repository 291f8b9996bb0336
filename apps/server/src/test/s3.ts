import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface FakeS3 {
  /** The S3_* settings pointing Ferry at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * s3rver, an S3-compatible server in this process, on a free loopback port with one empty bucket. It speaks
 * the REST and browser POST calls for real but checks neither V4 signatures nor POST policies; the signing
 * itself is checked against AWS's published examples.
 */
export async function startFakeS3(bucket = 'ferry-test'): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ferry-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
