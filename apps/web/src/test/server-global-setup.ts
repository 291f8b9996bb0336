import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { runCommand } from '../../../server/src/cli';
import { startTestServer } from '../../../server/src/test/context';
import { buildUser } from '../../../server/src/test/factories';
import { drawTeamComparisons, drawTeamDesigns, drawTeamDocuments, drawTeamLayers } from './drawDesigns';
import { latestMail } from './mail-desk';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin of the real server the web tests call, `http://127.0.0.1:<port>`. */
    ferryServerUrl: string;
    /** Where tests get new accounts (`POST` with `{ email, name }`), see below. */
    ferryAccountsUrl: string;
    /**
     * Where tests put a team on a paid plan (`POST` with `{ team_id, level, expires? }`), or set its type
     * (`{ team_id, type }`, e.g. enterprise), as the operator does.
     */
    ferryPlansUrl: string;
    /**
     * Where tests have one team's uploads drawn (`POST` with `{ team_id }`), so the designs' sizes are known;
     * with `{ team_id, what: 'documents' }`, the pages of its product documents; with `what: 'walkthrough'`, the
     * comparisons of its design QA screenshots.
     */
    ferryDrawUrl: string;
    /** The newest mail to an address (`POST` with `{ email }`): the outbox holds it, as no SMTP is set here. */
    ferryMailUrl: string;
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
  // First-time guides would cover controls the tests click; the guide tests turn them on for themselves.
  const server = await startTestServer({ GUIDES_ENABLED: 'false', SUPPORT_EMAIL: 'support@example.com' });
  const socketUrl = await server.listen();
  project.provide('ferryServerUrl', socketUrl.replace(/^ws/, 'http').replace(/\/ws$/, ''));

  const desk = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { email, name, team_id, level, what, status, expires, type } = JSON.parse(body || '{}') as Record<
        string,
        string | undefined
      >;
      // Billing is outside Ferry: a plan is set by the operator's command, which the API has no call for.
      const work =
        request.url === '/draw'
          ? (
              { documents: drawTeamDocuments, layers: drawTeamLayers, walkthrough: drawTeamComparisons }[
                what ?? ''
              ] ?? drawTeamDesigns
            )(server.ctx, String(team_id))
          : request.url === '/mail'
            ? latestMail(server.ctx, String(email))
            : request.url === '/plans' && type
              ? runCommand(server.ctx.db, ['team:type', String(team_id), type])
              : request.url === '/plans'
                ? runCommand(server.ctx.db, [
                    'team:plan',
                    String(team_id),
                    String(level),
                    '--expires',
                    String(expires ?? '2099-12-31'),
                  ])
                : buildUser(server.ctx, { email, name, status });
      work.then(
        (user) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(user)),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => desk.listen(0, '127.0.0.1', resolve));
  const deskUrl = `http://127.0.0.1:${(desk.address() as AddressInfo).port}`;
  project.provide('ferryAccountsUrl', `${deskUrl}/accounts`);
  project.provide('ferryPlansUrl', `${deskUrl}/plans`);
  project.provide('ferryDrawUrl', `${deskUrl}/draw`);
  project.provide('ferryMailUrl', `${deskUrl}/mail`);

  return async () => {
    await new Promise((resolve) => desk.close(resolve));
    await server.close();
  };
}
