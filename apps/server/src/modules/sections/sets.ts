import { DEFAULT_SET_NAME, type ImageView, type Lang, SectionLimits } from '@ferry/shared';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { loadImages } from '../designs/service.js';
import { designs } from '../designs/tables.js';
import { type Arrangement, designsOn, savePlacement, sectionKey } from './arrangement.js';
import { changeLayout, type LayoutInput } from './service.js';

/**
 * Sets (the spec's merge groups): a set is a design row of type `set` with no versions; its members name it
 * in `parent_set_id`. A design is in one set at most, and a set holds at least two members or dissolves.
 */

type Positions = { id: string; position_x: number; position_y: number }[];

/** Members for a set: live designs of the project, not sets themselves, in no other set. */
function checkMembers(arrangement: Arrangement, ids: string[], setId: string | null): string[] {
  const members = designsOn(arrangement, ids);
  for (const id of members) {
    const design = arrangement.designs.get(id);
    if (design?.type === 'set') throw fail('IMAGE_TYPE_ERROR');
    if (design?.parentSetId && design.parentSetId !== setId) throw fail('SET_MEMBER_TAKEN');
  }
  return members;
}

async function placeDesigns(tx: Tx, positions: Positions, allowed: Set<string>) {
  for (const position of positions) {
    if (!allowed.has(position.id)) throw fail('IMAGE_DELETED');
    await tx
      .update(designs)
      .set({ positionX: position.position_x, positionY: position.position_y })
      .where(eq(designs.id, position.id));
  }
}

/** The set's members become exactly `members`; designs left out are free again. */
async function setMembers(tx: Tx, setId: string, members: string[]) {
  await tx
    .update(designs)
    .set({ parentSetId: null })
    .where(and(eq(designs.parentSetId, setId), members.length ? notInArray(designs.id, members) : undefined));
  if (members.length) {
    await tx.update(designs).set({ parentSetId: setId }).where(inArray(designs.id, members));
  }
}

/** The members stay where they are; the set row goes (it has no versions to keep). */
async function dissolve(tx: Tx, setId: string) {
  await tx.update(designs).set({ parentSetId: null }).where(eq(designs.parentSetId, setId));
  await tx.delete(designs).where(eq(designs.id, setId));
}

function setOf(arrangement: Arrangement, setId: string) {
  const set = arrangement.designs.get(setId);
  if (set?.type !== 'set') throw fail('SET_NOT_FOUND');
  return set;
}

async function presentSet(ctx: AppContext, setId: string): Promise<ImageView> {
  const [set] = await loadImages(ctx, ctx.db, eq(designs.id, setId));
  return set;
}

/** `POST project/set_type`: a new set of the given designs, on the stage just before its first member. */
export async function createSet(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & { name?: string; images: string[]; positions?: Positions },
  lang: Lang,
) {
  let setId = '';
  const { stage_revision } = await changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      const members = checkMembers(arrangement, input.images, null);
      if (members.length < SectionLimits.setMinMembers) throw fail('INVALID_INPUT');
      await placeDesigns(tx, input.positions ?? [], new Set(members));
      const first = arrangement.designs.get(members[0]) as NonNullable<
        ReturnType<typeof arrangement.designs.get>
      >;
      const [anchor] = await tx
        .select({ x: designs.positionX, y: designs.positionY })
        .from(designs)
        .where(eq(designs.id, first.id));
      const now = ctx.now();
      const [set] = await tx
        .insert(designs)
        .values({
          projectId: input.project_id,
          name: input.name ?? (lang === 'zh-CN' ? DEFAULT_SET_NAME.zh : DEFAULT_SET_NAME.en),
          type: 'set',
          sectorId: first.sectorId,
          positionX: anchor.x,
          positionY: anchor.y,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      setId = set.id;
      await setMembers(tx, set.id, members);
      arrangement.designs.set(set.id, { ...set, orderIndex: -1 });
      const list = arrangement.lists.get(sectionKey(first.sectorId)) as string[];
      list.splice(list.indexOf(first.id), 0, set.id);
      await savePlacement(tx, arrangement);
    },
    () => ({}),
  );
  return { set: await presentSet(ctx, setId), stage_revision };
}

/** `PUT project/set_type`: the set's members become `images`; fewer than two dissolve it (`set: null`). */
export async function updateSet(
  ctx: AppContext,
  userId: string,
  input: LayoutInput & { set_id: string; images: string[]; positions?: Positions },
) {
  let dissolved = false;
  const { stage_revision } = await changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      setOf(arrangement, input.set_id);
      const members = checkMembers(arrangement, input.images, input.set_id);
      if (members.length < SectionLimits.setMinMembers) {
        dissolved = true;
        await dissolve(tx, input.set_id);
        return;
      }
      await setMembers(tx, input.set_id, members);
      await placeDesigns(tx, input.positions ?? [], new Set([...members, input.set_id]));
      await tx.update(designs).set({ updatedAt: ctx.now() }).where(eq(designs.id, input.set_id));
    },
    () => ({}),
  );
  return { set: dissolved ? null : await presentSet(ctx, input.set_id), stage_revision };
}

/** `DELETE project/set_type`: dissolves the set; its members stay on the stage. */
export async function deleteSet(ctx: AppContext, userId: string, input: LayoutInput & { set_id: string }) {
  return changeLayout(
    ctx,
    userId,
    input,
    async (tx, arrangement) => {
      setOf(arrangement, input.set_id);
      await dissolve(tx, input.set_id);
    },
    () => ({}),
  );
}

/** The ids in a set change record's `images`: ids, or objects with an id (spec 001 §3). */
export function memberIdsOf(images: unknown[]): string[] {
  return images
    .map((image) => (typeof image === 'string' ? image : (image as { id?: unknown } | null)?.id))
    .filter((id): id is string => typeof id === 'string' && id.length > 0);
}

/**
 * After designs went to the bin: the sets the client names take their new member lists, deleted designs leave
 * their sets, a deleted set dissolves, and a set left with fewer than two members dissolves.
 */
export async function settleSets(
  tx: Tx,
  arrangement: Arrangement,
  deletedIds: string[],
  requested: { set_id: string; images: unknown[] }[],
) {
  const deleted = new Set(deletedIds);
  for (const change of requested) {
    if (deleted.has(change.set_id)) continue;
    setOf(arrangement, change.set_id);
    const wanted = memberIdsOf(change.images).filter((id) => !deleted.has(id));
    await setMembers(tx, change.set_id, checkMembers(arrangement, wanted, change.set_id));
  }
  for (const id of deletedIds) {
    const design = arrangement.designs.get(id);
    if (design?.type === 'set') await dissolve(tx, id);
  }
  await tx.update(designs).set({ parentSetId: null }).where(inArray(designs.id, deletedIds));
  const members = sql`(select count(*) from ${designs} as member where member.parent_set_id = ${designs.id} and member.deleted_at is null)`;
  const small = await tx
    .select({ id: designs.id })
    .from(designs)
    .where(
      and(
        eq(designs.projectId, arrangement.stage.projectId),
        eq(designs.type, 'set'),
        isNull(designs.deletedAt),
        sql`${members} < ${SectionLimits.setMinMembers}`,
      ),
    );
  for (const set of small) await dissolve(tx, set.id);
}
