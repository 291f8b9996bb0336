import { randomBytes } from 'node:crypto';
import {
  ChatLimits,
  type ChatPoll,
  type ChatProvider,
  type ChatPurpose,
  type ChatStart,
  type CodeName,
  Codes,
  codeMessage,
  type Lang,
} from '@ferry/shared';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError, fail } from '../../http/errors.js';
import { hashToken } from '../account/sessions.js';
import { linkAccount, ownerOfAccount, refreshLinkedAccount } from './links.js';
import { adapterFor } from './providers/index.js';
import { type ChatIdentity, ProviderRefusal } from './providers/types.js';
import { officialAccount } from './providers/wechat-mp.js';
import { chatSignIns } from './tables.js';

type SignInRow = typeof chatSignIns.$inferSelect;

const newSecret = () => randomBytes(ChatLimits.secretBytes).toString('base64url');

/** Where every provider sends the browser (or phone) back with its code. */
export const callbackUri = (ctx: AppContext, provider: ChatProvider) =>
  `${ctx.config.publicUrl.replace(/\/+$/, '')}/api/account/thirdpartylogin/callback/${provider}`;

/** A sign-in or binding: a fresh state for the provider and a ticket for the asking browser, valid 120 s. */
export async function startChatAuth(
  ctx: AppContext,
  provider: ChatProvider,
  purpose: ChatPurpose,
  requesterId: string | null,
): Promise<ChatStart> {
  const adapter = adapterFor(ctx.config, provider);
  const state = newSecret();
  const ticket = newSecret();
  const now = ctx.now().getTime();
  await ctx.db
    .delete(chatSignIns)
    .where(lt(chatSignIns.expiresAt, new Date(now - ChatLimits.stateRetentionMs)));
  await ctx.db.insert(chatSignIns).values({
    provider,
    purpose,
    requesterId,
    stateHash: hashToken(state),
    ticketHash: hashToken(ticket),
    expiresAt: new Date(now + ChatLimits.qrValidityMs),
  });
  const url = await qrOrAuthorizeUrl(ctx, provider, purpose, state, () =>
    adapter.authorizeUrl(state, callbackUri(ctx, provider)),
  );
  return { provider, url, qrcode_url: url, ticket, expires_in: ChatLimits.qrValidityMs / 1000 };
}

/** A WeChat binding uses the official account's QR when one is configured, so its followers get notices. */
async function qrOrAuthorizeUrl(
  ctx: AppContext,
  provider: ChatProvider,
  purpose: ChatPurpose,
  state: string,
  authorizeUrl: () => string,
) {
  const account = ctx.config.chat.wechatMp;
  if (provider !== 'wechat' || purpose === 'login' || !account) return authorizeUrl();
  try {
    return await officialAccount(account).createQr(state);
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    ctx.events.log.warn({ err: error }, 'official account QR not made');
    throw fail('CHAT_PROVIDER_FAILED');
  }
}

async function settle(ctx: AppContext, id: string, changes: Partial<SignInRow>) {
  await ctx.db.update(chatSignIns).set(changes).where(eq(chatSignIns.id, id));
}

/** Takes a waiting state once: a replay is refused (19181), and one past 120 s too (19182). */
export async function claimState(
  ctx: AppContext,
  provider: ChatProvider,
  state: string,
  purposes: ChatPurpose[] = ['login', 'bind', 'rebind'],
): Promise<SignInRow> {
  const stateHash = hashToken(state);
  const [row] = await ctx.db
    .update(chatSignIns)
    .set({ status: 'resolving' })
    .where(
      and(
        eq(chatSignIns.stateHash, stateHash),
        eq(chatSignIns.provider, provider),
        eq(chatSignIns.status, 'waiting'),
        inArray(chatSignIns.purpose, purposes),
        gt(chatSignIns.expiresAt, ctx.now()),
      ),
    )
    .returning();
  if (row) return row;
  const [known] = await ctx.db.select().from(chatSignIns).where(eq(chatSignIns.stateHash, stateHash));
  throw fail(known?.status === 'waiting' ? 'CHAT_STATE_EXPIRED' : 'CHAT_STATE_INVALID');
}

/** A claimed state whose provider refused: the poll says so. */
export async function failState(ctx: AppContext, row: SignInRow, error: ProviderRefusal) {
  ctx.events.log.warn({ err: error }, 'chat sign-in refused by the provider');
  await settle(ctx, row.id, { status: 'failed', failure: 'CHAT_PROVIDER_FAILED' });
  return fail('CHAT_PROVIDER_FAILED');
}

/**
 * What a claimed state's identity leads to: a sign-in (the linked user, or `unlinked`, which may be bound
 * with a password for a while), or the requester's binding, committed with the state's outcome.
 */
export async function settleIdentity(ctx: AppContext, row: SignInRow, identity: ChatIdentity) {
  const provider = row.provider as ChatProvider;
  if (row.purpose === 'login') {
    const owner = await ownerOfAccount(ctx.db, provider, identity.providerUserId);
    if (owner) {
      await refreshLinkedAccount(ctx.db, owner.id, identity);
      await settle(ctx, row.id, { status: 'signed_in', identity, userId: owner.userId });
    } else {
      const expiresAt = new Date(ctx.now().getTime() + ChatLimits.bindWindowMs);
      await settle(ctx, row.id, { status: 'unlinked', identity, expiresAt });
    }
    return;
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await linkAccount(tx, provider, row.requesterId as string, identity, row.purpose as 'bind' | 'rebind');
      await tx.update(chatSignIns).set({ status: 'bound', identity }).where(eq(chatSignIns.id, row.id));
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await settle(ctx, row.id, { status: 'failed', identity, failure: codeName(error) });
    throw error;
  }
}

/**
 * The provider's redirect: the state is taken once, the code exchanged for the provider's account, and the
 * outcome waits for the ticket's poll. Answers the provider's mode, so the callback knows whether a phone
 * (qr) or the asking page (redirect) is looking at it.
 */
export async function completeCallback(
  ctx: AppContext,
  provider: ChatProvider,
  code: string,
  state: string,
): Promise<{ mode: 'qr' | 'redirect' }> {
  const adapter = adapterFor(ctx.config, provider);
  const row = await claimState(ctx, provider, state);
  let identity: ChatIdentity;
  try {
    if (!code) throw new ProviderRefusal(provider, 'no code: the user declined');
    identity = await adapter.identify(code, callbackUri(ctx, provider));
  } catch (error) {
    if (!(error instanceof ProviderRefusal)) throw error;
    throw await failState(ctx, row, error);
  }
  await settleIdentity(ctx, row, identity);
  return { mode: adapter.mode };
}

const codeName = (error: AppError) =>
  (Object.keys(Codes) as CodeName[]).find((name) => Codes[name] === error.entry) ?? 'CHAT_PROVIDER_FAILED';

export async function signInByTicket(ctx: AppContext, ticket: string): Promise<SignInRow> {
  const [row] = await ctx.db
    .select()
    .from(chatSignIns)
    .where(eq(chatSignIns.ticketHash, hashToken(ticket)));
  if (!row) throw fail('CHAT_TICKET_INVALID');
  return row;
}

/** What a ticket's poll says now; `signed_in` takes the sign-in (once) and hands back the session's user. */
export async function pollState(
  ctx: AppContext,
  row: SignInRow,
  lang: Lang,
): Promise<{ poll: ChatPoll; signInUserId?: string }> {
  const base = { provider: row.provider as ChatProvider, nickname: row.identity?.nickname ?? '' };
  const expired = row.expiresAt.getTime() <= ctx.now().getTime();
  switch (row.status) {
    case 'waiting':
    case 'resolving':
      return { poll: { ...base, status: expired ? 'expired' : 'waiting' } };
    case 'unlinked':
      return { poll: { ...base, status: expired ? 'expired' : 'unlinked' } };
    case 'bound':
      return { poll: { ...base, status: 'bound' } };
    case 'failed': {
      const entry = Codes[(row.failure ?? 'CHAT_PROVIDER_FAILED') as CodeName] ?? Codes.CHAT_PROVIDER_FAILED;
      return { poll: { ...base, status: 'failed', code: entry.code, msg: codeMessage(entry, lang) } };
    }
    case 'signed_in': {
      const [taken] = await ctx.db
        .update(chatSignIns)
        .set({ status: 'taken' })
        .where(and(eq(chatSignIns.id, row.id), eq(chatSignIns.status, 'signed_in')))
        .returning({ userId: chatSignIns.userId });
      if (!taken?.userId) throw fail('CHAT_TICKET_INVALID');
      return { poll: { ...base, status: 'signed_in' }, signInUserId: taken.userId };
    }
    default:
      // taken or cleared: a ticket signs in once.
      throw fail('CHAT_TICKET_INVALID');
  }
}

/** Takes an unlinked scan for binding with a password, in the caller's transaction. */
export async function takeUnlinked(ctx: AppContext, row: SignInRow) {
  if (row.purpose !== 'login') throw fail('CHAT_TICKET_INVALID');
  if (row.status === 'waiting' || row.status === 'resolving') throw fail('CHAT_SIGN_IN_UNFINISHED');
  if (row.status !== 'unlinked' || !row.identity) throw fail('CHAT_TICKET_INVALID');
  if (row.expiresAt.getTime() <= ctx.now().getTime()) throw fail('CHAT_STATE_EXPIRED');
  return row.identity;
}

/** Closing a bind dialog: its QR, scanned later, binds nothing. */
export async function clearWaiting(ctx: AppContext, row: SignInRow) {
  await ctx.db
    .update(chatSignIns)
    .set({ status: 'cleared' })
    .where(and(eq(chatSignIns.id, row.id), eq(chatSignIns.status, 'waiting')));
}

export async function claimUnlinked(tx: Tx, id: string) {
  const [claimed] = await tx
    .update(chatSignIns)
    .set({ status: 'taken' })
    .where(and(eq(chatSignIns.id, id), eq(chatSignIns.status, 'unlinked')))
    .returning({ id: chatSignIns.id });
  if (!claimed) throw fail('CHAT_TICKET_INVALID');
}
