import { z } from 'zod';
import { DsmLimits } from './limits.js';

/**
 * Design tokens: the one place that says what a token's value looks like (its DTCG `$value`), what it is
 * called on each platform, and when a layer's value is a token's. The server's export (Style Dictionary),
 * its import, and the inspect view's code all use these, so a name read in inspect is the name exported.
 */
export const TOKEN_KINDS = ['color', 'typography', 'radius', 'spacing', 'shadow', 'border'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** The DTCG `$type` each kind is written as. Radius and spacing are both dimensions. */
export const DTCG_TYPE_OF: Record<TokenKind, string> = {
  color: 'color',
  typography: 'typography',
  radius: 'dimension',
  spacing: 'dimension',
  shadow: 'shadow',
  border: 'border',
};

/** `#rrggbb` or `#rrggbbaa`, lower case as stored. */
const hex = z
  .string()
  .regex(/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { message: 'token.value' })
  .transform((value) => value.toLowerCase());
/** A length in pixels, written `4px` (DTCG's string form; `{value, unit}` objects are read by the import). */
const px = z.string().regex(/^-?\d+(\.\d+)?px$/, { message: 'token.value' });

export const tokenValueSchemas = {
  color: hex,
  radius: px,
  spacing: px,
  typography: z.object({
    fontFamily: z.string().min(1).max(200),
    fontSize: px,
    fontWeight: z.number().int().min(1).max(1000),
    /** A multiple of the font size, as DTCG has it; null or absent for the font's own. */
    lineHeight: z.number().positive().max(10).nullable().optional(),
    letterSpacing: px.optional(),
  }),
  shadow: z.object({
    color: hex,
    offsetX: px,
    offsetY: px,
    blur: px,
    spread: px,
    inset: z.boolean().optional(),
  }),
  border: z.object({
    color: hex,
    width: px,
    style: z.enum(['solid', 'dashed', 'dotted']),
  }),
} as const satisfies Record<TokenKind, z.ZodType>;

export type TokenValue<K extends TokenKind = TokenKind> = z.infer<(typeof tokenValueSchemas)[K]>;
export type TypographyValue = TokenValue<'typography'>;
export type ShadowValue = TokenValue<'shadow'>;
export type BorderValue = TokenValue<'border'>;

const segment = new RegExp(`^[A-Za-z0-9_-]{1,${DsmLimits.tokenSegmentMaxLength}}$`);
/** Parts that name an object's own machinery in JavaScript: a token tree keyed by them would rewrite it. */
const RESERVED_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `color/brand/primary`: 1–8 segments of ASCII letters, digits, `-` and `_` (every platform can name them),
 * none of them `__proto__`, `constructor` or `prototype`.
 */
export const tokenNameSchema = z
  .string()
  .trim()
  .refine(
    (value) => {
      const parts = value.split('/');
      return (
        parts.length <= DsmLimits.tokenSegmentsMax &&
        parts.every((part) => segment.test(part) && !RESERVED_SEGMENTS.has(part))
      );
    },
    { message: 'token.name' },
  );

/** A kind and a value that fits it. */
export const tokenInputSchema = z
  .object({ kind: z.enum(TOKEN_KINDS), value: z.unknown() })
  .transform((token, context) => {
    const parsed = tokenValueSchemas[token.kind].safeParse(token.value);
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: 'token.value', path: ['value'] });
      return z.NEVER;
    }
    return { kind: token.kind, value: parsed.data as TokenValue };
  });

export interface DesignToken {
  id: string;
  /** The dsm project holding it. */
  project_id: string;
  kind: TokenKind;
  name: string;
  value: TokenValue;
  description: string;
  order: number;
  createTime: number;
  updateTime: number;
}

/** Words of a name: `color/brand/primary-dark` → color, brand, primary, dark. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** What a token is called in each platform's code; Style Dictionary's export is named by the same rules. */
export const tokenNames = {
  /** `--color-brand-primary` */
  css: (name: string) => `--${nameWords(name).join('-')}`,
  /** `$color-brand-primary` */
  scss: (name: string) => `$${nameWords(name).join('-')}`,
  /**
   * `brand_primary` in `R.color.brand_primary`: the resource type already says colour, so a leading
   * `color` word is dropped (kept when nothing else would be left).
   */
  android: (name: string, kind: TokenKind) => {
    const words = nameWords(name);
    const rest = kind === 'color' && words[0] === 'color' && words.length > 1 ? words.slice(1) : words;
    const joined = rest.join('_');
    return /^[0-9]/.test(joined) ? `t_${joined}` : joined;
  },
  /** `colorBrandPrimary`, a static member of `FerryTokens` in the Swift export. */
  swift: (name: string) => {
    const [first = 'token', ...rest] = nameWords(name);
    const joined = first + rest.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
    return /^[0-9]/.test(joined) ? `t${joined}` : joined;
  },
};

/** The Swift export's type holding every token. */
export const SWIFT_TOKENS_CLASS = 'FerryTokens';

/** A CSS length's pixels: `4px` → 4. */
export const pxOf = (value: string): number => Number.parseFloat(value);

/** `#rrggbb` for an opaque colour, `#rrggbbaa` otherwise; channels 0–255, alpha 0–1. */
export function hexOf(color: { r: number; g: number; b: number; a: number }): string {
  const byte = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, '0');
  const alpha = Math.round(Math.max(0, Math.min(1, color.a)) * 255);
  return `#${byte(color.r)}${byte(color.g)}${byte(color.b)}${alpha === 255 ? '' : byte(alpha)}`;
}
