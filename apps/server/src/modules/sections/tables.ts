import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { foldedOf, generatedId, stampedNow, trigramIndex } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { projects } from '../projects/tables.js';

/**
 * A section (the spec's sector) of a project's stage. Designs point at it through `designs.sector_id`, which
 * the database clears when the section goes, so a design never outlives its section in a dangling state.
 * Deleting a section deletes its sub-sections with it.
 */
export const sectors = pgTable(
  'sectors',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => sectors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameFolded: foldedOf('name_folded', 'name'),
    orderIndex: integer('order_index').notNull().default(0),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [
    trigramIndex('sectors_name_trgm_idx', table.nameFolded),
    index('sectors_project_idx').on(table.projectId, table.parentId, table.orderIndex),
  ],
);

/**
 * The layout state of a project's stage, one row per project made on first use: how designs are ordered
 * within sections, the revision every layout change bumps, and who holds the stage lock until when.
 */
export const projectStages = pgTable('project_stages', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** default | name | time | custom */
  orderType: text('order_type').notNull().default('default'),
  /** The sections `order_type` applies to; empty means all of them. */
  sectorIds: text('sector_ids').array().notNull().default([]),
  revision: integer('revision').notNull().default(0),
  lockedBy: uuid('locked_by').references(() => users.id, { onDelete: 'set null' }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
