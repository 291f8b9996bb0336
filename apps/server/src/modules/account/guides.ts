import {
  GUIDE_DISMISSED,
  GUIDE_NAMES,
  type GuideFlag,
  type GuideName,
  type GuidesAnswer,
  isGuideName,
} from '@ferry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { userProfiles } from './tables.js';

/**
 * First-time guides (spec 000 §3, §5): a user's dismissed guides are kept in their `guides` profile row as
 * `{ <name>: "false" }`; a guide not in it is still to show. Not a group of account/user_profile: only the
 * guide calls write it, and only with names of the list.
 */
const GUIDES_GROUP = 'guides';

export async function guidesOf(ctx: AppContext, userId: string): Promise<GuidesAnswer> {
  const [row] = await ctx.db
    .select({ value: userProfiles.value })
    .from(userProfiles)
    .where(and(eq(userProfiles.userId, userId), eq(userProfiles.group, GUIDES_GROUP)));
  const dismissed = row?.value ?? {};
  const guides = Object.fromEntries(
    GUIDE_NAMES.map((name) => [name, dismissed[name] === GUIDE_DISMISSED ? GUIDE_DISMISSED : true]),
  ) as Record<GuideName, GuideFlag>;
  return { enabled: ctx.config.guidesEnabled, guides };
}

/** Dismisses one guide for good; the merge happens in the statement, so two dismissals at once both stay. */
export async function dismissGuide(ctx: AppContext, userId: string, name: string): Promise<void> {
  if (!isGuideName(name)) {
    throw fail('GUIDE_UNKNOWN', {
      zh: `没有名为 ${name} 的新手引导`,
      en: `There is no first-time guide named ${name}`,
    });
  }
  const value = { [name]: GUIDE_DISMISSED };
  await ctx.db
    .insert(userProfiles)
    .values({ userId, group: GUIDES_GROUP, value })
    .onConflictDoUpdate({
      target: [userProfiles.userId, userProfiles.group],
      set: { value: sql`${userProfiles.value} || excluded.value` },
    });
}
