import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';

/** One change of a dsm project's library at a time: limits, depths and numbering are read, then written. */
export const lockLibrary = (tx: Tx, projectId: string) => lockUntilCommit(tx, `dsm-library:${projectId}`);

/** Siblings: the folders under one parent, or the files in one folder (null: the library's top). */
export interface Siblings {
  table: 'dsm_folders' | 'dsm_files';
  projectId: string;
  parentId: string | null;
}

/**
 * Numbers the siblings 1…n in one statement, keeping their order; `placed` puts one of them at a 1-based
 * place first (past the end: last). Only rows whose number changes are written.
 */
export async function renumber(tx: Tx, siblings: Siblings, placed?: { id: string; index: number }) {
  const table = sql.raw(siblings.table);
  const parent = sql.raw(siblings.table === 'dsm_folders' ? 'parent_id' : 'folder_id');
  const ofParent: SQL =
    siblings.parentId === null ? sql`${parent} is null` : sql`${parent} = ${siblings.parentId}::uuid`;
  const movedId = placed?.id ?? null;
  // The others keep their order as 1, 2, 3…; the placed one slots in just before its place.
  const candidates = placed
    ? sql`select id, (row_number() over (order by sort_order, created_at, id))::numeric as place
          from ${table} where project_id = ${siblings.projectId}::uuid and ${ofParent} and id <> ${movedId}::uuid
          union all select ${movedId}::uuid, ${placed.index}::numeric - 0.5`
    : sql`select id, (row_number() over (order by sort_order, created_at, id))::numeric as place
          from ${table} where project_id = ${siblings.projectId}::uuid and ${ofParent}`;
  await tx.execute(sql`
    update ${table} as target set sort_order = ordered.n
    from (select id, row_number() over (order by place) as n from (${candidates}) as candidates) as ordered
    where target.id = ordered.id and target.sort_order <> ordered.n`);
}
