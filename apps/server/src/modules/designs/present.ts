import {
  Codes,
  type DesignStatus,
  type DesignUrls,
  type ImageView,
  STAGE_VARIANTS,
  type StageImage,
  VARIANT_NAMES,
  type VersionView,
} from '@ferry/shared';
import type { AppContext } from '../../context.js';
import { urlExpiry } from '../storage/url-expiry.js';
import type { DesignRow } from './policy.js';
import type { designVersions, Variants } from './tables.js';

export type VersionRow = typeof designVersions.$inferSelect;

export function signedVariantUrls(ctx: AppContext, variants: Variants): DesignUrls {
  const expiresAt = urlExpiry(ctx.now());
  const urls: DesignUrls = {};
  for (const name of VARIANT_NAMES) {
    const file = variants[name];
    if (file) urls[name] = ctx.files.signedUrl(file.key, expiresAt);
  }
  return urls;
}

/** The catalogue code a failed version's reason starts with (jobs/variants.ts writes it), or ''. */
export function failCodeOf(version: VersionRow | null): string {
  if (version?.status !== 'failed') return '';
  return /^\d{5}(?= )/.exec(version.error ?? '')?.[0] ?? Codes.DESIGN_UNREADABLE.code;
}

export interface ImageCounts {
  versions: number;
  comments?: number;
  /** A set's members, in stage order. */
  members?: string[] | null;
}

export function presentImage(
  ctx: AppContext,
  design: DesignRow,
  version: VersionRow | null,
  counts: ImageCounts,
): ImageView {
  const urls = version?.status === 'ready' ? signedVariantUrls(ctx, version.variants) : {};
  const url = urls.org ?? '';
  return {
    id: design.id,
    image_id: design.id,
    project_id: design.projectId,
    name: design.name,
    type: design.type,
    file_type: version?.fileType ?? '',
    sketch_id: design.sketchId,
    // A set has no file of its own: it is as ready as it will ever be.
    status: (version?.status ?? (design.type === 'set' ? 'ready' : 'failed')) as DesignStatus,
    fail_code: failCodeOf(version),
    batch: design.batch,
    url,
    image_url: url,
    urls,
    width: version?.width ?? 0,
    height: version?.height ?? 0,
    size: version?.size ?? 0,
    position_x: design.positionX,
    position_y: design.positionY,
    order: design.orderIndex,
    sector_id: design.sectorId,
    group: counts.members ?? [],
    parentSet: design.parentSetId,
    version_id: version?.id ?? '',
    version_count: counts.versions,
    // Hotspots drawn on the design; comments count the current version's open threads.
    position_count: design.hotspotCount,
    comment_count: counts.comments ?? 0,
    user_id: design.createdBy,
    create_time: design.createdAt.toISOString(),
    update_time: design.updatedAt.toISOString(),
  };
}

/** What a stage list asks for beyond the lean form (spec 001 §7: GET project/images {position, comment}). */
export interface StageListOptions {
  comment: boolean;
  position: boolean;
}

/** The stage list's lean form of a design: about a quarter smaller than the whole view, over 1,000 designs. */
export function stageImage(image: ImageView, options: StageListOptions): StageImage {
  const urls: DesignUrls = {};
  for (const name of STAGE_VARIANTS) if (image.urls[name]) urls[name] = image.urls[name];
  return {
    id: image.id,
    image_id: image.image_id,
    name: image.name,
    type: image.type,
    status: image.status,
    fail_code: image.fail_code,
    batch: image.batch,
    url: image.url,
    image_url: image.image_url,
    urls,
    width: image.width,
    height: image.height,
    position_x: image.position_x,
    position_y: image.position_y,
    group: image.group,
    parentSet: image.parentSet,
    version_count: image.version_count,
    create_time: image.create_time,
    ...(options.comment ? { comment_count: image.comment_count } : {}),
    ...(options.position ? { position_count: image.position_count } : {}),
  };
}

export function presentVersion(
  ctx: AppContext,
  version: VersionRow,
  options: { currentId: string | null; editorName: string; download: boolean; comments?: number },
): VersionView {
  const urls = version.status === 'ready' ? signedVariantUrls(ctx, version.variants) : {};
  const { currentId, editorName } = options;
  const layersReady = version.layersStatus === 'ready' && version.layersKey !== null;
  return {
    id: version.id,
    version_id: version.id,
    version: version.number,
    version_info: `V${version.number}`,
    status: version.status as DesignStatus,
    fail_code: failCodeOf(version),
    file_type: version.fileType,
    size: version.size,
    width: version.width,
    height: version.height,
    url: urls.org ?? '',
    url_md5: version.md5,
    urls,
    download_url: options.download ? ctx.files.signedUrl(version.fileKey, urlExpiry(ctx.now())) : '',
    json_url: layersReady ? ctx.files.signedUrl(version.layersKey as string, urlExpiry(ctx.now())) : '',
    json_md5: layersReady ? version.layersMd5 : '',
    layers_status: version.layersStatus,
    comments: options.comments ?? 0,
    current: version.id === currentId,
    editor_info: { user_id: version.uploadedBy, name: editorName },
    create_time: version.createdAt.toISOString(),
  };
}
