import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { foldedOf, generatedId, stampedNow, trigramIndex } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { designs, designVersions } from '../designs/tables.js';
import { projects } from '../projects/tables.js';

/**
 * A comment on a version of a design. A thread is its first comment (`parent_id` null, numbered per design
 * from 1, pinned by `position` in design pixels and/or `layer_id`, resolvable); replies name the thread as
 * `parent_id` and share its version. Deleting keeps the row (`deleted_at`) so a link to it can say so. A share
 * link's visitor posts with no account: no `author_id`, the name they gave as `guest_name`.
 */
export const comments = pgTable(
  'comments',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => designVersions.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** The thread's number within its design; 0 for replies. */
    number: integer('number').notNull().default(0),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    guestName: text('guest_name'),
    content: text('content').notNull(),
    contentFolded: foldedOf('content_folded', 'content'),
    positionX: doublePrecision('position_x'),
    positionY: doublePrecision('position_y'),
    layerId: text('layer_id'),
    /** Mentioned user ids, in the order written. */
    mentions: uuid('mentions').array().notNull().default([]),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    trigramIndex('comments_content_trgm_idx', table.contentFolded),
    index('comments_design_idx').on(table.designId, table.versionId, table.parentId),
    uniqueIndex('comments_thread_number_unique')
      .on(table.designId, table.number)
      .where(sql`${table.parentId} is null`),
    index('comments_version_idx').on(table.versionId, table.parentId),
    index('comments_parent_idx').on(table.parentId),
    index('comments_project_idx').on(table.projectId),
    index('comments_updated_idx').on(table.updatedAt),
    check('comments_author_or_guest', sql`(${table.authorId} is null) <> (${table.guestName} is null)`),
  ],
);
