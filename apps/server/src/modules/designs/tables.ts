import type { LayersStatus, VariantName } from '@ferry/shared';
import {
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { foldedOf, generatedId, stampedNow, trigramIndex } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { projects } from '../projects/tables.js';
import { sectors } from '../sections/tables.js';

export interface VariantFile {
  key: string;
  width: number;
  height: number;
  size: number;
  md5: string;
}
export type Variants = Partial<Record<VariantName, VariantFile>>;

/**
 * The artboard of a PSD or Sketch file a design was split from: its index among the file's artboards (as the
 * importer lists them), and its rect (a Sketch artboard's is its own size, at 0, 0).
 */
export interface ArtboardRef {
  index: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A design (the spec's "image"): a named page of a project with its versions, in a section (`sector_id`, none
 * for ungrouped) and perhaps a member of a set (`parent_set_id`). A set is a design row of type `set` without
 * versions. A design in the recycle bin has `deleted_at` and keeps its section, so recovery puts it back.
 */
export const designs = pgTable(
  'designs',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameFolded: foldedOf('name_folded', 'name'),
    /** image | pdf | set (spec 001 §3; cards and boards come with their modules); a Sketch artboard is an image */
    type: text('type').notNull().default('image'),
    /** The Sketch artboard (its `do_objectID`) the design shows: the same artboard uploaded again is a new version. */
    sketchId: text('sketch_id'),
    currentVersionId: uuid('current_version_id').references((): AnyPgColumn => designVersions.id, {
      onDelete: 'set null',
    }),
    /** The section holding the design; null is the ungrouped pseudo-section. */
    sectorId: uuid('sector_id').references(() => sectors.id, { onDelete: 'set null' }),
    /** The set this design is a member of. */
    parentSetId: uuid('parent_set_id').references((): AnyPgColumn => designs.id, { onDelete: 'set null' }),
    orderIndex: integer('order_index').notNull().default(0),
    positionX: doublePrecision('position_x').notNull().default(0),
    positionY: doublePrecision('position_y').notNull().default(0),
    /**
     * Prototype hotspots drawn on the design, kept by the prototypes domain through `hotspots.ts` (that domain
     * sits above this one), so the stage list reads it with no join.
     */
    hotspotCount: integer('hotspot_count').notNull().default(0),
    /** The upload call that brought the design in. */
    batch: text('batch').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    trigramIndex('designs_name_trgm_idx', table.nameFolded),
    index('designs_project_idx').on(table.projectId, table.deletedAt, table.orderIndex),
    index('designs_project_name_idx').on(table.projectId, table.name),
    index('designs_deleted_idx').on(table.deletedAt),
    // Search: the newest matches first, and names equal to or starting with the keyword.
    index('designs_updated_idx').on(table.updatedAt),
    index('designs_name_prefix_idx').on(table.nameFolded.op('text_pattern_ops')),
    index('designs_sector_idx').on(table.sectorId),
    index('designs_parent_set_idx').on(table.parentSetId),
    index('designs_project_sketch_idx').on(table.projectId, table.sketchId),
  ],
);

/**
 * One uploaded file of a design. Copies share files: `file_key` (the original) and `variant_dir` (where its
 * variants live) may appear on several rows, and a file goes only when no row names it any more.
 */
export const designVersions = pgTable(
  'design_versions',
  {
    id: generatedId(),
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileKey: text('file_key').notNull(),
    variantDir: text('variant_dir').notNull(),
    /** png, jpeg, gif, webp, bmp, tiff, pdf, psd, svg: told by the leading bytes; sketch by the ZIP's contents */
    fileType: text('file_type').notNull(),
    /** processing | ready | failed */
    status: text('status').notNull().default('processing'),
    size: integer('size').notNull(),
    md5: text('md5').notNull().default(''),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    variants: jsonb('variants').$type<Variants>().notNull().default({}),
    error: text('error'),
    /** The LayerDoc JSON (`<variant_dir>/layers.json`), shared like the variants; null until imported. */
    layersKey: text('layers_key'),
    layersMd5: text('layers_md5').notNull().default(''),
    layersStatus: text('layers_status').$type<LayersStatus>().notNull().default('none'),
    /** Set when the design is one artboard of a PSD or Sketch file: its picture and layers are that artboard's. */
    artboard: jsonb('artboard').$type<ArtboardRef | null>(),
    /** Set when the file is a PDF: the page (1-based) this version shows, drawn into its picture. */
    pdfPage: integer('pdf_page'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [
    unique('design_versions_number_unique').on(table.designId, table.number),
    index('design_versions_file_idx').on(table.fileKey),
    index('design_versions_variant_dir_idx').on(table.variantDir),
  ],
);

/**
 * The version of a design each person last inspected (opened with its layers), so the stage can say what changed
 * since, compare mode can start from it, and a new version's notice reaches those who had looked before.
 */
export const designInspections = pgTable(
  'design_inspections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => designVersions.id, { onDelete: 'cascade' }),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.designId] }),
    // A new version's notice looks up who inspected the design.
    index('design_inspections_design_idx').on(table.designId),
  ],
);
