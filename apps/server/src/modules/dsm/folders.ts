import {
  type createDsmFoldersBody,
  type DsmFile,
  type DsmFolder,
  DsmLimits,
  type deleteDsmFoldersBody,
  type dsmFolderQuery,
  type UpdateDsmFolderInput,
} from '@ferry/shared';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { removeFilePictures } from './components.js';
import {
  countRows,
  deleteFileRows,
  filesOfProject,
  foldersOfProject,
  loadLibrary,
  nextPlace,
} from './library.js';
import { lockLibrary, renumber } from './order.js';
import { dsmAccess } from './policy.js';
import { type FolderRow, loadPeople, presentFile, presentFolders } from './present.js';
import { dsmFolders } from './tables.js';

/** A folder's depth under the library's top (a top folder is 1). */
function depthOf(byId: Map<string, FolderRow>, id: string | null): number {
  let depth = 0;
  for (let at = id; at; at = byId.get(at)?.parentId ?? null) depth++;
  return depth;
}

/** Levels a folder's subtree spans, the folder itself being one. */
function heightOf(folders: FolderRow[], id: string): number {
  const children = folders.filter((folder) => folder.parentId === id);
  return 1 + Math.max(0, ...children.map((child) => heightOf(folders, child.id)));
}

/** The folder and every folder inside it. */
export function subtreeOf(folders: FolderRow[], ids: string[]): Set<string> {
  const inside = new Set(ids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const folder of folders) {
      if (folder.parentId && inside.has(folder.parentId) && !inside.has(folder.id)) {
        inside.add(folder.id);
        grew = true;
      }
    }
  }
  return inside;
}

/** 10077 unless each file a folder names as its thumbnail, icon, cover or page is one of the project's. */
async function requireRefs(db: Db | Tx, projectId: string, fields: Partial<Record<string, unknown>>) {
  const refs = [fields.thumbnailRef, fields.iconRef, fields.coverRef, fields.docRef].filter(
    (ref): ref is string => typeof ref === 'string',
  );
  if (refs.length) await filesOfProject(db, projectId, refs);
}

async function presentOne(db: Db | Tx, projectId: string, id: string) {
  const { folders, files } = await loadLibrary(db, projectId);
  const people = await loadPeople(db, folders);
  const all = presentFolders(folders, files, people);
  return { folder: all.find((folder) => folder.id === id) as DsmFolder, files };
}

/** `GET project/dsm_folder`: the folder, with its own files unless `brief`. */
export async function getFolder(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof dsmFolderQuery>,
): Promise<DsmFolder & { dsm_files?: DsmFile[] }> {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'view');
  await foldersOfProject(ctx.db, access.project.id, [input.folder_id]);
  const { folder, files } = await presentOne(ctx.db, access.project.id, input.folder_id);
  if (input.brief) return folder;
  const own = files.filter((file) => file.folderId === folder.id).map((file) => presentFile(ctx, file));
  return { ...folder, dsm_files: own };
}

const editable = (fields: Partial<z.infer<typeof createDsmFoldersBody>['dsm_folders'][number]>) => ({
  ...(fields.name === undefined ? {} : { name: fields.name }),
  ...(fields.type === undefined ? {} : { type: fields.type }),
  ...(fields.dirType === undefined ? {} : { dirType: fields.dirType }),
  ...(fields.desc === undefined ? {} : { description: fields.desc }),
  ...(fields.thumbnailRef === undefined ? {} : { thumbnailRef: fields.thumbnailRef }),
  ...(fields.iconRef === undefined ? {} : { iconRef: fields.iconRef }),
  ...(fields.coverRef === undefined ? {} : { coverRef: fields.coverRef }),
  ...(fields.docRef === undefined ? {} : { docRef: fields.docRef }),
  ...(fields.layoutData === undefined ? {} : { layoutData: fields.layoutData }),
});

/**
 * `POST project/dsm_folder`: each folder last among its parent's, in the given order. Parents must be
 * folders of the project (10071) no deeper than the nesting limit allows (19123); the project holds at
 * most DsmLimits.foldersPerProject (19122).
 */
export async function createFolders(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof createDsmFoldersBody>,
): Promise<DsmFolder[]> {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const ids = await ctx.db.transaction(async (tx) => {
    await lockLibrary(tx, projectId);
    const held = await countRows(tx, dsmFolders, projectId);
    if (held + input.dsm_folders.length > DsmLimits.foldersPerProject) throw fail('DSM_LIMIT');
    const parents = input.dsm_folders.flatMap((folder) => (folder.parentId ? [folder.parentId] : []));
    if (parents.length) await foldersOfProject(tx, projectId, parents);
    const { folders } = await loadLibrary(tx, projectId);
    const byId = new Map(folders.map((folder) => [folder.id, folder]));
    const made: string[] = [];
    const now = ctx.now();
    for (const folder of input.dsm_folders) {
      const parentId = folder.parentId ?? null;
      if (depthOf(byId, parentId) + 1 > DsmLimits.folderDepthMax) throw fail('DSM_FOLDER_LOOP');
      await requireRefs(tx, projectId, folder);
      const [row] = await tx
        .insert(dsmFolders)
        .values({
          ...editable(folder),
          name: folder.name,
          projectId,
          parentId,
          sortOrder: await nextPlace(tx, dsmFolders, projectId, parentId),
          createdBy: userId,
          modifiedBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: dsmFolders.id });
      made.push(row.id);
    }
    return made;
  });
  const { folders, files } = await loadLibrary(ctx.db, projectId);
  const all = presentFolders(folders, files, await loadPeople(ctx.db, folders));
  await signalProjectChange(ctx, access.project, 'dsm');
  return ids.map((id) => all.find((folder) => folder.id === id) as DsmFolder);
}

/**
 * `PUT project/dsm_folder`: its fields; `parentId` moves it (null: to the top; never into itself or its
 * subfolders, nor deeper than the limit: 19123), `index` its place among its siblings. Both sibling lists
 * are renumbered 1…n in the same transaction.
 */
export async function updateFolder(
  ctx: AppContext,
  userId: string,
  input: UpdateDsmFolderInput,
): Promise<DsmFolder> {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  await ctx.db.transaction(async (tx) => {
    await lockLibrary(tx, projectId);
    const [folder] = await foldersOfProject(tx, projectId, [input.folder_id]);
    await requireRefs(tx, projectId, input);
    const moving = input.parentId !== undefined && input.parentId !== folder.parentId;
    if (moving) await requireMove(tx, projectId, folder, input.parentId ?? null);
    const parentId = moving ? (input.parentId ?? null) : folder.parentId;
    await tx
      .update(dsmFolders)
      .set({ ...editable(input), parentId, modifiedBy: userId, updatedAt: ctx.now() })
      .where(eq(dsmFolders.id, folder.id));
    if (moving || input.index !== undefined) {
      const index = input.index ?? Number.MAX_SAFE_INTEGER;
      await renumber(tx, { table: 'dsm_folders', projectId, parentId }, { id: folder.id, index });
    }
    if (moving) await renumber(tx, { table: 'dsm_folders', projectId, parentId: folder.parentId });
  });
  await signalProjectChange(ctx, access.project, 'dsm');
  return (await presentOne(ctx.db, projectId, input.folder_id)).folder;
}

/** A move under `parentId`: a folder of the project, outside the moved subtree, within the depth limit. */
async function requireMove(tx: Tx, projectId: string, folder: FolderRow, parentId: string | null) {
  if (parentId) await foldersOfProject(tx, projectId, [parentId]);
  const { folders } = await loadLibrary(tx, projectId);
  if (parentId && subtreeOf(folders, [folder.id]).has(parentId)) throw fail('DSM_FOLDER_LOOP');
  const byId = new Map(folders.map((row) => [row.id, row]));
  if (depthOf(byId, parentId) + heightOf(folders, folder.id) > DsmLimits.folderDepthMax) {
    throw fail('DSM_FOLDER_LOOP');
  }
}

/**
 * `DELETE project/dsm_folder`: the folders with every folder and file inside them (all ids must be the
 * project's, or nothing is deleted); the pictures of the files go once the rows are gone.
 */
export async function deleteFolders(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof deleteDsmFoldersBody>,
) {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const { chosen, goneFiles } = await ctx.db.transaction(async (tx) => {
    await lockLibrary(tx, projectId);
    const chosen = await foldersOfProject(tx, projectId, input.dsm_folder_ids);
    const { folders, files } = await loadLibrary(tx, projectId);
    const inside = subtreeOf(
      folders,
      chosen.map((folder) => folder.id),
    );
    const goneFiles = files.filter((file) => file.folderId && inside.has(file.folderId));
    await deleteFileRows(
      tx,
      projectId,
      goneFiles.map((file) => file.id),
    );
    await tx.delete(dsmFolders).where(inArray(dsmFolders.id, [...inside]));
    const parents = new Set(chosen.map((folder) => folder.parentId).filter((id) => !id || !inside.has(id)));
    for (const parentId of parents) await renumber(tx, { table: 'dsm_folders', projectId, parentId });
    return { chosen, goneFiles };
  });
  await removeFilePictures(ctx, projectId, goneFiles);
  await signalProjectChange(ctx, access.project, 'dsm');
  return { dsm_folder_ids: chosen.map((folder) => folder.id) };
}
