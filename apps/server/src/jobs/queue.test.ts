import { randomUUID } from 'node:crypto';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JobLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { variantDirOf, variantKey } from '../modules/designs/keys.js';
import { designVersions } from '../modules/designs/tables.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { buildTeam } from '../test/factories.js';
import { pngOf, storedKeys } from '../test/images.js';
import { uploadDesigns } from '../test/uploads.js';
import { beat, releaseOrphans } from './owners.js';
import { claim, enqueue } from './queue.js';
import { jobs } from './tables.js';
import { JobWorker, runJobsOnce, schedulePurge } from './worker.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a server killed during a job', () => {
  it('leaves a job a restarted server takes up at once, not after the lease; nothing half-made stays', async () => {
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

    // The killed worker's last heartbeat is older than workerGoneMs; it took the job (5 minutes of lease),
    // wrote part of a variant and a temporary file, and never finished.
    const { db } = server.ctx;
    const queue = server.ctx.config.jobQueue;
    const lastSeen = new Date(server.ctx.now().getTime() - JobLimits.workerGoneMs - 1000);
    await beat(db, queue, 'killed-worker', lastSeen);
    const taken = await claim(db, queue, 'killed-worker', server.ctx.now());
    expect(taken?.kind).toBe('variants');
    const p25 = variantKey(variantDirOf(version.fileKey), 'p25');
    await server.ctx.files.put(p25, Buffer.from('half a webp'));
    const filesRoot = path.join(server.ctx.config.dataDir, 'files');
    const leftover = path.join(filesRoot, '.tmp', 'killed.part');
    await writeFile(leftover, 'half a file');
    const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(leftover, anHourAgo, anHourAgo);

    // The restarted server's worker frees the job at start-up, with the clock still inside the lease.
    const worker = new JobWorker(server.ctx, { warn: () => {} });
    worker.start();
    try {
      await vi.waitFor(
        async () => {
          const [row] = await db.select().from(designVersions).where(eq(designVersions.id, versionId));
          expect(row.status).toBe('ready');
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await worker.stop();
    }
    await schedulePurge(server.ctx);
    await runJobsOnce(server.ctx);
    const [done] = await db.select().from(designVersions).where(eq(designVersions.id, versionId));
    expect(done).toMatchObject({ status: 'ready', width: 400, height: 300 });
    expect(done.variants.p25).toMatchObject({ width: 100, height: 75 });
    const rewritten = (await server.ctx.files.read(p25)) as Buffer;
    expect(rewritten.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, taken?.id as string));
    expect(job).toMatchObject({ attempts: 2, lockedUntil: null });
    expect(job.lockedBy).not.toBe('killed-worker');
    expect(job.doneAt).not.toBeNull();
    expect((await storedKeys(filesRoot)).filter((key) => key.startsWith('.tmp'))).toEqual([]);
  });

  it('leaves the job of a worker whose heartbeat goes on to that worker', async () => {
    const { db } = server.ctx;
    const queue = `alive-${randomUUID()}`;
    await enqueue(db, queue, 'no-such-kind', {});
    await beat(db, queue, 'busy-worker', server.ctx.now());
    expect(await claim(db, queue, 'busy-worker', server.ctx.now())).not.toBeNull();
    await releaseOrphans(db, queue, server.ctx.now());
    expect(await claim(db, queue, 'another-worker', server.ctx.now())).toBeNull();
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

describe('jobs of several teams', () => {
  it('take turns: team B’s one job is claimed before the second of five team A queued earlier', async () => {
    const { db } = server.ctx;
    const queue = `turns-${randomUUID()}`;
    const now = server.ctx.now();
    const queuedAt = (index: number) => new Date(now.getTime() - 60_000 + index * 1000);
    for (let index = 0; index < 5; index++) {
      await enqueue(db, queue, 'no-such-kind', { index }, { team: 'team-a', runAt: queuedAt(index) });
    }
    await enqueue(db, queue, 'no-such-kind', {}, { team: 'team-b', runAt: queuedAt(5) });

    const claimed: string[] = [];
    for (let turn = 0; turn < 6; turn++) {
      const job = await claim(db, queue, 'one-worker', now);
      claimed.push(`${job?.team}:${job?.payload.index ?? ''}`);
    }
    expect(claimed).toEqual(['team-a:0', 'team-b:', 'team-a:1', 'team-a:2', 'team-a:3', 'team-a:4']);
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
