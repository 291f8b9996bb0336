import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { designs, designVersions } from '../apps/server/src/modules/designs/tables.js';
import { type BenchServer, call } from './harness.js';

/** A ready design with its six variants, as the variants job leaves it. */
function readyVersion(designId: string, n: number) {
  const dir = `variants/${n.toString(16).padStart(32, '0')}`;
  const file = (name: string, width: number, height: number) => ({
    key: `${dir}/${name}`,
    width,
    height,
    size: width * height,
    md5: 'd41d8cd98f00b204e9800998ecf8427e',
  });
  return {
    id: randomUUID(),
    designId,
    number: 1,
    fileKey: `uploads/bench/${n}.png`,
    variantDir: dir,
    fileType: 'png',
    status: 'ready',
    size: 1_000_000,
    width: 1440,
    height: 3200,
    variants: {
      org: file('org.png', 1440, 3200),
      webP: file('full.webp', 1440, 3200),
      p5: file('p5.webp', 72, 160),
      p25: file('p25.webp', 360, 800),
      p50: file('p50.webp', 720, 1600),
      cover: file('cover.webp', 480, 360),
    },
  };
}

/** A p25 thumbnail with some structure, so the browser decodes a real picture, not a flat colour. */
async function thumbnail(n: number): Promise<Buffer> {
  const hue = (n * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="800">
    <rect width="360" height="800" fill="hsl(${hue},60%,92%)"/>
    <rect x="20" y="20" width="320" height="60" rx="8" fill="hsl(${hue},70%,45%)"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="20" y="${110 + i * 55}" width="${120 + ((n + i) % 5) * 40}" height="36" rx="6" fill="hsl(${(hue + i * 20) % 360},50%,70%)"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

export interface StageProject {
  token: string;
  teamId: string;
  projectId: string;
}

/**
 * A signed-up user, a team and a project of `count` ready designs written straight to the database.
 * With `withThumbnails`, each design's p5 and p25 files exist in the store, so a browser can load the stage.
 */
export async function seedStageProject(
  server: BenchServer,
  count: number,
  withThumbnails = false,
): Promise<StageProject> {
  const registered = await call(`${server.url}/api/account/register`, 'POST', {
    email: `stage-${randomUUID()}@example.com`,
    password: 'Bench-pass1',
  });
  const token = registered.result.token as string;
  const team = (await call(`${server.url}/api/account/team`, 'POST', { name: 'Stage' }, token)).result;
  const project = (await call(`${server.url}/api/project/project_info`, 'POST', { team_id: team.id }, token))
    .result;
  const rows = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    projectId: project.id,
    name: `Screen ${n}`,
    orderIndex: n,
  }));
  await server.ctx.db.insert(designs).values(rows);
  const versions = rows.map((row, n) => readyVersion(row.id, n));
  await server.ctx.db.insert(designVersions).values(versions);
  for (const [index, row] of rows.entries()) {
    await server.ctx.db
      .update(designs)
      .set({ currentVersionId: versions[index].id })
      .where(eq(designs.id, row.id));
    if (withThumbnails) {
      const picture = await thumbnail(index);
      const { p5, p25 } = versions[index].variants;
      await server.ctx.files.put(p25.key, picture);
      // The stage offers p5 as well and a small card on a plain screen picks it.
      await server.ctx.files.put(p5.key, await sharp(picture).resize(p5.width, p5.height).webp().toBuffer());
    }
  }
  return { token, teamId: team.id, projectId: project.id };
}
