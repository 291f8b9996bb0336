import type { TeamRole } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { hashPassword } from '../account/passwords.js';
import { users } from '../account/tables.js';
import { admitMember } from '../teams/invites.js';
import { memberOfTeam, type TeamRow } from '../teams/policy.js';
import { randomSecret } from './keys.js';
import type { VerifiedIdentity } from './provider.js';
import { ssoIdentities } from './tables.js';

const USER_COLORS = ['#F5A623', '#4A90E2', '#7ED321', '#BD10E0', '#50E3C2', '#D0021B', '#9013FE', '#417505'];

/** The e-mail's domain is one the team allows (an empty list allows any). */
export function assertDomainAllowed(identity: VerifiedIdentity, allowedDomains: string[]) {
  if (!identity.email.includes('@')) throw fail('SSO_EMAIL_MISSING');
  const domain = identity.email.split('@').pop() ?? '';
  if (allowedDomains.length > 0 && !allowedDomains.includes(domain)) throw fail('SSO_DOMAIN_NOT_ALLOWED');
}

/**
 * The user behind a provider identity: the one linked to (issuer, subject) before, else the account of the same
 * e-mail when the provider has verified it (then linked), else a new account whose password nobody knows.
 */
/** Whether the identity is linked already or its e-mail has an account: no new account will be made. */
export async function isKnownIdentity(db: Db, identity: VerifiedIdentity): Promise<boolean> {
  const [linked] = await db
    .select({ id: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, identity.issuer), eq(ssoIdentities.subject, identity.subject)));
  if (linked) return true;
  const [byEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, identity.email));
  return Boolean(byEmail);
}

export async function userForIdentity(
  ctx: AppContext,
  tx: Tx,
  identity: VerifiedIdentity,
  newPasswordHash: string | null,
): Promise<{ id: string; created: boolean }> {
  const [linked] = await tx
    .select({ id: users.id, status: users.status })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, identity.issuer), eq(ssoIdentities.subject, identity.subject)));
  if (linked) return { id: usable(linked), created: false };
  const [byEmail] = await tx
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.email, identity.email));
  let userId: string;
  let created = false;
  if (byEmail) {
    // Linking by address trusts the provider's word that the address is the person's.
    if (!identity.emailVerified) throw fail('SSO_EMAIL_UNVERIFIED');
    userId = usable(byEmail);
  } else {
    const [row] = await tx
      .insert(users)
      .values({
        email: identity.email,
        name: (identity.name || identity.email.split('@')[0]).slice(0, 50),
        color: USER_COLORS[Math.floor(Math.random() * USER_COLORS.length)],
        // A password nobody knows: the account signs in through its provider (or sets one by a reset mail).
        passwordHash: newPasswordHash ?? (await hashPassword(randomSecret())),
        createdAt: ctx.now(),
      })
      .returning({ id: users.id });
    userId = row.id;
    created = true;
  }
  await tx
    .insert(ssoIdentities)
    .values({ issuer: identity.issuer, subject: identity.subject, userId, createdAt: ctx.now() });
  return { id: userId, created };
}

function usable(user: { id: string; status: string }): string {
  if (user.status === 'disabled') throw fail('ACCOUNT_DISABLED');
  if (user.status === 'closed') throw fail('ACCOUNT_CANCELLED');
  return user.id;
}

/** Joins the user to the team with the configured role (the plan's member limit counts), unless already in. */
export async function joinTeam(ctx: AppContext, tx: Tx, team: TeamRow, userId: string, role: TeamRole) {
  if (team.dissolvedAt) throw fail('TEAM_DISSOLVED');
  const already = await memberOfTeam(tx, team.id, userId).then(
    () => true,
    () => false,
  );
  if (already) return false;
  await admitMember(ctx, tx, team, userId, role);
  return true;
}
