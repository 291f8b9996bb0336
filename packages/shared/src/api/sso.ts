import { z } from 'zod';
import { SsoLimits } from '../limits.js';

/** Roles a team's single sign-on may give new members: never the super admin's. */
export const SSO_MEMBER_ROLES = ['admin', 'member', 'onlooker'] as const;
export type SsoMemberRole = (typeof SSO_MEMBER_ROLES)[number];

const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ssoTeamQuery = z.object({ team_id: z.string().min(1, 'value.invalid') });

/** `PUT sso/config`: the secret is write-only; left empty it keeps the stored one. */
export const ssoConfigInput = z.object({
  team_id: z.string().min(1, 'value.invalid'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(SsoLimits.slugMinLength, 'value.invalid')
    .max(SsoLimits.slugMaxLength, 'value.invalid'),
  issuer: z.string().trim().min(1, 'value.invalid').max(SsoLimits.issuerMaxLength, 'value.invalid'),
  client_id: z.string().trim().min(1, 'value.invalid').max(SsoLimits.clientIdMaxLength, 'value.invalid'),
  client_secret: z.string().max(SsoLimits.clientSecretMaxLength, 'value.invalid').optional().default(''),
  allowed_domains: z
    .array(z.string().trim().toLowerCase().max(SsoLimits.domainMaxLength, 'value.invalid'))
    .max(SsoLimits.allowedDomainsMax, 'value.invalid'),
  default_role: z.string(),
  enabled: z.boolean(),
  require_sso: z.boolean(),
});
export type SsoConfigInput = z.input<typeof ssoConfigInput>;

/** The rules a schema message cannot word well: one clear refusal (19164) names them all. */
export function ssoSettingsProblems(input: z.output<typeof ssoConfigInput>): boolean {
  return (
    !SLUG.test(input.slug) ||
    !input.allowed_domains.every((domain) => DOMAIN.test(domain)) ||
    !(SSO_MEMBER_ROLES as readonly string[]).includes(input.default_role)
  );
}

/** A team's single sign-on as its super admin sees it; the client secret is never answered, only whether it is set. */
export interface SsoConfigAnswer {
  team_id: string;
  configured: boolean;
  slug: string;
  issuer: string;
  client_id: string;
  client_secret_set: boolean;
  allowed_domains: string[];
  default_role: SsoMemberRole;
  enabled: boolean;
  require_sso: boolean;
  /** The address to register at the identity provider. */
  redirect_uri: string;
  updated_at: string | null;
}

/** `POST sso/test`: discovery of the saved issuer, and what it offers. */
export interface SsoTestAnswer {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
}

/** `POST sso/start`: a work e-mail (its domain finds the team) or the team's SSO id. */
export const ssoStartInput = z
  .object({
    email: z.string().trim().toLowerCase().max(254, 'email.invalid').optional().default(''),
    sso_id: z
      .string()
      .trim()
      .toLowerCase()
      .max(SsoLimits.slugMaxLength, 'value.invalid')
      .optional()
      .default(''),
  })
  .refine((input) => input.email !== '' || input.sso_id !== '', { message: 'value.invalid' });

export interface SsoStartAnswer {
  authorization_url: string;
  team_id: string;
  team_name: string;
}

/** `GET account/entry` (spec 000 §7): redeems the one-time id the provider's return left for the /sso page. */
export const ssoEntryQuery = z.object({
  connection_id: z.string().min(1, 'value.invalid').max(200, 'value.invalid'),
  sso_team_id: z.string().min(1, 'value.invalid').max(100, 'value.invalid'),
});
