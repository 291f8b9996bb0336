import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { projects } from '../projects/tables.js';
import { teams } from '../teams/tables.js';

/**
 * A design-system folder (spec 001 §3) of a dsm project: nested by `parent_id` (null at the top), numbered
 * 1…n among its siblings by `sort_order` (the spec's `index`). The `*_ref` columns name a file of the
 * library (its id) used as the folder's thumbnail, icon, cover or documentation page.
 */
export const dsmFolders = pgTable(
  'dsm_folders',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => dsmFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
    /** What the folder holds: `component`, `color`, `text_style`, `icon`, `doc`, or `mixed`. */
    type: text('type').notNull().default('mixed'),
    /** The spec's dirType: 0 a plain folder, 1 a page group. */
    dirType: integer('dir_type').notNull().default(0),
    description: text('description').notNull().default(''),
    thumbnailRef: text('thumbnail_ref'),
    iconRef: text('icon_ref'),
    coverRef: text('cover_ref'),
    docRef: text('doc_ref'),
    layoutData: jsonb('layout_data'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedBy: uuid('modified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [index('dsm_folders_parent_idx').on(table.projectId, table.parentId, table.sortOrder)],
);

/**
 * A design-system file (spec 001 §3): a component (a layer taken from a design version, `host_object` says
 * which; its pictures at 1x, 2x, 4x and SVG kept under the `image_*` keys), a colour, a text style, an icon
 * or a markdown page (`content`). `folder_id` null keeps it at the library's top level.
 */
export const dsmFiles = pgTable(
  'dsm_files',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => dsmFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
    type: text('type', { enum: ['component', 'color', 'text_style', 'icon', 'doc'] }).notNull(),
    /** The spec's position: where the file sits on its folder's board, {x, y}. */
    position: jsonb('position'),
    /** The source's kind: psd or svg for a component, otherwise empty. */
    designType: text('design_type').notNull().default(''),
    /** `design` for a component taken from a design, `ferry` for what was made here. */
    hostType: text('host_type').notNull().default('ferry'),
    /** A component's source: {project_id, image_id, version_id, layer_id}. */
    hostObject: jsonb('host_object'),
    /** What the file is: a colour's {color}, a text style's {fontFamily, fontSize, …}, a component's layer facts. */
    packageInfo: jsonb('package_info'),
    packageJsonRef: text('package_json_ref'),
    srcRef: text('src_ref'),
    /** Storage keys of the component's or icon's pictures. */
    image1x: text('image_1x'),
    image2x: text('image_2x'),
    image4x: text('image_4x'),
    imageSvg: text('image_svg'),
    previewObject: jsonb('preview_object'),
    previewThumbObject: jsonb('preview_thumb_object'),
    layoutData: jsonb('layout_data'),
    /** A documentation page's markdown. */
    content: text('content').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedBy: uuid('modified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [index('dsm_files_folder_idx').on(table.projectId, table.folderId, table.sortOrder)],
);

/**
 * A design token of a dsm project's token set: `name` is its group path (`color/brand/primary`), unique in
 * the project; `value` is its DTCG `$value` as written by `packages/shared/src/tokens.ts`.
 */
export const dsmTokens = pgTable(
  'dsm_tokens',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['color', 'typography', 'radius', 'spacing', 'shadow', 'border'] }).notNull(),
    name: text('name').notNull(),
    value: jsonb('value').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [uniqueIndex('dsm_tokens_project_name_idx').on(table.projectId, table.name)],
);

/** The dsm projects a project links: their tokens name values in its inspect view and code. */
export const projectDsmLinks = pgTable(
  'project_dsm_links',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    dsmProjectId: uuid('dsm_project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.dsmProjectId] }),
    index('project_dsm_links_dsm_idx').on(table.dsmProjectId),
  ],
);

/** `permission/dsm_auth_switch`: a team without a row has its design system on. */
export const dsmTeamSwitches = pgTable('dsm_team_switches', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: stampedNow('updated_at'),
});
