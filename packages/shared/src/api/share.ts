import { z } from 'zod';
import { ShareLimits } from '../limits.js';
import { emailSchema, pageNumberSchema, pageSizeSchema, textSchema } from '../validation.js';

/** Request bodies and answers of the share-link calls (spec 002 §4, §7; issue "Sharing"). */
const id = z.string().min(1);

export const shareScopes = ['project', 'sections', 'designs', 'design'] as const;
export type ShareScope = (typeof shareScopes)[number];
export type ShareState = 'ok' | 'password' | 'expired' | 'revoked' | 'scope_deleted';

/** What a link lets its visitors do besides looking. */
export const shareRightsSchema = z.object({
  inspect: z.boolean().default(false),
  download: z.boolean().default(false),
  see_comments: z.boolean().default(false),
  comment: z.boolean().default(false),
});
export type ShareRights = z.infer<typeof shareRightsSchema>;

const expiryDays = z
  .number()
  .int()
  .refine((days) => (ShareLimits.expiryDays as readonly number[]).includes(days), {
    message: 'share.expiry',
  });
const linkName = textSchema.trim().max(ShareLimits.linkNameMaxLength);
const linkPassword = textSchema.min(ShareLimits.passwordMinLength).max(ShareLimits.passwordMaxLength);
const ids = z.array(id).max(ShareLimits.scopeIdsMax);

export const createShareLinkBody = z
  .object({
    team_id: id,
    project_id: id,
    scope: z.enum(shareScopes),
    section_ids: ids.default([]),
    design_ids: ids.default([]),
    version_id: id.nullish(),
    rights: shareRightsSchema.default({
      inspect: false,
      download: false,
      see_comments: false,
      comment: false,
    }),
    password: linkPassword.nullish(),
    expires_in_days: expiryDays.optional(),
    name: linkName.optional(),
    /** The spec's shared-view marker: containing `quickShare` makes a quick share. */
    share_type: textSchema.max(100).optional(),
  })
  .superRefine((body, issues) => {
    const need = (ok: boolean, path: string) => {
      if (!ok) issues.addIssue({ code: 'custom', path: [path], message: 'share.scope' });
    };
    need(
      body.scope === 'sections' ? body.section_ids.length > 0 : body.section_ids.length === 0,
      'section_ids',
    );
    const designCount = body.design_ids.length;
    if (body.scope === 'design') need(designCount === 1, 'design_ids');
    else if (body.scope === 'designs') need(designCount > 0, 'design_ids');
    else need(designCount === 0, 'design_ids');
    need(body.scope === 'design' || !body.version_id, 'version_id');
  });
export type CreateShareLinkBody = z.infer<typeof createShareLinkBody>;

export const shareProjectQuery = z.object({ team_id: id, project_id: id });
export const shareTeamQuery = z.object({ team_id: id });

export const updateShareLinkBody = z.object({
  link_id: id,
  name: linkName.optional(),
  rights: shareRightsSchema.optional(),
  expires_in_days: expiryDays.optional(),
  /** A new password, or null to clear it; absent leaves it as it is. */
  password: linkPassword.nullish(),
});

export const revokeShareLinkBody = z.union([
  z.object({ link_id: id }),
  z.object({ team_id: id.optional(), project_id: id, all: z.literal(true) }),
]);

export const shareOpensQuery = z.object({
  link_id: id,
  page: pageNumberSchema,
  page_size: pageSizeSchema(ShareLimits.opensPageSize),
});

export const shareCodeQuery = z.object({ code: z.string().min(1).max(200) });
export const resolveShareBody = z.object({
  code: z.string().min(1).max(200),
  password: textSchema.max(ShareLimits.passwordMaxLength).optional(),
});
export const shortIdQuery = z.object({ short_id: z.string().min(1).max(200) });

export const sendShareLinkBody = z.object({
  code: z.string().min(1).max(200),
  emails: z.array(emailSchema).min(1).max(ShareLimits.sendLinkEmailsMax),
  message: textSchema.max(ShareLimits.sendLinkMessageMaxLength).optional(),
});

/** A link as its managers see it (never its secret). */
export interface ShareLinkView {
  id: string;
  short_id: string;
  team_id: string;
  project_id: string;
  name: string;
  scope: ShareScope;
  section_ids: string[];
  design_ids: string[];
  version_id: string | null;
  rights: ShareRights;
  quick: boolean;
  has_password: boolean;
  creator: { id: string; name: string } | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_opened_at: string | null;
  open_count: number;
  state: 'active' | 'expired' | 'revoked';
}

/** The answer of creation: the only time the code (short id + secret) is seen. */
export interface CreatedShareLink extends ShareLinkView {
  code: string;
  url: string;
}

export interface ShareResolution {
  state: ShareState;
  /** For a signed-in caller who sees the project: where the link's content is in the app. */
  member?: {
    team_id: string;
    project_id: string;
    design_ids: string[];
    section_ids: string[];
    version_id: string | null;
  };
  team_name?: string;
  project_name?: string;
  scope?: ShareScope;
  rights?: ShareRights;
  name?: string;
}

export interface ShareVisit {
  token: string;
  expires_at: string;
  team_id: string;
  project_id: string;
  scope: ShareScope;
  section_ids: string[];
  design_ids: string[];
  version_id: string | null;
  rights: ShareRights;
}
