import { createHash } from 'node:crypto';
import type { LayersStatus } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { importLayers } from '../design/import.js';
import { layersKeyOf } from '../modules/designs/keys.js';
import { type ArtboardRef, designVersions } from '../modules/designs/tables.js';
import {
  lockWaitingVersions,
  prepareVersionNotices,
  recordVersionNotices,
} from '../modules/designs/version-notices.js';
import { storeLayerTexts } from '../modules/search/texts.js';
import { sniffDesignFile } from '../modules/storage/sniff.js';
import { withNotices } from '../notices.js';

export const LAYERS_JOB = 'layers';

/**
 * Imports the layers of one uploaded PSD, SVG or Sketch file into a LayerDoc per variant folder (the file's own,
 * or each artboard's; a Sketch version naming no artboard shows the first), written whole to `<variant_dir>/layers.json`; then its text layers go to search (layer_texts)
 * and every version showing that folder (copies included) gets its key, md5 and 'ready', in one transaction,
 * with the notices of new versions to those who inspected an earlier one (designs/version-notices.ts).
 * A file the importer cannot read marks them 'failed'.
 * A run cut short leaves the rows as they were, and the next run (the job's lease runs out) does it again.
 */
export async function importFileLayers(ctx: AppContext, payload: Record<string, unknown>) {
  const fileKey = String(payload.fileKey);
  const waiting = await waitingFolders(ctx, fileKey);
  if (waiting.length === 0) return;
  const data = await ctx.files.read(fileKey);
  const type = data ? sniffDesignFile(data) : null;
  try {
    for (const { variantDir, artboard } of waiting) {
      if (!data || (type !== 'psd' && type !== 'svg' && type !== 'sketch')) {
        await setStatus(ctx, variantDir, 'failed');
        continue;
      }
      const options = artboard ? { artboard: artboard.index } : type === 'sketch' ? { artboard: 0 } : {};
      const doc = await importLayers(data, type, options).catch(() => null);
      if (!doc) {
        await setStatus(ctx, variantDir, 'failed');
        continue;
      }
      const json = Buffer.from(JSON.stringify(doc));
      const key = layersKeyOf(variantDir);
      await ctx.files.put(key, json);
      const md5 = createHash('md5').update(json).digest('hex');
      const notices = await prepareVersionNotices(ctx, variantDir, doc);
      // Texts, status and new-version notices together: a run cut short between them would leave a ready
      // folder search misses, or one whose notice is never sent.
      await withNotices(ctx, async (tx) => {
        const readied = await lockWaitingVersions(tx, variantDir);
        await storeLayerTexts(tx, variantDir, doc);
        await tx
          .update(designVersions)
          .set({ layersKey: key, layersMd5: md5, layersStatus: 'ready' })
          .where(eq(designVersions.variantDir, variantDir));
        await recordVersionNotices(ctx, tx, notices, readied);
      });
    }
  } finally {
    await ctx.cache.bump();
  }
}

/** The variant folders of a file with versions still waiting for their layers, each once. */
async function waitingFolders(ctx: AppContext, fileKey: string) {
  const rows = await ctx.db
    .select({ variantDir: designVersions.variantDir, artboard: designVersions.artboard })
    .from(designVersions)
    .where(and(eq(designVersions.fileKey, fileKey), eq(designVersions.layersStatus, 'processing')));
  return [
    ...new Map(
      rows.map((row) => [row.variantDir, row as { variantDir: string; artboard: ArtboardRef | null }]),
    ).values(),
  ];
}

async function setStatus(ctx: AppContext, variantDir: string, status: LayersStatus) {
  await ctx.db
    .update(designVersions)
    .set({ layersKey: null, layersMd5: '', layersStatus: status })
    .where(eq(designVersions.variantDir, variantDir));
}
