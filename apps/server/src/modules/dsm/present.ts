import type { DsmFile, DsmFileType, DsmFolder, DsmFolderType, DsmImageRef } from '@ferry/shared';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../account/tables.js';
import { urlExpiry } from '../storage/url-expiry.js';
import type { dsmFiles, dsmFolders } from './tables.js';

export type FolderRow = typeof dsmFolders.$inferSelect;
export type FileRow = typeof dsmFiles.$inferSelect;

interface Person {
  id: string;
  name: string;
}
export type People = Map<string, Person>;

/** Everyone who made or last changed these folders, in one query. */
export async function loadPeople(db: Db | Tx, rows: FolderRow[]): Promise<People> {
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.createdBy) ids.add(row.createdBy);
    if (row.modifiedBy) ids.add(row.modifiedBy);
  }
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((user) => [user.id, user]));
}

// An account gone since keeps its id with no name.
const personOf = (people: People, id: string | null) => (id ? (people.get(id) ?? { id, name: '' }) : null);

/** The folders with the ids of the folders and files directly inside each, in their order. */
export function presentFolders(folders: FolderRow[], files: FileRow[], people: People): DsmFolder[] {
  const bySort = <T extends { sortOrder: number }>(a: T, b: T) => a.sortOrder - b.sortOrder;
  return folders.map((row) => ({
    id: row.id,
    name: row.name,
    index: row.sortOrder,
    type: row.type as DsmFolderType,
    dirType: row.dirType === 1 ? 1 : 0,
    desc: row.description,
    parentId: row.parentId,
    thumbnailRef: row.thumbnailRef,
    iconRef: row.iconRef,
    coverRef: row.coverRef,
    docRef: row.docRef,
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
    layoutData: (row.layoutData as Record<string, unknown> | null) ?? null,
    createdUser: personOf(people, row.createdBy),
    modifUser: personOf(people, row.modifiedBy),
    childrenDirIds: folders
      .filter((child) => child.parentId === row.id)
      .sort(bySort)
      .map((child) => child.id),
    childrenItemIds: files
      .filter((file) => file.folderId === row.id)
      .sort(bySort)
      .map((file) => file.id),
  }));
}

/** A picture's pixel size, kept in `preview_object.sizes` when it was drawn. */
type Sizes = Partial<Record<'1x' | '2x' | '4x' | 'svg', { width: number; height: number }>>;

function imageRef(ctx: AppContext, key: string | null, size?: { width: number; height: number }) {
  if (!key || !size) return null;
  return { url: ctx.files.signedUrl(key, urlExpiry(ctx.now())), ...size } satisfies DsmImageRef;
}

export function presentFile(ctx: AppContext, row: FileRow): DsmFile {
  const preview = (row.previewObject as Record<string, unknown> | null) ?? null;
  const sizes = (preview?.sizes ?? {}) as Sizes;
  return {
    id: row.id,
    name: row.name,
    index: row.sortOrder,
    type: row.type as DsmFileType,
    folder_id: row.folderId,
    position: (row.position as Record<string, unknown> | null) ?? null,
    design_type: row.designType,
    host_type: row.hostType,
    host_object: (row.hostObject as DsmFile['host_object']) ?? null,
    package_info: (row.packageInfo as Record<string, unknown> | null) ?? null,
    package_json_ref: row.packageJsonRef,
    src_ref: row.srcRef,
    image_1x: imageRef(ctx, row.image1x, sizes['1x']),
    image_2x: imageRef(ctx, row.image2x, sizes['2x']),
    image_4x: imageRef(ctx, row.image4x, sizes['4x']),
    image_svg: imageRef(ctx, row.imageSvg, sizes.svg),
    preview_object: preview,
    preview_thumb_object: (row.previewThumbObject as Record<string, unknown> | null) ?? null,
    layout_data: (row.layoutData as Record<string, unknown> | null) ?? null,
    content: row.content,
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
  };
}
