import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type FakeS3, startFakeS3 } from '../../test/s3.js';

/** A file served as an attachment keeps its name (Chinese included) and that name cannot be changed in the link. */
const NAME = '首页 "v2"-ios@2x-slices.zip';
const DISPOSITION = `attachment; filename="__ _v2_-ios@2x-slices.zip"; filename*=UTF-8''%E9%A6%96%E9%A1%B5%20%22v2%22-ios%402x-slices.zip`;
const DIR = 'variants/0123456789abcdef0123456789abcdef';
const expiry = () => new Date(Date.now() + 3600_000);

describe('downloads from the local file store', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves a file as a named attachment only with the name it was signed for', async () => {
    const key = `${DIR}/slices/a.zip`;
    await server.ctx.files.put(key, Buffer.from('zip bytes'));
    const url = server.ctx.files.signedUrl(key, expiry(), { downloadName: NAME });
    const named = await server.app.inject({ method: 'GET', url });
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-disposition']).toBe(DISPOSITION);
    expect(named.body).toBe('zip bytes');

    const renamed = url.replace(/download=[^&]+/, 'download=other.zip');
    expect((await server.app.inject({ method: 'GET', url: renamed })).statusCode).toBe(403);
    const unnamed = url.replace(/download=[^&]+&/, '');
    expect((await server.app.inject({ method: 'GET', url: unnamed })).statusCode).toBe(403);

    const plain = await server.app.inject({ method: 'GET', url: server.ctx.files.signedUrl(key, expiry()) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-disposition']).toBeUndefined();
  });

  it('removes a folder with everything in it, and nothing beside it', async () => {
    const files = server.ctx.files;
    for (const key of [`${DIR}/full.webp`, `${DIR}/artboard-1/org.png`, `${DIR}/slices/b.zip`]) {
      await files.put(key, Buffer.from(key));
    }
    await files.put(`${DIR}0/full.webp`, Buffer.from('a neighbour whose name starts alike'));
    await files.removeUnder(`${DIR}/`);
    expect(await files.stat(`${DIR}/full.webp`)).toBeNull();
    expect(await files.stat(`${DIR}/artboard-1/org.png`)).toBeNull();
    expect(await files.stat(`${DIR}/slices/b.zip`)).toBeNull();
    expect(await files.stat(`${DIR}0/full.webp`)).not.toBeNull();
  });
});

describe('downloads from an S3 bucket', () => {
  let s3: FakeS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startTestServer(s3.env);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('presigns the attachment name as response-content-disposition, which the bucket answers', async () => {
    const key = `${DIR}/slices/c.zip`;
    await server.ctx.files.put(key, Buffer.from('zip from the bucket'));
    const url = server.ctx.files.signedUrl(key, expiry(), { downloadName: NAME });
    expect(new URL(url).searchParams.get('response-content-disposition')).toBe(DISPOSITION);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(DISPOSITION);
    expect(await response.text()).toBe('zip from the bucket');
  });

  it('removes a folder page by page', async () => {
    const files = server.ctx.files;
    await files.put(`${DIR}/p25.webp`, Buffer.from('1'));
    await files.put(`${DIR}/artboard-0/layers.json`, Buffer.from('{}'));
    await files.put(`${DIR}0/p25.webp`, Buffer.from('neighbour'));
    await files.removeUnder(`${DIR}/`);
    expect(await files.stat(`${DIR}/p25.webp`)).toBeNull();
    expect(await files.stat(`${DIR}/artboard-0/layers.json`)).toBeNull();
    expect(await files.stat(`${DIR}0/p25.webp`)).not.toBeNull();
  });
});
