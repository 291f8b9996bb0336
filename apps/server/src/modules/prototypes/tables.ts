import { boolean, doublePrecision, index, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { designs } from '../designs/tables.js';
import { projects } from '../projects/tables.js';

/**
 * A prototype hotspot: a rectangle in design pixels of its design's current version that opens another design
 * of the same project (`target_design_id`) or goes back to the one shown before (`goes_back`, no target).
 * A design in the recycle bin keeps its hotspots and those pointing at it; they go when it goes for good.
 */
export const prototypeHotspots = pgTable(
  'prototype_hotspots',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    targetDesignId: uuid('target_design_id').references(() => designs.id, { onDelete: 'cascade' }),
    goesBack: boolean('goes_back').notNull().default(false),
    x: doublePrecision('p_x').notNull(),
    y: doublePrecision('p_y').notNull(),
    width: doublePrecision('p_w').notNull(),
    height: doublePrecision('p_h').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [
    index('prototype_hotspots_project_idx').on(table.projectId),
    index('prototype_hotspots_design_idx').on(table.designId),
    index('prototype_hotspots_target_idx').on(table.targetDesignId),
  ],
);

/**
 * A link drawn by hand on the project's flow map, from one design (`parent`) to another (`son`); one per pair.
 * Links that stand for hotspots are read from the hotspots, not stored. A link goes when either design goes for good.
 */
export const prototypeLinks = pgTable(
  'prototype_links',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentDesignId: uuid('parent_design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    sonDesignId: uuid('son_design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [
    uniqueIndex('prototype_links_pair_idx').on(table.projectId, table.parentDesignId, table.sonDesignId),
    index('prototype_links_parent_idx').on(table.parentDesignId),
    index('prototype_links_son_idx').on(table.sonDesignId),
  ],
);

/** Where a design's card sits on the project's flow map, once someone moved it there. */
export const prototypeCards = pgTable(
  'prototype_cards',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.designId] }),
    index('prototype_cards_design_idx').on(table.designId),
  ],
);
