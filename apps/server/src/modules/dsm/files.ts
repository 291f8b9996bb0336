import {
  type createDsmFilesBody,
  type DsmFile,
  type DsmFileType,
  DsmLimits,
  type deleteDsmFilesBody,
  type dsmFileQuery,
  tokenValueSchemas,
  type updateDsmFileBody,
} from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { type DrawnComponent, drawComponent, removeFilePictures, removePictures } from './components.js';
import { countRows, deleteFileRows, filesOfProject, nextPlace, requireFolder } from './library.js';
import { lockLibrary, renumber } from './order.js';
import { dsmAccess } from './policy.js';
import { type FileRow, presentFile } from './present.js';
import { dsmFiles } from './tables.js';

type NewFile = z.infer<typeof createDsmFilesBody>['dsm_files'][number];

const invalid = (field: string, zh: string, en: string) => fail('INVALID_INPUT', { zh, en }, { field });

/** A colour's `{color: '#rrggbb[aa]'}` and a text style's typography value, as tokens have them. */
function requirePackageInfo(type: DsmFileType, info: Record<string, unknown> | undefined) {
  if (type === 'color' && !tokenValueSchemas.color.safeParse(info?.color).success) {
    throw invalid('package_info', '颜色应为 #rrggbb 或 #rrggbbaa', 'A colour is #rrggbb or #rrggbbaa');
  }
  if (type === 'text_style' && !tokenValueSchemas.typography.safeParse(info).success) {
    throw invalid(
      'package_info',
      '文字样式需要字体、字号和字重',
      'A text style needs a font family, size and weight',
    );
  }
}

function requireFileInput(file: NewFile) {
  if ((file.type === 'component' || file.type === 'icon') && !file.host_object) {
    throw invalid(
      'host_object',
      '组件和图标需要选择一个图层',
      'A component or icon names the layer it comes from',
    );
  }
  requirePackageInfo(file.type, file.package_info);
}

/** `GET project/dsm_file`. */
export async function getFile(ctx: AppContext, userId: string, input: z.infer<typeof dsmFileQuery>) {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'view');
  const [row] = await filesOfProject(ctx.db, access.project.id, [input.file_id]);
  return presentFile(ctx, row);
}

/**
 * `POST project/dsm_file`: each file last in its folder, in the given order. Components and icons are drawn
 * from their layers first (outside the transaction: drawing is slow); when the rows cannot be written
 * their pictures go again. Folders must be the project's (10071); the project holds at most
 * DsmLimits.filesPerProject (19122).
 */
export async function createFiles(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof createDsmFilesBody>,
): Promise<DsmFile[]> {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  for (const file of input.dsm_files) requireFileInput(file);
  const requireRoom = async (db: Parameters<typeof countRows>[0]) => {
    const held = await countRows(db, dsmFiles, projectId);
    if (held + input.dsm_files.length > DsmLimits.filesPerProject) throw fail('DSM_LIMIT');
    for (const file of input.dsm_files) await requireFolder(db, projectId, file.folder_id);
  };
  await requireRoom(ctx.db);
  const drawn: (DrawnComponent | null)[] = [];
  let rows: FileRow[];
  try {
    for (const file of input.dsm_files) {
      drawn.push(
        file.host_object ? await drawComponent(ctx, userId, access.project, file.host_object) : null,
      );
    }
    rows = await ctx.db.transaction(async (tx) => {
      await lockLibrary(tx, projectId);
      await requireRoom(tx);
      const made = [];
      const now = ctx.now();
      for (const [index, file] of input.dsm_files.entries()) {
        const picture = drawn[index];
        const folderId = file.folder_id ?? null;
        const [row] = await tx
          .insert(dsmFiles)
          .values({
            ...(picture ? { ...picture, hostType: 'design' } : {}),
            packageInfo: { ...picture?.packageInfo, ...file.package_info },
            projectId,
            folderId,
            name: file.name,
            type: file.type,
            content: file.content ?? '',
            position: file.position ?? null,
            layoutData: file.layout_data ?? null,
            sortOrder: await nextPlace(tx, dsmFiles, projectId, folderId),
            createdBy: userId,
            modifiedBy: userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        made.push(row);
      }
      return made;
    });
  } catch (error) {
    // Nothing was written: the pictures drawn so far (a later layer refused, a limit reached) go too.
    const ids = drawn.flatMap((picture) => (picture ? [picture.id] : []));
    await removePictures(ctx, projectId, ids);
    throw error;
  }
  // Outside the try: once the rows are written, their pictures are theirs.
  await signalProjectChange(ctx, access.project, 'dsm');
  return rows.map((row) => presentFile(ctx, row));
}

/**
 * `PUT project/dsm_file`: rename, edit, move (`folder_id`, null: the top) and/or reorder (`index`); both
 * folders' files are renumbered 1…n in the same transaction.
 */
export async function updateFile(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof updateDsmFileBody>,
): Promise<DsmFile> {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const row = await ctx.db.transaction(async (tx) => {
    await lockLibrary(tx, projectId);
    const [file] = await filesOfProject(tx, projectId, [input.file_id]);
    if (input.package_info !== undefined) requirePackageInfo(file.type, input.package_info);
    const moving = input.folder_id !== undefined && input.folder_id !== file.folderId;
    if (moving) await requireFolder(tx, projectId, input.folder_id);
    const folderId = moving ? (input.folder_id ?? null) : file.folderId;
    await tx
      .update(dsmFiles)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.package_info === undefined ? {} : { packageInfo: input.package_info }),
        ...(input.content === undefined ? {} : { content: input.content }),
        ...(input.position === undefined ? {} : { position: input.position }),
        ...(input.layout_data === undefined ? {} : { layoutData: input.layout_data }),
        folderId,
        modifiedBy: userId,
        updatedAt: ctx.now(),
      })
      .where(eq(dsmFiles.id, file.id));
    if (moving || input.index !== undefined) {
      const index = input.index ?? Number.MAX_SAFE_INTEGER;
      await renumber(tx, { table: 'dsm_files', projectId, parentId: folderId }, { id: file.id, index });
    }
    if (moving) await renumber(tx, { table: 'dsm_files', projectId, parentId: file.folderId });
    const [updated] = await filesOfProject(tx, projectId, [file.id]);
    return updated;
  });
  await signalProjectChange(ctx, access.project, 'dsm');
  return presentFile(ctx, row);
}

/** `DELETE project/dsm_file`: every id must be the project's, or nothing is deleted; pictures go after. */
export async function deleteFiles(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof deleteDsmFilesBody>,
) {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const gone = await ctx.db.transaction(async (tx) => {
    await lockLibrary(tx, projectId);
    const rows = await filesOfProject(tx, projectId, input.dsm_file_ids);
    await deleteFileRows(
      tx,
      projectId,
      rows.map((row) => row.id),
    );
    const folders = new Set(rows.map((row) => row.folderId));
    for (const parentId of folders) await renumber(tx, { table: 'dsm_files', projectId, parentId });
    return rows;
  });
  await removeFilePictures(ctx, projectId, gone);
  await signalProjectChange(ctx, access.project, 'dsm');
  return { dsm_file_ids: gone.map((row) => row.id) };
}
