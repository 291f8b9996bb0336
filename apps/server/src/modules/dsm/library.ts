import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOfProject } from '../projects/rows.js';
import type { FileRow, FolderRow } from './present.js';
import { dsmFiles, dsmFolders } from './tables.js';

/** A dsm project's whole library: every folder and file, in their order. */
export async function loadLibrary(db: Db | Tx, projectId: string) {
  const [folders, files] = await Promise.all([
    db
      .select()
      .from(dsmFolders)
      .where(eq(dsmFolders.projectId, projectId))
      .orderBy(asc(dsmFolders.sortOrder), asc(dsmFolders.createdAt)),
    db
      .select()
      .from(dsmFiles)
      .where(eq(dsmFiles.projectId, projectId))
      .orderBy(asc(dsmFiles.sortOrder), asc(dsmFiles.createdAt)),
  ]);
  return { folders, files };
}

/** Folders of the project by id, each once; one of another project, or none, answers 10071. */
export const foldersOfProject = (db: Db | Tx, projectId: string, ids: string[]): Promise<FolderRow[]> =>
  rowsOfProject(db, dsmFolders, projectId, ids, { missing: 'DSM_FOLDER_NOT_FOUND' });

/** Files of the project by id, each once; one of another project, or none, answers 10077. */
export const filesOfProject = (db: Db | Tx, projectId: string, ids: string[]): Promise<FileRow[]> =>
  rowsOfProject(db, dsmFiles, projectId, ids, { missing: 'DSM_FILE_NOT_FOUND' });

/** 10071 unless the folder (null: the top) is one of the project's. */
export async function requireFolder(db: Db | Tx, projectId: string, folderId: string | null | undefined) {
  if (folderId) await foldersOfProject(db, projectId, [folderId]);
}

export async function countRows(db: Db | Tx, table: typeof dsmFolders | typeof dsmFiles, projectId: string) {
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.projectId, projectId));
  return Number(row.n);
}

/** The next number among the siblings: how many there are, plus one. */
export async function nextPlace(
  db: Db | Tx,
  table: typeof dsmFolders | typeof dsmFiles,
  projectId: string,
  parentId: string | null,
) {
  const parent = table === dsmFolders ? dsmFolders.parentId : dsmFiles.folderId;
  const ofParent = parentId === null ? isNull(parent) : eq(parent, parentId);
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.projectId, projectId), ofParent));
  return Number(row.n) + 1;
}

/** Deletes files' rows, clearing folders' thumbnail, icon, cover and page references to them first. */
export async function deleteFileRows(tx: Tx, projectId: string, fileIds: string[]) {
  if (fileIds.length === 0) return;
  const columns = ['thumbnailRef', 'iconRef', 'coverRef', 'docRef'] as const;
  for (const column of columns) {
    await tx
      .update(dsmFolders)
      .set({ [column]: null })
      .where(and(eq(dsmFolders.projectId, projectId), inArray(dsmFolders[column], fileIds)));
  }
  await tx.delete(dsmFiles).where(inArray(dsmFiles.id, fileIds));
}
