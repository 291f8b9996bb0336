import { randomUUID } from 'node:crypto';
import { Codes, DesignLimits, PlanLimits, SketchLimits } from '@ferry/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { buildTeam } from '../../test/factories.js';
import { fetchUptoken, postToStorage, uploadDesigns } from '../../test/uploads.js';
import { sectors } from '../sections/tables.js';
import { uploads } from '../uploads/tables.js';
import {
  deeplyNestedSketch,
  plainZip,
  type SketchProject,
  shopSketch,
  sketchFileOf,
  sqliteSketch,
  startSketchProject,
} from './sketch-fixtures.js';
import { designs } from './tables.js';

/** Sketch files that cannot become designs, and who may register them: nothing of a refused file stays. */

const shop = shopSketch();

// Set before the tests run.
let { server, team, projectId, owner } = {} as SketchProject;
beforeAll(async () => {
  ({ server, team, projectId, owner } = await startSketchProject());
});
afterAll(() => server.close());

async function sectionsOfProject(project = projectId) {
  const answer = await owner().get(`/api/project/project_sectors?project_id=${project}`);
  expect(answer.code, answer.msg).toBe('00000');
  return answer.result.sectors as { id: string; name: string }[];
}

describe('who may register Sketch files and read the mapping', () => {
  it("refuses another team's project id for the upload and for sketch_field, writing nothing", async () => {
    const other = await buildTeam(server.ctx);
    const theirs = asUser(server.app, other.owner.token);
    const uptoken = await fetchUptoken(server.app, other.owner.token, other.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'Shop.sketch', data: shop });
    expect(posted.status).toBe(204);
    const before = await server.ctx.db
      .select({ id: designs.id })
      .from(designs)
      .where(eq(designs.projectId, projectId));
    const register = await theirs.post('/api/project/image', {
      team_id: other.id,
      project_id: projectId,
      images: [{ key: posted.key, name: 'Shop.sketch' }],
    });
    expect(register.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const after = await server.ctx.db
      .select({ id: designs.id })
      .from(designs)
      .where(eq(designs.projectId, projectId));
    expect(after).toHaveLength(before.length);
    const field = await theirs.get(`/api/project/sketch_field?team_id=${other.id}&project_id=${projectId}`);
    expect(field.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const named = await theirs.get(`/api/project/sketch_field?team_id=${team.id}&project_id=${projectId}`);
    expect(named.code).not.toBe('00000');
    expect(named.result?.list).toBeUndefined();
  });
});

describe('a Sketch file that cannot be designs', () => {
  /** Stores a file as a direct upload would (the bucket holds it, a row records it), then registers it. */
  async function registerStored(name: string, data: Buffer) {
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const key = `${uptoken.dir}${randomUUID()}.sketch`;
    await server.ctx.files.put(key, data);
    await server.ctx.db
      .insert(uploads)
      .values({ key, teamId: team.id, userId: team.owner.id, size: data.length, fileType: 'unknown' });
    return registered(key, name);
  }

  async function registered(key: string, name: string) {
    const before = await server.ctx.db
      .select({ id: designs.id })
      .from(designs)
      .where(eq(designs.projectId, projectId));
    const answer = await owner().post('/api/project/image', {
      team_id: team.id,
      project_id: projectId,
      images: [{ key, name }],
    });
    const after = await server.ctx.db
      .select({ id: designs.id })
      .from(designs)
      .where(eq(designs.projectId, projectId));
    const [row] = await server.ctx.db.select().from(uploads).where(eq(uploads.key, key));
    return {
      code: answer.code,
      msg: answer.msg,
      added: after.length - before.length,
      stored: await server.ctx.files.stat(key),
      recorded: row ?? null,
    };
  }

  it('refuses a Sketch file from before Sketch 43 at the storage endpoint, storing nothing', async () => {
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'Old.sketch', data: sqliteSketch() });
    expect(posted.code).toBe(Codes.SKETCH_TOO_OLD.code);
    expect(posted.msg).toMatch(/Sketch 43 or later/);
    expect(await server.ctx.files.stat(posted.key)).toBeNull();
    expect(await server.ctx.db.select().from(uploads).where(eq(uploads.key, posted.key))).toEqual([]);
    const zh = await postToStorage(
      server.app,
      uptoken,
      { name: 'Old.sketch', data: sqliteSketch() },
      {},
      'zh-CN',
    );
    expect(zh.msg).toMatch(/Sketch 43/);
    expect(zh.msg).not.toBe(posted.msg);
  });

  it('refuses it at registration too (a file the bucket took directly), removing it', async () => {
    const refused = await registerStored('Old.sketch', sqliteSketch());
    expect(refused).toMatchObject({
      code: Codes.SKETCH_TOO_OLD.code,
      added: 0,
      stored: null,
      recorded: null,
    });
  });

  it('refuses a ZIP named .sketch that holds no Sketch document, removing it', async () => {
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'Notes.sketch', data: plainZip() });
    expect(posted.status).toBe(204);
    const refused = await registered(posted.key, 'Notes.sketch');
    expect(refused).toMatchObject({
      code: Codes.SKETCH_NOT_SKETCH.code,
      added: 0,
      stored: null,
      recorded: null,
    });
  });

  it('refuses a ZIP under any other name as an unsupported format, removing it', async () => {
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'Notes.zip', data: plainZip() });
    expect(posted.status).toBe(204);
    const refused = await registered(posted.key, 'Notes.zip');
    expect(refused).toMatchObject({
      code: Codes.IMAGE_FORMAT_UNSUPPORTED.code,
      added: 0,
      stored: null,
      recorded: null,
    });
  });

  it('refuses a file the Sketch importer will not open (nested past its limit), removing it', async () => {
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const data = deeplyNestedSketch(SketchLimits.jsonDepthMax + 50);
    const posted = await postToStorage(server.app, uptoken, { name: 'Deep.sketch', data });
    expect(posted.status).toBe(204);
    const refused = await registered(posted.key, 'Deep.sketch');
    expect(refused).toMatchObject({
      code: Codes.SKETCH_TOO_COMPLEX.code,
      added: 0,
      stored: null,
      recorded: null,
    });
  });

  it('refuses an artboard larger than the design pixel limit, removing the file', async () => {
    const side = DesignLimits.maxSidePx + 1;
    const data = sketchFileOf([
      {
        id: 'PAGE-WIDE',
        name: 'Wide',
        artboards: [{ id: 'BOARD-WIDE', name: 'Banner', width: side, height: 100, background: [1, 1, 1] }],
      },
    ]);
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'Wide.sketch', data });
    const refused = await registered(posted.key, 'Wide.sketch');
    expect(refused).toMatchObject({
      code: Codes.IMAGE_TOO_BIG_TO_PROCESS.code,
      added: 0,
      stored: null,
      recorded: null,
    });
    expect((await sectionsOfProject()).map((section) => section.name)).not.toContain('Wide');
  });

  it('refuses a file whose artboards pass the design limit before writing anything (11023)', async () => {
    const free = await buildTeam(server.ctx);
    const api = asUser(server.app, free.owner.token);
    const project = (await api.post('/api/project/project_info', { team_id: free.id })).result.id as string;
    const limit = PlanLimits[1].imageMax;
    // Room for two designs; the file has three artboards.
    await server.ctx.db
      .insert(designs)
      .values(Array.from({ length: limit - 2 }, (_, i) => ({ projectId: project, name: `d${i}` })));
    const target = { teamId: free.id, projectId: project };
    const refused = await uploadDesigns(server.app, free.owner.token, target, [
      { name: 'Shop.sketch', data: shop },
    ]);
    expect(refused.code).toBe(Codes.IMAGE_LIMIT_REACHED.code);
    const sketched = await server.ctx.db
      .select({ id: designs.id })
      .from(designs)
      .where(and(eq(designs.projectId, project), isNotNull(designs.sketchId)));
    expect(sketched).toEqual([]);
    expect(await server.ctx.db.select().from(sectors).where(eq(sectors.projectId, project))).toEqual([]);
    // With room for three, all of them go in.
    await server.ctx.db.delete(designs).where(and(eq(designs.projectId, project), eq(designs.name, 'd0')));
    const fits = await uploadDesigns(server.app, free.owner.token, target, [
      { name: 'Shop.sketch', data: shop },
    ]);
    expect(fits.code, fits.msg).toBe('00000');
    expect(fits.result.images).toHaveLength(3);
  });
});
