import {
  type createTokensBody,
  type DesignToken,
  DsmLimits,
  type deleteTokensBody,
  type listTokensQuery,
  ruleMessages,
  type TokenKind,
  type TokenValue,
  tokenValueSchemas,
  type updateTokenBody,
} from '@ferry/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { isUuid } from '../teams/policy.js';
import { requireNoPlatformClash } from './platform-names.js';
import { dsmAccess } from './policy.js';
import { dsmTokens } from './tables.js';

export type TokenRow = typeof dsmTokens.$inferSelect;

export function presentToken(row: TokenRow): DesignToken {
  return {
    id: row.id,
    project_id: row.projectId,
    kind: row.kind,
    name: row.name,
    value: row.value as TokenValue,
    description: row.description,
    order: row.sortOrder,
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
  };
}

/** One change of a set's tokens at a time: the limit, the names and the numbering are read, then written. */
export const lockTokens = (tx: Tx, projectId: string) => lockUntilCommit(tx, `dsm_tokens:${projectId}`);

/** A set's tokens in order (1…n). */
export const tokensOf = (db: Db | Tx, projectId: string) =>
  db
    .select()
    .from(dsmTokens)
    .where(eq(dsmTokens.projectId, projectId))
    .orderBy(asc(dsmTokens.sortOrder), asc(dsmTokens.createdAt), asc(dsmTokens.id));

/** A value that fits its kind, stored normalised (lower-case hex); 19001 with the rule's wording otherwise. */
export function tokenValueOf(kind: TokenKind, value: unknown, field: string): TokenValue {
  const parsed = tokenValueSchemas[kind].safeParse(value);
  if (!parsed.success) throw fail('INVALID_INPUT', ruleMessages['token.value'], { field });
  return parsed.data as TokenValue;
}

/** JSON with keys sorted: the database keeps an object's keys in an order of its own. */
const canonicalJson = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
        .join(',')}}`
    : JSON.stringify(value);

/** Whether two token values are the same, whatever the order of their keys. */
export const sameTokenValue = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** 19122 when `adding` tokens would pass the set's limit. */
export async function requireTokenRoom(tx: Tx, projectId: string, adding: number) {
  const [row] = await tx.select({ n: count() }).from(dsmTokens).where(eq(dsmTokens.projectId, projectId));
  const held = Number(row.n);
  if (held + adding > DsmLimits.tokensPerProject) throw fail('DSM_LIMIT');
  return held;
}

/** Numbers a set's tokens 1…n in the given order, writing only those whose number changed. */
export async function renumberTokens(tx: Tx, ordered: TokenRow[]) {
  const moved = ordered
    .map((row, index) => ({ id: row.id, order: index + 1, before: row.sortOrder }))
    .filter((row) => row.order !== row.before);
  if (moved.length === 0) return;
  const values = moved.map((row) => sql`(${row.id}::uuid, ${row.order}::int)`);
  await tx.execute(sql`
    update ${dsmTokens} set sort_order = moved.sort_order
    from (values ${sql.join(values, sql`, `)}) as moved (id, sort_order)
    where ${dsmTokens.id} = moved.id`);
}

const nameTaken = (name: string) =>
  fail(
    'DSM_TOKEN_NAME_EXISTS',
    { zh: `令牌名称“${name}”已被使用`, en: `The token name "${name}" is already used` },
    { name },
  );

/**
 * A name that is also a group of another (`color/brand` beside `color/brand/primary`): DTCG keeps tokens and
 * groups apart, so such a set could not be exported. Answers the clashing name, or null.
 */
export function groupClash(names: Iterable<string>): string | null {
  const all = new Set(names);
  for (const name of all) {
    const parts = name.split('/');
    for (let end = 1; end < parts.length; end += 1) {
      const group = parts.slice(0, end).join('/');
      if (all.has(group)) return group;
    }
  }
  return null;
}

/** 19119 when a name of the set would also be a group of another. */
export function requireNoGroupClash(names: Iterable<string>) {
  const clash = groupClash(names);
  if (clash) {
    throw fail(
      'DSM_TOKEN_NAME_EXISTS',
      {
        zh: `“${clash}”既是令牌又是其他令牌的分组`,
        en: `"${clash}" would be both a token and the group of other tokens`,
      },
      { name: clash },
    );
  }
}

/** `GET project/dsm_token`: the set's tokens in order, one kind when asked. */
export async function listTokens(ctx: AppContext, userId: string, input: z.infer<typeof listTokensQuery>) {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'view');
  const rows = await tokensOf(ctx.db, access.project.id);
  const tokens = rows.map(presentToken).filter((token) => !input.kind || token.kind === input.kind);
  return { tokens };
}

/** `POST project/dsm_token`: checked whole (values, names unique in the batch and the set), added last. */
export async function createTokens(ctx: AppContext, userId: string, input: z.infer<typeof createTokensBody>) {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const tokens = input.tokens.map((token, index) => ({
    name: token.name,
    kind: token.kind,
    value: tokenValueOf(token.kind, token.value, `tokens.${index}.value`),
    description: token.description ?? '',
  }));
  const seen = new Set<string>();
  for (const token of tokens) {
    if (seen.has(token.name)) throw nameTaken(token.name);
    seen.add(token.name);
  }
  const rows = await ctx.db.transaction(async (tx) => {
    await lockTokens(tx, projectId);
    const [taken] = await tx
      .select({ name: dsmTokens.name })
      .from(dsmTokens)
      .where(and(eq(dsmTokens.projectId, projectId), inArray(dsmTokens.name, [...seen])))
      .limit(1);
    if (taken) throw nameTaken(taken.name);
    const held = await tx
      .select({ name: dsmTokens.name, kind: dsmTokens.kind })
      .from(dsmTokens)
      .where(eq(dsmTokens.projectId, projectId));
    requireNoGroupClash([...held.map((row) => row.name), ...seen]);
    requireNoPlatformClash([...held, ...tokens]);
    const count = await requireTokenRoom(tx, projectId, tokens.length);
    const now = ctx.now();
    return tx
      .insert(dsmTokens)
      .values(
        tokens.map((token, index) => ({
          ...token,
          projectId,
          sortOrder: count + index + 1,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
  });
  await signalProjectChange(ctx, access.project, 'dsm');
  return { tokens: rows.map(presentToken) };
}

/** `PUT project/dsm_token`: a new name (unique), value (of the token's kind), description and/or place. */
export async function updateToken(ctx: AppContext, userId: string, input: z.infer<typeof updateTokenBody>) {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const row = await ctx.db.transaction(async (tx) => {
    await lockTokens(tx, projectId);
    const ordered = await tokensOf(tx, projectId);
    const token = ordered.find((candidate) => candidate.id === input.token_id);
    if (!token) throw fail('DSM_TOKEN_NOT_FOUND');
    if (input.name !== undefined && input.name !== token.name) {
      if (ordered.some((other) => other.name === input.name)) throw nameTaken(input.name);
      requireNoGroupClash([
        ...ordered.filter((other) => other.id !== token.id).map((other) => other.name),
        input.name,
      ]);
      requireNoPlatformClash([
        ...ordered.filter((other) => other.id !== token.id),
        { name: input.name, kind: token.kind },
      ]);
    }
    const changes = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.value === undefined ? {} : { value: tokenValueOf(token.kind, input.value, 'value') }),
      ...(input.description === undefined ? {} : { description: input.description }),
    };
    let [updated] =
      Object.keys(changes).length === 0
        ? [token]
        : await tx
            .update(dsmTokens)
            .set({ ...changes, updatedAt: ctx.now() })
            .where(eq(dsmTokens.id, token.id))
            .returning();
    if (input.index !== undefined) {
      const others = ordered.filter((other) => other.id !== token.id);
      const place = Math.min(input.index, ordered.length) - 1;
      await renumberTokens(tx, [...others.slice(0, place), updated, ...others.slice(place)]);
      updated = { ...updated, sortOrder: place + 1 };
    }
    return updated;
  });
  await signalProjectChange(ctx, access.project, 'dsm');
  return presentToken(row);
}

/** `DELETE project/dsm_token`: every id must be a token of the set (19120); the rest renumbered 1…n. */
export async function deleteTokens(ctx: AppContext, userId: string, input: z.infer<typeof deleteTokensBody>) {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const ids = [...new Set(input.token_ids)];
  if (!ids.every(isUuid)) throw fail('DSM_TOKEN_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    await lockTokens(tx, projectId);
    const ordered = await tokensOf(tx, projectId);
    const held = new Set(ordered.map((row) => row.id));
    if (!ids.every((id) => held.has(id))) throw fail('DSM_TOKEN_NOT_FOUND');
    await tx.delete(dsmTokens).where(and(eq(dsmTokens.projectId, projectId), inArray(dsmTokens.id, ids)));
    const gone = new Set(ids);
    await renumberTokens(
      tx,
      ordered.filter((row) => !gone.has(row.id)),
    );
  });
  await signalProjectChange(ctx, access.project, 'dsm');
  return { deleted: ids.length };
}
