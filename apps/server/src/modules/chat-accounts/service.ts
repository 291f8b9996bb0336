import type { ChatBindings, ChatPoll, ChatProvider, ChatStart, Lang, LarkBindStatus } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { checkCredentials } from '../account/credentials.js';
import { sessionSummary } from '../account/service.js';
import { issueSession } from '../account/sessions.js';
import { users } from '../account/tables.js';
import { linkAccount, linkedAccountOf, linksOfUser, ownerOfAccount, unlinkAccount } from './links.js';
import { ownsTicket } from './policy.js';
import { presentBindings } from './present.js';
import { adapterFor } from './providers/index.js';
import {
  claimUnlinked,
  clearWaiting,
  pollState,
  signInByTicket,
  startChatAuth,
  takeUnlinked,
} from './sign-ins.js';

export const startSignIn = (ctx: AppContext, provider: ChatProvider) =>
  startChatAuth(ctx, provider, 'login', null);

/** A first binding refuses a user who has one (19186); a change-bind needs one to change (19185). */
export async function startBinding(
  ctx: AppContext,
  userId: string,
  provider: ChatProvider,
  purpose: 'bind' | 'rebind',
): Promise<ChatStart> {
  adapterFor(ctx.config, provider);
  const current = await linkedAccountOf(ctx.db, provider, userId);
  if (purpose === 'bind' && current) throw fail('CHAT_ALREADY_BOUND');
  if (purpose === 'rebind' && !current) throw fail('CHAT_NOT_BOUND');
  return startChatAuth(ctx, provider, purpose, userId);
}

async function signIn(ctx: AppContext, userId: string, userAgent: string, lang: Lang) {
  const [user] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (!user) throw fail('USER_NOT_FOUND');
  if (user.status === 'disabled') throw fail('ACCOUNT_DISABLED');
  const token = await issueSession(ctx.db, userId, userAgent);
  return { token, ...(await sessionSummary(ctx, userId, lang)) };
}

/** The sign-in page's poll: the session comes with the first `signed_in` answer, and never again. */
export async function pollSignIn(
  ctx: AppContext,
  ticket: string,
  expected: ChatProvider | null,
  userAgent: string,
  lang: Lang,
): Promise<ChatPoll> {
  const row = await signInByTicket(ctx, ticket);
  if (row.purpose !== 'login' || (expected && row.provider !== expected)) throw fail('CHAT_TICKET_INVALID');
  const { poll, signInUserId } = await pollState(ctx, row, lang);
  if (!signInUserId) return poll;
  return { ...poll, login: await signIn(ctx, signInUserId, userAgent, lang) };
}

/** A binding's poll, for the user who started it only. */
export async function pollBinding(ctx: AppContext, userId: string, ticket: string, lang: Lang) {
  const row = await signInByTicket(ctx, ticket);
  if (!ownsTicket(row.requesterId, userId)) throw fail('CHAT_TICKET_INVALID');
  return (await pollState(ctx, row, lang)).poll;
}

export async function clearBinding(ctx: AppContext, userId: string, ticket: string) {
  const row = await signInByTicket(ctx, ticket);
  if (!ownsTicket(row.requesterId, userId)) throw fail('CHAT_TICKET_INVALID');
  await clearWaiting(ctx, row);
}

/**
 * A scanned chat account with no link is bound to the account whose e-mail and password are given, and that
 * account is signed in: the password try is counted as sign-in's, and the link and session commit together.
 */
export async function bindWithPassword(
  ctx: AppContext,
  input: { ticket: string; email: string; password: string },
  userAgent: string,
  lang: Lang,
) {
  const row = await signInByTicket(ctx, input.ticket);
  const identity = await takeUnlinked(ctx, row);
  const user = await checkCredentials(ctx, input.email, input.password);
  const token = await ctx.db.transaction(async (tx) => {
    await claimUnlinked(tx, row.id);
    await linkAccount(tx, row.provider as ChatProvider, user.id, identity, 'bind');
    return issueSession(tx, user.id, userAgent);
  });
  return { token, ...(await sessionSummary(ctx, user.id, lang)) };
}

export async function bindingsOf(ctx: AppContext, userId: string): Promise<ChatBindings> {
  return presentBindings(ctx.config, await linksOfUser(ctx.db, userId));
}

export async function unbind(ctx: AppContext, userId: string, provider: ChatProvider) {
  adapterFor(ctx.config, provider);
  await unlinkAccount(ctx.db, provider, userId);
}

/** Spec 000 §3/§4: is the caller bound to this Lark open id, and is anyone. */
export async function larkStatus(ctx: AppContext, userId: string, openId: string): Promise<LarkBindStatus> {
  adapterFor(ctx.config, 'lark');
  const owner = await ownerOfAccount(ctx.db, 'lark', openId);
  return { is_bind: owner?.userId === userId ? 1 : 0, has_lark_user: owner ? 1 : 0 };
}

/** The user object's fields of spec 000 §3 (bind_wechat, wechat_nickname, open_id), for account's getUser. */
export async function chatFieldsOfUser(ctx: AppContext, userId: string) {
  const { bind_wechat, wechat_nickname, open_id } = presentBindings(
    ctx.config,
    await linksOfUser(ctx.db, userId),
  );
  return { bind_wechat, wechat_nickname, open_id };
}
