import { Codes, NO_SECTION_ID, SectionLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, type BuiltUser, buildTeam } from '../../test/factories.js';
import { designs } from '../designs/tables.js';
import { teams } from '../teams/tables.js';
import { layoutOf, newProject as newProjectOf, projectSectors, seedDesigns } from './stage-fixtures.js';

/**
 * Sets, the recycle bin's effect on sections and sets, and the stage guard: stale revisions and the lock
 * answer 10092.
 */

let server: TestServer;
let team: BuiltTeam;
let owner: ReturnType<typeof asUser>;
let colleague: BuiltUser;
let other: ReturnType<typeof asUser>;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  await server.ctx.db.update(teams).set({ packageLevel: 3 }).where(eq(teams.id, team.id));
  owner = asUser(server.app, team.owner.token);
  colleague = await addMember(server.ctx, team, 'member');
  other = asUser(server.app, colleague.token);
});
afterAll(() => server.close());

const newProject = () => newProjectOf(owner, team.id);
const seed = (projectId: string, names: string[]) => seedDesigns(server, projectId, names);
const layout = (projectId: string) => layoutOf(server, owner, projectId);

type Shown = { id: string; name: string; type: string; group: string[]; parentSet: string | null };
async function stage(projectId: string) {
  const answer = await owner.get(`/api/project/images?project_id=${projectId}`);
  expect(answer.code, answer.msg).toBe('00000');
  return answer.result as { images: Shown[]; stage_revision: number };
}
const byName = async (projectId: string) =>
  new Map((await stage(projectId)).images.map((image) => [image.name, image]));

describe('sets', () => {
  it('makes a set before its first member, fills group and parentSet, updates and dissolves it', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B', 'C', 'D']);
    const made = await owner.post('/api/project/set_type', {
      project_id: project,
      name: 'Checkout',
      images: [ids.B, ids.C],
      positions: [{ id: ids.B, position_x: 40, position_y: 80 }],
    });
    expect(made.code, made.msg).toBe('00000');
    const set = made.result.set;
    expect(set).toMatchObject({ name: 'Checkout', type: 'set', group: [ids.B, ids.C], parentSet: null });
    expect(set).toMatchObject({ position_x: 40, position_y: 80, status: 'ready' });
    expect((await stage(project)).images.map((image) => image.name)).toEqual([
      'A',
      'Checkout',
      'B',
      'C',
      'D',
    ]);
    expect((await byName(project)).get('B')?.parentSet).toBe(set.id);

    const taken = await owner.post('/api/project/set_type', { project_id: project, images: [ids.C, ids.D] });
    expect(taken.code).toBe(Codes.SET_MEMBER_TAKEN.code);
    const nested = await owner.post('/api/project/set_type', {
      project_id: project,
      images: [set.id, ids.D],
    });
    expect(nested.code).toBe(Codes.IMAGE_TYPE_ERROR.code);

    const updated = await owner.put('/api/project/set_type', {
      project_id: project,
      set_id: set.id,
      images: [ids.C, ids.D],
    });
    expect(updated.result.set.group).toEqual([ids.C, ids.D]);
    const after = await byName(project);
    expect(after.get('B')?.parentSet).toBeNull();
    expect(after.get('D')?.parentSet).toBe(set.id);

    const emptied = await owner.put('/api/project/set_type', {
      project_id: project,
      set_id: set.id,
      images: [],
    });
    expect(emptied.code, emptied.msg).toBe('00000');
    expect(emptied.result.set).toBeNull();
    const dissolved = await byName(project);
    expect(dissolved.has('Checkout')).toBe(false);
    expect([...dissolved.values()].every((image) => image.parentSet === null)).toBe(true);

    const again = await owner.post('/api/project/set_type', { project_id: project, images: [ids.A, ids.B] });
    expect(again.result.set.name).toBe('Set');
    const removed = await owner.delete('/api/project/set_type', {
      project_id: project,
      set_id: again.result.set.id,
    });
    expect(removed.code, removed.msg).toBe('00000');
    expect((await stage(project)).images.map((image) => image.name)).toEqual(['A', 'B', 'C', 'D']);
    // A set is no design of its own: the quota counts only the designs.
    const quota = await owner.get(`/api/project/image/cntlimitinfo?project_id=${project}`);
    expect(quota.result.cur_cnt).toBe(4);
  });

  it('takes deleted members out of their sets and dissolves a set left with one member', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B', 'C', 'D', 'E']);
    const big = (
      await owner.post('/api/project/set_type', {
        project_id: project,
        name: 'Big',
        images: [ids.A, ids.B, ids.C],
      })
    ).result.set;
    const small = (
      await owner.post('/api/project/set_type', {
        project_id: project,
        name: 'Small',
        images: [ids.D, ids.E],
      })
    ).result.set;
    const deleted = await owner.put('/api/project/set_type_image_delete', {
      project_id: project,
      sets: [{ set_id: big.id, group_start: [ids.A, ids.B, ids.C], images: [{ id: ids.B }, { id: ids.C }] }],
      deleted_images: [ids.A, ids.D],
    });
    expect(deleted.code, deleted.msg).toBe('00000');
    const shown = await byName(project);
    expect(shown.get(big.name)?.group).toEqual([ids.B, ids.C]);
    expect(shown.get('E')?.parentSet).toBeNull();
    expect([...shown.values()].filter((image) => image.type === 'set').map((image) => image.id)).toEqual([
      big.id,
    ]);
    expect(await server.ctx.db.select().from(designs).where(eq(designs.id, small.id))).toEqual([]);

    // A plain delete does the same: C leaves, B is alone, the set dissolves.
    await owner.delete('/api/project/image', { project_id: project, image_ids: [ids.C] });
    expect((await byName(project)).get('B')?.parentSet).toBeNull();
    expect((await stage(project)).images.map((image) => image.name)).toEqual(['B', 'E']);
  });
  it('lets a design moved to another project leave its set, and copies no set', async () => {
    const project = await newProject();
    const target = await newProject();
    const ids = await seed(project, ['A', 'B']);
    const set = (await owner.post('/api/project/set_type', { project_id: project, images: [ids.A, ids.B] }))
      .result.set;
    const copied = await owner.post('/api/project/copyimage', {
      team_id: team.id,
      project_id: target,
      images: [{ [set.id]: null }],
    });
    expect(copied.body.errIds).toEqual([set.id]);
    const moved = await owner.put('/api/project/image_move', {
      project_id: project,
      target_project_id: target,
      image_ids: [ids.A],
    });
    expect(moved.result.images[0]).toMatchObject({ id: ids.A, parentSet: null, sector_id: null });
    expect((await stage(project)).images.map((image) => [image.name, image.parentSet])).toEqual([
      ['B', null],
    ]);
  });
});

describe('the recycle bin and sections', () => {
  it('recovers a design into its section, or into ungrouped when the section was deleted meanwhile', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B', 'C']);
    const kept = (
      await owner.post('/api/project/sector', { project_id: project, name: 'Kept', image_ids: [ids.A] })
    ).result.sector;
    const gone = (
      await owner.post('/api/project/sector', { project_id: project, name: 'Gone', image_ids: [ids.B] })
    ).result.sector;
    await owner.delete('/api/project/image', { project_id: project, image_ids: `${ids.A},${ids.B}` });
    expect(await layout(project)).toEqual(['Ungrouped: C', 'Kept:', 'Gone:']);
    await owner.delete('/api/project/sector', { project_id: project, sector_id: gone.id });
    const recovered = await owner.put('/api/project/image_recovery', {
      project_id: project,
      images: [ids.A, ids.B],
    });
    expect(recovered.code, recovered.msg).toBe('00000');
    expect(await layout(project)).toEqual(['Ungrouped: B C', 'Kept: A']);
    const recoveredA = await owner.get(`/api/project/image?image_id=${ids.A}&project_id=${project}`);
    expect(recoveredA.result).toMatchObject({ sector_id: kept.id });
  });
});

describe('the stage guard (10092)', () => {
  it('refuses a change made against an old revision; each change answers the new one', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B']);
    const seen = (await stage(project)).stage_revision;
    expect((await projectSectors(owner, project)).stage_revision).toBe(seen);
    const made = await owner.post('/api/project/sector', { project_id: project, stage_revision: seen });
    expect(made.code, made.msg).toBe('00000');
    expect(made.result.stage_revision).toBe(seen + 1);
    expect((await stage(project)).stage_revision).toBe(seen + 1);

    // The colleague still holds the old revision: every layout call refuses them, nothing changes.
    for (const stale of [
      await other.put('/api/project/sector_image_sort', {
        project_id: project,
        images: [ids.A],
        target_sector_id: made.result.sector.id,
        stage_revision: seen,
      }),
      await other.put('/api/project/image', {
        project_id: project,
        images: [{ image_id: ids.A, position_x: 5 }],
        stage_revision: seen,
      }),
      await other.delete('/api/project/image', {
        project_id: project,
        image_ids: [ids.B],
        stage_revision: seen,
      }),
      await other.put('/api/project/image_sort', {
        project_id: project,
        order_type: 'name',
        stage_revision: seen,
      }),
    ]) {
      expect(stale.code).toBe(Codes.STAGE_LOCKED.code);
      expect(stale.msg).toBe(Codes.STAGE_LOCKED.en);
    }
    expect(await layout(project)).toEqual(['Ungrouped: A B', 'Untitled section:']);
    // Renaming is no layout change: an old revision does not matter.
    const renamed = await other.put('/api/project/image', {
      project_id: project,
      images: [{ image_id: ids.A, name: 'Renamed' }],
      stage_revision: seen,
    });
    expect(renamed.code, renamed.msg).toBe('00000');
    expect((await stage(project)).stage_revision).toBe(seen + 1);
  });

  it('lets only the lock holder change the layout until release or the end of the 60 s lease', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A']);
    const locked = await owner.post('/api/project/image_lock', { project_id: project, lock: true });
    expect(locked.code, locked.msg).toBe('00000');
    expect(locked.result.locked_by).toEqual({ user_id: team.owner.id, name: expect.any(String) });
    const expiresAt = Date.parse(locked.result.expires_at);
    expect(expiresAt - server.ctx.now().getTime()).toBeLessThanOrEqual(SectionLimits.lockLeaseMs);

    const refused = await other.post('/api/project/sector', { project_id: project, image_ids: [ids.A] });
    expect(refused.code).toBe(Codes.STAGE_LOCKED.code);
    const theirLock = await other.post('/api/project/image_lock', { project_id: project, lock: true });
    expect(theirLock.result.locked_by.user_id).toBe(team.owner.id);
    const holder = await owner.post('/api/project/sector', { project_id: project, name: 'Mine' });
    expect(holder.code, holder.msg).toBe('00000');

    const released = await owner.post('/api/project/image_lock', { project_id: project, lock: false });
    expect(released.result).toEqual({ locked_by: null, expires_at: null });
    expect((await other.post('/api/project/sector', { project_id: project, name: 'Theirs' })).code).toBe(
      '00000',
    );

    await owner.post('/api/project/image_lock', { project_id: project, lock: true });
    server.advance(SectionLimits.lockLeaseMs / 2);
    // Renewing moves the end of the lease.
    await owner.post('/api/project/image_lock', { project_id: project, lock: true });
    server.advance(SectionLimits.lockLeaseMs / 2 + 1000);
    expect((await other.post('/api/project/sector', { project_id: project })).code).toBe(
      Codes.STAGE_LOCKED.code,
    );
    server.advance(SectionLimits.lockLeaseMs / 2);
    const afterLease = await other.put('/api/project/sector_sort', {
      project_id: project,
      sector_ids: [holder.result.sector.id],
    });
    expect(afterLease.code, afterLease.msg).toBe('00000');
    expect(afterLease.result.sectors.map((view: { id: string }) => view.id)[0]).toBe(NO_SECTION_ID);
  });

  it('refuses the lock and sets to a viewer, and a set of another project', async () => {
    const project = await newProject();
    const ids = await seed(project, ['A', 'B']);
    const viewer = asUser(server.app, (await addMember(server.ctx, team, 'onlooker')).token);
    expect((await viewer.post('/api/project/image_lock', { project_id: project, lock: true })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect(
      (await viewer.post('/api/project/set_type', { project_id: project, images: [ids.A, ids.B] })).code,
    ).toBe(Codes.NO_PERMISSION.code);
    const elsewhere = await newProject();
    const foreign = await seed(elsewhere, ['X', 'Y']);
    const foreignSet = (
      await owner.post('/api/project/set_type', { project_id: elsewhere, images: [foreign.X, foreign.Y] })
    ).result.set;
    const wrongProject = await owner.delete('/api/project/set_type', {
      project_id: project,
      set_id: foreignSet.id,
    });
    expect(wrongProject.code).toBe(Codes.SET_NOT_FOUND.code);
    const foreignMembers = await owner.post('/api/project/set_type', {
      project_id: project,
      images: [ids.A, foreign.X],
    });
    expect(foreignMembers.code).toBe(Codes.IMAGE_DELETED.code);
    const stranger = asUser(server.app, (await buildTeam(server.ctx)).owner.token);
    expect((await stranger.post('/api/project/image_lock', { project_id: project, lock: true })).code).toBe(
      Codes.PROJECT_NOT_FOUND.code,
    );
    expect((await byName(elsewhere)).get(foreignSet.name)?.group).toEqual([foreign.X, foreign.Y]);
  });
});
