/**
 * A server of the load figures, in a process of its own so autocannon (in the parent) never shares its event
 * loop: `ferry` is the real app on a fresh DATA_DIR / database, `bare` a Fastify answering `/hello` and a
 * prebuilt payload. It prints nothing; it says `{ ready: url }` over IPC, then runs the parent's tasks
 * (seeding through the app's own database handle) and answers `{ id, result }` or `{ id, error }`.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { projects } from '../apps/server/src/modules/projects/tables.js';
import { teams } from '../apps/server/src/modules/teams/tables.js';
import { type BenchServer, call, startBenchServer } from './harness.js';
import { seedStageProject } from './seed-stage.js';

type Task = (...args: never[]) => Promise<unknown>;

/** A signed-up user owning an enterprise team of `count` projects (inserted a thousand at a time). */
async function seedProjectList(server: BenchServer, count: number) {
  const registered = await call(`${server.url}/api/account/register`, 'POST', {
    email: `lists-${randomUUID()}@example.com`,
    password: 'Bench-pass1',
  });
  const token = registered.result.token as string;
  const team = (await call(`${server.url}/api/account/team`, 'POST', { name: 'Big' }, token)).result;
  await server.ctx.db.update(teams).set({ type: 'enterprise' }).where(eq(teams.id, team.id));
  for (let start = 0; start < count; start += 1000) {
    await server.ctx.db.insert(projects).values(
      Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
        id: randomUUID(),
        teamId: team.id,
        name: `Project${start + i}`,
      })),
    );
  }
  return { token, teamId: team.id as string };
}

async function startFerry() {
  const server = await startBenchServer();
  const tasks: Record<string, Task> = {
    'seed-projects': (count: number) => seedProjectList(server, count),
    'seed-stage': (count: number) => seedStageProject(server, count),
  };
  return { url: server.url, tasks, close: () => server.close() };
}

async function startBare() {
  // Bytes, not a string: the baseline sends them as they are, with no encoding per request.
  let payload = Buffer.alloc(0);
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  app.get('/payload', async (_request, reply) => reply.type('application/json').send(payload));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const tasks: Record<string, Task> = {
    'set-payload': async (body: string) => {
      payload = Buffer.from(body);
    },
  };
  return { url, tasks, close: () => app.close() };
}

const send = (message: unknown) => process.send?.(message);
const started = process.argv[2] === 'bare' ? await startBare() : await startFerry();

process.on('message', async ({ id, task, args }: { id: number; task: string; args: unknown[] }) => {
  if (task === 'close') {
    await started.close();
    // `--cpu-prof` writes its profile on this exit too.
    process.send?.({ id, result: null }, () => process.exit(0));
    return;
  }
  try {
    const run = started.tasks[task] as ((...values: unknown[]) => Promise<unknown>) | undefined;
    if (!run) throw new Error(`unknown task ${task}`);
    send({ id, result: await run(...args) });
  } catch (error) {
    send({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
send({ ready: started.url });
