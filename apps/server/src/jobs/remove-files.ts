import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { variantDirOf } from '../modules/designs/keys.js';
import { designVersions } from '../modules/designs/tables.js';
import { uploads } from '../modules/uploads/tables.js';

export const REMOVE_FILES_JOB = 'remove-files';

/**
 * Removes uploaded originals and their variant folder (variants, artboards, layers, cached slices) that no
 * version names any more. Copies share files, so a file still named by another version stays.
 */
export async function removeFiles(ctx: AppContext, payload: Record<string, unknown>) {
  const fileKeys = [...new Set((payload.fileKeys as string[] | undefined) ?? [])];
  if (fileKeys.length === 0) return;
  const stillUsed = await ctx.db
    .selectDistinct({ fileKey: designVersions.fileKey })
    .from(designVersions)
    .where(inArray(designVersions.fileKey, fileKeys));
  const used = new Set(stillUsed.map((row) => row.fileKey));
  const unused = fileKeys.filter((key) => !used.has(key));
  for (const fileKey of unused) {
    await ctx.files.removeUnder(`${variantDirOf(fileKey)}/`);
    await ctx.files.remove(fileKey);
  }
  if (unused.length > 0) await ctx.db.delete(uploads).where(inArray(uploads.key, unused));
}
