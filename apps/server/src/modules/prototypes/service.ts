import {
  HOTSPOT_BACK,
  type HotspotInput,
  type HotspotView,
  PrototypeLimits,
  type updateHotspotBody,
} from '@ferry/shared';
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import {
  type DesignSize,
  liveDesignSizes,
  lockHotspotCounts,
  prototypeDesigns,
  setHotspotCounts,
} from '../designs/hotspots.js';
import { liveDesignIds } from '../designs/policy.js';
import { projectAccessFor } from '../projects/policy.js';
import { rowsOfProject } from '../projects/rows.js';
import { prototypeCards, prototypeHotspots, prototypeLinks } from './tables.js';

type HotspotRow = typeof prototypeHotspots.$inferSelect;
type Geometry = Pick<HotspotInput, 'p_x' | 'p_y' | 'p_w' | 'p_h'>;
export interface ProjectInput {
  project_id: string;
  team_id?: string;
}

/** `broken`: its target is not shown; `hideTarget`: nor named (a visitor, whose link does not show it). */
function present(row: HotspotRow, broken: boolean, hideTarget = false): HotspotView {
  return {
    pos_id: row.id,
    id: row.id,
    project_id: row.projectId,
    image_id: row.designId,
    next_image: row.goesBack ? HOTSPOT_BACK : hideTarget ? '' : (row.targetDesignId ?? ''),
    p_x: row.x,
    p_y: row.y,
    p_w: row.width,
    p_h: row.height,
    broken,
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
  };
}

/**
 * The project's hotspots drawn on the designs shown (its live designs unless told), design by design; one
 * whose target is not shown (in the bin, or outside a share link's scope) is `broken`. A share link's visitor
 * (`shown` given) is never told the id of a design the link does not show: its `next_image` is ''.
 */
export async function shownHotspots(db: Db | Tx, projectId: string, shown?: Set<string>) {
  const rows = await db
    .select()
    .from(prototypeHotspots)
    .where(eq(prototypeHotspots.projectId, projectId))
    .orderBy(asc(prototypeHotspots.designId), asc(prototypeHotspots.createdAt), asc(prototypeHotspots.id));
  const named = rows.flatMap((row) => [row.designId, ...(row.targetDesignId ? [row.targetDesignId] : [])]);
  const visible = shown ?? new Set(await liveDesignIds(db, projectId, named));
  return rows
    .filter((row) => visible.has(row.designId))
    .map((row) => {
      const broken = !row.goesBack && !visible.has(row.targetDesignId ?? '');
      return present(row, broken, broken && shown !== undefined);
    });
}

/** `GET project/prototype`: the hotspots on the project's live designs; a target in the bin is `broken`. */
export async function listHotspots(ctx: AppContext, userId: string, input: ProjectInput) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  return { positions: await shownHotspots(ctx.db, access.project.id) };
}

/**
 * Checks one hotspot against its design: not linking to itself, a positive size, wholly inside the design's
 * current version.
 */
function checkHotspot(designId: string, nextImage: string, geometry: Geometry, size: DesignSize) {
  if (nextImage === designId) throw fail('HOTSPOT_SELF_LINK');
  const { p_x: x, p_y: y, p_w: w, p_h: h } = geometry;
  const inside = w > 0 && h > 0 && x >= 0 && y >= 0 && x + w <= size.width && y + h <= size.height;
  if (!inside) throw fail('HOTSPOT_OUT_OF_BOUNDS');
}

/** Every target must be a live design (not a set) of the project (10083 otherwise); `back` names none. */
async function checkTargets(tx: Tx, projectId: string, nextImages: string[]) {
  const targets = nextImages.filter((next) => next !== HOTSPOT_BACK);
  if (targets.length > 0) await prototypeDesigns(tx, projectId, targets);
}

const target = (nextImage: string) =>
  nextImage === HOTSPOT_BACK
    ? { targetDesignId: null, goesBack: true }
    : { targetDesignId: nextImage, goesBack: false };

/** The hotspots each design holds in the project, counted from the table (0 for none). */
async function countHotspots(tx: Tx, projectId: string, designIds: string[]) {
  const rows = await tx
    .select({ designId: prototypeHotspots.designId, n: count() })
    .from(prototypeHotspots)
    .where(and(eq(prototypeHotspots.projectId, projectId), inArray(prototypeHotspots.designId, designIds)))
    .groupBy(prototypeHotspots.designId);
  const counts = new Map(designIds.map((id) => [id, 0]));
  for (const row of rows) counts.set(row.designId, Number(row.n));
  return counts;
}

/**
 * Writes hotspots already checked (or known good: the first-run path's sample project) in the caller's
 * transaction; the caller sets the designs' hotspot counts.
 */
export async function insertHotspots(
  tx: Tx,
  projectId: string,
  userId: string,
  positions: HotspotInput[],
  now: Date,
) {
  if (positions.length === 0) return [];
  return tx
    .insert(prototypeHotspots)
    .values(
      positions.map((position) => ({
        projectId,
        designId: position.image_id,
        ...target(position.next_image),
        x: position.p_x,
        y: position.p_y,
        width: position.p_w,
        height: position.p_h,
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
}

/**
 * `POST project/prototype`: the whole batch is checked (designs, targets, geometry, each design's limit)
 * before anything is written, in one transaction.
 */
export async function createHotspots(
  ctx: AppContext,
  userId: string,
  input: ProjectInput & { positions: HotspotInput[] },
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const designIds = [...new Set(input.positions.map((position) => position.image_id))];
  const now = ctx.now();
  const created = await ctx.db.transaction(async (tx) => {
    const sizes = await liveDesignSizes(tx, projectId, designIds);
    await checkTargets(
      tx,
      projectId,
      input.positions.map((position) => position.next_image),
    );
    for (const position of input.positions) {
      checkHotspot(
        position.image_id,
        position.next_image,
        position,
        sizes.get(position.image_id) as DesignSize,
      );
    }
    // Counting and adding one call at a time per design, so two calls never pass the limit together.
    await lockHotspotCounts(tx, designIds);
    const held = await countHotspots(tx, projectId, designIds);
    for (const position of input.positions)
      held.set(position.image_id, (held.get(position.image_id) ?? 0) + 1);
    if ([...held.values()].some((n) => n > PrototypeLimits.hotspotsPerDesign)) throw fail('HOTSPOT_LIMIT');
    const rows = await insertHotspots(tx, projectId, userId, input.positions, now);
    await setHotspotCounts(tx, held);
    return rows;
  });
  await signalProjectChange(ctx, access.project, 'prototype');
  return { positions: created.map((row) => present(row, false)) };
}

/** Hotspots of the project by id; an id of another project, or none, answers NOT_FOUND. */
const hotspotsOfProject = (tx: Tx, projectId: string, ids: string[]) =>
  rowsOfProject(tx, prototypeHotspots, projectId, ids);

/** `PUT project/prototype`: a hotspot's rectangle and target, checked as at creation. */
export async function updateHotspot(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof updateHotspotBody>,
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const row = await ctx.db.transaction(async (tx) => {
    const [hotspot] = await hotspotsOfProject(tx, projectId, [input.pos_id]);
    const sizes = await liveDesignSizes(tx, projectId, [hotspot.designId]);
    await checkTargets(tx, projectId, [input.next_image]);
    checkHotspot(hotspot.designId, input.next_image, input, sizes.get(hotspot.designId) as DesignSize);
    const [updated] = await tx
      .update(prototypeHotspots)
      .set({
        ...target(input.next_image),
        x: input.p_x,
        y: input.p_y,
        width: input.p_w,
        height: input.p_h,
        updatedAt: ctx.now(),
      })
      .where(eq(prototypeHotspots.id, hotspot.id))
      .returning();
    return updated;
  });
  await signalProjectChange(ctx, access.project, 'prototype');
  return present(row, false);
}

/** `DELETE project/prototype`: every id must be a hotspot of the project, or nothing is deleted. */
export async function deleteHotspots(
  ctx: AppContext,
  userId: string,
  input: ProjectInput & { position_ids: string[] },
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await hotspotsOfProject(tx, projectId, input.position_ids);
    const designIds = [...new Set(rows.map((row) => row.designId))];
    await lockHotspotCounts(tx, designIds);
    const ids = rows.map((row) => row.id);
    await tx.delete(prototypeHotspots).where(inArray(prototypeHotspots.id, ids));
    await setHotspotCounts(tx, await countHotspots(tx, projectId, designIds));
    return ids;
  });
  await signalProjectChange(ctx, access.project, 'prototype');
  return { position_ids: deleted };
}

/**
 * Before designs go for good (the recycle bin's purge): the hotspots leading to them go too, and the designs
 * they were drawn on count again. The hotspots drawn on the purged designs go with them by foreign key.
 */
export async function forgetHotspotTargets(tx: Tx, designIds: string[]) {
  if (designIds.length === 0) return;
  const gone = await tx
    .delete(prototypeHotspots)
    .where(inArray(prototypeHotspots.targetDesignId, designIds))
    .returning({ projectId: prototypeHotspots.projectId, designId: prototypeHotspots.designId });
  const purged = new Set(designIds);
  const byProject = new Map<string, Set<string>>();
  for (const row of gone.filter((row) => !purged.has(row.designId))) {
    byProject.set(row.projectId, (byProject.get(row.projectId) ?? new Set()).add(row.designId));
  }
  for (const [projectId, sources] of byProject) {
    await setHotspotCounts(tx, await countHotspots(tx, projectId, [...sources]));
  }
}

/**
 * Designs moving to another project (in the move's transaction) leave nothing behind in this one: the hotspots
 * drawn on them or leading to them, their hand-drawn links and their cards go, and the designs that held
 * hotspots leading to them count again. Moved back, they start with none.
 */
export async function forgetMovedDesigns(tx: Tx, projectId: string, designIds: string[]) {
  if (designIds.length === 0) return;
  const moved = new Set(designIds);
  const ofProject = eq(prototypeHotspots.projectId, projectId);
  const touching = or(
    inArray(prototypeHotspots.designId, designIds),
    inArray(prototypeHotspots.targetDesignId, designIds),
  );
  const gone = await tx
    .delete(prototypeHotspots)
    .where(and(ofProject, touching))
    .returning({ designId: prototypeHotspots.designId });
  const sources = [...new Set(gone.map((row) => row.designId).filter((id) => !moved.has(id)))];
  if (sources.length > 0) {
    await lockHotspotCounts(tx, sources);
    await setHotspotCounts(tx, await countHotspots(tx, projectId, sources));
  }
  await tx
    .delete(prototypeLinks)
    .where(
      and(
        eq(prototypeLinks.projectId, projectId),
        or(inArray(prototypeLinks.parentDesignId, designIds), inArray(prototypeLinks.sonDesignId, designIds)),
      ),
    );
  await tx
    .delete(prototypeCards)
    .where(and(eq(prototypeCards.projectId, projectId), inArray(prototypeCards.designId, designIds)));
}
