import {
  ShareLimits,
  type ShareResolution,
  type ShareScope,
  type ShareState,
  type ShareVisit,
} from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fail } from '../../http/errors.js';
import { type AttemptRule, clearAttempts, countAttempt } from '../account/credentials.js';
import { verifyPassword } from '../account/passwords.js';
import { hashToken } from '../account/sessions.js';
import { liveDesignIds } from '../designs/policy.js';
import { versionOf } from '../designs/versions.js';
import { projectAccess } from '../projects/policy.js';
import { loadArrangement } from '../sections/arrangement.js';
import { isShortId, newVisitorToken, secretMatches, shareAppPath, splitCode } from './codes.js';
import { linkNames } from './listing.js';
import { type LinkGrant, type LinkRow, linkGrant, refusalOf } from './policy.js';
import { shareLinkOpens, shareLinks, shareVisits } from './tables.js';

/** What a link opens, for anyone holding its code (spec 002 §7 share/url/resolve, url/short). */

type Outcome = 'opened' | 'wrong_password' | 'locked' | 'expired' | 'revoked' | 'scope_deleted';

const linkRule: AttemptRule = {
  max: ShareLimits.passwordMaxFailures,
  windowMs: ShareLimits.passwordFailureWindowMs,
  lockMs: ShareLimits.passwordLockMs,
};
const ipRule: AttemptRule = { ...linkRule, max: ShareLimits.passwordMaxFailuresPerIp };

// Counted in the sign-in attempt table under keys no e-mail address can have (no "@").
const linkKey = (link: LinkRow) => `share-link ${link.id}`;
const ipKey = (prefix: string) => `share-ip ${prefix}`;

async function linkByShortId(db: Db | Tx, shortId: string): Promise<LinkRow | undefined> {
  if (!isShortId(shortId)) return undefined;
  const [link] = await db.select().from(shareLinks).where(eq(shareLinks.shortId, shortId));
  return link;
}

/** The link of a code. A wrong short id and a wrong secret get the same answer. */
export async function linkByCode(db: Db | Tx, code: string): Promise<LinkRow> {
  const parts = splitCode(code);
  const link = parts ? await linkByShortId(db, parts.shortId) : undefined;
  // The hash is compared even without a link, so timing does not tell a known short id.
  const matches = secretMatches(parts?.secret ?? '', link?.secretHash ?? hashToken('-'));
  if (!link || !matches) throw fail('SHARE_NOT_FOUND');
  return link;
}

/** Whether anything of the link's scope is still there (a deleted project takes its links with it). */
async function scopeLeft(ctx: AppContext, link: LinkRow): Promise<boolean> {
  switch (link.scope as ShareScope) {
    case 'project':
      return true;
    case 'sections': {
      const { sections } = await loadArrangement(ctx.db, link.projectId);
      return sections.some((section) => link.sectionIds.includes(section.id));
    }
    default: {
      const live = await liveDesignIds(ctx.db, link.projectId, link.designIds);
      if (live.length === 0) return false;
      if (!link.versionId) return true;
      return versionOf(ctx, live[0], link.versionId).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false;
          throw error;
        },
      );
    }
  }
}

type LinkState =
  | { state: 'ok' | 'password'; grant: LinkGrant }
  | { state: Exclude<ShareState, 'ok' | 'password'>; grant?: undefined };

/** A link's state, with what it grants when usable. */
async function stateOf(ctx: AppContext, link: LinkRow): Promise<LinkState> {
  const refusal = refusalOf(link, ctx.now());
  if (refusal) return { state: refusal };
  // A link grants nothing once its creator can no longer see the project (left the team, mode B, dissolved).
  const grant = await linkGrant(ctx.db, link);
  if (!grant) return { state: 'revoked' };
  if (!(await scopeLeft(ctx, link))) return { state: 'scope_deleted' };
  return { state: link.passwordHash ? 'password' : 'ok', grant };
}

/**
 * The landing page's read: the state, and for a usable link what it opens (never people or secrets). A
 * signed-in caller who sees the project also gets where it is in the app, to go there instead (spec 000 §4,
 * post-login redirect priority 1).
 */
export async function describeLink(
  ctx: AppContext,
  code: string,
  viewerId: string | null,
): Promise<ShareResolution> {
  const link = await linkByCode(ctx.db, code);
  const { state, grant } = await stateOf(ctx, link);
  if (!grant) return { state };
  const member = viewerId ? await memberTarget(ctx, link, viewerId) : undefined;
  return {
    ...(member ? { member } : {}),
    state,
    ...(await linkNames(ctx.db, link)),
    scope: link.scope as ShareScope,
    rights: grant.rights,
    name: link.name,
  };
}

async function memberTarget(ctx: AppContext, link: LinkRow, viewerId: string) {
  const sees = await projectAccess(ctx.db, viewerId, link.teamId, link.projectId).then(
    (access) => access.abilities.can_view,
    () => false,
  );
  if (!sees) return undefined;
  return {
    team_id: link.teamId,
    project_id: link.projectId,
    design_ids: link.designIds,
    section_ids: link.sectionIds,
    version_id: link.versionId,
  };
}

async function logOpen(db: Db | Tx, link: LinkRow, ipPrefix: string, outcome: Outcome, now: Date) {
  await db.insert(shareLinkOpens).values({ linkId: link.id, ipPrefix, outcome, at: now });
}

const refusalCodes = {
  expired: 'SHARE_EXPIRED',
  revoked: 'SHARE_REVOKED',
  scope_deleted: 'SHARE_SCOPE_DELETED',
} as const;

/**
 * Opens a link: a usable link (with its password, when it has one) gives a visitor token that lasts a day
 * at most and never past the link. Every open and refused open is logged with the caller's IP prefix.
 */
export async function openLink(
  ctx: AppContext,
  input: { code: string; password?: string },
  ipPrefix: string,
): Promise<ShareVisit> {
  const link = await linkByCode(ctx.db, input.code);
  const now = ctx.now();
  const { state, grant } = await stateOf(ctx, link);
  if (!grant) {
    await logOpen(ctx.db, link, ipPrefix, state, now);
    throw fail(refusalCodes[state]);
  }
  if (link.passwordHash) await checkPassword(ctx, link, input.password, ipPrefix);
  const token = newVisitorToken();
  const ceiling = now.getTime() + ShareLimits.visitorTokenMs;
  const expiresAt = new Date(Math.min(ceiling, link.expiresAt?.getTime() ?? ceiling));
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(shareVisits)
      .values({ tokenHash: hashToken(token), linkId: link.id, createdAt: now, expiresAt });
    await logOpen(tx, link, ipPrefix, 'opened', now);
    await tx
      .update(shareLinks)
      .set({ openCount: sql`${shareLinks.openCount} + 1`, lastOpenedAt: now })
      .where(eq(shareLinks.id, link.id));
  });
  return {
    token,
    expires_at: expiresAt.toISOString(),
    team_id: link.teamId,
    project_id: link.projectId,
    scope: link.scope as ShareScope,
    section_ids: link.sectionIds,
    design_ids: link.designIds,
    version_id: link.versionId,
    rights: grant.rights,
  };
}

/**
 * Like sign-in: each try is counted per link and per IP prefix before scrypt runs; a refusal says how many
 * tries are left, and past either limit the link is refused with its own code until the lock runs out.
 */
async function checkPassword(ctx: AppContext, link: LinkRow, password: string | undefined, ipPrefix: string) {
  if (!password) throw fail('SHARE_PASSWORD_REQUIRED');
  const now = ctx.now();
  const byLink = await countAttempt(ctx, linkKey(link), linkRule);
  const byIp = await countAttempt(ctx, ipKey(ipPrefix), ipRule);
  const remaining = Math.min(linkRule.max - byLink, ipRule.max - byIp);
  if (remaining < 0) {
    // Refused before scrypt runs, as sign-in is: a locked link costs an attacker's flood nothing to answer.
    await logOpen(ctx.db, link, ipPrefix, 'locked', now);
    throw fail('SHARE_PASSWORD_LOCKED', undefined, { remaining_tries: 0 });
  }
  if (await verifyPassword(password, link.passwordHash ?? '')) {
    await clearAttempts(ctx, linkKey(link));
    await clearAttempts(ctx, ipKey(ipPrefix));
    return;
  }
  await logOpen(ctx.db, link, ipPrefix, 'wrong_password', now);
  if (remaining === 0) throw fail('SHARE_PASSWORD_LOCKED', undefined, { remaining_tries: 0 });
  throw fail(
    'SHARE_PASSWORD_WRONG',
    {
      zh: `访问密码错误，你还可以尝试 ${remaining} 次`,
      en: `Wrong password, you can try ${remaining} more times`,
    },
    { remaining_tries: remaining },
  );
}

/**
 * A short id (or a whole code) to the link's app path and state. Nothing is issued: with the short id
 * alone the path carries only the short id, and the visitor still needs the code's secret to open it.
 */
export async function resolveShort(ctx: AppContext, value: string) {
  const parts = splitCode(value);
  const link = parts ? await linkByCode(ctx.db, value) : await linkByShortId(ctx.db, value);
  if (!link) throw fail('SHARE_NOT_FOUND');
  const { state } = await stateOf(ctx, link);
  return { short_id: link.shortId, state, path: shareAppPath(parts ? value : link.shortId) };
}
