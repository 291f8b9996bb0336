import { JobLimits } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artboard, page, rectangle, sketchFile, solidFill, style } from '../design/sketch-fixtures.js';
import { variantKey } from '../modules/designs/keys.js';
import { designVersions } from '../modules/designs/tables.js';
import { asUser } from '../test/api.js';
import { startTestServer, type TestServer } from '../test/context.js';
import { buildTeam } from '../test/factories.js';
import { pngOf } from '../test/images.js';
import { uploadDesigns } from '../test/uploads.js';
import { jobs } from './tables.js';
import { runJobsOnce } from './worker.js';

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
/** A canvas filled by one rectangle drawn through a filter of the given primitives. */
const filtered = (side: number, primitives: string) =>
  Buffer.from(
    `<svg ${SVG_NS} width="${side}" height="${side}"><filter id="f" x="0" y="0" width="1" height="1">` +
      `${primitives}</filter><rect width="${side}" height="${side}" fill="#c33" filter="url(#f)"/></svg>`,
  );
const repeat = (times: number, text: string) => Array.from({ length: times }, () => text).join('');
/** The kind of file that kept libvips busy for minutes: a chain of wide dilations and blurs. */
const hostile = filtered(
  2000,
  repeat(30, '<feMorphology operator="dilate" radius="40"/><feGaussianBlur stdDeviation="40"/>'),
);
/** Within the filter budget, yet seconds of work per million pixels: only the time limit stops it. */
const slow = filtered(
  2000,
  repeat(4, '<feMorphology operator="dilate" radius="8"/><feGaussianBlur stdDeviation="8"/>'),
);
/** 120 bytes declaring a quarter of a billion pixels. */
const huge = Buffer.from(
  `<svg ${SVG_NS} width="16000" height="16000"><rect width="50%" height="50%"/></svg>`,
);

/** A Sketch file of one 4000×4000 artboard: its picture is drawn by the renderer like any design. */
const bigSketch = sketchFile([
  page('PAGE', 'Page', [
    artboard(
      'POSTER',
      [0, 0, 4000, 4000],
      [rectangle('BOX', [100, 100, 3800, 3800], { style: style({ fills: [solidFill(0.8, 0.2, 0.2)] }) })],
    ),
  ]),
]);

/** One server with a team and a project; `env` sets its render limits. */
async function serverWithTeam(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  const team = await buildTeam(server.ctx);
  const api = asUser(server.app, team.owner.token);
  const projectId = (await api.post('/api/project/project_info', { team_id: team.id })).result.id as string;
  const upload = async (name: string, data: Buffer) => {
    const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
      { name, data },
    ]);
    expect(answer.code, answer.msg).toBe('00000');
    return answer.result.images[0].version_id as string;
  };
  return { server, upload, api, projectId };
}

async function versionOf(server: TestServer, versionId: string) {
  const [row] = await server.ctx.db.select().from(designVersions).where(eq(designVersions.id, versionId));
  return row;
}

describe('a design file made to stall the renderer', () => {
  let teamA: Awaited<ReturnType<typeof serverWithTeam>>;
  let teamB: Awaited<ReturnType<typeof serverWithTeam>>['upload'];

  beforeAll(async () => {
    teamA = await serverWithTeam();
    const other = await buildTeam(teamA.server.ctx);
    const projectId = (
      await asUser(teamA.server.app, other.owner.token).post('/api/project/project_info', {
        team_id: other.id,
      })
    ).result.id;
    teamB = async (name, data) =>
      (
        await uploadDesigns(teamA.server.app, other.owner.token, { teamId: other.id, projectId }, [
          { name, data },
        ])
      ).result.images[0].version_id;
  });
  afterAll(() => teamA.server.close());

  it('is refused for its filters before drawing, and the next team’s picture queued after it is made', async () => {
    const stalled = await teamA.upload('hostile.svg', hostile);
    const small = await teamB('small.png', await pngOf(40, 30));
    await runJobsOnce(teamA.server.ctx);

    const refused = await versionOf(teamA.server, stalled);
    expect(refused).toMatchObject({ status: 'failed', variants: {} });
    expect(refused.error).toMatch(/^19081 /);
    // The stage and the versions drawer say why, in the catalogue's words.
    const { images } = (await teamA.api.get(`/api/project/images?project_id=${teamA.projectId}`)).result;
    const card = images.find((image: { id: string }) => image.id === refused?.designId);
    expect(card).toMatchObject({ status: 'failed', fail_code: '19081' });
    const detail = (
      await teamA.api.get(`/api/project/image?project_id=${teamA.projectId}&image_id=${card.id}`)
    ).result;
    expect(detail.versions[0]).toMatchObject({ status: 'failed', fail_code: '19081' });
    expect(await versionOf(teamA.server, small)).toMatchObject({ status: 'ready', width: 40, height: 30 });
  });

  it('draws an SVG declaring 16000×16000 within the pixel limit, at a lower density', async () => {
    const version = await versionOf(teamA.server, await teamA.upload('huge.svg', huge));
    await runJobsOnce(teamA.server.ctx);
    const drawn = await versionOf(teamA.server, version.id);
    expect(drawn.status).toBe('ready');
    for (const file of Object.values(drawn.variants)) {
      expect(file.width * file.height).toBeLessThanOrEqual(JobLimits.vectorMaxPixels);
    }
    expect(drawn.variants.webP).toMatchObject({ width: 4096, height: 4096 });
    expect(drawn.variants.p50).toMatchObject({ width: 2048, height: 2048 });
  });
});

describe('the render limits', () => {
  it('stops a drawing past RENDER_TIME_LIMIT_MS and marks the design failed without trying it again', async () => {
    const { server, upload } = await serverWithTeam({ RENDER_TIME_LIMIT_MS: '300' });
    try {
      const versionId = await upload('slow.svg', slow);
      await runJobsOnce(server.ctx);
      const version = await versionOf(server, versionId);
      expect(version.status).toBe('failed');
      expect(version.error).toMatch(/^19082 /);
      const [job] = await server.ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.dedupeKey, version.fileKey), eq(jobs.kind, 'variants')));
      expect(job).toMatchObject({ kind: 'variants', attempts: 1 });
      expect(job.doneAt).not.toBeNull();
    } finally {
      await server.close();
    }
  });

  it('stops a drawing whose process outgrows RENDER_MEMORY_LIMIT_MB and marks the design failed', async () => {
    // Below what any Node process needs: the renderer is stopped as soon as it starts on the file.
    const { server, upload } = await serverWithTeam({ RENDER_MEMORY_LIMIT_MB: '16' });
    try {
      const versionId = await upload('huge.svg', huge);
      await runJobsOnce(server.ctx);
      const version = await versionOf(server, versionId);
      expect(version.status).toBe('failed');
      expect(version.error).toMatch(/^19083 /);
    } finally {
      await server.close();
    }
  });

  it('stops a Sketch artboard’s picture whose process outgrows RENDER_MEMORY_LIMIT_MB and marks it failed', async () => {
    const { server, upload } = await serverWithTeam({ RENDER_MEMORY_LIMIT_MB: '16' });
    try {
      const versionId = await upload('poster.sketch', bigSketch);
      await runJobsOnce(server.ctx);
      const version = await versionOf(server, versionId);
      expect(version).toMatchObject({ status: 'failed', fileType: 'sketch', variants: {} });
      expect(version.error).toMatch(/^19083 /);
      // The artboard itself was stopped, not the variants made after it: no picture of it was kept.
      expect(await server.ctx.files.stat(variantKey(version.variantDir, 'org'))).toBeNull();
    } finally {
      await server.close();
    }
  });
});
