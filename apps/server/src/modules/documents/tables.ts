import { index, integer, pgTable, primaryKey, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { foldedOf, generatedId, stampedNow, trigramIndex } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { projects } from '../projects/tables.js';

/** A project's named group of product documents; `sort_order` numbers a project's groups 1…n. */
export const documentGroups = pgTable(
  'document_groups',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [uniqueIndex('document_groups_project_name_idx').on(table.projectId, table.name)],
);

/**
 * A product document (spec 001 §3): a name unique in its project, in a group or ungrouped (`group_id` null),
 * numbered 1…n within it. `kind` is its newest version's.
 */
export const documents = pgTable(
  'documents',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => documentGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    nameFolded: foldedOf('name_folded', 'name'),
    kind: text('kind', { enum: ['pdf', 'word', 'excel', 'ppt', 'axure'] }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [
    trigramIndex('documents_name_trgm_idx', table.nameFolded),
    uniqueIndex('documents_project_name_idx').on(table.projectId, table.name),
    index('documents_group_order_idx').on(table.projectId, table.groupId, table.sortOrder),
  ],
);

/**
 * One uploaded file of a document, numbered 1…n. The original stays under its upload key; what the
 * conversion makes lives under `documents/<project>/<document>/<version>/` (documents/keys.ts).
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: generatedId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    kind: text('kind', { enum: ['pdf', 'word', 'excel', 'ppt', 'axure'] }).notNull(),
    fileKey: text('file_key').notNull(),
    /** The original's extension (pdf, docx, xls, zip…): the download's name and the converter's input. */
    extension: text('extension').notNull(),
    size: integer('size').notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed', 'unavailable'] })
      .notNull()
      .default('processing'),
    /** The code of a failed conversion (e.g. 19114). */
    failCode: text('fail_code'),
    pageCount: integer('page_count'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [uniqueIndex('document_versions_number_idx').on(table.documentId, table.number)],
);

/** A drawn page of a version: its size in PDF points and its text, which search reads. */
export const documentPages = pgTable(
  'document_pages',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    text: text('text').notNull().default(''),
    textFolded: foldedOf('text_folded', 'text'),
  },
  (table) => [
    trigramIndex('document_pages_text_trgm_idx', table.textFolded),
    primaryKey({ columns: [table.versionId, table.page] }),
  ],
);
