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
import { projects } from '../projects/tables.js';
import { documents, documentVersions } from './tables.js';

/**
 * A comment on a page of a product document's version. A thread is its first comment (`parent_id` null,
 * numbered per document from 1, pinned on `page` at `position_x`/`position_y`, fractions of the page with y
 * from the top, resolvable); replies name the thread as `parent_id` and share its version and page. Deleting
 * keeps the row (`deleted_at`) so a notice's link can say so; deleting the document or version removes them.
 */
export const documentComments = pgTable(
  'document_comments',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => documentComments.id, { onDelete: 'cascade' }),
    /** The thread's number within its document; 0 for replies. */
    number: integer('number').notNull().default(0),
    page: integer('page').notNull(),
    positionX: doublePrecision('position_x'),
    positionY: doublePrecision('position_y'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    contentFolded: foldedOf('content_folded', 'content'),
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
    trigramIndex('document_comments_content_trgm_idx', table.contentFolded),
    index('document_comments_version_idx').on(table.versionId, table.parentId),
    index('document_comments_parent_idx').on(table.parentId),
    // For the cascades from a project and a document.
    index('document_comments_project_idx').on(table.projectId),
    index('document_comments_document_idx').on(table.documentId),
    uniqueIndex('document_comments_thread_number_unique')
      .on(table.documentId, table.number)
      .where(sql`${table.parentId} is null`),
    check('document_comments_page_positive', sql`${table.page} >= 1`),
    check(
      'document_comments_position_fraction',
      sql`(${table.positionX} is null or ${table.positionX} between 0 and 1) and (${table.positionY} is null or ${table.positionY} between 0 and 1)`,
    ),
  ],
);
