import type { Fill, GradientStop, Rgba } from '@ferry/shared';
import { formatNumber } from './units';

/** The colour formats of the properties panel and the CSS code. */
export type ColorFormat = 'hex' | 'rgba' | 'hsl';
export const COLOR_FORMATS: readonly ColorFormat[] = ['hex', 'rgba', 'hsl'];

const channel = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
const hex2 = (value: number) => channel(value).toString(16).padStart(2, '0').toUpperCase();
const alpha = (value: number) => formatNumber(Math.max(0, Math.min(1, value)));

/** #1E2025, or #1E2025CC with its alpha when not opaque (CSS Color 4). */
export function toHex(color: Rgba): string {
  const rgb = `#${hex2(color.r)}${hex2(color.g)}${hex2(color.b)}`;
  return color.a >= 1 ? rgb : `${rgb}${hex2(color.a * 255)}`;
}

export function toRgba(color: Rgba): string {
  return `rgba(${channel(color.r)}, ${channel(color.g)}, ${channel(color.b)}, ${alpha(color.a)})`;
}

/** hsl(220, 10%, 13%), hsla(…, 0.8) when not opaque. */
export function toHsl(color: Rgba): string {
  const r = channel(color.r) / 255;
  const g = channel(color.g) / 255;
  const b = channel(color.b) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  let hue = 0;
  let saturation = 0;
  if (delta > 0) {
    saturation = delta / (1 - Math.abs(2 * lightness - 1));
    if (max === r) hue = ((g - b) / delta) % 6;
    else if (max === g) hue = (b - r) / delta + 2;
    else hue = (r - g) / delta + 4;
    hue = (hue * 60 + 360) % 360;
  }
  const parts = `${Math.round(hue) % 360}, ${Math.round(saturation * 100)}%, ${Math.round(lightness * 100)}%`;
  return color.a >= 1 ? `hsl(${parts})` : `hsla(${parts}, ${alpha(color.a)})`;
}

export function formatColor(color: Rgba, format: ColorFormat): string {
  if (format === 'rgba') return toRgba(color);
  if (format === 'hsl') return toHsl(color);
  return toHex(color);
}

/** "80%" */
export const percent = (value: number) => `${formatNumber(value * 100, 0)}%`;

const stops = (list: GradientStop[], format: ColorFormat) =>
  list.map((stop) => `${formatColor(stop.color, format)} ${percent(stop.position)}`).join(', ');

/** A fill as a CSS image or colour: `#FFFFFF`, `linear-gradient(90deg, … 0%, … 100%)`; null for bitmaps. */
export function fillCss(fill: Fill, format: ColorFormat): string | null {
  if (fill.type === 'solid') return formatColor(fill.color, format);
  if (fill.type === 'linear')
    return `linear-gradient(${formatNumber(fill.angle)}deg, ${stops(fill.stops, format)})`;
  if (fill.type === 'radial') return `radial-gradient(circle, ${stops(fill.stops, format)})`;
  if (fill.type === 'angular')
    return `conic-gradient(from ${formatNumber(fill.angle)}deg, ${stops(fill.stops, format)})`;
  return null;
}

/** A swatch's CSS background for a fill (transparent for bitmaps). */
export function fillSwatch(fill: Fill): string {
  return fillCss(fill, 'rgba') ?? 'transparent';
}
