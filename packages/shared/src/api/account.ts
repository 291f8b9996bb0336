import { z } from 'zod';
import type { TeamAbilities, TeamRole } from '../permissions.js';
import { emailSchema, passwordSchema, teamNameSchema, userNameSchema } from '../validation.js';
import { DEFAULT_PREFERENCES, preferencesPatch } from './preferences.js';

/** Request bodies and answers of the account and team calls (spec 000 §7). */
export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: userNameSchema.optional(),
});

/** Sign-in checks only presence: a wrong format is simply a failed sign-in. */
export const loginBody = z.object({
  email: z.string().trim().min(1, { message: 'email.required' }),
  password: z.string().min(1, { message: 'password.length' }),
});

export const checkTokenBody = z.object({ token: z.string().min(1) });

export const updateUserInfoBody = z.object({
  name: userNameSchema.optional(),
  nickname: userNameSchema.optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
});

/** Password fields on these calls are RSA-OAEP ciphertexts in base64 (spec 000 §5). */
export const modifyPasswordBody = z.object({
  old_password: z.string().min(1),
  new_password: z.string().min(1),
});
export const verifyPasswordBody = z.object({ password: z.string().min(1) });

export const SETTINGS_TYPES = ['web_main', 'saas_introduction', 'team_user_info'] as const;
export type SettingsType = (typeof SETTINGS_TYPES)[number];

export const PROFILE_GROUPS = {
  wxDialogShowed: { isSeenDialog: false },
  longLive: { isLongShow: false },
  /** The 18 flags and zoom speed that follow the user (api/preferences.ts). */
  preferences: DEFAULT_PREFERENCES,
} as const;
export type ProfileGroup = keyof typeof PROFILE_GROUPS;

/** Groups whose changes are checked whole: a wrong name or type is refused (19001) rather than dropped. */
export const PROFILE_GROUP_RULES: Partial<Record<ProfileGroup, z.ZodType<Record<string, unknown>>>> = {
  preferences: preferencesPatch,
};

export const createTeamBody = z.object({ name: teamNameSchema });
export const teamInfoBody = z.object({ team_id: z.string().min(1), name: teamNameSchema });

/** The folder and team a user last worked in, kept in the web_main setting (spec 000 §3). */
export interface TeamStatus {
  folderId: string;
  team_id: string;
  role: TeamRole;
  teamName: string;
}

export interface UserInfo {
  id: string;
  name: string;
  nickname: string;
  email: string;
  color: string;
  avatar: string;
  mobile: string;
  bind_mobile: 0 | 1;
  bind_wechat: 0 | 1;
  /** The bound social-chat (WeChat) account's name, '' when none. */
  wechat_nickname?: string;
  /** The bound workplace-chat (Lark) account's open id, '' when none. */
  open_id?: string;
  create_time: string;
}

export interface TeamInfo {
  id: string;
  team_id: string;
  name: string;
  type: 'normal' | 'enterprise' | 'enterprise2' | 'enterprise3';
  role: { type: TeamRole; name: string };
  package_level: number;
  expire_time: string | null;
  project_max: number;
  project_curt: number;
  member_count: number;
  avatar: string;
  owner_id: string;
  create_time: string;
  abilities: TeamAbilities;
}

export interface LoginResult {
  token: string;
  user: UserInfo;
  teams: TeamInfo[];
  /** The team to open after sign-in: the saved one if still a member, else the first (spec 000 §4). */
  team_status: TeamStatus | null;
}

/** The deployed release and build, on every API answer (spec 000 §4: the stored frontend version). */
export const VERSION_HEADER = 'x-ferry-version';

/**
 * The `src` of the first module script of a built index.html: Vite's entry, named `index-<content hash>.js`,
 * so a new build of the app's code has a new name. Null for a page without one (not built).
 */
export function mainScriptOf(html: string): string | null {
  const tag = /<script\b[^>]*\btype=["']module["'][^>]*>/i.exec(html)?.[0];
  return (tag && /\bsrc=["']([^"']+)["']/i.exec(tag)?.[1]) || null;
}

/** One release's notes, in the caller's language. */
export interface ReleaseTip {
  version: string;
  date: string;
  notes: string[];
}

/** GET account/version_tips: the releases after the caller's version, newest first. */
export interface VersionTips {
  version: string;
  tips: ReleaseTip[];
}
