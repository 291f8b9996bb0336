import type { DeviceStatus, TokenScope } from '@ferry/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';

/**
 * Personal access tokens and the tokens plugins receive by device code: one kind of credential. Only the
 * SHA-256 of a token's text is stored; `hint` (a few characters of it) tells tokens apart in the list.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: generatedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** personal | plugin */
    kind: text('kind').$type<'personal' | 'plugin'>().notNull(),
    pluginType: text('plugin_type'),
    scopes: jsonb('scopes').$type<TokenScope[]>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    createdAt: stampedNow('created_at'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('access_tokens_user_idx').on(table.userId)],
);

/**
 * A plugin's sign-in in progress (RFC 8628): the plugin holds the device code, the user confirms the user
 * code in the browser. Both are stored as SHA-256 only. `userId` is whoever approved or denied it; the token
 * is issued to that user, once.
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: generatedId(),
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    userCodeHash: text('user_code_hash').notNull().unique(),
    pluginUuid: text('plugin_uuid').notNull(),
    pluginType: text('plugin_type').notNull(),
    status: text('status').$type<DeviceStatus>().notNull().default('pending'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id').references(() => accessTokens.id, { onDelete: 'set null' }),
    /** Seconds the plugin waits between polls; each poll that comes sooner adds to it (slow_down). */
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('device_authorizations_expires_idx').on(table.expiresAt)],
);
