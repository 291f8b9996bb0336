import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { RecoveryLimits, type VerificationScene } from '@ferry/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { hashToken } from './sessions.js';
import { sceneProofs, verificationCodes } from './tables.js';

type CodeRow = typeof verificationCodes.$inferSelect;

/** A code is hashed with its row's id, so equal codes of two rows never share a hash. */
const codeHash = (rowId: string, code: string) => hashToken(`${rowId}:${code}`);
const newLinkToken = () => randomBytes(32).toString('base64url');
const later = (ctx: AppContext, ms: number) => new Date(ctx.now().getTime() + ms);

export interface IssuedCode {
  code: string;
  /** Only for scenes that mail a link as well (reset, activation). */
  linkToken?: string;
}

/**
 * Writes a new code for (address, scene) in the caller's transaction and answers it with its link token; an
 * earlier unused one of the same address and scene is spent, so only the newest mail works. Asking again
 * within a minute is refused: a mailbox is not to be flooded through us.
 */
export async function issueCode(
  ctx: AppContext,
  tx: Tx,
  input: { scene: VerificationScene; email: string; userId: string; withLink: boolean },
): Promise<IssuedCode> {
  const [latest] = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, input.email), eq(verificationCodes.scene, input.scene)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (latest && ctx.now().getTime() - latest.createdAt.getTime() < RecoveryLimits.codeResendMs) {
    throw fail('CODE_SENT_TOO_OFTEN');
  }
  await tx
    .update(verificationCodes)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(verificationCodes.email, input.email),
        eq(verificationCodes.scene, input.scene),
        isNull(verificationCodes.usedAt),
      ),
    );
  const code = String(randomInt(0, 10 ** RecoveryLimits.codeDigits)).padStart(RecoveryLimits.codeDigits, '0');
  const linkToken = input.withLink ? newLinkToken() : undefined;
  const id = randomUUID();
  await tx.insert(verificationCodes).values({
    id,
    scene: input.scene,
    email: input.email,
    userId: input.userId,
    codeHash: codeHash(id, code),
    expiresAt: later(ctx, RecoveryLimits.codeValidityMs),
    linkHash: linkToken ? hashToken(linkToken) : null,
    linkExpiresAt: linkToken ? later(ctx, RecoveryLimits.resetLinkValidityMs) : null,
    createdAt: ctx.now(),
  });
  return { code, linkToken };
}

/**
 * Checks the code last mailed to (address, scene). Each check takes a try before comparing, in one statement,
 * so parallel guesses are counted too; the fifth wrong one spends the code. A right code is spent at once and
 * answers its row, with a fresh link token where the scene continues through one.
 */
export async function takeCode(
  ctx: AppContext,
  input: { scene: VerificationScene; email: string; code: string; userId?: string; renewLink?: boolean },
): Promise<{ row: CodeRow; linkToken?: string }> {
  const live = and(
    eq(verificationCodes.email, input.email),
    eq(verificationCodes.scene, input.scene),
    isNull(verificationCodes.usedAt),
    gt(verificationCodes.expiresAt, ctx.now()),
    input.userId ? eq(verificationCodes.userId, input.userId) : undefined,
  );
  const [row] = await ctx.db
    .update(verificationCodes)
    .set({ tries: sql`${verificationCodes.tries} + 1` })
    .where(and(live, sql`${verificationCodes.tries} < ${RecoveryLimits.codeMaxTries}`))
    .returning();
  if (!row) throw fail('VERIFICATION_CODE_EXPIRED');
  if (row.codeHash !== codeHash(row.id, input.code)) {
    const remaining = RecoveryLimits.codeMaxTries - row.tries;
    if (remaining <= 0) throw fail('VERIFICATION_CODE_EXPIRED');
    throw fail('VERIFICATION_CODE_WRONG', undefined, { remaining_tries: remaining });
  }
  // The code is spent; a scene that goes on through a link gets a new one in its place.
  const linkToken = input.renewLink ? newLinkToken() : undefined;
  const [spent] = await ctx.db
    .update(verificationCodes)
    .set({
      tries: RecoveryLimits.codeMaxTries,
      ...(linkToken
        ? { linkHash: hashToken(linkToken), linkExpiresAt: later(ctx, RecoveryLimits.codeValidityMs) }
        : { usedAt: ctx.now() }),
    })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning();
  if (!spent) throw fail('VERIFICATION_CODE_EXPIRED');
  return { row: spent, linkToken };
}

/**
 * The row of a link token, locked for the caller's transaction and spent with it. A token no row has, or one
 * already used, reads as "expired or already reset"; one past its time as "expired, send the mail again".
 */
export async function takeLink(ctx: AppContext, tx: Tx, scene: VerificationScene, token: string) {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.linkHash, hashToken(token)), eq(verificationCodes.scene, scene)))
    .for('update');
  if (!row || row.usedAt) throw fail('RESET_LINK_USED');
  if (!row.linkExpiresAt || row.linkExpiresAt <= ctx.now()) throw fail('RESET_TOKEN_EXPIRED');
  await tx.update(verificationCodes).set({ usedAt: ctx.now() }).where(eq(verificationCodes.id, row.id));
  return row;
}

/** Peeks at a link token without spending it (the reset page asks before showing the form). */
export async function peekLink(ctx: AppContext, scene: VerificationScene, token: string) {
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.linkHash, hashToken(token)), eq(verificationCodes.scene, scene)));
  if (!row || row.usedAt) throw fail('RESET_LINK_USED');
  if (!row.linkExpiresAt || row.linkExpiresAt <= ctx.now()) throw fail('RESET_TOKEN_EXPIRED');
  return row;
}

/** Every unused code of a user for a scene is spent (a reset that went through ends the other mails). */
export async function spendCodes(ctx: AppContext, tx: Tx, userId: string, scene: VerificationScene) {
  await tx
    .update(verificationCodes)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.scene, scene),
        isNull(verificationCodes.usedAt),
      ),
    );
}

/** `scene_code`: proof that the user verified themselves for a scene, good once for a short time. */
export async function issueSceneProof(ctx: AppContext, userId: string, scene: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(sceneProofs).values({
    tokenHash: hashToken(token),
    userId,
    scene,
    expiresAt: later(ctx, RecoveryLimits.sceneProofValidityMs),
  });
  return token;
}

/** Checks (and, with `spend`, uses up in the caller's transaction) a proof of this user for this scene. */
export async function takeSceneProof(
  ctx: AppContext,
  db: Db | Tx,
  input: { userId: string; scene: string; token: string; spend: boolean },
) {
  const match = and(
    eq(sceneProofs.tokenHash, hashToken(input.token)),
    eq(sceneProofs.userId, input.userId),
    eq(sceneProofs.scene, input.scene),
    isNull(sceneProofs.usedAt),
    gt(sceneProofs.expiresAt, ctx.now()),
  );
  const [proof] = input.spend
    ? await db.update(sceneProofs).set({ usedAt: ctx.now() }).where(match).returning()
    : await db.select().from(sceneProofs).where(match);
  if (!proof) throw fail('SCENE_NOT_VERIFIED');
}
