import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { openBus } from '../realtime/bus.js';
import { anonymous, asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { buildUser } from '../test/factories.js';
import { ReadCache } from './read-cache.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the read cache across instances', () => {
  it('a sign-out on one instance is refused at once on another that had the session cached', async () => {
    // A second instance: same database, its own cache, joined to the same bus: its own Redis connections when
    // REDIS_URL is set, else the in-process bus (which only spans one process).
    const redisUrl = process.env.REDIS_URL;
    const bus = redisUrl ? openBus(redisUrl) : server.ctx.bus;
    const cache = new ReadCache(bus);
    await cache.listen();
    const other = await buildApp({ ...server.ctx, bus, cache });
    try {
      const user = await buildUser(server.ctx);
      expect((await asUser(other, user.token).get('/api/account/login')).status).toBe(200);
      expect((await asUser(server.app, user.token).put('/api/account/login?code=10031')).code).toBe('00000');
      await vi.waitFor(
        async () => expect((await asUser(other, user.token).get('/api/account/login')).status).toBe(401),
        {
          timeout: 3000,
          interval: 50,
        },
      );
    } finally {
      await other.close();
      if (redisUrl) await bus.close();
    }
  });

  it('a new team shows in the cached sign-in summary right after it is created', async () => {
    const user = await buildUser(server.ctx);
    const client = asUser(server.app, user.token);
    expect((await client.get('/api/account/login')).result.teams).toEqual([]);
    await client.post('/api/account/team', { name: 'Fresh' });
    expect(
      (await client.get('/api/account/login')).result.teams.map((team: { name: string }) => team.name),
    ).toEqual(['Fresh']);
  });

  it('does not keep a value loaded while a change happened', async () => {
    const cache = new ReadCache(openBus());
    let release!: () => void;
    const slow = cache.remember(
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('old'))),
    );
    await cache.bump();
    release();
    expect(await slow).toBe('old');
    expect(await cache.remember('k', async () => 'new')).toBe('new');
  });
});

it('public calls work without a session', async () => {
  expect((await anonymous(server.app).get('/api/account/public_key')).result.algorithm).toBe('RSA-OAEP-256');
});
