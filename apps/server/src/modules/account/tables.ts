import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';

export const users = pgTable('users', {
  id: generatedId(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  nickname: text('nickname').notNull().default(''),
  color: text('color').notNull(),
  avatar: text('avatar').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** active | disabled | unactivated */
  status: text('status').notNull().default('active'),
  /** No longer written: password tries are counted in sign_in_attempts, for unknown addresses too. */
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: stampedNow('created_at'),
});

/**
 * Password tries per e-mail address, registered or not, so neither the answer nor the lock tells which
 * addresses have accounts. Keyed by the SHA-256 of the normalised address: no list of tried addresses is kept.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  emailHash: text('email_hash').primaryKey(),
  /** Tries taken since windowStartedAt, counted before the password is hashed. */
  attempts: integer('attempts').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Only the SHA-256 of a token is stored; a revoked row remembers why, so the client gets the right status. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: stampedNow('created_at'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | password_changed | elsewhere */
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    settingsType: text('settings_type').notNull(),
    value: text('value').notNull(),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.settingsType] })],
);

export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.group] })],
);

/** The RSA key pair for encrypted password fields, shared by every server instance. */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: stampedNow('created_at'),
});

/** Random secrets shared by every instance (link signing, file URL signing). */
export const serverSecrets = pgTable('server_secrets', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
});
