import { type Layer, type LayerDoc, SearchLimits } from '@ferry/shared';
import { eq, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { designVersions } from '../designs/tables.js';
import { type LayerText, layerTexts } from './tables.js';

/** Any line or paragraph break, PSD's \r and \u0003 included: the body keeps \n for its separator alone. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: \u0003 is a line break inside a PSD text.
const LINE_BREAK = /\r\n|[\n\r\v\f\u0003\u0085\u2028\u2029]/g;

/** The visible layers, depth first in document order; a hidden group hides all it holds. */
function* visibleLayers(layers: readonly Layer[]): Generator<Layer> {
  for (const layer of layers) {
    if (!layer.visible) continue;
    yield layer;
    if (layer.children) yield* visibleLayers(layer.children);
  }
}

/**
 * The visible text layers of a LayerDoc as search keeps them, in document order: each text trimmed, on one
 * line, empty ones left out. Past SearchLimits.textPerDesignMax characters (texts joined by one separator)
 * the remaining layers are left out.
 */
export function layerTextsOf(doc: LayerDoc): LayerText[] {
  const texts: LayerText[] = [];
  let total = 0;
  for (const layer of visibleLayers(doc.layers)) {
    if (layer.type !== 'text' || !layer.text) continue;
    const text = layer.text.content.replace(LINE_BREAK, ' ').trim();
    if (!text) continue;
    total += (texts.length > 0 ? 1 : 0) + text.length;
    if (total > SearchLimits.textPerDesignMax) break;
    texts.push({ id: layer.id, text });
  }
  return texts;
}

/** "\na\nb\n": every text between line feeds, so a text equal to or starting with a keyword is one LIKE. */
export const bodyOf = (texts: readonly LayerText[]) =>
  texts.length === 0 ? '' : `\n${texts.map((layer) => layer.text).join('\n')}\n`;

/**
 * Keeps the texts of the LayerDoc in `variantDir` for search, replacing what was kept; a LayerDoc without
 * text keeps no row. Answers how many text layers were kept.
 */
export async function storeLayerTexts(db: Db | Tx, variantDir: string, doc: LayerDoc): Promise<number> {
  const layers = layerTextsOf(doc);
  if (layers.length === 0) {
    await db.delete(layerTexts).where(eq(layerTexts.variantDir, variantDir));
    return 0;
  }
  const body = bodyOf(layers);
  await db
    .insert(layerTexts)
    .values({ variantDir, layers, body })
    .onConflictDoUpdate({ target: layerTexts.variantDir, set: { layers, body, updatedAt: sql`now()` } });
  return layers.length;
}

/** Removes the texts of folders no version shows any more (designs purged for good); answers how many. */
export async function dropOrphanLayerTexts(db: Db | Tx): Promise<number> {
  const dropped = await db
    .delete(layerTexts)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(designVersions)
          .where(eq(designVersions.variantDir, layerTexts.variantDir)),
      ),
    )
    .returning({ variantDir: layerTexts.variantDir });
  return dropped.length;
}
