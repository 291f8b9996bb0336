import { z } from 'zod';
import { MaintenanceLimits, NpsLimits, type TIMING_METRICS } from '../limits.js';
import type { TeamRole } from '../permissions.js';

/** The operator's maintenance notice (`npm run ferry -- maintenance:set`), shown at the top of every page. */
export interface MaintenanceNotice {
  /** Changes with every new notice: a banner closed for one notice shows again for the next. */
  id: string;
  message: string;
  /** When the notice clears itself, ISO; null when it stays until cleared. */
  until: string | null;
}

/** Switches of the product that differ per server, team or user; answered by the server from one place. */
export interface FeatureSwitches {
  /** Watermarks on shared designs: enterprise teams and the corporate edition. */
  watermark: boolean;
  /** Project quick links in the sidebar. */
  quick_link: boolean;
  /** Product documents in groups. */
  product_group: boolean;
  /** First-time guides (GUIDES_ENABLED). */
  guides: boolean;
  /** The tip asking to bind a phone number: off, Ferry binds no phone numbers. */
  phone_bind_tip: boolean;
  /** Axure prototypes: the settings dialog's Axure zoom. */
  axure_prototypes: boolean;
  /** Product documents: a project's document-download setting. */
  documents: boolean;
}

/** `GET common/configuration`: what any page needs, signed in or not. */
export interface PublicConfiguration {
  edition: 'saas' | 'corporate';
  maintenance: MaintenanceNotice | null;
  switches: FeatureSwitches;
  /** The operator's support address (SUPPORT_EMAIL); null: the help menu offers no contact. */
  support_email: string | null;
}

/** `GET account/global_config?id=<team id>`: the auth data of spec 000 §3 for the caller in a team. */
export interface GlobalConfig extends PublicConfiguration {
  team_id: string;
  /** The plan level in force (an expired paid level counts as 1). */
  tenant_level: number;
  edition_plan: number;
  current_user_role: TeamRole;
  seat: { total: number; used: number; available: number };
}

export const npsBody = z.object({
  score: z.number().int().min(NpsLimits.scoreMin).max(NpsLimits.scoreMax),
  comment: z.string().trim().max(NpsLimits.commentMaxLength).default(''),
});

/** `POST account/timing`: one measured duration of a whitelisted metric. */
export const timingBody = z.object({
  name: z.string().min(1).max(40),
  seconds: z
    .number()
    .min(0)
    .max(24 * 60 * 60),
});
export type TimingMetric = (typeof TIMING_METRICS)[number];

export const maintenanceMessage = z.string().trim().min(1).max(MaintenanceLimits.messageMaxLength);
