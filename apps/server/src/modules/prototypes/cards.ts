import type { CardView } from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { designsOfProject, liveDesignIds } from '../designs/policy.js';
import { projectAccessFor } from '../projects/policy.js';
import type { ProjectInput } from './service.js';
import { prototypeCards } from './tables.js';

/** Card positions on the flow map: saved where a user put a design's card; the others are laid out by the client. */

const present = (row: typeof prototypeCards.$inferSelect): CardView => ({
  image_id: row.designId,
  x: row.x,
  y: row.y,
});

/** The saved cards of the project's live designs (a design in the bin keeps its card for its recovery). */
export async function listCards(db: Db | Tx, projectId: string): Promise<CardView[]> {
  const rows = await db.select().from(prototypeCards).where(eq(prototypeCards.projectId, projectId));
  const live = new Set(
    await liveDesignIds(
      db,
      projectId,
      rows.map((row) => row.designId),
    ),
  );
  return rows
    .filter((row) => live.has(row.designId))
    .map(present)
    .sort((a, b) => a.image_id.localeCompare(b.image_id));
}

/** `PUT project/link/cards`: every design must be a live one of the project (10083); a design named twice keeps its last place. */
export async function saveCards(
  ctx: AppContext,
  userId: string,
  input: ProjectInput & { cards: CardView[] },
) {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const cards = [...new Map(input.cards.map((card) => [card.image_id, card])).values()];
  const now = ctx.now();
  const saved = await ctx.db.transaction(async (tx) => {
    await designsOfProject(
      tx,
      projectId,
      cards.map((card) => card.image_id),
      'live',
    );
    return tx
      .insert(prototypeCards)
      .values(
        cards.map((card) => ({ projectId, designId: card.image_id, x: card.x, y: card.y, updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: [prototypeCards.projectId, prototypeCards.designId],
        set: { x: sql`excluded.x`, y: sql`excluded.y`, updatedAt: now },
      })
      .returning();
  });
  await signalProjectChange(ctx, access.project, 'prototype');
  return { cards: saved.map(present) };
}
