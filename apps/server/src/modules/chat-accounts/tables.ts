import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import type { ChatIdentity } from './providers/types.js';

/**
 * A chat-app account linked to a user: one per provider account (it signs in one user), and one per
 * provider per user (a second needs an unbind or a change-bind first).
 */
export const chatAccounts = pgTable(
  'chat_accounts',
  {
    id: generatedId(),
    /** wechat | lark | work_wechat | dingtalk */
    provider: text('provider').notNull(),
    /** WeChat's openid, Lark's open_id, work-WeChat's userid. */
    providerUserId: text('provider_user_id').notNull(),
    unionId: text('union_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** WeChat: the official account's openid of the follower, who notices are sent to. */
    notifyOpenId: text('notify_open_id'),
    /** WeChat: set when the follower unfollowed the official account (no notices reach them: bind expired). */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [
    uniqueIndex('chat_accounts_provider_account_uq').on(table.provider, table.providerUserId),
    uniqueIndex('chat_accounts_provider_user_uq').on(table.provider, table.userId),
  ],
);

/**
 * One sign-in or binding in progress. The `state` travels through the provider and comes back to the
 * callback; the `ticket` stays with the browser that asked, which polls with it. Both are stored as SHA-256.
 */
export const chatSignIns = pgTable(
  'chat_sign_ins',
  {
    id: generatedId(),
    provider: text('provider').notNull(),
    /** login | bind | rebind */
    purpose: text('purpose').notNull(),
    stateHash: text('state_hash').notNull().unique(),
    ticketHash: text('ticket_hash').notNull().unique(),
    /** Who asked to bind (bind, rebind); null for a sign-in. */
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'cascade' }),
    /** waiting | resolving | signed_in | unlinked | bound | failed | taken | cleared */
    status: text('status').notNull().default('waiting'),
    /** The provider's account, once the callback exchanged the code. */
    identity: jsonb('identity').$type<ChatIdentity>(),
    /** signed_in: the user the linked account signs in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** failed: the catalogue's name of why. */
    failure: text('failure'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: stampedNow('created_at'),
  },
  (table) => [index('chat_sign_ins_expires_idx').on(table.expiresAt)],
);

/** A design platform (MasterGo and the like) bound to a user through platformsBindAccount. */
export const platformAccounts = pgTable(
  'platform_accounts',
  {
    platform: text('platform').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [uniqueIndex('platform_accounts_platform_user_uq').on(table.platform, table.userId)],
);

/** A one-use code a design platform's server redeems (with its secret) for the user who granted it. */
export const platformCodes = pgTable('platform_codes', {
  codeHash: text('code_hash').primaryKey(),
  platform: text('platform').notNull(),
  /** bind | verify */
  purpose: text('purpose').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
