import {
  type BaseScale,
  type Frame,
  RASTER_SLICE_FORMATS,
  SLICE_PRESETS,
  type SliceFormat,
  type SlicePlatform,
} from '@ferry/shared';

export interface PresetSize {
  label: string;
  width: number;
  height: number;
}

/**
 * The pixel size of a layer at each preset of a platform. The design was drawn at `baseScale`, so @1x is its
 * pixels divided by the base scale (a @2x design's 200 px are 100 px at @1x, 300 px at @3x).
 */
export function presetSizes(frame: Frame, platform: SlicePlatform, baseScale: BaseScale): PresetSize[] {
  const at = (length: number, scale: number) => Math.max(1, Math.round((length / baseScale) * scale));
  return SLICE_PRESETS[platform].map((preset) => ({
    label: preset.label,
    width: at(frame.width, preset.scale),
    height: at(frame.height, preset.scale),
  }));
}

/** The files a format makes of a layer: a pixel format one per preset, SVG and PDF one at @1x. */
export function formatSizes(
  frame: Frame,
  platform: SlicePlatform,
  baseScale: BaseScale,
  format: SliceFormat,
): PresetSize[] {
  const sizes = presetSizes(frame, platform, baseScale);
  return RASTER_SLICE_FORMATS.includes(format) ? sizes : sizes.slice(0, 1);
}
