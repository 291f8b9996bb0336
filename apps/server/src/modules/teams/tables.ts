import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';

export const teams = pgTable('teams', {
  id: generatedId(),
  name: text('name').notNull(),
  /** normal | enterprise | enterprise2 | enterprise3 (spec 000 §1) */
  type: text('type').notNull().default('normal'),
  /** 1 free; 2 and 3 paid tiers that end at expireAt */
  packageLevel: integer('package_level').notNull().default(1),
  expireAt: timestamp('expire_at', { withTimezone: true }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id),
  /** Storage key of the avatar image, '' when none. */
  avatarKey: text('avatar_key').notNull().default(''),
  dissolvedAt: timestamp('dissolved_at', { withTimezone: true }),
  /** Only addresses ending in one of these may join (`enterprise/email_suffix`); empty means anyone. */
  emailSuffixes: text('email_suffixes').array().notNull().default(sql`'{}'::text[]`),
  createdAt: stampedNow('created_at'),
});

export const departments = pgTable(
  'departments',
  {
    id: generatedId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    orderIndex: integer('order_index').notNull().default(0),
    createdAt: stampedNow('created_at'),
  },
  (table) => [unique('departments_team_name_unique').on(table.teamId, table.name)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** superadmin | admin | member | onlooker */
    role: text('role').notNull(),
    departmentId: uuid('department_id').references((): AnyPgColumn => departments.id, {
      onDelete: 'set null',
    }),
    /** The member's nickname in this team (the remark table of spec 000 §3). */
    remark: text('remark').notNull().default(''),
    remarkUpdatedAt: timestamp('remark_updated_at', { withTimezone: true }),
    joinedAt: stampedNow('joined_at'),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
  ],
);

/** Why a user is no longer in a team, so their next call can say so (removed, dissolved, left, merged). */
export const teamDepartures = pgTable(
  'team_departures',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    at: stampedNow('at'),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);

/** An invitation: the team link (one per role and review flag until reset) or a personal e-mail invitation. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: text('id').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    review: boolean('review').notNull().default(false),
    /** link | email */
    kind: text('kind').notNull(),
    email: text('email'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: stampedNow('created_at'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When an e-mail invitation was used to join: it admits one account, once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('team_invites_team_idx').on(table.teamId)],
);

export const teamApplies = pgTable(
  'team_applies',
  {
    id: generatedId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteId: text('invite_id').notNull(),
    role: text('role').notNull(),
    realName: text('real_name').notNull(),
    reason: text('reason').notNull().default(''),
    /** pending | agreed | refused */
    state: text('state').notNull().default('pending'),
    createdAt: stampedNow('created_at'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id),
  },
  (table) => [index('team_applies_team_idx').on(table.teamId, table.state)],
);
