import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { userNps } from './tables.js';

/** `GET account/user_nps`: whether the survey is still to show (never answered nor put off), and the answer. */
export async function surveyState(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select().from(userNps).where(eq(userNps.userId, userId));
  return {
    show: !row,
    answered: row?.score !== null && row?.score !== undefined,
    score: row?.score ?? null,
    comment: row?.comment ?? '',
    answered_at: row?.answeredAt?.toISOString() ?? null,
  };
}

/** `POST account/user_nps`: the one answer a user gives (a second one is refused, 19240). */
export async function answerSurvey(ctx: AppContext, userId: string, score: number, comment: string) {
  const answered = await ctx.db
    .insert(userNps)
    .values({ userId, score, comment, answeredAt: ctx.now() })
    .onConflictDoUpdate({
      target: userNps.userId,
      set: { score, comment, answeredAt: ctx.now() },
      // Only a survey put off may still be answered.
      setWhere: sql`${userNps.score} is null`,
    })
    .returning();
  if (answered.length === 0) throw fail('NPS_ALREADY_ANSWERED');
  return surveyState(ctx, userId);
}

/** `PUT account/user_nps`: "not now": the survey stops showing; it may still be answered later. */
export async function dismissSurvey(ctx: AppContext, userId: string) {
  await ctx.db.insert(userNps).values({ userId, dismissedAt: ctx.now() }).onConflictDoNothing();
  return surveyState(ctx, userId);
}
