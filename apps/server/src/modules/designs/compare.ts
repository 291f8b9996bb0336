import {
  Codes,
  type CompareSide,
  type DesignComparison,
  describeDiffSummary,
  diffLayerDocs,
  InspectLimits,
  type LayerDoc,
} from '@ferry/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../http/errors.js';
import { type ProjectAccess, projectAccess } from '../projects/policy.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { isUuid } from '../teams/policy.js';
import { lastInspectedVersionId, recordInspection } from './inspections.js';
import type { DesignRow } from './policy.js';
import { signedVariantUrls, type VersionRow } from './present.js';
import { designs, designVersions } from './tables.js';
import { versionOf } from './versions.js';

/**
 * A live design of the team by id, with the caller's access to its project. A design of another team, or an id
 * that is none, answers as a design not in the project does (10083); a project the caller may not see, 418.
 */
async function teamDesign(
  ctx: AppContext,
  userId: string,
  teamId: string,
  designId: string,
): Promise<{ design: DesignRow; access: ProjectAccess }> {
  if (!isUuid(designId)) throw fail('IMAGE_DELETED');
  const [design] = await ctx.db
    .select()
    .from(designs)
    .where(and(eq(designs.id, designId), isNull(designs.deletedAt)));
  if (!design) throw fail('IMAGE_DELETED');
  const access = await projectAccess(ctx.db, userId, teamId, design.projectId).catch((error: unknown) => {
    throw error instanceof AppError && error.entry === Codes.PROJECT_NOT_FOUND
      ? fail('IMAGE_DELETED')
      : error;
  });
  return { design, access };
}

/** `POST project/image/inspected`: the caller has just inspected this version of the design. */
export async function recordInspected(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; image_id: string; version_id: string },
) {
  const { design } = await teamDesign(ctx, userId, input.team_id, input.image_id);
  const version = await versionOf(ctx, design.id, input.version_id);
  await recordInspection(ctx.db, { userId, designId: design.id, versionId: version.id, at: ctx.now() });
  return { image_id: design.id, inspected_version_id: version.id };
}

/**
 * A version's stored LayerDoc for a comparison: 19282 while it is being imported, 19283 when there is none to
 * compare (a plain picture, an import that failed, a file past the size read into memory, unreadable JSON).
 */
export async function comparableLayerDoc(ctx: AppContext, version: VersionRow): Promise<LayerDoc> {
  if (version.layersStatus === 'processing') throw fail('COMPARE_LAYERS_PROCESSING');
  if (version.layersStatus !== 'ready' || !version.layersKey) throw fail('COMPARE_LAYERS_UNAVAILABLE');
  const stat = await ctx.files.stat(version.layersKey);
  if (!stat || stat.size > InspectLimits.compareLayerDocBytesMax) throw fail('COMPARE_LAYERS_UNAVAILABLE');
  const stored = await ctx.files.read(version.layersKey);
  try {
    const doc = stored ? (JSON.parse(stored.toString('utf8')) as LayerDoc) : null;
    if (doc && Array.isArray(doc.layers)) return doc;
  } catch {
    // Unreadable JSON is refused below like a missing file.
  }
  throw fail('COMPARE_LAYERS_UNAVAILABLE');
}

function presentSide(ctx: AppContext, version: VersionRow): CompareSide {
  const urls = version.status === 'ready' ? signedVariantUrls(ctx, version.variants) : {};
  const layersReady = version.layersStatus === 'ready' && version.layersKey !== null;
  return {
    version_id: version.id,
    version_number: version.number,
    created_at: version.createdAt.toISOString(),
    width: version.width,
    height: version.height,
    image_url: urls.org ?? '',
    json_url: layersReady ? ctx.files.signedUrl(version.layersKey as string, urlExpiry(ctx.now())) : '',
  };
}

/**
 * The two versions compared: the ones asked for, else `to` is the current version and `from` the one the caller
 * last inspected when it is older than `to`, or the version just before `to`.
 */
async function pickVersions(
  ctx: AppContext,
  userId: string,
  design: DesignRow,
  asked: { from_version_id?: string; to_version_id?: string },
) {
  const versions = await ctx.db
    .select()
    .from(designVersions)
    .where(eq(designVersions.designId, design.id))
    .orderBy(asc(designVersions.number));
  if (versions.length < 2) throw fail('COMPARE_SINGLE_VERSION');
  const byId = new Map(versions.map((version) => [version.id, version]));
  const named = (id: string) => {
    const version = byId.get(id);
    if (!version) throw fail('VERSION_NOT_FOUND');
    return version;
  };
  const newest = versions[versions.length - 1];
  const to = asked.to_version_id
    ? named(asked.to_version_id)
    : (byId.get(design.currentVersionId ?? '') ?? newest);
  if (asked.from_version_id) return { from: named(asked.from_version_id), to };
  const inspectedId = await lastInspectedVersionId(ctx.db, userId, design.id);
  const inspected = inspectedId ? byId.get(inspectedId) : undefined;
  if (inspected && inspected.number < to.number) return { from: inspected, to };
  const previous = versions.filter((version) => version.number < to.number).at(-1);
  // The first version asked for as `to` has nothing before it.
  return { from: previous ?? to, to };
}

/** `GET project/image/compare`: two versions of a design side by side, with what changed layer by layer. */
export async function compareVersions(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; image_id: string; from_version_id?: string; to_version_id?: string },
): Promise<DesignComparison> {
  const { design } = await teamDesign(ctx, userId, input.team_id, input.image_id);
  const { from, to } = await pickVersions(ctx, userId, design, input);
  if (from.id === to.id) throw fail('COMPARE_SAME_VERSION');
  // Compared backwards, every addition would read as a removal: the caller swaps them instead.
  if (from.number > to.number) throw fail('COMPARE_FROM_NOT_OLDER');
  // A version still importing is the likelier refusal to clear up by itself: it is told first.
  const processing = [from, to].some((version) => version.layersStatus === 'processing');
  if (processing) throw fail('COMPARE_LAYERS_PROCESSING');
  const [before, after] = await Promise.all([comparableLayerDoc(ctx, from), comparableLayerDoc(ctx, to)]);
  const diff = diffLayerDocs(before, after);
  return {
    image_id: design.id,
    from: presentSide(ctx, from),
    to: presentSide(ctx, to),
    diff,
    summary: {
      'zh-CN': describeDiffSummary(diff.summary, 'zh-CN'),
      'en-US': describeDiffSummary(diff.summary, 'en-US'),
    },
  };
}
