import { z } from 'zod';
import { BASE_SCALES, InspectLimits, LOG_MSG_TYPES, SLICE_PLATFORMS } from '../limits.js';

/** The inspect view's calls: layer data, slice export, page-view and copy logs. */
const id = z.string().min(1);

/**
 * `POST project/slices` → `SliceExport`: the chosen layers of one version rendered at every preset of the
 * platform, relative to the design's base scale, zipped (`name@2x.png`, `drawable-xxhdpi/name.png`).
 * `version_id` defaults to the current version.
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
  /** svg is added only where the source is vector; png always. */
  formats: z
    .array(z.enum(['png', 'svg']))
    .min(1)
    .default(['png']),
});
export type SliceExportBody = z.input<typeof sliceExportBody>;

export interface SliceExport {
  /** A signed download URL of the zip (served as an attachment). */
  url: string;
  /** The zip's file name: `<design>-<platform>@<base>x-slices.zip`. */
  name: string;
  size: number;
  /** Every file inside, in order: `ios/icon@2x.png`, `android/drawable-xxhdpi/icon.png`. */
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
