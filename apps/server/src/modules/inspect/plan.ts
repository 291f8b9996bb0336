import {
  type Frame,
  InspectLimits,
  type Layer,
  RASTER_SLICE_FORMATS,
  SLICE_FORMATS,
  SLICE_PRESETS,
  type SliceFormat,
  type SlicePlatform,
} from '@ferry/shared';

/** One file of a slice export: a layer at one size in one format. */
export interface SliceFile {
  path: string;
  layer: Layer;
  format: SliceFormat;
  /** Pixels of a PNG, JPG or WebP; the layer's @1x size for an SVG or a PDF page (1 px = 1 pt). */
  width: number;
  height: number;
  /** A PDF's picture: the layer at the platform's densest preset, so the page stays sharp when zoomed. */
  picture?: { width: number; height: number };
}

/**
 * A slice's file name from its layer's: Photoshop Generator names (`200% icon@2x.png, icon.jpg80%`) give
 * their first asset's name (`icon`); the characters a downloaded file name loses (spec 001 §7) and control
 * characters go.
 */
export function sliceName(layerName: string): string {
  const generator = /\.(png|jpe?g|gif|webp|svg)\d{0,3}%?\s*(,|$)/i.test(layerName);
  const asset = generator ? layerName.split(',')[0] : layerName;
  const cleaned = asset
    .replace(/^\s*\d+(\.\d+)?%\s+/, '')
    .replace(/\.(png|jpe?g|gif|webp|svg)\d{0,3}%?\s*$/i, '')
    .replace(/@\d(\.\d)?x$/i, '')
    .replace(/[\\/:*?"<>\p{Cc}]/gu, '')
    .trim();
  return cleaned || 'slice';
}

/** Android resource names: lowercase letters, digits and `_`, starting with a letter. */
export function androidName(layerName: string): string {
  const snake = sliceName(layerName)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!snake) return 'slice';
  return /^[a-z]/.test(snake) ? snake : `ic_${snake}`;
}

/** Pixels of a slice side at a preset: the design's pixels over its base scale, times the preset's scale. */
export function sliceSize(frame: Frame, scale: number, baseScale: number): { width: number; height: number } {
  const width = Math.max(1, Math.round((frame.width * scale) / baseScale));
  const height = Math.max(1, Math.round((frame.height * scale) / baseScale));
  const longest = Math.max(width, height);
  if (longest <= InspectLimits.sliceMaxSidePx) return { width, height };
  const shrink = InspectLimits.sliceMaxSidePx / longest;
  return {
    width: Math.max(1, Math.round(width * shrink)),
    height: Math.max(1, Math.round(height * shrink)),
  };
}

/** The file of one preset: `ios/icon@2x.png` (`icon.png` at @1x), `android/drawable-xxhdpi/icon.webp`, `web/icon@2x.jpg`. */
function presetPath(platform: SlicePlatform, label: string, name: string, format: SliceFormat): string {
  if (platform === 'android') return `android/drawable-${label}/${name}.${format}`;
  return label === '@1x' ? `${platform}/${name}.${format}` : `${platform}/${name}${label}.${format}`;
}

/** Two layers named alike get `name`, `name-2`, `name-3` … (`_2` on Android). */
function uniqueNames(layers: Layer[], platform: SlicePlatform): string[] {
  const used = new Set<string>();
  return layers.map((layer) => {
    const base = platform === 'android' ? androidName(layer.name) : sliceName(layer.name);
    const separator = platform === 'android' ? '_' : '-';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}${separator}${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * Every file of an export, layer by layer and format by format (in SLICE_FORMATS' order): each preset of
 * the platform for a pixel format, one file at @1x for SVG and PDF.
 */
export function planSlices(
  layers: Layer[],
  options: { platform: SlicePlatform; baseScale: number; formats: readonly SliceFormat[] },
): SliceFile[] {
  const { platform, baseScale } = options;
  const presets = SLICE_PRESETS[platform];
  const densest = Math.max(...presets.map((preset) => preset.scale));
  const formats = SLICE_FORMATS.filter((format) => options.formats.includes(format));
  const names = uniqueNames(layers, platform);
  const files: SliceFile[] = [];
  for (const [index, layer] of layers.entries()) {
    for (const format of formats) {
      if (RASTER_SLICE_FORMATS.includes(format)) {
        for (const preset of presets) {
          const size = sliceSize(layer.frame, preset.scale, baseScale);
          files.push({
            path: presetPath(platform, preset.label, names[index], format),
            layer,
            format,
            ...size,
          });
        }
        continue;
      }
      const size = sliceSize(layer.frame, 1, baseScale);
      const picture = format === 'pdf' ? sliceSize(layer.frame, densest, baseScale) : undefined;
      files.push({ path: `${platform}/${names[index]}.${format}`, layer, format, ...size, picture });
    }
  }
  return files;
}
