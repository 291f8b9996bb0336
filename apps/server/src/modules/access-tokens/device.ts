import { randomBytes } from 'node:crypto';
import {
  AccessTokenLimits,
  type DeviceCodeAnswer,
  type DeviceTokenAnswer,
  formatUserCode,
  type TokenScope,
} from '@ferry/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../http/errors.js';
import { hashToken } from '../account/sessions.js';
import { deviceView } from './present.js';
import { deviceAuthorizations } from './tables.js';
import { issueAccessToken } from './tokens.js';
import { giveUserCodeTryBack, newUserCode, takeUserCodeTry, wrongUserCode } from './user-codes.js';

type DeviceRow = typeof deviceAuthorizations.$inferSelect;

/** What a plugin's sign-in grants: reading, and pushing designs. */
const PLUGIN_SCOPES: TokenScope[] = ['read', 'upload'];

/** Sign-ins past their expiry are kept a day, so a late poll still hears "expired" rather than "unknown". */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

/** The page a user approves on (spec 000 §2 plugBindAccount: /user/plug-bind-account?pluginuuid,pluginType). */
function approvalAddress(ctx: AppContext, plugin: { uuid: string; type: string }, userCode?: string) {
  const query = new URLSearchParams({ pluginuuid: plugin.uuid, pluginType: plugin.type });
  if (userCode) query.set('user_code', formatUserCode(userCode));
  return `${ctx.config.publicUrl.replace(/\/$/, '')}/web/#/user/plug-bind-account?${query}`;
}

/** A plugin asks to sign in: a device code for it to poll with, and a user code for the person to confirm. */
export async function startDeviceSignIn(
  ctx: AppContext,
  plugin: { plugin_uuid: string; plugin_type: string },
): Promise<DeviceCodeAnswer> {
  const now = ctx.now();
  await ctx.db
    .delete(deviceAuthorizations)
    .where(lt(deviceAuthorizations.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  const deviceCode = randomBytes(AccessTokenLimits.deviceCodeBytes).toString('base64url');
  const expiresAt = new Date(now.getTime() + AccessTokenLimits.deviceCodeValidityMs);
  // A user code that happens to be taken is drawn again.
  for (;;) {
    const userCode = newUserCode();
    const [row] = await ctx.db
      .insert(deviceAuthorizations)
      .values({
        deviceCodeHash: hashToken(deviceCode),
        userCodeHash: hashToken(userCode),
        pluginUuid: plugin.plugin_uuid,
        pluginType: plugin.plugin_type,
        intervalSeconds: AccessTokenLimits.pollIntervalSeconds,
        createdAt: now,
        expiresAt,
      })
      .onConflictDoNothing({ target: deviceAuthorizations.userCodeHash })
      .returning({ id: deviceAuthorizations.id });
    if (!row) continue;
    const address = { uuid: plugin.plugin_uuid, type: plugin.plugin_type };
    return {
      device_code: deviceCode,
      user_code: formatUserCode(userCode),
      verification_uri: approvalAddress(ctx, address),
      verification_uri_complete: approvalAddress(ctx, address, userCode),
      expires_in: AccessTokenLimits.deviceCodeValidityMs / 1000,
      interval: AccessTokenLimits.pollIntervalSeconds,
    };
  }
}

const isExpired = (row: DeviceRow, now: Date) => row.expiresAt.getTime() <= now.getTime();

/**
 * The plugin's poll: pending, slow down, expired, denied, used, or the token, once. The row is locked for
 * the poll, so two polls racing for an approved sign-in get one token and one "already used".
 */
export async function pollDeviceSignIn(ctx: AppContext, deviceCode: string): Promise<DeviceTokenAnswer> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.deviceCodeHash, hashToken(deviceCode)))
      .for('update');
    if (!row) return fail('DEVICE_CODE_INVALID');
    if (row.status === 'redeemed') return fail('DEVICE_CODE_USED');
    if (isExpired(row, now)) return fail('DEVICE_CODE_EXPIRED');
    if (row.status === 'denied') return fail('DEVICE_ACCESS_DENIED');
    const tooSoon =
      row.lastPolledAt && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000;
    const interval = tooSoon
      ? row.intervalSeconds + AccessTokenLimits.slowDownStepSeconds
      : row.intervalSeconds;
    await tx
      .update(deviceAuthorizations)
      .set({ lastPolledAt: now, intervalSeconds: interval })
      .where(eq(deviceAuthorizations.id, row.id));
    if (tooSoon) return fail('DEVICE_SLOW_DOWN', undefined, { interval });
    if (row.status === 'pending' || !row.userId) return fail('DEVICE_AUTH_PENDING', undefined, { interval });
    const issued = await issueAccessToken(tx, now, {
      userId: row.userId,
      name: row.pluginType,
      kind: 'plugin',
      pluginType: row.pluginType,
      scopes: PLUGIN_SCOPES,
    });
    await tx
      .update(deviceAuthorizations)
      .set({ status: 'redeemed', tokenId: issued.row.id })
      .where(eq(deviceAuthorizations.id, row.id));
    return { token: issued.token, token_type: 'Basic' as const, scopes: PLUGIN_SCOPES, user_id: row.userId };
  });
  // Refusals are answered after the commit, so the poll's time and interval are kept.
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/**
 * Finds a live sign-in by the code a signed-in user gives, counting the try. The address's plugin, when
 * given, must be the sign-in's: a link edited to show another plugin's name finds nothing.
 */
async function findByUserCode(ctx: AppContext, userId: string, userCode: string, pluginUuid?: string) {
  const attempt = await takeUserCodeTry(ctx, userId);
  const [row] = await ctx.db
    .select()
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.userCodeHash, hashToken(userCode)));
  if (!row || (pluginUuid && pluginUuid !== row.pluginUuid)) throw wrongUserCode(attempt);
  if (isExpired(row, ctx.now())) throw fail('DEVICE_CODE_EXPIRED');
  await giveUserCodeTryBack(ctx, userId);
  // Someone else's decided sign-in is not shown: its code has done its work.
  if (row.status !== 'pending' && row.userId !== userId) throw fail('USER_CODE_DECIDED');
  return row;
}

/** What the approval page shows: the plugin asking, the code, and where the sign-in stands. */
export async function describeDeviceSignIn(
  ctx: AppContext,
  userId: string,
  query: { user_code: string; plugin_uuid?: string },
) {
  const row = await findByUserCode(ctx, userId, query.user_code, query.plugin_uuid);
  return deviceView(row, query.user_code);
}

/**
 * The signed-in user approves or denies. Only a pending sign-in is decided, in one conditional update, so of
 * two people racing for a code one decides and the other hears it is taken. The token goes to the approver.
 */
export async function decideDeviceSignIn(
  ctx: AppContext,
  userId: string,
  input: { user_code: string; plugin_uuid?: string; approve: boolean },
) {
  const row = await findByUserCode(ctx, userId, input.user_code, input.plugin_uuid);
  const status = input.approve ? 'approved' : 'denied';
  const [decided] = await ctx.db
    .update(deviceAuthorizations)
    .set({ status, userId, decidedAt: ctx.now() })
    .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'pending')))
    .returning();
  if (decided) return deviceView(decided, input.user_code);
  // Decided before: the same answer again is no change; anything else is refused.
  const sameAgain =
    row.userId === userId && (row.status === status || (input.approve && row.status === 'redeemed'));
  if (!sameAgain) throw fail('USER_CODE_DECIDED');
  return deviceView(row, input.user_code);
}
