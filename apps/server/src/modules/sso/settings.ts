import {
  type SsoConfigAnswer,
  type SsoTestAnswer,
  type ssoConfigInput,
  ssoSettingsProblems,
} from '@ferry/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { fail } from '../../http/errors.js';
import { openSecret, sealSecret } from './keys.js';
import { authorizeSsoAdmin } from './policy.js';
import { presentConfig } from './present.js';
import { discover } from './provider.js';
import { noteSsoRequired } from './require.js';
import { ssoConfigs } from './tables.js';

export async function configRow(ctx: AppContext, teamId: string) {
  const [row] = await ctx.db.select().from(ssoConfigs).where(eq(ssoConfigs.teamId, teamId));
  return row;
}

export async function readConfig(ctx: AppContext, userId: string, teamId: string): Promise<SsoConfigAnswer> {
  await authorizeSsoAdmin(ctx.db, userId, teamId);
  return presentConfig(teamId, await configRow(ctx, teamId), ctx.config.publicUrl);
}

/** Saves the settings once the issuer answers discovery with them; an empty secret keeps the stored one. */
export async function saveConfig(
  ctx: AppContext,
  userId: string,
  input: z.output<typeof ssoConfigInput>,
): Promise<SsoConfigAnswer> {
  await authorizeSsoAdmin(ctx.db, userId, input.team_id);
  if (ssoSettingsProblems(input)) throw fail('SSO_SETTINGS_INVALID');
  const existing = await configRow(ctx, input.team_id);
  const secret =
    input.client_secret || (existing ? await openSecret(ctx.db, existing.clientSecretSealed) : '');
  if (!secret) throw fail('SSO_SECRET_REQUIRED');
  await assertSlugFree(ctx, input.team_id, input.slug);
  await discover({ issuer: input.issuer, clientId: input.client_id, clientSecret: secret });
  const values = {
    slug: input.slug,
    issuer: input.issuer,
    clientId: input.client_id,
    clientSecretSealed: input.client_secret
      ? await sealSecret(ctx.db, secret)
      : (existing?.clientSecretSealed ?? ''),
    allowedDomains: [...new Set(input.allowed_domains)],
    defaultRole: input.default_role,
    enabled: input.enabled,
    requireSso: input.require_sso,
    updatedAt: ctx.now(),
  };
  const [row] = await ctx.db
    .insert(ssoConfigs)
    .values({ teamId: input.team_id, ...values })
    .onConflictDoUpdate({ target: ssoConfigs.teamId, set: values })
    .returning()
    .catch((error) => {
      // Two teams saving one SSO id at once: the unique index decides.
      throw isUniqueViolation(error) ? fail('SSO_SLUG_TAKEN') : error;
    });
  if (row.enabled && row.requireSso) noteSsoRequired();
  return presentConfig(input.team_id, row, ctx.config.publicUrl);
}

async function assertSlugFree(ctx: AppContext, teamId: string, slug: string) {
  const [taken] = await ctx.db
    .select({ teamId: ssoConfigs.teamId })
    .from(ssoConfigs)
    .where(and(eq(ssoConfigs.slug, slug), ne(ssoConfigs.teamId, teamId)));
  if (taken) throw fail('SSO_SLUG_TAKEN');
}

/** Discovery of the saved settings, for the super admin's "test" button. */
export async function testConfig(ctx: AppContext, userId: string, teamId: string): Promise<SsoTestAnswer> {
  await authorizeSsoAdmin(ctx.db, userId, teamId);
  const row = await configRow(ctx, teamId);
  if (!row) throw fail('SSO_NOT_CONFIGURED');
  const config = await discover({
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: await openSecret(ctx.db, row.clientSecretSealed),
  });
  const metadata = config.serverMetadata();
  return {
    issuer: metadata.issuer,
    authorization_endpoint: metadata.authorization_endpoint ?? '',
    token_endpoint: metadata.token_endpoint ?? '',
  };
}
