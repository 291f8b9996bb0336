import {
  normalisePreferences,
  PROFILE_GROUP_RULES,
  PROFILE_GROUPS,
  type ProfileGroup,
  SETTINGS_TYPES,
  type SettingsType,
  type TeamInfo,
  type TeamStatus,
} from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { userProfiles, userSettings } from './tables.js';

/** User setting groups (spec 000 §3): each value is a JSON string the web app owns. */
export async function readSetting(ctx: AppContext, userId: string, type: SettingsType): Promise<string> {
  const [row] = await ctx.db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.settingsType, type)));
  return row?.value ?? '{}';
}

export function isSettingsType(value: unknown): value is SettingsType {
  return typeof value === 'string' && (SETTINGS_TYPES as readonly string[]).includes(value);
}

/** Saves the settings given as `{ <type>: "<JSON string>" }`; anything else is refused before a row is written. */
export async function writeSettings(ctx: AppContext, userId: string, body: Record<string, unknown>) {
  const entries = Object.entries(body ?? {}).filter(([key]) => isSettingsType(key));
  if (entries.length === 0) {
    throw fail('INVALID_INPUT', {
      zh: `请提供设置项：${SETTINGS_TYPES.join('、')}`,
      en: `Give one of the settings: ${SETTINGS_TYPES.join(', ')}`,
    });
  }
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || !isJsonObject(value)) {
      throw fail('INVALID_INPUT', { zh: `${key} 必须是 JSON 字符串`, en: `${key} must be a JSON string` });
    }
  }
  await ctx.db.transaction(async (tx) => {
    for (const [key, value] of entries) {
      await tx
        .insert(userSettings)
        .values({ userId, settingsType: key, value: value as string, updatedAt: ctx.now() })
        .onConflictDoUpdate({
          target: [userSettings.userId, userSettings.settingsType],
          set: { value: value as string, updatedAt: ctx.now() },
        });
    }
  });
}

function isJsonObject(text: string): boolean {
  if (text.length > 64 * 1024) return false;
  try {
    const parsed = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

export function isProfileGroup(value: unknown): value is ProfileGroup {
  return typeof value === 'string' && Object.hasOwn(PROFILE_GROUPS, value);
}

export async function readProfile(db: Db | Tx, userId: string, group: ProfileGroup) {
  const [row] = await db
    .select({ value: userProfiles.value })
    .from(userProfiles)
    .where(and(eq(userProfiles.userId, userId), eq(userProfiles.group, group)));
  const value = { ...PROFILE_GROUPS[group], ...(row?.value ?? {}) };
  // Preferences stored before today's zoom speed read as the default (spec 002 §9: 700, then forced to 500).
  return group === 'preferences' ? normalisePreferences(value) : value;
}

/** Merges `{ info: { <group>: { key: value } } }` into the stored groups; only the group's known keys are kept. */
export async function writeProfile(ctx: AppContext, userId: string, info: unknown) {
  const groups = Object.entries((info ?? {}) as Record<string, unknown>).filter(([group]) =>
    isProfileGroup(group),
  );
  if (groups.length === 0) {
    throw fail('INVALID_INPUT', {
      zh: `请提供资料分组：${Object.keys(PROFILE_GROUPS).join('、')}`,
      en: `Give one of the profile groups: ${Object.keys(PROFILE_GROUPS).join(', ')}`,
    });
  }
  // Groups with rules are checked whole before anything is written.
  const checked = groups.map(([group, values]) => {
    const rule = PROFILE_GROUP_RULES[group as ProfileGroup];
    return [group, rule ? parse(rule, values) : values] as const;
  });
  await ctx.db.transaction(async (tx) => {
    // Two saves in flight (a browser's batches) each read then write the groups: one after the other, so
    // neither drops the other's keys.
    await lockUntilCommit(tx, `profile:${userId}`);
    for (const [group, values] of checked) {
      const known = PROFILE_GROUPS[group as ProfileGroup] as Record<string, unknown>;
      const current = await readProfile(tx, userId, group as ProfileGroup);
      const next: Record<string, unknown> = { ...current };
      for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
        if (Object.hasOwn(known, key) && typeof value === typeof known[key]) next[key] = value;
      }
      await tx
        .insert(userProfiles)
        .values({ userId, group, value: next })
        .onConflictDoUpdate({ target: [userProfiles.userId, userProfiles.group], set: { value: next } });
    }
  });
}

/** The team to open after sign-in: the saved one if the user still belongs to it, else the first (spec 000 §4). */
export async function teamStatusFor(
  ctx: AppContext,
  userId: string,
  teams: TeamInfo[],
): Promise<TeamStatus | null> {
  if (teams.length === 0) return null;
  let saved: Partial<TeamStatus> | undefined;
  try {
    saved = JSON.parse(await readSetting(ctx, userId, 'web_main')).teamStatus;
  } catch {
    saved = undefined;
  }
  const kept = teams.find((team) => team.id === saved?.team_id);
  const team = kept ?? teams[0];
  const folderId = kept && typeof saved?.folderId === 'string' && saved.folderId ? saved.folderId : 'all';
  return { folderId, team_id: team.id, role: team.role.type, teamName: team.name };
}
