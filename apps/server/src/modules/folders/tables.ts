import { type AnyPgColumn, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { foldedOf, generatedId, stampedNow, trigramIndex } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { teams } from '../teams/tables.js';

/** A folder of a team's project tree; a null parent is the root (teamFolder-{teamId}). */
export const folders = pgTable(
  'folders',
  {
    id: generatedId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameFolded: foldedOf('name_folded', 'name'),
    orderIndex: integer('order_index').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [
    trigramIndex('folders_name_trgm_idx', table.nameFolded),
    unique('folders_sibling_name_unique').on(table.teamId, table.parentId, table.name).nullsNotDistinct(),
    index('folders_team_idx').on(table.teamId),
  ],
);
