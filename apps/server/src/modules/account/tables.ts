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
  /** active | disabled | unactivated (e-mail not yet confirmed) | closed (closed by its owner) */
  status: text('status').notNull().default('active'),
  /** No longer written: password tries are counted in sign_in_attempts, for unknown addresses too. */
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: stampedNow('created_at'),
  /** When its owner closed the account; its personal data goes at eraseAfter (the grace period). */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  eraseAfter: timestamp('erase_after', { withTimezone: true }),
  erasedAt: timestamp('erased_at', { withTimezone: true }),
  /** Why the owner closed it: the reasons ticked and their own words. */
  closingReason: jsonb('closing_reason').$type<{ checks: string[]; other: string }>(),
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
    /** logout | password_changed | elsewhere | closed */
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

/**
 * A code mailed for a purpose (spec 000 §7 send_verification_code_email, send_verify_email): only hashes are
 * kept. A reset or activation mail also carries a link whose token is `linkHash`; a right code answers a fresh
 * link token, so both ways end in the same call.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: generatedId(),
    /** reset_password | activate | modify_email | logoff */
    scene: text('scene').notNull(),
    /** The address the code went to (the new one when an address is being changed). */
    email: text('email').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    linkHash: text('link_hash').unique(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [index('verification_codes_email_idx').on(table.email, table.scene)],
);

/** `scene_code`: what a verified password or code proves, for one change of that scene, for a short time. */
export const sceneProofs = pgTable('scene_proofs', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  scene: text('scene').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
