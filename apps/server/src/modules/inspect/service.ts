import { createHash } from 'node:crypto';
import {
  findLayer,
  type Layer,
  type LayerDoc,
  type SliceExport,
  type SliceFormat,
  type SlicePlatform,
  sliceFormatsFor,
} from '@ferry/shared';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { slicesKeyOf } from '../designs/keys.js';
import { type DesignRow, designsOfProject, requireDownload } from '../designs/policy.js';
import type { VersionRow } from '../designs/present.js';
import { versionOf } from '../designs/versions.js';
import { projectAccessFor } from '../projects/policy.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { planSlices, sliceName } from './plan.js';
import { renderSlices } from './render.js';

/** Part of every cache key: a change to how slices are drawn makes earlier zips stale. */
const RENDERING = 3;

export interface SliceExportInput {
  team_id?: string;
  project_id: string;
  image_id: string;
  version_id?: string;
  layer_ids: string[];
  platform: string;
  base_scale: number;
  formats: SliceFormat[];
}

/** The LayerDoc of a version: 19056 for a plain picture (or a file whose layers could not be read), 19054 while importing. */
export async function layerDocOf(ctx: AppContext, version: VersionRow): Promise<LayerDoc> {
  if (version.layersStatus === 'processing') throw fail('LAYERS_NOT_READY');
  if (version.layersStatus !== 'ready' || !version.layersKey) throw fail('NO_LAYERS');
  const stored = await ctx.files.read(version.layersKey);
  if (!stored) throw fail('LAYERS_NOT_READY');
  return JSON.parse(stored.toString('utf8')) as LayerDoc;
}

/** 19001 for a format a chosen layer cannot have: SVG of a PSD or Sketch layer that is not shapes. */
function requirePossibleFormats(doc: LayerDoc, layers: Layer[], formats: SliceFormat[]): void {
  const possible = (layer: Layer) => sliceFormatsFor(doc.source, layer);
  if (layers.every((layer) => formats.every((format) => possible(layer).includes(format)))) return;
  throw fail(
    'INVALID_INPUT',
    {
      zh: 'SVG 切图只适用于矢量图层（SVG 设计稿，或 PSD、Sketch 的形状图层）；请选择 PNG、JPG、WebP 或 PDF',
      en: "SVG slices need vector layers (an SVG design, or a PSD's or Sketch file's shape layers); choose PNG, JPG, WebP or PDF",
    },
    { field: 'formats' },
  );
}

/**
 * `POST project/slices`: the chosen layers of a version in the chosen formats, the pixel ones at every preset
 * of the platform (relative to the design's base scale), zipped and served as an attachment. Slices are the caller's download, so the
 * project's download setting applies as to the original file. The zip is kept beside the version's variants
 * under a key made of everything that shapes it; asking again answers the kept zip without drawing anything.
 */
export async function exportSlices(
  ctx: AppContext,
  userId: string,
  input: SliceExportInput,
): Promise<SliceExport> {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  const [design] = await designsOfProject(ctx.db, input.project_id, [input.image_id], 'live');
  requireDownload(access, userId);
  return sliceExport(ctx, design, input);
}

/** The slices of a design the caller may download. */
export async function sliceExport(
  ctx: AppContext,
  design: DesignRow,
  input: SliceExportInput,
): Promise<SliceExport> {
  const versionId = input.version_id ?? design.currentVersionId;
  if (!versionId) throw fail('NO_LAYERS');
  const version = await versionOf(ctx, design.id, versionId);
  const doc = await layerDocOf(ctx, version);
  const layerIds = [...new Set(input.layer_ids)];
  const layers = layerIds.map((id) => {
    const layer = findLayer(doc, id);
    if (!layer) throw fail('LAYER_NOT_FOUND');
    return layer;
  });
  const formats = [...new Set(input.formats)].sort();
  requirePossibleFormats(doc, layers, formats);
  const platform = input.platform as SlicePlatform;
  const files = planSlices(layers, { platform, baseScale: input.base_scale, formats });

  const digest = createHash('sha256')
    .update(JSON.stringify([RENDERING, version.layersMd5, layerIds, platform, input.base_scale, formats]))
    .digest('hex')
    .slice(0, 32);
  const key = slicesKeyOf(version.variantDir, digest);
  let stored = await ctx.files.stat(key);
  if (!stored) {
    const zip = await renderSlices(ctx, version, files);
    await ctx.files.put(key, zip);
    stored = { size: zip.length };
  }
  const name = `${sliceName(design.name)}-${platform}@${input.base_scale}x-slices.zip`;
  return {
    url: ctx.files.signedUrl(key, urlExpiry(ctx.now()), { downloadName: name }),
    name,
    size: stored.size,
    files: files.map((file) => file.path),
  };
}
