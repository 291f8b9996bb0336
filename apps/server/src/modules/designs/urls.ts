import type { VariantName } from '@ferry/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { type ProjectAccess, projectAccess } from '../projects/policy.js';
import { projects } from '../projects/tables.js';
import { type FileStore, keyAfter } from '../storage/files.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { isUnlimited } from '../teams/plans.js';
import { teamForMember } from '../teams/policy.js';
import { variantDirOfKey } from './keys.js';
import { mayDownload } from './policy.js';
import type { VersionRow } from './present.js';
import { designs, designVersions, type VariantFile } from './tables.js';

/** A storage key from one of the store's signed URLs, or the key itself. */
export function keyOf(files: FileStore, urlOrKey: string): string {
  return files.keyOfUrl(urlOrKey) ?? keyAfter(urlOrKey.replace(/^\/+/, ''), '') ?? urlOrKey;
}

/**
 * The live versions a file belongs to (as original or variant; copies share files), each with the caller's
 * access to its project, where they may see it; none otherwise, so a key of someone else's design tells nothing.
 */
async function visibleVersions(ctx: AppContext, userId: string, key: string, teamId?: string) {
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
  const visible: { version: VersionRow; access: ProjectAccess }[] = [];
  for (const row of rows) {
    const access = await projectAccess(ctx.db, userId, row.teamId, row.projectId).catch(() => null);
    if (access) visible.push({ version: row.version, access });
  }
  return visible;
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

/**
 * `POST project/sign_url`: a signed URL for each given URL or key (null where the caller cannot see the
 * design); an original file the project's download setting keeps from the caller refuses the call (19058).
 */
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
    const seen = await visibleVersions(ctx, userId, key, input.team_id);
    const file = seen.length ? fileOf(seen[0].version, key, input.style) : null;
    // An original file (uploaded as it is shown, a PNG's `org` too) is a download: the setting decides.
    const original = file && seen.some(({ version }) => version.fileKey === file.key);
    if (original && !seen.some(({ access }) => mayDownload(access, userId)))
      throw fail('DOWNLOAD_NOT_ALLOWED');
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
  const [seen] = await visibleVersions(ctx, userId, key);
  if (!seen) throw fail('IMAGE_DELETED');
  const { version } = seen;
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
