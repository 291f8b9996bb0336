import { randomUUID } from 'node:crypto';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { variantDirOf, variantKey } from '../modules/designs/keys.js';
import { designVersions } from '../modules/designs/tables.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { buildTeam } from '../test/factories.js';
import { pngOf, storedKeys } from '../test/images.js';
import { uploadDesigns } from '../test/uploads.js';
import { claim, enqueue, LEASE_MS } from './queue.js';
import { jobs } from './tables.js';
import { JobWorker, runJobsOnce, schedulePurge } from './worker.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a server killed during a job', () => {
  it('leaves the job to run out its lease; the next worker finishes it and nothing half-made stays', async () => {
    const team = await buildTeam(server.ctx);
    const api = asUser(server.app, team.owner.token);
    const projectId = (await api.post('/api/project/project_info', { team_id: team.id })).result.id;
    const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
      { name: 'Crash.png', data: await pngOf(400, 300) },
    ]);
    const versionId = answer.result.images[0].version_id as string;
    const [version] = await server.ctx.db
      .select()
      .from(designVersions)
      .where(eq(designVersions.id, versionId));

    // The killed worker took the job, wrote part of a variant and a temporary file, and never finished.
    const taken = await claim(server.ctx.db, server.ctx.config.jobQueue, 'killed-worker', server.ctx.now());
    expect(taken?.kind).toBe('variants');
    const p25 = variantKey(variantDirOf(version.fileKey), 'p25');
    await server.ctx.files.put(p25, Buffer.from('half a webp'));
    const filesRoot = path.join(server.ctx.config.dataDir, 'files');
    const leftover = path.join(filesRoot, '.tmp', 'killed.part');
    await writeFile(leftover, 'half a file');
    const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(leftover, anHourAgo, anHourAgo);

    // While the lease runs, nobody else takes the job.
    expect(await runJobsOnce(server.ctx)).toBe(0);
    const [waiting] = await server.ctx.db
      .select()
      .from(designVersions)
      .where(eq(designVersions.id, versionId));
    expect(waiting.status).toBe('processing');

    server.advance(LEASE_MS + 1000);
    await schedulePurge(server.ctx);
    expect(await runJobsOnce(server.ctx)).toBe(2);
    const [done] = await server.ctx.db.select().from(designVersions).where(eq(designVersions.id, versionId));
    expect(done).toMatchObject({ status: 'ready', width: 400, height: 300 });
    expect(done.variants.p25).toMatchObject({ width: 100, height: 75 });
    const rewritten = (await server.ctx.files.read(p25)) as Buffer;
    expect(rewritten.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const [job] = await server.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, taken?.id as string));
    expect(job).toMatchObject({ attempts: 2, lockedUntil: null });
    expect(job.doneAt).not.toBeNull();
    expect((await storedKeys(filesRoot)).filter((key) => key.startsWith('.tmp'))).toEqual([]);
  });

  it('gives a job up after its last try, keeping the reason', async () => {
    const dedupeKey = randomUUID();
    await enqueue(
      server.ctx.db,
      server.ctx.config.jobQueue,
      'no-such-kind',
      {},
      { maxAttempts: 1, dedupeKey },
    );
    await runJobsOnce(server.ctx);
    const [job] = await server.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey));
    expect(job.failedAt).not.toBeNull();
    expect(job.lastError).toContain('no handler');
  });
});

describe('the job worker of a running server', () => {
  it('wakes when work is queued and makes the variants without being asked', async () => {
    const team = await buildTeam(server.ctx);
    const api = asUser(server.app, team.owner.token);
    const projectId = (await api.post('/api/project/project_info', { team_id: team.id })).result.id;
    const warnings: unknown[] = [];
    const worker = new JobWorker(server.ctx, { warn: (object) => warnings.push(object) });
    worker.start();
    try {
      const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
        { name: 'Live.png', data: await pngOf(50, 50) },
      ]);
      const versionId = answer.result.images[0].version_id as string;
      await vi.waitFor(
        async () => {
          const [row] = await server.ctx.db
            .select()
            .from(designVersions)
            .where(eq(designVersions.id, versionId));
          expect(row.status).toBe('ready');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await worker.stop();
    }
    expect(warnings).toEqual([]);
  });
});
