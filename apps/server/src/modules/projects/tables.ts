import { index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { foldedOf, generatedId, stampedNow, trigramIndex } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { folders } from '../folders/tables.js';
import { teams } from '../teams/tables.js';

export const projects = pgTable(
  'projects',
  {
    id: generatedId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    nameFolded: foldedOf('name_folded', 'name'),
    /** mobile | web | dsm */
    type: text('type').notNull().default('mobile'),
    coverKey: text('cover_key').notNull().default(''),
    background: text('background').notNull().default('rgba(240,242,245,1)'),
    orderIndex: integer('order_index').notNull().default(1),
    /** A: the team role counts; B: the project role counts too */
    permissionMode: text('permission_mode').notNull().default('A'),
    /** all | members | specified | none */
    downloadType: text('download_type').notNull().default('all'),
    downloadUserIds: text('download_user_ids').array().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [
    trigramIndex('projects_name_trgm_idx', table.nameFolded),
    unique('projects_team_name_unique').on(table.teamId, table.name),
    index('projects_team_order_idx').on(table.teamId, table.orderIndex, table.createdAt, table.id),
    index('projects_team_updated_idx').on(table.teamId, table.updatedAt, table.id),
    index('projects_team_created_idx').on(table.teamId, table.createdAt, table.id),
    index('projects_folder_idx').on(table.folderId),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** admin | member | onlooker */
    role: text('role').notNull(),
    addedAt: stampedNow('added_at'),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index('project_members_user_idx').on(table.userId),
  ],
);

/** When a user last opened a project: the "recently used" tab. */
export const projectVisits = pgTable(
  'project_visits',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitedAt: stampedNow('visited_at'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.projectId] }),
    index('project_visits_user_idx').on(table.userId, table.visitedAt),
  ],
);

export const projectGroups = pgTable(
  'project_groups',
  {
    id: generatedId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    orderIndex: integer('order_index').notNull().default(0),
    createdAt: stampedNow('created_at'),
  },
  (table) => [unique('project_groups_team_name_unique').on(table.teamId, table.name)],
);

export const projectGroupItems = pgTable(
  'project_group_items',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => projectGroups.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.projectId] })],
);
