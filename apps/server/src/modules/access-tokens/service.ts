import type { CreatedAccessToken, TokenScope } from '@ferry/shared';
import type { AppContext } from '../../context.js';
import { tokenView } from './present.js';
import { issueAccessToken } from './tokens.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A personal access token made in account settings; its text is in this answer only. */
export async function createPersonalToken(
  ctx: AppContext,
  userId: string,
  input: { name: string; scopes: TokenScope[]; expires_in_days?: number | null },
): Promise<CreatedAccessToken> {
  const now = ctx.now();
  const expiresAt = input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * DAY_MS) : null;
  const { token, row } = await ctx.db.transaction((tx) =>
    issueAccessToken(tx, now, {
      userId,
      name: input.name,
      scopes: input.scopes,
      kind: 'personal',
      expiresAt,
    }),
  );
  return { ...tokenView(row), token };
}
