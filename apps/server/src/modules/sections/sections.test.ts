import { Codes, NO_SECTION_ID, SectionLimits, type SectionView } from '@ferry/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, buildTeam } from '../../test/factories.js';
import { designs } from '../designs/tables.js';
import { teams } from '../teams/tables.js';
import { layoutOf, newProject as newProjectOf, projectSectors, seedDesigns } from './stage-fixtures.js';
import { sectors } from './tables.js';

/**
 * Sections of the stage through the API: making, renaming, nesting and deleting them, moving designs in,
 * out and between them, the stage order, and who may do it.
 */

let server: TestServer;
let team: BuiltTeam;
let owner: ReturnType<typeof asUser>;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  // A paid team: room for the projects these tests make.
  await server.ctx.db.update(teams).set({ packageLevel: 3 }).where(eq(teams.id, team.id));
  owner = asUser(server.app, team.owner.token);
});
afterAll(() => server.close());

const newProject = () => newProjectOf(owner, team.id);
const seed = (projectId: string, names: string[]) => seedDesigns(server, projectId, names);
const layout = (projectId: string) => layoutOf(server, owner, projectId);
const sectorsOf = (projectId: string, lang?: string) =>
  projectSectors(lang ? asUser(server.app, team.owner.token, lang) : owner, projectId);

const imageNames = async (projectId: string) =>
  (await owner.get(`/api/project/images?project_id=${projectId}`)).result.images.map(
    (image: { name: string }) => image.name,
  );

describe('the ungrouped pseudo-section', () => {
  it('comes first with order -9999, named in the caller’s language, holding designs in no section', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B']);
    const made = await owner.post('/api/project/sector', { project_id: project, name: 'Later' });
    expect(made.code, made.msg).toBe('00000');
    const zh = await sectorsOf(project, 'zh-CN');
    expect(zh.sectors[0]).toEqual({
      id: NO_SECTION_ID,
      name: '未分组',
      order: SectionLimits.ungroupedOrder,
      parent_id: null,
      image_ids: [ids.A, ids.B],
      children: [],
    });
    expect(zh.sectors.map((view) => view.name)).toEqual(['未分组', 'Later']);
    expect((await sectorsOf(project, 'en-US')).sectors[0].name).toBe('Ungrouped');
  });

  it('names a section made without a name 未命名分组 or Untitled section by the caller’s language', async () => {
    const project = await newProject();
    const zh = asUser(server.app, team.owner.token, 'zh-CN');
    expect((await zh.post('/api/project/sector', { project_id: project })).result.sector.name).toBe(
      '未命名分组',
    );
    expect((await owner.post('/api/project/sector', { project_id: project })).result.sector.name).toBe(
      'Untitled section',
    );
  });
});

describe('making, renaming, nesting and deleting sections', () => {
  it('moves listed designs into a new section, out of their old one, and puts new sections last', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B', 'C', 'D']);
    const first = await owner.post('/api/project/sector', {
      project_id: project,
      name: 'Login',
      image_ids: [ids.B],
    });
    expect(first.result.sector).toMatchObject({
      name: 'Login',
      parent_id: null,
      image_ids: [ids.B],
      children: [],
    });
    const second = await owner.post('/api/project/sector', {
      project_id: project,
      name: 'Shop',
      image_ids: [ids.D, ids.B],
    });
    expect(second.result.sector.image_ids).toEqual([ids.D, ids.B]);
    expect(second.result.sector.order).toBeGreaterThan(first.result.sector.order);
    expect(await layout(project)).toEqual(['Ungrouped: A C', 'Login:', 'Shop: D B']);
    // The stage's flat list follows the sections: ungrouped first, then section by section.
    expect(await imageNames(project)).toEqual(['A', 'C', 'D', 'B']);
  });

  it('renames, takes designs in and out (out means ungrouped), nests one level and deletes', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B', 'C']);
    const top = (await owner.post('/api/project/sector', { project_id: project, name: 'Top' })).result.sector;
    const sub = (
      await owner.post('/api/project/sector', {
        project_id: project,
        name: 'Sub',
        parent_id: top.id,
        image_ids: [ids.C],
      })
    ).result.sector;
    const changed = await owner.put('/api/project/sector', {
      project_id: project,
      id: top.id,
      name: 'Renamed',
      add_image_ids: [ids.A, ids.B],
      rm_image_ids: [],
    });
    expect(changed.result.sector).toMatchObject({ name: 'Renamed', image_ids: [ids.A, ids.B] });
    expect(changed.result.sector.children.map((child: SectionView) => child.id)).toEqual([sub.id]);
    await owner.put('/api/project/sector', { project_id: project, id: top.id, rm_image_ids: [ids.A] });
    expect(await layout(project)).toEqual(['Ungrouped: A', 'Renamed: B', '- Sub: C']);

    // Deleting a section takes its sub-sections; every design goes to ungrouped, none is deleted.
    const removed = await owner.delete('/api/project/sector', { project_id: project, sector_id: top.id });
    expect(removed.code, removed.msg).toBe('00000');
    expect(await layout(project)).toEqual(['Ungrouped: A B C']);
    expect(await server.ctx.db.select().from(sectors).where(eq(sectors.projectId, project))).toEqual([]);
    const live = await server.ctx.db.select().from(designs).where(eq(designs.projectId, project));
    expect(live.filter((design) => design.deletedAt === null)).toHaveLength(3);
  });

  it('deletes several sections at once by a comma-joined list', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B', 'C']);
    const one = (await owner.post('/api/project/sector', { project_id: project, image_ids: [ids.A] })).result
      .sector;
    const two = (await owner.post('/api/project/sector', { project_id: project, image_ids: [ids.B] })).result
      .sector;
    const kept = (
      await owner.post('/api/project/sector', { project_id: project, name: 'Kept', image_ids: [ids.C] })
    ).result.sector;
    const removed = await owner.delete(
      `/api/project/sector_new?project_id=${project}&sector_ids=${one.id},${two.id}`,
    );
    expect(removed.code, removed.msg).toBe('00000');
    expect(await layout(project)).toEqual(['Ungrouped: A B', 'Kept: C']);
    expect((await sectorsOf(project)).sectors[1].id).toBe(kept.id);
  });

  it('refuses nesting deeper than section → sub-section, and cycles', async () => {
    const project = await newProject();
    const top = (await owner.post('/api/project/sector', { project_id: project, name: 'Top' })).result.sector;
    const sub = (
      await owner.post('/api/project/sector', { project_id: project, name: 'Sub', parent_id: top.id })
    ).result.sector;
    const deeper = await owner.post('/api/project/sector', { project_id: project, parent_id: sub.id });
    expect(deeper.code).toBe(Codes.SECTION_TOO_DEEP.code);
    const other = (await owner.post('/api/project/sector', { project_id: project, name: 'Other' })).result
      .sector;
    // A section with sub-sections cannot itself become a sub-section.
    const tooTall = await owner.put('/api/project/sector', {
      project_id: project,
      id: top.id,
      parent_id: other.id,
    });
    expect(tooTall.code).toBe(Codes.SECTION_TOO_DEEP.code);
    const intoOwnChild = await owner.put('/api/project/sector', {
      project_id: project,
      id: top.id,
      parent_id: sub.id,
    });
    expect(intoOwnChild.code).toBe(Codes.SECTION_CYCLE.code);
    const intoItself = await owner.put('/api/project/sector', {
      project_id: project,
      id: other.id,
      parent_id: other.id,
    });
    expect(intoItself.code).toBe(Codes.SECTION_CYCLE.code);
    const arrangedTooDeep = await owner.post('/api/project/project_sectors', {
      project_id: project,
      sectors: [{ id: other.id, image_ids: [], children: [{ id: top.id, image_ids: [] }] }],
    });
    expect(arrangedTooDeep.code).toBe(Codes.SECTION_TOO_DEEP.code);
    expect(await layout(project)).toEqual(['Ungrouped:', 'Top:', '- Sub:', 'Other:']);
  });
});

describe('stage order', () => {
  it('places designs between pre_image_id and next_image_id, or at the end of the target section', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B', 'C', 'D', 'E']);
    const shop = (
      await owner.post('/api/project/sector', {
        project_id: project,
        name: 'Shop',
        image_ids: [ids.D, ids.E],
      })
    ).result.sector;
    const between = await owner.put('/api/project/sector_image_sort', {
      project_id: project,
      images: [ids.A, ids.B],
      pre_image_id: ids.D,
      next_image_id: ids.E,
      target_sector_id: shop.id,
    });
    expect(between.code, between.msg).toBe('00000');
    expect(between.result.sectors[1].image_ids).toEqual([ids.D, ids.A, ids.B, ids.E]);
    await owner.put('/api/project/sector_image_sort', {
      project_id: project,
      images: [ids.E],
      next_image_id: ids.C,
      target_sector_id: NO_SECTION_ID,
    });
    await owner.put('/api/project/sector_image_sort', {
      project_id: project,
      images: [ids.D],
      target_sector_id: NO_SECTION_ID,
    });
    expect(await layout(project)).toEqual(['Ungrouped: E C D', 'Shop: A B']);
  });

  it('orders sections by sector_sort, under the stage or under a parent', async () => {
    const project = await newProject();
    const make = async (name: string, parent_id?: string) =>
      (await owner.post('/api/project/sector', { project_id: project, name, parent_id })).result.sector
        .id as string;
    const a = await make('A');
    const b = await make('B');
    const c = await make('C');
    const a1 = await make('A1', a);
    const a2 = await make('A2', a);
    const sorted = await owner.put('/api/project/sector_sort', {
      project_id: project,
      sector_ids: [c, a, b],
    });
    expect(sorted.result.sectors.map((view: SectionView) => view.name)).toEqual(['Ungrouped', 'C', 'A', 'B']);
    await owner.put('/api/project/sector_sort', { project_id: project, sector_ids: [a2, a1], parent_id: a });
    expect(await layout(project)).toEqual(['Ungrouped:', 'C:', 'A:', '- A2:', '- A1:', 'B:']);
  });

  it('saves a whole arrangement at once; an unknown id leaves everything as it was', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B', 'C', 'D']);
    const x = (
      await owner.post('/api/project/sector', { project_id: project, name: 'X', image_ids: [ids.A] })
    ).result.sector.id;
    const y = (await owner.post('/api/project/sector', { project_id: project, name: 'Y' })).result.sector.id;
    const saved = await owner.post('/api/project/project_sectors', {
      project_id: project,
      sectors: [
        { id: NO_SECTION_ID, image_ids: [ids.D] },
        { id: y, image_ids: [ids.C, ids.A], children: [{ id: x, image_ids: [ids.B] }] },
      ],
    });
    expect(saved.code, saved.msg).toBe('00000');
    expect(saved.result.stage_revision).toBe((await sectorsOf(project)).stage_revision);
    expect(await layout(project)).toEqual(['Ungrouped: D', 'Y: C A', '- X: B']);

    const before = await layout(project);
    const foreignProject = await newProject();
    const foreign = await seed(foreignProject, ['Elsewhere']);
    const badDesign = await owner.post('/api/project/project_sectors', {
      project_id: project,
      sectors: [
        { id: y, image_ids: [ids.D, foreign.Elsewhere] },
        { id: x, image_ids: [] },
      ],
    });
    expect(badDesign.code).toBe(Codes.IMAGE_DELETED.code);
    const badSection = await owner.post('/api/project/project_sectors', {
      project_id: project,
      sectors: [
        { id: x, image_ids: [ids.D] },
        { id: '00000000-0000-4000-8000-000000000000', image_ids: [] },
      ],
    });
    expect(badSection.code).toBe(Codes.SECTION_NOT_FOUND.code);
    expect(await layout(project)).toEqual(before);
  });

  it('sorts within sections by name (natural order), by time (newest first), by hand', async () => {
    const project = await newProject();
    const ids = await seed(project, ['Page 10', 'page 2', 'Page 1']);
    const byName = await owner.put('/api/project/image_sort', { project_id: project, order_type: 'name' });
    expect(byName.result.order_type).toBe('name');
    expect(await layout(project)).toEqual(['Ungrouped: Page 1 page 2 Page 10']);
    expect(await imageNames(project)).toEqual(['Page 1', 'page 2', 'Page 10']);
    // Opening the project tells its order too (spec 001 §3: order_type on the detailed project).
    const opened = await owner.get(`/api/project/project_info?project_id=${project}&team_id=${team.id}`);
    expect(opened.result.order_type).toBe('name');
    await owner.put('/api/project/image_sort', { project_id: project, order_type: 'time' });
    expect(await imageNames(project)).toEqual(['Page 1', 'page 2', 'Page 10']);
    await owner.put('/api/project/image_sort', { project_id: project, order_type: 'default' });
    expect(await imageNames(project)).toEqual(['Page 10', 'page 2', 'Page 1']);

    // Moving a design by hand while sorted by name starts from the order shown and makes the order custom.
    await owner.put('/api/project/image_sort', { project_id: project, order_type: 'name' });
    const moved = await owner.put('/api/project/sector_image_sort', {
      project_id: project,
      images: [ids['Page 10']],
      next_image_id: ids['page 2'],
      target_sector_id: NO_SECTION_ID,
    });
    expect(moved.result.sectors[0].image_ids).toEqual([ids['Page 1'], ids['Page 10'], ids['page 2']]);
    expect(await imageNames(project)).toEqual(['Page 1', 'Page 10', 'page 2']);
  });

  it('finds designs by part of their name in any case, leaving out sections without matches', async () => {
    const project = await newProject();
    const ids = await seed(project, ['Login form', 'Cart', 'LOGIN error', 'Profile']);
    const account = (await owner.post('/api/project/sector', { project_id: project, name: 'Account' })).result
      .sector;
    await owner.post('/api/project/sector', {
      project_id: project,
      name: 'Errors',
      parent_id: account.id,
      image_ids: [ids['LOGIN error']],
    });
    await owner.post('/api/project/sector', { project_id: project, name: 'Shop', image_ids: [ids.Cart] });
    const found = await owner.get(`/api/project/search_sector_image?project_id=${project}&keyword=login`);
    expect(found.code, found.msg).toBe('00000');
    expect(found.result.sectors).toMatchObject([
      { id: NO_SECTION_ID, image_ids: [ids['Login form']] },
      { name: 'Account', image_ids: [], children: [{ name: 'Errors', image_ids: [ids['LOGIN error']] }] },
    ]);
    expect(found.result.sectors).toHaveLength(2);
  });
});

describe('who may arrange sections', () => {
  it('lets a viewer read but not change, and refuses another team’s project and another project’s section', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A']);
    const mine = (await owner.post('/api/project/sector', { project_id: project, name: 'Mine' })).result
      .sector;
    const viewer = asUser(server.app, (await addMember(server.ctx, team, 'onlooker')).token);
    expect((await viewer.get(`/api/project/project_sectors?project_id=${project}`)).code).toBe('00000');
    for (const refused of [
      await viewer.post('/api/project/sector', { project_id: project, name: 'No' }),
      await viewer.put('/api/project/sector', { project_id: project, id: mine.id, name: 'No' }),
      await viewer.delete('/api/project/sector', { project_id: project, sector_id: mine.id }),
      await viewer.put('/api/project/sector_image_sort', {
        project_id: project,
        images: [ids.A],
        target_sector_id: mine.id,
      }),
      await viewer.put('/api/project/image_sort', { project_id: project, order_type: 'name' }),
    ]) {
      expect(refused.code).toBe(Codes.NO_PERMISSION.code);
    }

    const stranger = await buildTeam(server.ctx);
    const outsider = asUser(server.app, stranger.owner.token);
    const read = await outsider.get(
      `/api/project/project_sectors?project_id=${project}&team_id=${stranger.id}`,
    );
    expect(read.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const write = await outsider.post('/api/project/sector', { project_id: project, team_id: stranger.id });
    expect(write.code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const noTeam = await outsider.delete('/api/project/sector', { project_id: project, sector_id: mine.id });
    expect(noTeam.code).toBe(Codes.PROJECT_NOT_FOUND.code);

    const otherProject = await newProject();
    const foreign = (await owner.post('/api/project/sector', { project_id: otherProject, name: 'Foreign' }))
      .result.sector;
    for (const refused of [
      await owner.put('/api/project/sector', { project_id: project, id: foreign.id, name: 'Taken' }),
      await owner.delete('/api/project/sector', { project_id: project, sector_id: foreign.id }),
      await owner.post('/api/project/sector', { project_id: project, parent_id: foreign.id }),
      await owner.put('/api/project/sector_image_sort', {
        project_id: project,
        images: [ids.A],
        target_sector_id: foreign.id,
      }),
      await owner.put('/api/project/sector_sort', { project_id: project, sector_ids: [foreign.id] }),
    ]) {
      expect(refused.code).toBe(Codes.SECTION_NOT_FOUND.code);
    }
    const [kept] = await server.ctx.db
      .select()
      .from(sectors)
      .where(inArray(sectors.id, [foreign.id]));
    expect(kept).toMatchObject({ name: 'Foreign', projectId: otherProject });
    expect(await layout(project)).toEqual(['Ungrouped: A', 'Mine:']);
  });
});
