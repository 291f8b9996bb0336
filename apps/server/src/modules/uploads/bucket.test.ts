import { Codes } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildTeam } from '../../test/factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET oss/bucket', () => {
  it('answers for one’s own team (or none named, as the spec calls it) and refuses another team’s id', async () => {
    const mine = await buildTeam(server.ctx);
    const theirs = await buildTeam(server.ctx);
    const api = asUser(server.app, mine.owner.token);

    const own = await api.get(`/api/oss/bucket?team_id=${mine.id}&bucket_name=designs`);
    expect(own.code, own.msg).toBe('00000');
    expect(own.result).toMatchObject({ cloud_type: 'local', bucket_name: 'designs' });
    expect((await api.get('/api/oss/bucket?bucket_name=designs')).code).toBe('00000');

    const foreign = await api.get(`/api/oss/bucket?team_id=${theirs.id}&bucket_name=designs`);
    expect(foreign.code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect(foreign.result ?? null).toBeNull();
  });
});
