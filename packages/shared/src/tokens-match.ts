import type { ProjectTokenSet } from './api/dsm.js';
import type { Border, Rgba, Shadow, TextRun } from './layers.js';
import {
  type BorderValue,
  type DesignToken,
  hexOf,
  pxOf,
  type ShadowValue,
  type TokenKind,
  type TypographyValue,
} from './tokens.js';

/**
 * Which design token a layer's value is: the inspect view names it beside the value and writes it in code.
 * Tokens hold code pixels, as inspect shows them: the layer's design pixels are divided by the base scale
 * first (a @2x design's 32 px radius is a `16px` token). When two linked sets hold the same value, the first
 * linked set wins (then the first token of it).
 */
export interface TokenMatcher {
  /** No token of any kind: nothing will ever match. */
  readonly empty: boolean;
  color(color: Rgba): DesignToken | null;
  typography(run: TextRun): DesignToken | null;
  /** A layer's corner radii: only four equal, non-zero corners are one radius. */
  radius(radius: readonly [number, number, number, number] | null): DesignToken | null;
  shadow(shadow: Shadow): DesignToken | null;
  border(border: Border): DesignToken | null;
  /** A distance in design pixels (the distance overlay's). */
  spacing(distance: number): DesignToken | null;
}

/** Lengths closer than this are the same: sub-pixel noise of vector exports and float division. */
const EPSILON = 0.01;
const same = (a: number, b: number) => Math.abs(a - b) < EPSILON;
/** A map key for a length: hundredths, so 4 and 4.001 meet. */
const lengthKey = (value: number) => String(Math.round(value * 100));

/** A border's line as CSS names it: no dashes solid, dashes no longer than the line is wide dotted. */
export function borderStyleOf(border: Border): BorderValue['style'] {
  if (!border.dash.length) return 'solid';
  return border.dash[0] <= border.width ? 'dotted' : 'dashed';
}

export function tokenMatcher(sets: readonly ProjectTokenSet[], baseScale = 1): TokenMatcher {
  const scale = baseScale > 0 ? baseScale : 1;
  const byKind: Record<TokenKind, DesignToken[]> = {
    color: [],
    typography: [],
    radius: [],
    spacing: [],
    shadow: [],
    border: [],
  };
  for (const set of sets) for (const token of set.tokens) byKind[token.kind]?.push(token);

  /** First token per key, in linked order. */
  const index = (tokens: DesignToken[], keyOf: (token: DesignToken) => string) => {
    const map = new Map<string, DesignToken>();
    for (const token of tokens) {
      const key = keyOf(token);
      if (!map.has(key)) map.set(key, token);
    }
    return map;
  };
  const colors = index(byKind.color, (token) => String(token.value).toLowerCase());
  const radii = index(byKind.radius, (token) => lengthKey(pxOf(String(token.value))));
  const spacings = index(byKind.spacing, (token) => lengthKey(pxOf(String(token.value))));
  const code = (designPx: number) => designPx / scale;
  const find = <V>(kind: TokenKind, test: (value: V) => boolean) =>
    byKind[kind].find((token) => test(token.value as V)) ?? null;

  return {
    empty: Object.values(byKind).every((tokens) => tokens.length === 0),
    color: (color) => colors.get(hexOf(color)) ?? null,
    typography: (run) =>
      find<TypographyValue>('typography', (value) => {
        if (value.fontFamily.trim().toLowerCase() !== run.fontFamily.trim().toLowerCase()) return false;
        if (!same(pxOf(value.fontSize), code(run.fontSize)) || value.fontWeight !== run.fontWeight)
          return false;
        const multiple = run.lineHeight === null || !run.fontSize ? null : run.lineHeight / run.fontSize;
        const wanted = value.lineHeight ?? null;
        if (multiple === null || wanted === null) {
          if (multiple !== wanted) return false;
        } else if (!same(multiple, wanted)) return false;
        return value.letterSpacing === undefined || same(pxOf(value.letterSpacing), code(run.letterSpacing));
      }),
    radius: (radius) => {
      if (!radius || radius[0] <= 0 || !radius.every((corner) => same(corner, radius[0]))) return null;
      return radii.get(lengthKey(code(radius[0]))) ?? null;
    },
    shadow: (shadow) => {
      const hex = hexOf(shadow.color);
      return find<ShadowValue>(
        'shadow',
        (value) =>
          value.color.toLowerCase() === hex &&
          !!value.inset === (shadow.type === 'inner') &&
          same(pxOf(value.offsetX), code(shadow.x)) &&
          same(pxOf(value.offsetY), code(shadow.y)) &&
          same(pxOf(value.blur), code(shadow.blur)) &&
          same(pxOf(value.spread), code(shadow.spread)),
      );
    },
    border: (border) => {
      if (border.fill.type !== 'solid') return null;
      const hex = hexOf(border.fill.color);
      const style = borderStyleOf(border);
      return find<BorderValue>(
        'border',
        (value) =>
          value.color.toLowerCase() === hex &&
          value.style === style &&
          same(pxOf(value.width), code(border.width)),
      );
    },
    spacing: (distance) => spacings.get(lengthKey(code(distance))) ?? null,
  };
}

/** The matcher of no tokens: what a project linking none, or whose tokens could not be read, uses. */
export const NO_TOKENS: TokenMatcher = tokenMatcher([]);
