import { randomUUID } from 'node:crypto';
import { Codes, DesignLimits, Limits, type Uptoken } from '@ferry/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { purgeTrash } from '../../jobs/purge-trash.js';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, buildTeam } from '../../test/factories.js';
import { type FakeS3, startFakeS3 } from '../../test/s3.js';
import { postToStorage } from '../../test/uploads.js';
import { presignGet, signPostPolicy } from '../storage/sigv4.js';

/** AWS's published SigV4 examples: the example account, and the answers AWS documents for them. */
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
/** The POST policy of "Example: Browser-Based Upload using HTTP POST (Using AWS Signature Version 4)". */
const AWS_EXAMPLE_POLICY =
  'eyAiZXhwaXJhdGlvbiI6ICIyMDEzLTA4LTA3VDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJleGFtcGxlYnVja2V0In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIka2V5IiwgInVzZXIvdXNlcjEvIl0sDQogICAgeyJhY2wiOiAicHVibGljLXJlYWQifSwNCiAgICB7InN1Y2Nlc3NfYWN0aW9uX3JlZGlyZWN0IjogImh0dHA6Ly9leGFtcGxlYnVja2V0LnMzLmFtYXpvbmF3cy5jb20vc3VjY2Vzc2Z1bF91cGxvYWQuaHRtbCJ9LA0KICAgIFsic3RhcnRzLXdpdGgiLCAiJENvbnRlbnQtVHlwZSIsICJpbWFnZS8iXSwNCiAgICB7IngtYW16LW1ldGEtdXVpZCI6ICIxNDM2NTEyMzY1MTI3NCJ9LA0KICAgIFsic3RhcnRzLXdpdGgiLCAiJHgtYW16LW1ldGEtdGFnIiwgIiJdLA0KDQogICAgeyJ4LWFtei1jcmVkZW50aWFsIjogIkFLSUFJT1NGT0ROTjdFWEFNUExFLzIwMTMwODA2L3VzLWVhc3QtMS9zMy9hd3M0X3JlcXVlc3QifSwNCiAgICB7IngtYW16LWFsZ29yaXRobSI6ICJBV1M0LUhNQUMtU0hBMjU2In0sDQogICAgeyJ4LWFtei1kYXRlIjogIjIwMTMwODA2VDAwMDAwMFoiIH0NCiAgXQ0KfQ==';

let s3: FakeS3;
let server: TestServer;
let team: BuiltTeam;
let projectId: string;
let uptoken: Uptoken;

/** What a browser does with an uptoken in S3 mode: `key`, `policy`, every `fields` entry, `file`, to the bucket. */
async function postToBucket(token: Uptoken, file: { name: string; data: Buffer }, key?: string) {
  const chosen = key ?? `${token.dir}${randomUUID()}${/\.\w+$/.exec(file.name)?.[0] ?? ''}`;
  const form = new FormData();
  form.append('key', chosen);
  form.append('policy', token.policy);
  for (const [name, value] of Object.entries(token.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const response = await fetch(token.host, { method: 'POST', body: form });
  return { status: response.status, key: chosen };
}

/** A screen-like picture (gradient and shapes), so the variants have real pixels to scale. */
function screenshot(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#1e6fd9"/><stop offset="1" stop-color="#f2a541"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#fff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

beforeAll(async () => {
  s3 = await startFakeS3();
  server = await startTestServer(s3.env, { ownDatabase: true });
  team = await buildTeam(server.ctx);
  projectId = (
    await asUser(server.app, team.owner.token).post('/api/project/project_info', { team_id: team.id })
  ).result.id;
  uptoken = (await asUser(server.app, team.owner.token).get(`/api/oss/token?team_id=${team.id}`)).result
    .uptoken;
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

describe('SigV4 signing', () => {
  it('signs a POST policy and a GET URL exactly as AWS’s published examples', () => {
    expect(signPostPolicy(AWS_EXAMPLE, new Date('2013-08-06T00:00:00Z'), AWS_EXAMPLE_POLICY)).toBe(
      '21496b44de44ccb73d545f1a995c68214c9cb0d41c45a17a5daeec0b1a6db047',
    );
    const url = presignGet(
      AWS_EXAMPLE,
      new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      new Date('2013-05-24T00:00:00Z'),
      86400,
    );
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

describe('S3 configuration', () => {
  it('refuses half an S3 configuration at startup, naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'designs', S3_REGION: 'eu-west-1' })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not/,
    );
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3.env).s3).toMatchObject({ bucket: 'ferry-test', forcePathStyle: true });
  });
});

describe('uploads in S3 mode', () => {
  it('answers a presigned POST whose policy names the bucket, the folder, the size and every posted field', async () => {
    expect(uptoken).toMatchObject({
      accessid: 'S3RVER',
      host: `${s3.env.S3_ENDPOINT}/ferry-test`,
      bucket_name: 'ferry-test',
      cloud_type: 's3',
      dir: `uploads/${team.id}/${team.owner.id}/`,
    });
    const policy = JSON.parse(Buffer.from(uptoken.policy, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'ferry-test' },
        ['starts-with', '$key', uptoken.dir],
        ['content-length-range', 1, DesignLimits.designMaxBytes],
      ]),
    );
    // S3 refuses any posted field its policy does not name (the signature itself excepted).
    const { 'x-amz-signature': signature, ...named } = uptoken.fields;
    for (const [name, value] of Object.entries(named))
      expect(policy.conditions).toContainEqual({ [name]: value });
    expect(named['x-amz-credential']).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    const signedAt = new Date(
      named['x-amz-date'].replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    expect(signature).toBe(
      signPostPolicy(
        { ...AWS_EXAMPLE, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        signedAt,
        uptoken.policy,
      ),
    );
    expect(uptoken.signature).toBe(signature);
    const bucket = await asUser(server.app, team.owner.token).get('/api/oss/bucket');
    expect(bucket.result).toMatchObject({ cloud_type: 's3', host: uptoken.host, bucket_name: 'ferry-test' });
  });

  it('takes a design from the browser’s POST to the bucket through registration and the variants job to a presigned URL', async () => {
    const png = await screenshot(800, 600);
    const posted = await postToBucket(uptoken, { name: 'home.png', data: png });
    expect(posted.status).toBe(204);
    const registered = await asUser(server.app, team.owner.token).post('/api/project/image', {
      team_id: team.id,
      project_id: projectId,
      images: [{ key: posted.key, name: 'home.png' }],
    });
    expect(registered.code, registered.msg).toBe('00000');
    expect(registered.result.images[0]).toMatchObject({ name: 'home', status: 'processing' });
    await runJobsOnce(server.ctx);

    const design = await asUser(server.app, team.owner.token).get(
      `/api/project/image?image_id=${registered.result.images[0].id}&project_id=${projectId}&team_id=${team.id}`,
    );
    const version = design.result.versions[0];
    expect(version).toMatchObject({ status: 'ready', width: 800, height: 600, size: png.length });
    expect(version.urls.p25).toMatch(
      new RegExp(`^${s3.env.S3_ENDPOINT}/ferry-test/variants/.+X-Amz-Signature=`),
    );
    const thumbnail = await fetch(version.urls.p25);
    expect(thumbnail.status).toBe(200);
    const thumbnailBytes = Buffer.from(await thumbnail.arrayBuffer());
    const metadata = await sharp(thumbnailBytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 200, 150]);
    const original = await fetch(version.urls.org);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(png);
    // A presigned URL names its file for Ferry's URL calls as a /files/ URL does.
    const handled = await asUser(server.app, team.owner.token).get(
      `/api/image_handle?filename=${encodeURIComponent(version.urls.org)}&action=resize&ratio=25`,
    );
    expect(handled.result).toMatchObject({ width: 200, height: 150 });
    expect(Buffer.from(await (await fetch(handled.result.url)).arrayBuffer())).toEqual(thumbnailBytes);
  });

  it('refuses at registration what the bucket took but is no design, and removes it from the bucket', async () => {
    const posted = await postToBucket(uptoken, {
      name: 'page.png',
      data: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
    });
    expect(posted.status).toBe(204);
    const registered = await asUser(server.app, team.owner.token).post('/api/project/image', {
      team_id: team.id,
      project_id: projectId,
      images: [{ key: posted.key, name: 'page.png' }],
    });
    expect(registered.code).toBe(Codes.IMAGE_FORMAT_UNSUPPORTED.code);
    expect(await server.ctx.files.stat(posted.key)).toBeNull();
  });

  it('never registers someone else’s file from the bucket', async () => {
    const posted = await postToBucket(uptoken, { name: 'mine.png', data: await screenshot(40, 30) });
    const colleague = await addMember(server.ctx, team, 'member');
    const registered = await asUser(server.app, colleague.token).post('/api/project/image', {
      team_id: team.id,
      project_id: projectId,
      images: [{ key: posted.key, name: 'mine.png' }],
    });
    expect(registered.code).toBe(Codes.UPLOAD_NOT_FOUND.code);
    expect(await server.ctx.files.stat(posted.key)).not.toBeNull();
  });

  it('removes from the bucket, after a day, what was posted and never registered, and keeps designs', async () => {
    const abandoned = await postToBucket(uptoken, { name: 'left.png', data: await screenshot(40, 30) });
    const kept = await postToBucket(uptoken, { name: 'kept.png', data: await screenshot(40, 30) });
    const registered = await asUser(server.app, team.owner.token).post('/api/project/image', {
      team_id: team.id,
      project_id: projectId,
      images: [{ key: kept.key, name: 'kept.png' }],
    });
    expect(registered.code, registered.msg).toBe('00000');
    await runJobsOnce(server.ctx);

    // Within the day both stay: the browser may still register what it posted.
    await purgeTrash(server.ctx);
    expect(await server.ctx.files.stat(abandoned.key)).not.toBeNull();
    server.advance(Limits.msPerDay + 60_000);
    await purgeTrash(server.ctx);
    expect(await server.ctx.files.stat(abandoned.key)).toBeNull();
    expect(await server.ctx.files.stat(kept.key)).not.toBeNull();
  });

  it('takes no upload on Ferry’s own endpoint, whose policies S3 mode never issues', async () => {
    const answer = await postToStorage(
      server.app,
      { ...uptoken, host: '/api/oss/upload' },
      { name: 'a.png', data: await screenshot(4, 4) },
    );
    expect(answer).toMatchObject({ status: 403, code: Codes.UPLOAD_POLICY_INVALID.code });
  });
});
