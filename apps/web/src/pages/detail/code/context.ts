import type { BaseScale, Layer, TextRun, TokenMatcher } from '@ferry/shared';
import type { ColorFormat } from '../colors';

/** What every code generator needs besides the layer. */
export interface CodeContext {
  baseScale: BaseScale;
  /** The colour format picked in the panel; CSS and WXSS write colours in it, the native languages their own way. */
  colorFormat: ColorFormat;
  /**
   * The linked design tokens at this base scale, when the panel writes tokens: a matched value is written as
   * the token (`var(--color-brand-primary)`), anything else raw. Absent: raw values only.
   */
  tokens?: TokenMatcher;
}

export type CodeLanguage = 'css' | 'swift' | 'android' | 'wxss';
export const CODE_LANGUAGES: readonly CodeLanguage[] = ['css', 'swift', 'android', 'wxss'];

/** Identifier words of a layer name: "Buy now / Primary" → ["buy", "now", "primary"]; ASCII letters and digits only. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A Swift variable name: "Buy now" → buyNow; `fallback` when the name has no usable letters. */
export function camelName(name: string, fallback: string): string {
  const [first, ...rest] = words(name);
  if (!first) return fallback;
  const joined = first + rest.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
  return /^[0-9]/.test(joined) ? `${fallback}${joined}` : joined;
}

/** An Android resource name: "Buy now" → buy_now. */
export function snakeName(name: string, fallback: string): string {
  const joined = words(name).join('_');
  if (!joined) return fallback;
  return /^[0-9]/.test(joined) ? `${fallback}_${joined}` : joined;
}

/** The runs that differ in style from the first: a text of one style has none. */
export function distinctRuns(runs: readonly TextRun[]): TextRun[] {
  const key = (run: TextRun) =>
    JSON.stringify([
      run.fontFamily,
      run.postScriptName,
      run.fontSize,
      run.fontWeight,
      run.fontStyle,
      run.lineHeight,
      run.letterSpacing,
      run.color,
      run.underline,
      run.strikethrough,
    ]);
  const seen = new Set<string>();
  return runs.filter((run) => {
    const k = key(run);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The text of a run, shortened for a comment. */
export function runText(layer: Layer, run: TextRun, max = 24): string {
  const text = (layer.text?.content ?? '').slice(run.start, run.end).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
