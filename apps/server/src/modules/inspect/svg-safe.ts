/**
 * What an exported SVG may keep. The file goes to people who open it in a browser, an editor or an app, so
 * nothing in it may run or fetch: no scripts, no event handlers, no HTML islands, no animation (which can set
 * an href), and no reference that leaves the file (a `#id` or an embedded picture stays).
 */

/** Elements dropped with everything inside them. */
const DROPPED_ELEMENTS = new Set([
  'script',
  'foreignObject',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'handler',
  'listener',
  'animate',
  'animateMotion',
  'animateTransform',
  'animateColor',
  'set',
  'discard',
]);

/** Embedded pictures that draw pixels only (an embedded SVG could carry its own scripts). */
const SAFE_DATA_URL = /^\s*data:image\/(png|jpe?g|gif|webp|bmp);/i;
const LOCAL_REF = /^\s*#/;
/** `url(…)` whose target is not `#id` inside this file. */
const OUTSIDE_URL = /url\(\s*(?!['"]?#)[^)]*\)/gi;

export const keepsElement = (name: string): boolean => !DROPPED_ELEMENTS.has(name.replace(/^svg:/, ''));

/** `url(http…)`, `url(file.svg#a)` and the like become `none`; `url(#id)` stays. */
const withoutOutsideUrls = (value: string) => value.replace(OUTSIDE_URL, 'none');

/** The attributes that may stay, with references leaving the file taken out. */
export function safeAttrs(attrs: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    const bare = name.toLowerCase().replace(/^[a-z]+:/, '');
    if (bare.startsWith('on') || bare === 'base') continue;
    if (bare === 'href' || bare === 'src') {
      if (LOCAL_REF.test(value) || SAFE_DATA_URL.test(value)) kept[name] = value;
      continue;
    }
    kept[name] = withoutOutsideUrls(value);
  }
  return kept;
}

/** A <style> sheet without `@import` rules or outside URLs (fonts, pictures, sheets it would fetch). */
export function safeStyleText(css: string): string {
  return withoutOutsideUrls(css.replace(/@import[^;]*;?/gi, ''));
}
