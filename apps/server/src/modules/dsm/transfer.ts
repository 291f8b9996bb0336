import { createHash } from 'node:crypto';
import type { exportTokensQuery, importTokensBody, TokenExport, TokenImportResult } from '@ferry/shared';
import { DsmLimits } from '@ferry/shared';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { zipFiles } from '../inspect/zip.js';
import { projectFilesDir } from '../projects/service.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { type PlainToken, parseDtcg, toDtcg } from './dtcg.js';
import { requireNoPlatformClash } from './platform-names.js';
import { dsmAccess } from './policy.js';
import { PLATFORM_FILES, type PlatformFormat, platformFile } from './style-dictionary.js';
import { dsmTokens } from './tables.js';
import { lockTokens, renumberTokens, requireNoGroupClash, sameTokenValue, tokensOf } from './tokens.js';

const DTCG_FILE = { name: 'tokens.json', mime: 'application/json' };
const PLATFORMS: PlatformFormat[] = ['css', 'scss', 'android', 'ios'];
/** Part of the kept ZIP's key: a change to how the files are written makes earlier ZIPs stale. */
const EXPORT_SHAPE = 1;

/** `GET project/dsm_token/export`: one format as text, or every file in a ZIP kept with the project (a signed URL). */
export async function exportTokens(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof exportTokensQuery>,
): Promise<TokenExport> {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'view');
  const rows = await tokensOf(ctx.db, access.project.id);
  const dtcg = toDtcg(rows as PlainToken[]);
  const dtcgText = `${JSON.stringify(dtcg, null, 2)}\n`;
  if (input.format === 'dtcg') return { format: 'dtcg', ...DTCG_FILE, content: dtcgText };
  if (input.format !== 'zip') {
    return {
      format: input.format,
      ...PLATFORM_FILES[input.format],
      content: await platformFile(dtcg, input.format),
    };
  }
  const name = `${access.project.name.replace(/[\\/:*?"<>|\s]+/g, '-') || 'tokens'}-tokens.zip`;
  // Named by its contents: an unchanged set answers the kept file without drawing it again. One ZIP is kept
  // per project, under its files (so deleting the project removes it): a new set's replaces the last.
  const digest = createHash('sha256').update(`${EXPORT_SHAPE}:${dtcgText}`).digest('hex').slice(0, 32);
  const folder = `${projectFilesDir(access.project.id)}dsm-tokens/`;
  const key = `${folder}${digest}.zip`;
  let size = (await ctx.files.stat(key))?.size;
  if (size === undefined) {
    const entries = [{ path: DTCG_FILE.name, data: dtcgText }];
    for (const platform of PLATFORMS) {
      entries.push({ path: PLATFORM_FILES[platform].name, data: await platformFile(dtcg, platform) });
    }
    const zip = zipFiles(entries);
    await ctx.files.removeUnder(folder);
    await ctx.files.put(key, zip);
    size = zip.length;
  }
  return {
    format: 'zip',
    name,
    url: ctx.files.signedUrl(key, urlExpiry(ctx.now()), { downloadName: name }),
    size,
  };
}

const sameToken = (row: PlainToken, token: PlainToken) =>
  row.kind === token.kind && row.description === token.description && sameTokenValue(row.value, token.value);

/**
 * `POST project/dsm_token/import`: a DTCG file checked whole before anything is written (19121 with where
 * and why), then in one transaction: tokens added by name or updated in place; `replace` also removes the
 * set's tokens the file lacks. 19122 when the set would pass its limit.
 */
export async function importTokens(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof importTokensBody>,
): Promise<TokenImportResult> {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const projectId = access.project.id;
  const tokens = parseDtcg(input.content);
  const result = await ctx.db.transaction(async (tx) => {
    await lockTokens(tx, projectId);
    const rows = await tokensOf(tx, projectId);
    const byName = new Map(rows.map((row) => [row.name, row]));
    const inFile = new Set(tokens.map((token) => token.name));
    const removed = input.mode === 'replace' ? rows.filter((row) => !inFile.has(row.name)) : [];
    const added = tokens.filter((token) => !byName.has(token.name));
    if (rows.length - removed.length + added.length > DsmLimits.tokensPerProject) throw fail('DSM_LIMIT');
    const gone = new Set(removed.map((row) => row.id));
    const keptRows = rows.filter((row) => !gone.has(row.id) && !inFile.has(row.name));
    requireNoGroupClash([...keptRows.map((row) => row.name), ...inFile]);
    requireNoPlatformClash([...keptRows, ...tokens]);
    const now = ctx.now();
    let updated = 0;
    for (const token of tokens) {
      const row = byName.get(token.name);
      if (!row || sameToken(row as PlainToken, token)) continue;
      updated += 1;
      await tx
        .update(dsmTokens)
        .set({ kind: token.kind, value: token.value, description: token.description, updatedAt: now })
        .where(eq(dsmTokens.id, row.id));
    }
    if (removed.length > 0) {
      await tx.delete(dsmTokens).where(
        inArray(
          dsmTokens.id,
          removed.map((row) => row.id),
        ),
      );
      await renumberTokens(
        tx,
        rows.filter((row) => !gone.has(row.id)),
      );
    }
    const kept = rows.length - removed.length;
    for (let start = 0; start < added.length; start += DsmLimits.batchMax) {
      await tx.insert(dsmTokens).values(
        added.slice(start, start + DsmLimits.batchMax).map((token, index) => ({
          ...token,
          projectId,
          sortOrder: kept + start + index + 1,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    return { created: added.length, updated, removed: removed.length };
  });
  await signalProjectChange(ctx, access.project, 'dsm');
  return result;
}
