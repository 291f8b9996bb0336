import {
  type Lang,
  type LoginResult,
  SsoLimits,
  type ssoEntryQuery,
  type ssoStartInput,
  type TeamRole,
} from '@ferry/shared';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../http/errors.js';
import { signalTeamPeople } from '../../realtime/signals.js';
import { hashPassword } from '../account/passwords.js';
import { sessionSummary } from '../account/service.js';
import { hashToken, issueSession } from '../account/sessions.js';
import { isUuid, teamById } from '../teams/policy.js';
import { assertDomainAllowed, isKnownIdentity, joinTeam, userForIdentity } from './identities.js';
import { derivedChecks, openSecret, randomSecret } from './keys.js';
import { callbackPath, redirectUriOf } from './present.js';
import {
  authorizationUrl,
  codeChallengeOf,
  discoverForSignIn,
  exchangeCode,
  providerRefusal,
} from './provider.js';
import { ssoConfigs, ssoConnections, ssoLogins, ssoSessions } from './tables.js';

type ConfigRow = typeof ssoConfigs.$inferSelect;

async function providerOf(ctx: AppContext, row: ConfigRow) {
  const client = {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: await openSecret(ctx.db, row.clientSecretSealed),
  };
  return discoverForSignIn(client, Date.now());
}

/** The team a person means: by its SSO id, or by the domain of their work e-mail among the allowed ones. */
async function configFor(ctx: AppContext, input: z.output<typeof ssoStartInput>): Promise<ConfigRow> {
  const domain = input.email.split('@').pop() ?? '';
  const [row] = await ctx.db
    .select()
    .from(ssoConfigs)
    .where(
      input.sso_id
        ? eq(ssoConfigs.slug, input.sso_id)
        : and(eq(ssoConfigs.enabled, true), sql`${domain} = any(${ssoConfigs.allowedDomains})`),
    )
    .orderBy(ssoConfigs.updatedAt)
    .limit(1);
  if (!row) throw fail('SSO_NOT_CONFIGURED');
  if (!row.enabled) throw fail('SSO_DISABLED');
  return row;
}

/**
 * Starts a sign-in: a state kept (hashed) for 10 minutes, with its nonce and PKCE verifier derived from it, and
 * the provider's authorization address. The state also goes to the browser as a cookie, so a callback address
 * sent by someone else cannot sign this browser into their account.
 */
export async function startSignIn(ctx: AppContext, input: z.output<typeof ssoStartInput>) {
  const row = await configFor(ctx, input);
  const team = await teamById(ctx.db, row.teamId);
  if (!team || team.dissolvedAt) throw fail('TEAM_DISSOLVED');
  const provider = await providerOf(ctx, row);
  const state = randomSecret();
  const { nonce, codeVerifier } = await derivedChecks(ctx.db, state);
  await ctx.db
    .delete(ssoLogins)
    .where(lt(ssoLogins.expiresAt, new Date(ctx.now().getTime() - SsoLimits.retentionMs)));
  await ctx.db.insert(ssoLogins).values({
    stateHash: hashToken(state),
    teamId: row.teamId,
    expiresAt: new Date(ctx.now().getTime() + SsoLimits.stateValidityMs),
    createdAt: ctx.now(),
  });
  const url = new URL(
    authorizationUrl(provider, {
      redirectUri: redirectUriOf(ctx.config.publicUrl),
      state,
      nonce,
      codeChallenge: await codeChallengeOf(codeVerifier),
    }),
  );
  if (input.email) url.searchParams.set('login_hint', input.email);
  return { state, answer: { authorization_url: url.toString(), team_id: team.id, team_name: team.name } };
}

/** Uses up the state: a second callback with it (a replay) finds it used. */
async function claimState(ctx: AppContext, state: string) {
  const [claimed] = await ctx.db
    .update(ssoLogins)
    .set({ usedAt: ctx.now() })
    .where(and(eq(ssoLogins.stateHash, hashToken(state)), isNull(ssoLogins.usedAt)))
    .returning({ teamId: ssoLogins.teamId, expiresAt: ssoLogins.expiresAt });
  if (!claimed) throw fail('SSO_STATE_INVALID');
  if (claimed.expiresAt <= ctx.now()) throw fail('SSO_STATE_EXPIRED');
  return claimed.teamId;
}

/**
 * The provider's return: state, then the provider's own refusal, then the code exchange and ID token checks,
 * then the e-mail's domain; the person is found or created, joined to the team, and handed a one-time
 * connection id for `account/entry`. Answers the team, for the page's address, whether it worked or not.
 */
export async function finishSignIn(
  ctx: AppContext,
  query: Record<string, string | undefined>,
  cookieState: string | null,
): Promise<{ teamId: string; connectionId: string }> {
  const state = query.state ?? '';
  if (!state || state !== cookieState) throw fail('SSO_STATE_INVALID');
  const teamId = await claimState(ctx, state);
  const [row] = await ctx.db.select().from(ssoConfigs).where(eq(ssoConfigs.teamId, teamId));
  try {
    if (query.error) throw providerRefusal(query.error, query.error_description);
    if (!row?.enabled) throw fail('SSO_DISABLED');
    return { teamId, connectionId: await completeSignIn(ctx, row, state, query) };
  } catch (error) {
    // The page offers to try again with the team's SSO id filled in.
    if (error instanceof AppError && row)
      throw new AppError(error.entry, error.wording, { sso_id: row.slug });
    throw error;
  }
}

async function completeSignIn(
  ctx: AppContext,
  row: ConfigRow,
  state: string,
  query: Record<string, string | undefined>,
): Promise<string> {
  const provider = await providerOf(ctx, row);
  const callbackUrl = new URL(redirectUriOf(ctx.config.publicUrl));
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) callbackUrl.searchParams.set(name, value);
  }
  const checks = await derivedChecks(ctx.db, state);
  const identity = await exchangeCode(provider, callbackUrl, { state, ...checks });
  assertDomainAllowed(identity, row.allowedDomains);
  const team = await teamById(ctx.db, row.teamId);
  if (!team) throw fail('TEAM_NOT_FOUND');
  // scrypt at full cost, so only for a person who may be new, and before the transaction holds a connection.
  const newPasswordHash = (await isKnownIdentity(ctx.db, identity))
    ? null
    : await hashPassword(randomSecret());
  const connectionId = randomSecret();
  const joined = await ctx.db.transaction(async (tx) => {
    const user = await userForIdentity(ctx, tx, identity, newPasswordHash);
    const added = await joinTeam(ctx, tx, team, user.id, row.defaultRole as TeamRole);
    await tx.insert(ssoConnections).values({
      connectionHash: hashToken(connectionId),
      userId: user.id,
      teamId: row.teamId,
      expiresAt: new Date(ctx.now().getTime() + SsoLimits.connectionValidityMs),
    });
    return added ? user.id : null;
  });
  if (joined) await signalTeamPeople(ctx, row.teamId, joined);
  return connectionId;
}

/** `GET account/entry`: the one-time connection id becomes a session marked as made by the team's sign-on. */
export async function redeemConnection(
  ctx: AppContext,
  input: z.output<typeof ssoEntryQuery>,
  userAgent: string,
  lang: Lang,
): Promise<LoginResult & { sso_team_id: string }> {
  if (!isUuid(input.sso_team_id)) throw fail('SSO_CONNECTION_INVALID');
  const now = ctx.now();
  const issued = await ctx.db.transaction(async (tx) => {
    await tx
      .delete(ssoConnections)
      .where(lt(ssoConnections.expiresAt, new Date(now.getTime() - SsoLimits.retentionMs)));
    const [claimed] = await tx
      .update(ssoConnections)
      .set({ usedAt: now })
      .where(
        and(
          eq(ssoConnections.connectionHash, hashToken(input.connection_id)),
          eq(ssoConnections.teamId, input.sso_team_id),
          isNull(ssoConnections.usedAt),
          gt(ssoConnections.expiresAt, now),
        ),
      )
      .returning({ userId: ssoConnections.userId });
    if (!claimed) throw fail('SSO_CONNECTION_INVALID');
    const token = await issueSession(tx, claimed.userId, userAgent);
    await tx.insert(ssoSessions).values({ tokenHash: hashToken(token), teamId: input.sso_team_id });
    return { token, userId: claimed.userId };
  });
  const summary = await sessionSummary(ctx, issued.userId, lang);
  return { token: issued.token, ...summary, sso_team_id: input.sso_team_id };
}

export { callbackPath };
