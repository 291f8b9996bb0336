import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Codes, DesignLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { pngOf } from '../../test/images.js';
import { RawConnection, requestHead } from '../../test/raw-http.js';
import { fetchUptoken, policyForm, type Uptoken } from '../../test/uploads.js';
import { uploads } from './tables.js';

/** The storage endpoint over real sockets: bodies cut off, refused early, or followed by another request. */
let server: TestServer;
let team: BuiltTeam;
let uptoken: Uptoken;
let port: number;
let png: Buffer;
/** A PNG padded to 2 MB, so its body is still on its way when the server has seen its first bytes. */
let bigPng: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
  port = Number(new URL((await server.listen()).replace(/^ws/, 'http')).port);
  png = await pngOf(40, 30);
  bigPng = Buffer.alloc(2 * 1024 * 1024);
  png.copy(bigPng);
});
afterAll(() => server.close());

const newKey = () => `${uptoken.dir}${randomUUID()}.png`;
const temporaryFiles = () =>
  readdir(path.join(server.ctx.config.dataDir, 'files', '.tmp')).catch(() => [] as string[]);
const rowsOf = (key: string) => server.ctx.db.select().from(uploads).where(eq(uploads.key, key));

function uploadForm(key: string, data: Buffer) {
  const fields = {
    key,
    policy: uptoken.policy,
    OSSAccessKeyId: uptoken.accessid,
    signature: uptoken.signature,
  };
  return policyForm(fields, { name: 'design.png', data });
}

/** Opens a connection and sends the head of an upload with the given Content-Length, then `body`. */
async function startUpload(form: ReturnType<typeof uploadForm>, body: Buffer, contentLength: number) {
  const connection = await RawConnection.open(port);
  const head = { ...form.headers, 'content-length': contentLength, 'accept-language': 'en-US' };
  await connection.write(requestHead('POST', uptoken.host, head));
  await connection.write(body);
  return connection;
}

async function postWhole(key: string, data: Buffer) {
  const form = uploadForm(key, data);
  const connection = await startUpload(form, form.payload, form.payload.length);
  const answer = await connection.response();
  connection.destroy();
  return answer;
}

describe('a body that never arrives whole', () => {
  it('is refused with 400 when its multipart form never closes, and leaves nothing behind', async () => {
    const key = newKey();
    const form = uploadForm(key, bigPng);
    // Every declared byte arrives, but the closing boundary (and the file's last bytes) never do.
    const cut = form.payload.subarray(0, form.payload.length - 100);
    const connection = await startUpload(form, cut, cut.length);
    const answer = await connection.response();
    connection.destroy();

    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body);
    expect(body.code).toBe(Codes.INVALID_INPUT.code);
    expect(body.msg).toMatch(/incomplete/);
    expect(await temporaryFiles()).toEqual([]);
    expect(await rowsOf(key)).toEqual([]);
  });

  it('is answered 4xx when the client ends early, and its key can be posted at once', async () => {
    const key = newKey();
    const form = uploadForm(key, bigPng);
    const connection = await startUpload(form, form.payload.subarray(0, 1024 * 1024), form.payload.length);
    await vi.waitFor(async () => expect(await temporaryFiles()).toHaveLength(1));
    connection.socket.end();
    const answer = await connection.response().catch(() => null);
    if (answer) expect(answer.status).toBeGreaterThanOrEqual(400);
    if (answer) expect(answer.status).toBeLessThan(500);
    connection.destroy();

    expect((await postWhole(key, png)).status).toBe(204);
    await vi.waitFor(async () => expect(await temporaryFiles()).toEqual([]));
    expect((await rowsOf(key)).map((row) => row.size)).toEqual([png.length]);
  });
});

describe('an upload cut mid-body', () => {
  it('holds its key for nobody: the same key posted meanwhile is stored, and the cut one leaves nothing', async () => {
    const key = newKey();
    const form = uploadForm(key, bigPng);
    const cut = await startUpload(form, form.payload.subarray(0, 1024 * 1024), form.payload.length);
    // The server is writing the first upload to its temporary file.
    await vi.waitFor(async () => expect(await temporaryFiles()).toHaveLength(1));

    expect((await postWhole(key, png)).status).toBe(204);
    cut.destroy();

    await vi.waitFor(async () => expect(await temporaryFiles()).toEqual([]));
    expect((await rowsOf(key)).map((row) => row.size)).toEqual([png.length]);
    expect(await server.ctx.files.read(key)).toEqual(png);
  });
});

describe('an upload refused before its body is read', () => {
  it('reads the rest of the body, so the next request on the connection is answered', async () => {
    const html = Buffer.concat([Buffer.from('<!doctype html><html>'), Buffer.alloc(1024 * 1024, 0x20)]);
    const form = uploadForm(newKey(), html);
    const connection = await startUpload(form, form.payload, form.payload.length);
    await connection.write(requestHead('GET', '/no-such-page'));

    const refused = await connection.response();
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body).code).toBe(Codes.IMAGE_FORMAT_UNSUPPORTED.code);
    const next = await connection.response();
    expect(next.status).toBe(404);
    connection.destroy();
  });

  it('closes the connection cleanly after refusing a body larger than any upload', async () => {
    const form = uploadForm(newKey(), png);
    const connection = await startUpload(form, Buffer.alloc(0), DesignLimits.designMaxBytes * 2);

    const refused = await connection.response();
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    expect(await connection.end()).toBe('closed');
  });
});
