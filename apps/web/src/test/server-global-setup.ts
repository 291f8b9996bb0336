import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startTestServer } from '../../../server/src/test/context';
import { buildUser } from '../../../server/src/test/factories';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin of the real server the web tests call, `http://127.0.0.1:<port>`. */
    ferryServerUrl: string;
    /** Where tests get new accounts (`POST` with `{ email, name }`), see below. */
    ferryAccountsUrl: string;
  }
}

/**
 * One real Ferry server (apps/server) for the whole web project: its own data folder, an in-memory PGlite
 * database, or the PostgreSQL of DATABASE_URL as the server tests use. Tests keep apart by making their own
 * users and teams (test/server.ts).
 *
 * Beside it, an account desk: registration hashes each password at full strength (about a second on a busy
 * machine), and the tests need a few hundred accounts. The desk writes what registration writes, a user and
 * a session, with one password hashed once for the run (the server tests' factory). Registration itself is
 * tested through the sign-up screen.
 */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  const socketUrl = await server.listen();
  project.provide('ferryServerUrl', socketUrl.replace(/^ws/, 'http').replace(/\/ws$/, ''));

  const desk = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { email, name } = JSON.parse(body || '{}') as { email?: string; name?: string };
      buildUser(server.ctx, { email, name }).then(
        (user) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(user)),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => desk.listen(0, '127.0.0.1', resolve));
  project.provide('ferryAccountsUrl', `http://127.0.0.1:${(desk.address() as AddressInfo).port}/accounts`);

  return async () => {
    await new Promise((resolve) => desk.close(resolve));
    await server.close();
  };
}
