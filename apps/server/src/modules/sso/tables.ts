import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../db/columns.js';
import { sessions, users } from '../account/tables.js';
import { teams } from '../teams/tables.js';

/** A team's OpenID Connect provider, set by its super admin. */
export const ssoConfigs = pgTable('sso_configs', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  /** The team's SSO id that people type on the /sso page. */
  slug: text('slug').notNull().unique(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** AES-256-GCM under the server's `sso-secret-key` (iv.tag.ciphertext, base64url): never answered back. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** Lower-case e-mail domains that may sign in; empty means any. */
  allowedDomains: text('allowed_domains').array().notNull().default(sql`'{}'::text[]`),
  /** admin | member | onlooker: what a new member becomes. */
  defaultRole: text('default_role').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  /** Members (but the super admin) reach the team only with a session made by this sign-on. */
  requireSso: boolean('require_sso').notNull().default(false),
  updatedAt: stampedNow('updated_at'),
});

/**
 * A started sign-in, keyed by the SHA-256 of its state. The nonce and PKCE verifier are derived from the state
 * with a server key, so nothing here lets a reader of the table finish someone's sign-in.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [index('sso_logins_expires_idx').on(table.expiresAt)],
);

/** Who an identity at a provider is: (issuer, subject) stays true when the e-mail changes. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('sso_identities_user_idx').on(table.userId),
  ],
);

/** The one-time hand-over from the provider's return to the /sso page (`account/entry`), keyed by its hash. */
export const ssoConnections = pgTable('sso_connections', {
  connectionHash: text('connection_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Sessions made by a team's sign-on: what "require SSO" asks of a member's session. */
export const ssoSessions = pgTable('sso_sessions', {
  tokenHash: text('token_hash')
    .primaryKey()
    .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
});
