import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { projects } from '../projects/tables.js';

/**
 * A project's bookmark: a named web address (`type` url) or an uploaded file kept in storage under `file_key`
 * (`type` file). `sort_order` numbers a project's bookmarks 1…n; the rows go with the project, and its
 * deletion removes the files (projects/service.ts, `projectFilesDir`).
 */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['url', 'file'] }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull().default(''),
    fileKey: text('file_key'),
    fileName: text('file_name').notNull().default(''),
    fileSize: integer('file_size').notNull().default(0),
    /** The type told by the file's leading bytes when it is a known safe one, else application/octet-stream. */
    contentType: text('content_type'),
    sortOrder: integer('sort_order').notNull(),
    clickCount: integer('click_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [index('bookmarks_project_order_idx').on(table.projectId, table.sortOrder)],
);
