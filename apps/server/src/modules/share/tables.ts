import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { comments } from '../comments/tables.js';
import { projects } from '../projects/tables.js';
import { teams } from '../teams/tables.js';

/**
 * A share link: a scope of one project, the rights its visitors get, and how it is protected. The code in
 * the URL is `short_id` + a secret of ≥ 128 random bits; only the secret's SHA-256 is kept.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: generatedId(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    shortId: text('short_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    name: text('name').notNull().default(''),
    /** project | sections | designs | design */
    scope: text('scope').notNull(),
    sectionIds: uuid('section_ids').array().notNull().default([]),
    designIds: uuid('design_ids').array().notNull().default([]),
    /** Design scope: a fixed version; null follows the latest. */
    versionId: uuid('version_id'),
    canInspect: boolean('can_inspect').notNull().default(false),
    canDownload: boolean('can_download').notNull().default(false),
    canSeeComments: boolean('can_see_comments').notNull().default(false),
    canComment: boolean('can_comment').notNull().default(false),
    /** Made as a quick share (share_type containing quickShare). */
    quick: boolean('quick').notNull().default(false),
    passwordHash: text('password_hash'),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
  },
  (table) => [
    index('share_links_project_idx').on(table.projectId, table.createdAt),
    index('share_links_team_idx').on(table.teamId, table.createdAt),
  ],
);

/** Every open and refused open of a link: the IP only as its /24 (IPv4) or /48 (IPv6) prefix. */
export const shareLinkOpens = pgTable(
  'share_link_opens',
  {
    id: generatedId(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    at: stampedNow('at'),
    ipPrefix: text('ip_prefix').notNull(),
    /** opened | wrong_password | locked | expired | revoked | scope_deleted */
    outcome: text('outcome').notNull(),
  },
  (table) => [index('share_link_opens_link_idx').on(table.linkId, table.at)],
);

/** A visitor's token (its SHA-256 only): what an anonymous caller presents instead of a session. */
export const shareVisits = pgTable(
  'share_visits',
  {
    tokenHash: text('token_hash').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    createdAt: stampedNow('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('share_visits_link_idx').on(table.linkId)],
);

/** The comments a link's visitors posted: whose link let them in (for the hourly cap and the link's audit). */
export const shareGuestComments = pgTable(
  'share_guest_comments',
  {
    commentId: uuid('comment_id')
      .primaryKey()
      .references(() => comments.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    at: stampedNow('at'),
  },
  (table) => [index('share_guest_comments_link_idx').on(table.linkId, table.at)],
);
