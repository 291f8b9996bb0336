import type { VariantName } from '@ferry/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { projectAccess } from '../projects/policy.js';
import { projects } from '../projects/tables.js';
import { type FileStore, keyAfter } from '../storage/files.js';
import { isUnlimited } from '../teams/plans.js';
import { teamForMember } from '../teams/policy.js';
import { variantDirOfKey } from './keys.js';
import { urlExpiry } from './present.js';
import { designs, designVersions, type VariantFile } from './tables.js';

/** A storage key from one of the store's signed URLs, or the key itself. */
export function keyOf(files: FileStore, urlOrKey: string): string {
  return files.keyOfUrl(urlOrKey) ?? keyAfter(urlOrKey.replace(/^\/+/, ''), '') ?? urlOrKey;
}

/**
 * The live version a file belongs to (its original or one of its variants), when the caller may see the
 * design's project; null otherwise, so a key of someone else's design tells nothing.
 */
async function visibleVersion(ctx: AppContext, userId: string, key: string, teamId?: string) {
  const dir = variantDirOfKey(key);
  const rows = await ctx.db
    .select({ version: designVersions, projectId: designs.projectId, teamId: projects.teamId })
    .from(designVersions)
    .innerJoin(designs, eq(designs.id, designVersions.designId))
    .innerJoin(projects, eq(projects.id, designs.projectId))
    .where(
      and(
        dir ? eq(designVersions.variantDir, dir) : eq(designVersions.fileKey, key),
        isNull(designs.deletedAt),
        teamId ? eq(projects.teamId, teamId) : undefined,
      ),
    );
  for (const row of rows) {
    const allowed = await projectAccess(ctx.db, userId, row.teamId, row.projectId).then(
      () => true,
      () => false,
    );
    if (allowed) return row.version;
  }
  return null;
}

function fileOf(version: typeof designVersions.$inferSelect, key: string, style?: VariantName) {
  if (style) return version.variants[style] ?? null;
  if (key === version.fileKey || key === version.layersKey) return { key } as Pick<VariantFile, 'key'>;
  return Object.values(version.variants).find((file) => file?.key === key) ?? null;
}

/** Signed URLs on request are an enterprise service (spec 001 §6); other teams get 10006. */
async function requireEnterprise(ctx: AppContext, userId: string, teamId: string) {
  const { team } = await teamForMember(ctx.db, userId, teamId);
  if (!isUnlimited(ctx, team)) throw fail('TEAM_NOT_FOUND');
}

/** `POST project/sign_url`: a signed URL for each given URL or key (null where the caller has no right). */
export async function signUrls(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; urls: string[]; style?: VariantName },
) {
  await requireEnterprise(ctx, userId, input.team_id);
  const expiresAt = urlExpiry(ctx.now());
  const urls: (string | null)[] = [];
  for (const url of input.urls) {
    const key = keyOf(ctx.files, url);
    const version = await visibleVersion(ctx, userId, key, input.team_id);
    const file = version ? fileOf(version, key, input.style) : null;
    urls.push(file ? ctx.files.signedUrl(file.key, expiresAt) : null);
  }
  return { urls, expire_time: expiresAt.toISOString() };
}

/** `GET image_handle {filename, action=resize, ratio}`: the variant nearest to the asked scale. */
export async function imageHandle(
  ctx: AppContext,
  userId: string,
  input: { filename: string; ratio: number },
) {
  const key = keyOf(ctx.files, input.filename);
  const version = await visibleVersion(ctx, userId, key);
  if (!version) throw fail('IMAGE_DELETED');
  const name: VariantName =
    input.ratio <= 5 ? 'p5' : input.ratio <= 25 ? 'p25' : input.ratio <= 50 ? 'p50' : 'org';
  const file = version.variants[name] ?? version.variants.org;
  if (!file) return { url: '', status: version.status, width: 0, height: 0 };
  return {
    url: ctx.files.signedUrl(file.key, urlExpiry(ctx.now())),
    status: version.status,
    width: file.width,
    height: file.height,
  };
}
