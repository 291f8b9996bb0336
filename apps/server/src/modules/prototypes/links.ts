import {
  HOTSPOT_LINK_PREFIX,
  type LinkInput,
  type LinkView,
  PrototypeLimits,
  type updateLinkBody,
} from '@ferry/shared';
import { and, count, eq, inArray, isNotNull, min, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { prototypeDesigns } from '../designs/hotspots.js';
import { liveDesignIds } from '../designs/policy.js';
import { type ProjectAccess, projectAccessFor } from '../projects/policy.js';
import { rowsOfProject } from '../projects/rows.js';
import { listCards } from './cards.js';
import type { ProjectInput } from './service.js';
import { prototypeHotspots, prototypeLinks } from './tables.js';

/**
 * Flow links: arrows between a project's designs. Manual ones are stored; the others stand for the hotspots
 * of a design that open another, one per pair, and change only through the hotspots.
 */

type LinkRow = typeof prototypeLinks.$inferSelect;

const pairKey = (parent: string, son: string) => `${parent}:${son}`;
export const hotspotLinkId = (parent: string, son: string) => `${HOTSPOT_LINK_PREFIX}${pairKey(parent, son)}`;

function refuseHotspotLinks(ids: string[]) {
  if (ids.some((id) => id.startsWith(HOTSPOT_LINK_PREFIX))) throw fail('LINK_FROM_HOTSPOT');
}

function refuseSelfLinks(links: LinkInput[]) {
  if (links.some((link) => link.parent === link.son)) throw fail('LINK_SELF');
}

/** The pairs the project's hotspots make (design → target design; `back` makes none), with their count. */
async function hotspotPairs(db: Db | Tx, projectId: string) {
  const rows = await db
    .select({
      parent: prototypeHotspots.designId,
      son: prototypeHotspots.targetDesignId,
      n: count(),
      first: min(prototypeHotspots.createdAt),
    })
    .from(prototypeHotspots)
    .where(and(eq(prototypeHotspots.projectId, projectId), isNotNull(prototypeHotspots.targetDesignId)))
    .groupBy(prototypeHotspots.designId, prototypeHotspots.targetDesignId);
  return rows.map((row) => ({
    parent: row.parent,
    son: row.son as string,
    n: Number(row.n),
    first: row.first ?? new Date(0),
  }));
}

/** Every link of the project, manual and derived, oldest first; an end that is not a live design is `broken`. */
async function linkViews(db: Db | Tx, access: ProjectAccess): Promise<LinkView[]> {
  const { id: projectId, teamId } = access.project;
  const manual = await db.select().from(prototypeLinks).where(eq(prototypeLinks.projectId, projectId));
  const derived = await hotspotPairs(db, projectId);
  const ends = [
    ...manual.flatMap((row) => [row.parentDesignId, row.sonDesignId]),
    ...derived.flatMap((pair) => [pair.parent, pair.son]),
  ];
  const live = new Set(await liveDesignIds(db, projectId, ends));
  const view = (parent: string, son: string) => ({
    parent,
    son,
    project_id: projectId,
    team_id: teamId,
    broken: !live.has(parent) || !live.has(son),
  });
  const counts = new Map(derived.map((pair) => [pairKey(pair.parent, pair.son), pair.n]));
  const drawn = new Set(manual.map((row) => pairKey(row.parentDesignId, row.sonDesignId)));
  const views: LinkView[] = [
    ...manual.map((row) => ({
      id: row.id,
      ...view(row.parentDesignId, row.sonDesignId),
      source: 'manual' as const,
      hotspot_count: counts.get(pairKey(row.parentDesignId, row.sonDesignId)) ?? 0,
      create_time: row.createdAt.toISOString(),
    })),
    ...derived
      .filter((pair) => !drawn.has(pairKey(pair.parent, pair.son)))
      .map((pair) => ({
        id: hotspotLinkId(pair.parent, pair.son),
        ...view(pair.parent, pair.son),
        source: 'hotspot' as const,
        hotspot_count: pair.n,
        create_time: pair.first.toISOString(),
      })),
  ];
  return views.sort((a, b) => a.create_time.localeCompare(b.create_time) || a.id.localeCompare(b.id));
}

/** `GET project/link`: every link with the saved cards, or the one `link_id` names (19007 when none). */
export async function listLinks(ctx: AppContext, userId: string, input: ProjectInput & { link_id?: string }) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  let links = await linkViews(ctx.db, access);
  if (input.link_id !== undefined) {
    links = links.filter((link) => link.id === input.link_id);
    if (links.length === 0) throw fail('NOT_FOUND');
  }
  return { links, cards: await listCards(ctx.db, access.project.id) };
}

/** Keeps one call at a time changing a project's links, so two never pass the limit or edit one link together. */
const lockProjectLinks = (tx: Tx, projectId: string) => lockUntilCommit(tx, `prototype_links:${projectId}`);

/**
 * `POST project/link`: both ends of every link must be live designs (not sets) of the project; a pair already drawn
 * answers its link. The batch is checked whole (designs, self links, the project's limit) in one transaction.
 */
export async function createLinks(
  ctx: AppContext,
  userId: string,
  input: ProjectInput & { links: LinkInput[] },
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  refuseSelfLinks(input.links);
  const pairs = new Map(input.links.map((link) => [pairKey(link.parent, link.son), link]));
  const now = ctx.now();
  const links = await ctx.db.transaction(async (tx) => {
    await prototypeDesigns(
      tx,
      projectId,
      input.links.flatMap((link) => [link.parent, link.son]),
    );
    await lockProjectLinks(tx, projectId);
    const stored = await tx.select().from(prototypeLinks).where(eq(prototypeLinks.projectId, projectId));
    const drawn = new Set(stored.map((row) => pairKey(row.parentDesignId, row.sonDesignId)));
    const fresh = [...pairs.values()].filter((link) => !drawn.has(pairKey(link.parent, link.son)));
    if (stored.length + fresh.length > PrototypeLimits.linksPerProject) throw fail('LINK_LIMIT');
    if (fresh.length > 0) {
      await tx.insert(prototypeLinks).values(
        fresh.map((link) => ({
          projectId,
          parentDesignId: link.parent,
          sonDesignId: link.son,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    const views = new Map(
      (await linkViews(tx, access)).map((view) => [pairKey(view.parent, view.son), view]),
    );
    return [...pairs.keys()].map((key) => views.get(key) as LinkView);
  });
  await signalProjectChange(ctx, access.project, 'prototype');
  return { links };
}

/**
 * Manual links of the project by id, held until the transaction ends; an id of another project, a made-up one
 * or none answers 19007.
 */
async function storedLinks(tx: Tx, projectId: string, ids: string[]): Promise<LinkRow[]> {
  refuseHotspotLinks(ids);
  return rowsOfProject(tx, prototypeLinks, projectId, ids, { lock: true });
}

/**
 * `PUT project/link`: a manual link's ends, checked as at creation. Moved onto a pair already drawn, the two
 * become one: the edited link goes and the other answers.
 */
export async function updateLink(ctx: AppContext, userId: string, input: z.infer<typeof updateLinkBody>) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  refuseSelfLinks([input]);
  const link = await ctx.db.transaction(async (tx) => {
    await lockProjectLinks(tx, projectId);
    const [row] = await storedLinks(tx, projectId, [input.link_id]);
    await prototypeDesigns(tx, projectId, [input.parent, input.son]);
    const samePair = and(
      eq(prototypeLinks.projectId, projectId),
      eq(prototypeLinks.parentDesignId, input.parent),
      eq(prototypeLinks.sonDesignId, input.son),
    );
    const [other] = await tx
      .select({ id: prototypeLinks.id })
      .from(prototypeLinks)
      .where(and(samePair, ne(prototypeLinks.id, row.id)));
    const changed = other
      ? await tx
          .delete(prototypeLinks)
          .where(eq(prototypeLinks.id, row.id))
          .returning({ id: prototypeLinks.id })
      : await tx
          .update(prototypeLinks)
          .set({ parentDesignId: input.parent, sonDesignId: input.son, updatedAt: ctx.now() })
          .where(eq(prototypeLinks.id, row.id))
          .returning({ id: prototypeLinks.id });
    // The row is held, so this is a guard: a link gone meanwhile must not answer as changed.
    if (changed.length === 0) throw fail('NOT_FOUND');
    const id = other?.id ?? row.id;
    return (await linkViews(tx, access)).find((view) => view.id === id) as LinkView;
  });
  await signalProjectChange(ctx, access.project, 'prototype');
  return link;
}

/** `DELETE project/link`: every id must be a manual link of the project, or nothing is deleted. */
export async function deleteLinks(
  ctx: AppContext,
  userId: string,
  input: ProjectInput & { links: string[] },
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const deleted = await ctx.db.transaction(async (tx) => {
    await lockProjectLinks(tx, projectId);
    const ids = (await storedLinks(tx, projectId, input.links)).map((row) => row.id);
    await tx.delete(prototypeLinks).where(inArray(prototypeLinks.id, ids));
    return ids;
  });
  await signalProjectChange(ctx, access.project, 'prototype');
  return { links: deleted };
}
