import { z } from 'zod';
import { BASE_SCALES, InspectLimits, LOG_MSG_TYPES, SLICE_PLATFORMS } from '../limits.js';

/** The inspect view's calls: layer data, slice export, page-view and copy logs. */
const id = z.string().min(1);

/**
 * Slice file formats. PNG, JPG and WebP are pixels, one file per preset; SVG (the layer's vectors) and PDF
 * (one page the layer's @1x size, its picture at the platform's densest preset) are one file per layer.
 */
export const SLICE_FORMATS = ['png', 'jpg', 'webp', 'svg', 'pdf'] as const;
export type SliceFormat = (typeof SLICE_FORMATS)[number];
export const RASTER_SLICE_FORMATS: readonly SliceFormat[] = ['png', 'jpg', 'webp'];

/**
 * The formats a layer can be exported in. SVG needs the layer's vectors: every layer of an SVG design has
 * them, a PSD's shape layers (and groups of only shape layers) are marked `vector`, its other layers are
 * pixels. Without a layer, the formats every layer of such a design has.
 */
export function sliceFormatsFor(
  source: 'psd' | 'svg' | 'sketch',
  layer?: { vector?: boolean } | null,
): readonly SliceFormat[] {
  return source === 'svg' || layer?.vector
    ? SLICE_FORMATS
    : SLICE_FORMATS.filter((format) => format !== 'svg');
}

/**
 * `POST project/slices` → `SliceExport`: the chosen layers of one version in the chosen formats: the pixel
 * formats at every preset of the platform, relative to the design's base scale, zipped (`name@2x.png`,
 * `drawable-xxhdpi/name.webp`, `name.svg`, `name.pdf`). `version_id` defaults to the current version.
 */
export const sliceExportBody = z.object({
  team_id: id.optional(),
  project_id: id,
  image_id: id,
  version_id: id.optional(),
  layer_ids: z.array(id).min(1).max(InspectLimits.sliceLayersMax),
  platform: z.enum(SLICE_PLATFORMS as [string, ...string[]]),
  base_scale: z.coerce
    .number()
    .refine((value) => (BASE_SCALES as readonly number[]).includes(value))
    .default(1),
  /** Every format asked for is in the zip; one a chosen layer cannot have (SVG of a PSD's pixel layer) is refused with 19001. */
  formats: z.array(z.enum(SLICE_FORMATS)).min(1).max(SLICE_FORMATS.length).default(['png']),
});
export type SliceExportBody = z.input<typeof sliceExportBody>;

export interface SliceExport {
  /** A signed download URL of the zip (served as an attachment). */
  url: string;
  /** The zip's file name: `<design>-<platform>@<base>x-slices.zip`. */
  name: string;
  size: number;
  /** Every file inside, in order: `ios/icon@2x.png`, `android/drawable-xxhdpi/icon.webp`, `ios/icon.pdf`. */
  files: string[];
}

/** `POST log/add`: the spec's log payload (spec 002 §3); userId comes from the session. */
export const logBody = z.object({
  projectId: id,
  teamId: id,
  msgType: z.enum(LOG_MSG_TYPES),
  imageId: id,
  imageName: z.string().max(255).default(''),
});
