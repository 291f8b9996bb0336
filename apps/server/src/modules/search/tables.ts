import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { foldedOf, stampedNow, trigramIndex } from '../../db/columns.js';

/** One text layer of a LayerDoc, as search keeps it: its layer id and its characters. */
export interface LayerText {
  id: string;
  text: string;
}

/**
 * The text layers of one LayerDoc, for search. Keyed by the variant folder the LayerDoc lives in, so every
 * version showing that folder (artboards, copies) finds them; a design's hits come from its current version.
 * Written by the layers job (jobs/layers.ts) and by `search:reindex`.
 */
export const layerTexts = pgTable(
  'layer_texts',
  {
    variantDir: text('variant_dir').primaryKey(),
    layers: jsonb('layers').$type<LayerText[]>().notNull(),
    /** Every text, each between line feeds ("\na\nb\n"): a layer equal to or starting with the keyword is a LIKE. */
    body: text('body').notNull(),
    bodyFolded: foldedOf('body_folded', 'body'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [
    trigramIndex('layer_texts_body_trgm_idx', table.bodyFolded),
    index('layer_texts_updated_idx').on(table.updatedAt),
  ],
);
