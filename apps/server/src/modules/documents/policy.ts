import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { mayDownload } from '../designs/policy.js';
import { type ProjectAccess, projectAccessFor } from '../projects/policy.js';
import { isUuid } from '../teams/policy.js';
import { documentGroups, documents, type documentVersions } from './tables.js';

export type DocumentRow = typeof documents.$inferSelect;
export type VersionRow = typeof documentVersions.$inferSelect;
export type GroupRow = typeof documentGroups.$inferSelect;

/**
 * Who may do what with product documents: anyone who may see the project reads them (onlookers too); the
 * project's editors change them. Another team's project is "does not exist"; share-link visitors never reach
 * these calls (modules/share/visits.ts lists none of them).
 */
export const documentAccess = (
  db: Db | Tx,
  userId: string,
  input: { team_id?: string; project_id: string },
  need: 'view' | 'edit',
) => projectAccessFor(db, userId, input.team_id, input.project_id, need);

/** The original file may be downloaded by the project's download rule, as designs' originals. */
export const mayDownloadDocument = (access: ProjectAccess, userId: string) => mayDownload(access, userId);

/** Documents of the project by id, each once; an id of anything else answers 19106. */
export async function documentsOfProject(db: Db | Tx, projectId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid)) throw fail('DOCUMENT_NOT_FOUND');
  const rows = unique.length
    ? await db
        .select()
        .from(documents)
        .where(and(eq(documents.projectId, projectId), inArray(documents.id, unique)))
    : [];
  if (rows.length !== unique.length) throw fail('DOCUMENT_NOT_FOUND');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => byId.get(id) as DocumentRow);
}

export async function documentOfProject(db: Db | Tx, projectId: string, id: string) {
  const [row] = await documentsOfProject(db, projectId, [id]);
  return row;
}

/** A group of the project; anything else answers 19111. */
export async function groupOfProject(db: Db | Tx, projectId: string, groupId: string) {
  if (!isUuid(groupId)) throw fail('DOCUMENT_GROUP_NOT_FOUND');
  const [row] = await db
    .select()
    .from(documentGroups)
    .where(and(eq(documentGroups.projectId, projectId), eq(documentGroups.id, groupId)));
  if (!row) throw fail('DOCUMENT_GROUP_NOT_FOUND');
  return row;
}
