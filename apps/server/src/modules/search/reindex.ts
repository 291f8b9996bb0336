import type { LayerDoc } from '@ferry/shared';
import { and, countDistinct, eq, gt, isNotNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { designVersions } from '../designs/tables.js';
import type { FileStore } from '../storage/files.js';
import { dropOrphanLayerTexts, storeLayerTexts } from './texts.js';

/** Folders read per query: LayerDocs are read one at a time, so memory stays flat however many there are. */
const BATCH = 100;

/** The tables search reads (names and texts with their trigram indexes), for the planner's statistics. */
const SEARCHED_TABLES = [
  'layer_texts',
  'design_versions',
  'designs',
  'projects',
  'folders',
  'sectors',
  'documents',
  'document_pages',
  'comments',
  'document_comments',
];

export interface ReindexSummary {
  /** Variant folders with a ready LayerDoc. */
  folders: number;
  /** Of those, the ones whose LayerDoc has text (one layer_texts row each). */
  withText: number;
  /** LayerDocs missing from storage or not JSON: left as they were. */
  unreadable: number;
  orphansDropped: number;
}

const readyFolders = and(eq(designVersions.layersStatus, 'ready'), isNotNull(designVersions.layersKey));

/**
 * Rebuilds layer_texts from the stored LayerDocs of every folder whose versions are 'ready' (after a change
 * to what search keeps, or a restore), drops the texts of folders gone, then refreshes the statistics.
 * `progress` hears how many folders are done of how many.
 */
export async function reindexLayerTexts(
  db: Db,
  files: FileStore,
  progress: (done: number, total: number) => void = () => {},
): Promise<ReindexSummary> {
  const [{ total }] = await db
    .select({ total: countDistinct(designVersions.variantDir) })
    .from(designVersions)
    .where(readyFolders);
  const summary: ReindexSummary = { folders: 0, withText: 0, unreadable: 0, orphansDropped: 0 };
  progress(0, total);
  let after = '';
  for (;;) {
    // Keyset paging: each batch starts past the last folder, so rows added meanwhile are neither missed nor repeated.
    const batch = await db
      .select({ variantDir: designVersions.variantDir, layersKey: min(designVersions.layersKey) })
      .from(designVersions)
      .where(and(readyFolders, gt(designVersions.variantDir, after)))
      .groupBy(designVersions.variantDir)
      .orderBy(designVersions.variantDir)
      .limit(BATCH);
    if (batch.length === 0) break;
    for (const { variantDir, layersKey } of batch) {
      const doc = layersKey ? await readLayerDoc(files, layersKey) : null;
      if (doc) {
        if ((await storeLayerTexts(db, variantDir, doc)) > 0) summary.withText++;
      } else summary.unreadable++;
      summary.folders++;
      progress(summary.folders, Math.max(total, summary.folders));
    }
    after = batch[batch.length - 1].variantDir;
  }
  summary.orphansDropped = await dropOrphanLayerTexts(db);
  await db.execute(sql.raw(`ANALYZE ${SEARCHED_TABLES.map((name) => `"${name}"`).join(', ')}`));
  return summary;
}

async function readLayerDoc(files: FileStore, key: string): Promise<LayerDoc | null> {
  const data = await files.read(key).catch(() => null);
  if (!data) return null;
  try {
    const doc = JSON.parse(data.toString('utf8')) as LayerDoc;
    return Array.isArray(doc?.layers) ? doc : null;
  } catch {
    return null;
  }
}
