import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { fetchUptoken, postToStorage, uploadDesigns } from '../../test/uploads.js';
import { type SketchProject, shopSketch, sketchFixture, startSketchProject } from './sketch-fixtures.js';
import { designs, designVersions } from './tables.js';

/** Two pages: Mobile (a red Home, a green Cart) and Web (a blue Landing). */
const shop = shopSketch();

// Set before the tests run.
let { server, team, projectId, owner } = {} as SketchProject;
beforeAll(async () => {
  ({ server, team, projectId, owner } = await startSketchProject());
});
afterAll(() => server.close());

const ids = () => ({ teamId: team.id, projectId });
const upload = (name: string, data: Buffer) =>
  uploadDesigns(server.app, team.owner.token, ids(), [{ name, data }]);

interface VersionView {
  status: string;
  version: number;
  width: number;
  height: number;
  file_type: string;
  layers_status: string;
  json_url: string;
  urls: Record<string, string>;
}

async function currentVersion(imageId: string): Promise<VersionView> {
  const detail = await owner().get(`/api/project/image?image_id=${imageId}&project_id=${projectId}`);
  expect(detail.code, detail.msg).toBe('00000');
  return detail.result.versions.find((version: { current: boolean }) => version.current);
}

async function fetched(url: string) {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response;
}

/** The mean colour of a served picture, 0–255 a channel. */
async function meanColour(url: string) {
  const { channels } = await sharp((await fetched(url)).rawPayload).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}

async function sectionsOfProject(project = projectId) {
  const answer = await owner().get(`/api/project/project_sectors?project_id=${project}`);
  expect(answer.code, answer.msg).toBe('00000');
  return answer.result.sectors as { id: string; name: string; image_ids?: string[] }[];
}

describe('a Sketch file dropped on the stage', () => {
  let created: { id: string; name: string; type: string; sector_id: string | null; sketch_id: string }[];

  it('becomes one design per artboard, named after it, with its Sketch id, in a section per page', async () => {
    const answer = await upload('Shop.sketch', shop);
    expect(answer.code, answer.msg).toBe('00000');
    created = answer.result.images;
    expect(created.map((image) => [image.name, image.type, image.sketch_id])).toEqual([
      ['Home', 'image', 'BOARD-HOME'],
      ['Cart', 'image', 'BOARD-CART'],
      ['Landing', 'image', 'BOARD-LANDING'],
    ]);
    const sections = await sectionsOfProject();
    const byName = new Map(sections.map((section) => [section.name, section.id]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['Mobile', 'Web']));
    expect(created.map((image) => image.sector_id)).toEqual([
      byName.get('Mobile'),
      byName.get('Mobile'),
      byName.get('Web'),
    ]);
    // One stored file, one artboard per version.
    const [first] = await server.ctx.db
      .select({ fileKey: designVersions.fileKey })
      .from(designVersions)
      .where(eq(designVersions.designId, created[0].id));
    const rows = await server.ctx.db
      .select()
      .from(designVersions)
      .where(eq(designVersions.fileKey, first.fileKey));
    expect(rows.map((row) => [row.fileType, row.artboard?.index]).sort()).toEqual([
      ['sketch', 0],
      ['sketch', 1],
      ['sketch', 2],
    ]);
  });

  it('draws each artboard into its picture and variants, and imports its layers', async () => {
    await runJobsOnce(server.ctx);
    const expected = [
      { size: [375, 667], colour: [255, 0, 0] },
      { size: [320, 480], colour: [0, 255, 0] },
      { size: [800, 600], colour: [0, 0, 255] },
    ];
    for (const [index, image] of created.entries()) {
      const view = await currentVersion(image.id);
      const [width, height] = expected[index].size;
      expect(view, image.name).toMatchObject({ status: 'ready', file_type: 'sketch', width, height });
      const org = await sharp((await fetched(view.urls.org)).rawPayload).metadata();
      expect([org.width, org.height]).toEqual([width, height]);
      // The artboard's own background, not another's: a small text layer barely moves the mean.
      const colour = await meanColour(view.urls.p25);
      for (const [channel, value] of colour.entries()) {
        expect(Math.abs(value - expected[index].colour[channel]), `${image.name} ${channel}`).toBeLessThan(
          40,
        );
      }
      expect(view.layers_status).toBe('ready');
      const doc = JSON.parse((await fetched(view.json_url)).body);
      expect(doc).toMatchObject({ source: 'sketch', width, height });
      expect(JSON.stringify(doc.layers)).toContain('Type something');
    }
  });

  it('adds new versions to the same designs when the file is uploaded again, making no new section', async () => {
    const sectionsBefore = await sectionsOfProject();
    const again = await upload('Shop v2.sketch', shop);
    expect(again.code, again.msg).toBe('00000');
    expect(again.result.images.map((image: { id: string }) => image.id)).toEqual(created.map((c) => c.id));
    expect(await sectionsOfProject()).toHaveLength(sectionsBefore.length);
    await runJobsOnce(server.ctx);
    for (const image of created) {
      expect(await currentVersion(image.id), image.name).toMatchObject({ version: 2, status: 'ready' });
    }
  });

  it('makes a new design for an artboard whose design is in the recycle bin', async () => {
    const deleted = await owner().delete('/api/project/image', {
      team_id: team.id,
      project_id: projectId,
      image_ids: created[1].id,
    });
    expect(deleted.code, deleted.msg).toBe('00000');
    const again = await upload('Shop.sketch', shop);
    expect(again.code, again.msg).toBe('00000');
    const images: { id: string; name: string; sketch_id: string }[] = again.result.images;
    const bySketchId = new Map(images.map((image) => [image.sketch_id, image]));
    expect(bySketchId.get('BOARD-HOME')?.id).toBe(created[0].id);
    expect(bySketchId.get('BOARD-CART')).toMatchObject({ name: 'Cart' });
    expect(bySketchId.get('BOARD-CART')?.id).not.toBe(created[1].id);
  });

  it('puts the artboards of a page into the section already named after it', async () => {
    const made = await owner().post('/api/project/sector', {
      team_id: team.id,
      project_id: projectId,
      name: 'Page 1',
    });
    expect(made.code, made.msg).toBe('00000');
    const answer = await upload('Type.sketch', sketchFixture('sketchutils-simple-textstyle.sketch'));
    expect(answer.code, answer.msg).toBe('00000');
    expect(answer.result.images).toHaveLength(1);
    expect(answer.result.images[0]).toMatchObject({ name: 'Page 1', sector_id: made.result.sector.id });
    expect((await sectionsOfProject()).filter((section) => section.name === 'Page 1')).toHaveLength(1);
    await runJobsOnce(server.ctx);
    const view = await currentVersion(answer.result.images[0].id);
    expect(view).toMatchObject({ status: 'ready', layers_status: 'ready' });
    expect((await fetched(view.json_url)).body).toContain('Type something');
  });

  it('draws a file whose page shows a symbol instance', async () => {
    const answer = await upload('Widgets.sketch', sketchFixture('sketchutils-name-paths.sketch'));
    expect(answer.code, answer.msg).toBe('00000');
    await runJobsOnce(server.ctx);
    const view = await currentVersion(answer.result.images[0].id);
    expect(view).toMatchObject({ status: 'ready', width: 100, height: 100, layers_status: 'ready' });
  });

  it("shows the artboard of the design's Sketch id when the file is given as its new version", async () => {
    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'Shop.sketch', data: shop });
    const landing = created[2];
    const before = await currentVersion(landing.id);
    const answer = await owner().put('/api/project/version', {
      team_id: team.id,
      project_id: projectId,
      image_ids: [landing.id],
      images: [{ key: posted.key }],
    });
    expect(answer.code, answer.msg).toBe('00000');
    await runJobsOnce(server.ctx);
    // Landing is the file's third artboard: its size and its blue, not the first artboard's.
    const view = await currentVersion(landing.id);
    expect(view).toMatchObject({ status: 'ready', version: before.version + 1, width: 800, height: 600 });
    const [red, , blue] = await meanColour(view.urls.p25);
    expect(blue - red).toBeGreaterThan(150);
  });

  it('gives plugins the mapping of Sketch artboards to designs (GET project/sketch_field)', async () => {
    const answer = await owner().get(`/api/project/sketch_field?team_id=${team.id}&project_id=${projectId}`);
    expect(answer.code, answer.msg).toBe('00000');
    const list: { sketch_id: string; image_id: string; name: string }[] = answer.result.list;
    const live = await server.ctx.db
      .select({ id: designs.id, sketchId: designs.sketchId, name: designs.name })
      .from(designs)
      .where(and(eq(designs.projectId, projectId), isNotNull(designs.sketchId)));
    const inBin = created[1].id;
    expect(list.map((entry) => entry.image_id)).not.toContain(inBin);
    expect(list).toHaveLength(live.length - 1);
    expect(list).toEqual(
      expect.arrayContaining([
        { sketch_id: 'BOARD-HOME', image_id: created[0].id, name: 'Home' },
        { sketch_id: 'BOARD-LANDING', image_id: created[2].id, name: 'Landing' },
      ]),
    );
  });
});
