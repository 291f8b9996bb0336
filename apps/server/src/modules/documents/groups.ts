import {
  type createDocumentGroupBody,
  type DocumentGroupView,
  DocumentLimits,
  type deleteDocumentGroupBody,
  type groupSourcesBody,
  type Lang,
  type updateDocumentGroupBody,
} from '@ferry/shared';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { documentAccess, documentsOfProject, type GroupRow, groupOfProject } from './policy.js';
import {
  documentList,
  documentsInGroup,
  lockProjectDocuments,
  placeDocuments,
  summaries,
} from './service.js';
import { documentGroups } from './tables.js';

/** Product document groups (spec 001 §3, §5): named, ordered 1…n in a project; deleting one keeps its documents. */

/** A group name: trimmed, not empty (10193), at most 50 characters (10194), unique in the project (10195). */
async function checkedName(tx: Tx, projectId: string, raw: string, except?: string) {
  const name = raw.trim();
  if (!name) throw fail('PRODUCT_GROUP_NAME_EMPTY');
  if (Array.from(name).length > DocumentLimits.groupNameMaxLength) throw fail('PRODUCT_GROUP_NAME_TOO_LONG');
  const [taken] = await tx
    .select({ id: documentGroups.id })
    .from(documentGroups)
    .where(
      and(
        eq(documentGroups.projectId, projectId),
        eq(documentGroups.name, name),
        except ? ne(documentGroups.id, except) : undefined,
      ),
    );
  if (taken) throw fail('PRODUCT_GROUP_NAME_EXISTS');
  return name;
}

const groupsOf = (tx: Tx, projectId: string) =>
  tx
    .select()
    .from(documentGroups)
    .where(eq(documentGroups.projectId, projectId))
    .orderBy(asc(documentGroups.sortOrder), asc(documentGroups.createdAt));

/** Numbers the groups 1…n in the given order, writing only those whose number changed. */
async function renumberGroups(tx: Tx, ordered: GroupRow[]) {
  for (const [index, group] of ordered.entries()) {
    if (group.sortOrder === index + 1) continue;
    await tx
      .update(documentGroups)
      .set({ sortOrder: index + 1 })
      .where(eq(documentGroups.id, group.id));
  }
}

async function groupView(ctx: AppContext, tx: Tx, group: GroupRow, lang: Lang): Promise<DocumentGroupView> {
  const rows = await documentsInGroup(tx, group.projectId, group.id);
  return {
    group_id: group.id,
    name: group.name,
    order: group.sortOrder,
    resources: await summaries(ctx, tx, rows, lang),
  };
}

/** `POST project/product_document_group`: a new group, last; at most `groupsPerProject` (10196). */
export async function createGroup(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof createDocumentGroupBody>,
  lang: Lang,
) {
  const access = await documentAccess(ctx.db, userId, input, 'edit');
  const projectId = access.project.id;
  const view = await ctx.db.transaction(async (tx) => {
    await lockProjectDocuments(tx, projectId);
    const name = await checkedName(tx, projectId, input.name);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(documentGroups)
      .where(eq(documentGroups.projectId, projectId));
    if (Number(n) >= DocumentLimits.groupsPerProject) throw fail('TEAM_CANNOT_ADD_GROUPS');
    const now = ctx.now();
    const [group] = await tx
      .insert(documentGroups)
      .values({ projectId, name, sortOrder: Number(n) + 1, createdAt: now, updatedAt: now })
      .returning();
    return groupView(ctx, tx, group, lang);
  });
  await signalProjectChange(ctx, access.project, 'documents');
  return view;
}

/** `PUT project/product_document_group`: a new name and/or a new place (`order`, past the end: last). */
export async function updateGroup(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof updateDocumentGroupBody>,
  lang: Lang,
) {
  const access = await documentAccess(ctx.db, userId, input, 'edit');
  const projectId = access.project.id;
  const view = await ctx.db.transaction(async (tx) => {
    await lockProjectDocuments(tx, projectId);
    const group = await groupOfProject(tx, projectId, input.group_id);
    const name =
      input.name === undefined ? group.name : await checkedName(tx, projectId, input.name, group.id);
    if (input.order !== undefined) {
      const others = (await groupsOf(tx, projectId)).filter((other) => other.id !== group.id);
      others.splice(Math.min(input.order, others.length + 1) - 1, 0, group);
      await renumberGroups(tx, others);
    }
    const [updated] = await tx
      .update(documentGroups)
      .set({ name, updatedAt: ctx.now() })
      .where(eq(documentGroups.id, group.id))
      .returning();
    return groupView(ctx, tx, updated, lang);
  });
  await signalProjectChange(ctx, access.project, 'documents');
  return view;
}

/** `DELETE project/product_document_group`: its documents go last among the ungrouped ones, in their order. */
export async function deleteGroup(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof deleteDocumentGroupBody>,
) {
  const access = await documentAccess(ctx.db, userId, input, 'edit');
  const projectId = access.project.id;
  await ctx.db.transaction(async (tx) => {
    await lockProjectDocuments(tx, projectId);
    const group = await groupOfProject(tx, projectId, input.group_id);
    const ungrouped = await documentsInGroup(tx, projectId, null);
    const members = await documentsInGroup(tx, projectId, group.id);
    await placeDocuments(tx, null, [...ungrouped, ...members]);
    await tx.delete(documentGroups).where(eq(documentGroups.id, group.id));
    await renumberGroups(tx, await groupsOf(tx, projectId));
  });
  await signalProjectChange(ctx, access.project, 'documents');
  return { group_id: input.group_id };
}

/**
 * `POST project/product_group/source` (`reorder` false): the documents move into the group ('' = ungrouped)
 * after its last one, in the order given. `PUT` (`reorder` true): the same, then the group's order is the
 * listed ones first, the rest after them. The groups they left are numbered again.
 */
export async function moveToGroup(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof groupSourcesBody>,
  options: { reorder: boolean; lang: Lang },
) {
  if (input.resources.length > DocumentLimits.batchMax) throw fail('BATCH_TOO_LARGE');
  if (input.resources.some((resource) => resource.type !== 'document')) throw fail('RESOURCE_TYPE_ERROR');
  const access = await documentAccess(ctx.db, userId, input, 'edit');
  const projectId = access.project.id;
  const answer = await ctx.db.transaction(async (tx) => {
    await lockProjectDocuments(tx, projectId);
    const groupId = input.group_id === '' ? null : (await groupOfProject(tx, projectId, input.group_id)).id;
    const listed = await documentsOfProject(
      tx,
      projectId,
      input.resources.map((resource) => resource.id),
    );
    const listedIds = new Set(listed.map((row) => row.id));
    const left = new Set(listed.map((row) => row.groupId).filter((id) => id !== groupId));
    const stay = (await documentsInGroup(tx, projectId, groupId)).filter((row) => !listedIds.has(row.id));
    await placeDocuments(tx, groupId, options.reorder ? [...listed, ...stay] : [...stay, ...listed]);
    for (const from of left) await placeDocuments(tx, from, await documentsInGroup(tx, projectId, from));
    return documentList(ctx, tx, projectId, options.lang);
  });
  await signalProjectChange(ctx, access.project, 'documents');
  return answer;
}
