import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/account/passwords.js';
import { users } from '../modules/account/tables.js';
import { startTestServer, type TestServer } from '../test/context.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a failed statement', () => {
  it('is logged without its parameters: no password hash in the log', async () => {
    const hash = await hashPassword('Secret-pass1');
    const [, , , , salt, key] = hash.split('$');
    // PostgreSQL text cannot hold NUL: the insert fails with the hash among its parameters.
    const error = await server.ctx.db
      .insert(users)
      .values({
        email: `nul-${crypto.randomUUID()}@example.com`,
        name: 'bad\u0000name',
        color: '#000000',
        passwordHash: hash,
      })
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(Error);

    // The app's logger (pino through Fastify, with its error serializer), as the error handler calls it.
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    app.log.error({ err: error }, 'unhandled error');
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('Failed query: insert into \\"users\\"');

    for (const text of [logged, inspect(error, { depth: 10 }), String(error), JSON.stringify(error)]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(salt);
    }
  });
});
