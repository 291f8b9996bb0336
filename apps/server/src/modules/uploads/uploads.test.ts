import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Codes, DesignLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, type BuiltUser, buildTeam } from '../../test/factories.js';
import { pngBomb, pngOf, storedKeys } from '../../test/images.js';
import { fetchUptoken, postToStorage, type Uptoken } from '../../test/uploads.js';
import { uploads } from './tables.js';

let server: TestServer;
let team: BuiltTeam;
let uptoken: Uptoken;
let png: Buffer;

const filesRoot = () => path.join(server.ctx.config.dataDir, 'files');
const rowCount = async () =>
  (await server.ctx.db.select().from(uploads).where(eq(uploads.teamId, team.id))).length;

/** A refusal leaves no file (not even a temporary one) and no row behind. */
async function expectNothingStored(before: { files: string[]; rows: number }) {
  expect(await storedKeys(filesRoot())).toEqual(before.files);
  expect(await rowCount()).toBe(before.rows);
}
const snapshot = async () => ({ files: await storedKeys(filesRoot()), rows: await rowCount() });

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
  png = await pngOf(40, 30);
});
afterAll(() => server.close());

describe('GET oss/token', () => {
  it('answers a signed policy limited to the caller’s folder and the design size', () => {
    expect(uptoken.dir).toBe(`uploads/${team.id}/${team.owner.id}/`);
    const policy = JSON.parse(Buffer.from(uptoken.policy, 'base64').toString('utf8'));
    expect(Date.parse(policy.expiration)).toBeGreaterThan(Date.now());
    expect(policy.conditions).toContainEqual(['starts-with', '$key', uptoken.dir]);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, DesignLimits.designMaxBytes]);
    expect(uptoken).toMatchObject({ accessid: 'ferry-local', host: '/api/oss/upload' });
    expect(uptoken.signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('is refused to a team onlooker and to someone outside the team', async () => {
    const onlooker = await addMember(server.ctx, team, 'onlooker');
    const stranger = (await buildTeam(server.ctx)).owner;
    expect((await asUser(server.app, onlooker.token).get(`/api/oss/token?team_id=${team.id}`)).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect((await asUser(server.app, stranger.token).get(`/api/oss/token?team_id=${team.id}`)).code).toBe(
      Codes.TEAM_NOT_FOUND.code,
    );
  });
});

describe('the storage endpoint', () => {
  it('stores a PNG named .jpg as the PNG it is, and HEAD on its key finds it', async () => {
    const posted = await postToStorage(server.app, uptoken, { name: 'photo.jpg', data: png });
    expect(posted.status).toBe(204);
    const [row] = (await server.ctx.db.select().from(uploads)).filter((upload) => upload.key === posted.key);
    expect(row).toMatchObject({ fileType: 'png', size: png.length, userId: team.owner.id });
    const head = await server.app.inject({
      method: 'HEAD',
      url: `/api/oss/upload/${posted.key}`,
      headers: { authorization: `Basic ${Buffer.from(`${team.owner.token}:`).toString('base64')}` },
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(png.length);
  });

  it('answers HEAD with 404 for a missing key and for another user’s key', async () => {
    const other: BuiltUser = await addMember(server.ctx, team, 'member');
    const posted = await postToStorage(server.app, uptoken, { name: 'mine.png', data: png });
    const head = (key: string) =>
      server.app.inject({
        method: 'HEAD',
        url: `/api/oss/upload/${key}`,
        headers: { authorization: `Basic ${Buffer.from(`${other.token}:`).toString('base64')}` },
      });
    expect((await head(posted.key)).statusCode).toBe(404);
    expect((await head(`uploads/${team.id}/${other.id}/none.png`)).statusCode).toBe(404);
  });

  const refusals: [string, () => Promise<Awaited<ReturnType<typeof postToStorage>>>, number, string][] = [
    [
      'a forged signature',
      () =>
        postToStorage(
          server.app,
          uptoken,
          { name: 'a.png', data: png },
          { signature: 'Zm9yZ2Vk'.padEnd(44, 'A') },
        ),
      403,
      Codes.UPLOAD_POLICY_INVALID.code,
    ],
    [
      'a policy changed after signing',
      () => {
        const document = JSON.parse(Buffer.from(uptoken.policy, 'base64').toString('utf8'));
        document.conditions[1] = ['starts-with', '$key', 'uploads/'];
        const policy = Buffer.from(JSON.stringify(document)).toString('base64');
        return postToStorage(server.app, uptoken, { name: 'a.png', data: png }, { policy });
      },
      403,
      Codes.UPLOAD_POLICY_INVALID.code,
    ],
    [
      'a key outside the policy’s folder',
      () =>
        postToStorage(
          server.app,
          uptoken,
          { name: 'a.png', data: png },
          { key: `uploads/${team.id}/00000000-0000-4000-8000-000000000000/a.png` },
        ),
      403,
      Codes.UPLOAD_KEY_OUTSIDE.code,
    ],
    [
      'a key climbing out of the folder',
      () =>
        postToStorage(
          server.app,
          uptoken,
          { name: 'a.png', data: png },
          { key: `${uptoken.dir}../../x.png` },
        ),
      403,
      Codes.UPLOAD_KEY_OUTSIDE.code,
    ],
    [
      'an HTML file named .png',
      () =>
        postToStorage(server.app, uptoken, {
          name: 'page.png',
          data: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
        }),
      415,
      Codes.IMAGE_FORMAT_UNSUPPORTED.code,
    ],
    [
      'a decompression bomb (a tiny PNG declaring 100000×100000 px)',
      () => postToStorage(server.app, uptoken, { name: 'bomb.png', data: pngBomb() }),
      422,
      Codes.IMAGE_TOO_BIG_TO_PROCESS.code,
    ],
    [
      'an empty file',
      () => postToStorage(server.app, uptoken, { name: 'empty.png', data: Buffer.alloc(0) }),
      400,
      Codes.UPLOAD_SIZE_OUT_OF_RANGE.code,
    ],
  ];

  it.each(refusals)('refuses %s with its code and stores nothing', async (_label, post, status, code) => {
    const before = await snapshot();
    const answer = await post();
    expect({ status: answer.status, code: answer.code }).toEqual({ status, code });
    await expectNothingStored(before);
  });

  it.each([300, 2000])(
    'refuses a key whose file name has %i characters, in both languages',
    async (length) => {
      const before = await snapshot();
      const key = `${uptoken.dir}${'a'.repeat(length - 4)}.png`;
      const answer = await postToStorage(server.app, uptoken, { name: 'a.png', data: png }, { key });
      expect({ status: answer.status, code: answer.code }).toEqual({
        status: 400,
        code: Codes.INVALID_INPUT.code,
      });
      expect(answer.msg).toContain(`at most ${DesignLimits.fileNameMaxLength} characters`);
      const zh = await postToStorage(server.app, uptoken, { name: 'a.png', data: png }, { key }, 'zh-CN');
      expect(zh.msg).toBe('上传失败：文件名称过长，请修改后重试');
      await expectNothingStored(before);
      // A name at the limit is stored.
      const longest = `${uptoken.dir}${randomUUID().padEnd(DesignLimits.fileNameMaxLength - 4, 'b')}.png`;
      expect(
        (await postToStorage(server.app, uptoken, { name: 'a.png', data: png }, { key: longest })).status,
      ).toBe(204);
    },
  );

  it('refuses an expired policy', async () => {
    const before = await snapshot();
    server.advance(DesignLimits.uploadPolicyTtlMs + 1000);
    try {
      const answer = await postToStorage(server.app, uptoken, { name: 'late.png', data: png });
      expect({ status: answer.status, code: answer.code }).toEqual({
        status: 403,
        code: Codes.UPLOAD_POLICY_EXPIRED.code,
      });
    } finally {
      server.advance(-(DesignLimits.uploadPolicyTtlMs + 1000));
    }
    await expectNothingStored(before);
  });

  it('refuses a file over 100 MB while streaming it, keeping nothing of it', async () => {
    const before = await snapshot();
    const oversized = Buffer.alloc(DesignLimits.designMaxBytes + 1);
    png.copy(oversized);
    const answer = await postToStorage(server.app, uptoken, { name: 'huge.png', data: oversized });
    expect({ status: answer.status, code: answer.code }).toEqual({
      status: 413,
      code: Codes.DESIGN_TOO_LARGE.code,
    });
    await expectNothingStored(before);
  });

  it('never lets a second upload replace a stored key', async () => {
    const first = await postToStorage(server.app, uptoken, { name: 'a.png', data: png });
    const again = await postToStorage(
      server.app,
      uptoken,
      { name: 'a.png', data: await pngOf(5, 5) },
      { key: first.key },
    );
    expect(again.status).toBe(400);
    expect(await server.ctx.files.read(first.key)).toEqual(png);
  });
});
