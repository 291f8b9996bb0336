import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Codes, VERSION_HEADER } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';
import { deployedVersion, releases } from './versions.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const newest = releases[0].version;
const olderThanAll = '0.9.0';

describe('the deployed version', () => {
  it('is the newest release with the built main script hash, changing with a new build', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'ferry-dist-'));
    try {
      const page = (hash: string) =>
        `<!doctype html><head><script>inline()</script><script type="module" crossorigin src="/web/assets/index-${hash}.js"></script></head>`;
      writeFileSync(path.join(dist, 'index.html'), page('Ab12_x'));
      expect(deployedVersion(dist)).toBe(`${newest}+Ab12_x`);
      writeFileSync(path.join(dist, 'index.html'), page('Zz99'));
      expect(deployedVersion(dist)).toBe(`${newest}+Zz99`);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
    expect(deployedVersion(path.join(tmpdir(), 'no-such-ferry-dist'))).toBe(`${newest}+dev`);
  });

  it('comes with every API answer, signed in or not, refusals included', async () => {
    const expected = deployedVersion(server.ctx.config.webDist);
    const user = await buildUser(server.ctx);
    for (const url of ['/api/account/public_key', '/api/account/userinfo', '/api/team/quota']) {
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Basic ${Buffer.from(`${user.token}:`).toString('base64')}` },
      });
      expect(response.headers[VERSION_HEADER]).toBe(expected);
    }
    const anonymousCall = await server.app.inject({ method: 'GET', url: '/api/account/userinfo' });
    expect(anonymousCall.headers[VERSION_HEADER]).toBe(expected);
  });
});

describe('GET account/version_tips', () => {
  it('answers the releases after the given version, newest first, in the caller language', async () => {
    const all = await anonymous(server.app).get(`/api/account/version_tips?version=${olderThanAll}`);
    expect(all.code).toBe('00000');
    expect(all.result.version).toBe(deployedVersion(server.ctx.config.webDist));
    expect(all.result.tips.map((tip: { version: string }) => tip.version)).toEqual(
      releases.map((r) => r.version),
    );
    expect(all.result.tips[0].notes[0]).toBe(releases[0].notes[0].en);

    const second = releases[1].version;
    const since = await asUser(server.app, undefined, 'zh-CN').get(
      `/api/account/version_tips?version=${encodeURIComponent(`${second}+oldBuild`)}`,
    );
    expect(since.result.tips).toEqual([
      { version: newest, date: releases[0].date, notes: releases[0].notes.map((note) => note.zh) },
    ]);
  });

  it('answers no tips for the current release, whatever the build', async () => {
    const same = await anonymous(server.app).get(
      `/api/account/version_tips?version=${encodeURIComponent(`${newest}+anotherBuild`)}`,
    );
    expect(same.result.tips).toEqual([]);
  });

  it('refuses a missing or malformed version with 19260', async () => {
    for (const query of ['', '?version=', '?version=latest', '?version=1.2', `?version=${'9'.repeat(120)}`]) {
      const answer = await anonymous(server.app).get(`/api/account/version_tips${query}`);
      expect(answer.code).toBe(Codes.VERSION_INVALID.code);
      expect(answer.msg).toBe(Codes.VERSION_INVALID.en);
    }
  });
});
