import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { projectIdsOfTeam, touchProject } from '../projects/counts.js';
import { projectAccess, projectAccessFor } from '../projects/policy.js';
import { loadArrangement } from '../sections/arrangement.js';
import { settleSets } from '../sections/sets.js';
import { isUuid } from '../teams/policy.js';
import { type DesignRow, designsOfProject, requireDesignProject, requireTakeOut } from './policy.js';
import { queueFileWork } from './processing.js';
import { assertDesignRoom } from './quota.js';
import { loadImages } from './service.js';
import { designs, designVersions } from './tables.js';

type CopyEntry = Record<string, { name?: string } | string | null>;

async function nextOrder(tx: Tx, projectId: string): Promise<number> {
  const [{ top }] = await tx
    .select({ top: sql<number>`coalesce(max(${designs.orderIndex}), 0)::int` })
    .from(designs)
    .where(eq(designs.projectId, projectId));
  return top + 1;
}

/** A new design in the target with every version of the source; the files are shared, not duplicated. */
async function copyDesign(
  tx: Tx,
  source: DesignRow,
  target: { projectId: string; name: string; order: number },
  change: { userId: string; now: Date; queue: string },
) {
  const [copy] = await tx
    .insert(designs)
    .values({
      projectId: target.projectId,
      name: target.name,
      type: source.type,
      orderIndex: target.order,
      positionX: source.positionX,
      positionY: source.positionY,
      batch: source.batch,
      createdBy: change.userId,
      createdAt: change.now,
      updatedAt: change.now,
    })
    .returning();
  const versions = await tx.select().from(designVersions).where(eq(designVersions.designId, source.id));
  let current: string | null = null;
  for (const { id, designId: _source, ...version } of versions) {
    const [made] = await tx
      .insert(designVersions)
      .values({ ...version, designId: copy.id })
      .returning({ id: designVersions.id });
    if (id === source.currentVersionId) current = made.id;
    // A copy made while the variants or layers are under way is marked ready by a fresh run of the job; a
    // ready copy shares the variant folder and LayerDoc of its source.
    await queueFileWork(tx, change.queue, version);
  }
  await tx.update(designs).set({ currentVersionId: current }).where(eq(designs.id, copy.id));
  return copy.id;
}

/**
 * `POST project/copyimage`: copies designs of any project of the team the caller can see into a project they
 * can edit; from another project only where its download setting lets them download (19058). Answers a
 * list of single-key maps `{ source id: new design }`, with `errIds` (sources that could not be copied) and
 * `doneIds`; 11023 and 19058 stop the whole copy.
 */
export async function copyImages(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; images: CopyEntry[] },
) {
  const target = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  requireDesignProject(target);
  const wanted = new Map<string, string | undefined>();
  for (const entry of input.images) {
    for (const [sourceId, value] of Object.entries(entry)) {
      wanted.set(sourceId, typeof value === 'string' ? value : (value?.name ?? undefined));
    }
  }
  const ids = [...wanted.keys()].filter(isUuid);
  const candidates = ids.length
    ? await ctx.db
        .select({ design: designs })
        .from(designs)
        .where(
          and(
            inArray(designs.id, ids),
            isNull(designs.deletedAt),
            inArray(designs.projectId, projectIdsOfTeam(input.team_id)),
          ),
        )
    : [];
  const visibleProjects = new Set<string>();
  for (const projectId of new Set(candidates.map((row) => row.design.projectId))) {
    const source = await projectAccess(ctx.db, userId, input.team_id, projectId).catch(() => null);
    if (!source) continue;
    requireTakeOut(source, userId, input.project_id);
    visibleProjects.add(projectId);
  }
  // A set is a grouping on its own stage, with no file to copy: it stays behind (errIds).
  const sources = candidates
    .map((row) => row.design)
    .filter((design) => visibleProjects.has(design.projectId) && design.type !== 'set');
  await assertDesignRoom(ctx, ctx.db, input.team_id, input.project_id, sources.length);
  const now = ctx.now();
  const made = await ctx.db.transaction(async (tx) => {
    let order = await nextOrder(tx, input.project_id);
    const pairs: [string, string][] = [];
    for (const source of sources) {
      const name = wanted.get(source.id) ?? source.name;
      const target = { projectId: input.project_id, name, order: order++ };
      pairs.push([
        source.id,
        await copyDesign(tx, source, target, { userId, now, queue: ctx.config.jobQueue }),
      ]);
    }
    await touchProject(tx, input.project_id, now);
    return pairs;
  });
  ctx.jobs.wake();
  const images = await loadImages(
    ctx,
    ctx.db,
    inArray(
      designs.id,
      made.map(([, copy]) => copy),
    ),
  );
  const byId = new Map(images.map((image) => [image.id, image]));
  const doneIds = made.map(([source]) => source);
  return {
    result: made.map(([source, copy]) => ({ [source]: byId.get(copy) })),
    doneIds,
    errIds: [...wanted.keys()].filter((id) => !doneIds.includes(id)),
  };
}

/**
 * `PUT project/image_move`: designs (with their versions) move to another project of the same team, when the
 * source's download setting lets the caller download (19058).
 */
export async function moveImages(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string; target_project_id: string; image_ids: string[] },
) {
  const source = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const teamId = source.project.teamId;
  const target = await projectAccessFor(ctx.db, userId, teamId, input.target_project_id, 'edit');
  requireDesignProject(target);
  requireTakeOut(source, userId, input.target_project_id);
  const found = await designsOfProject(ctx.db, input.project_id, input.image_ids, 'live');
  const ids = found.map((design) => design.id);
  if (input.target_project_id === input.project_id) return loadImages(ctx, ctx.db, inArray(designs.id, ids));
  await assertDesignRoom(ctx, ctx.db, teamId, input.target_project_id, found.length);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Sets stay on their stage: the moved designs leave theirs, a moved set dissolves, as on deletion.
    await settleSets(tx, await loadArrangement(tx, input.project_id), ids, []);
    // Hotspots, links and cards belong to the project they were drawn in: they stay, and go with the move.
    await ctx.designMoves.forget(tx, input.project_id, ids);
    let order = await nextOrder(tx, input.target_project_id);
    for (const id of ids) {
      await tx
        .update(designs)
        .set({
          projectId: input.target_project_id,
          sectorId: null,
          orderIndex: order++,
          hotspotCount: 0,
          updatedAt: now,
        })
        .where(eq(designs.id, id));
    }
    await touchProject(tx, input.project_id, now);
    await touchProject(tx, input.target_project_id, now);
  });
  await ctx.designMoves.announce(source.project);
  return loadImages(ctx, ctx.db, inArray(designs.id, ids));
}
