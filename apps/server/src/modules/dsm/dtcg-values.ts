import { hexOf, type TokenKind, type TokenValue } from '@ferry/shared';
import { parse as parseColor, rgb } from 'culori';

/** A value of a DTCG file that does not fit its type: the reason in both languages. */
export class ValueFault extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
  }
}

const REM_PX = 16;
const FONT_WEIGHTS: Record<string, number> = {
  thin: 100,
  hairline: 100,
  extralight: 200,
  ultralight: 200,
  light: 300,
  normal: 400,
  regular: 400,
  book: 400,
  medium: 500,
  semibold: 600,
  demibold: 600,
  bold: 700,
  extrabold: 800,
  ultrabold: 800,
  black: 900,
  heavy: 900,
};

const round = (n: number) => Math.round(n * 1000) / 1000;

/** A DTCG colour (`#rgb`, `#rrggbbaa`, `rgba(…)`, or the `{colorSpace, components, alpha}` object) as stored hex. */
export function colorOf(value: unknown): string {
  if (value && typeof value === 'object') {
    const object = value as { hex?: unknown; colorSpace?: unknown; components?: unknown; alpha?: unknown };
    const alpha = typeof object.alpha === 'number' ? object.alpha : 1;
    const parts = object.components;
    if (object.colorSpace === 'srgb' && Array.isArray(parts) && parts.every((n) => typeof n === 'number')) {
      const [r, g, b] = parts as number[];
      return hexOf({ r: r * 255, g: g * 255, b: b * 255, a: alpha });
    }
    if (typeof object.hex === 'string')
      return colorOf(alpha === 1 ? object.hex : `${object.hex}${byte(alpha)}`);
  }
  const parsed = typeof value === 'string' ? parseColor(value.trim()) : undefined;
  const color = parsed ? rgb(parsed) : undefined;
  if (!color) throw new ValueFault('不是可识别的颜色', 'is not a colour this import reads');
  return hexOf({ r: color.r * 255, g: color.g * 255, b: color.b * 255, a: color.alpha ?? 1 });
}

const byte = (alpha: number) =>
  Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');

/** A DTCG dimension (`4px`, `0.5rem` at 16px, `{value, unit}`, a bare number as px) as `4px`. */
export function pxText(value: unknown): string {
  let amount: number | undefined;
  let unit = 'px';
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string') {
    const match = /^\s*(-?\d+(?:\.\d+)?)\s*(px|rem)?\s*$/.exec(value);
    if (match) [amount, unit] = [Number(match[1]), match[2] ?? 'px'];
  } else if (value && typeof value === 'object') {
    const object = value as { value?: unknown; unit?: unknown };
    if (typeof object.value === 'number' && (object.unit === 'px' || object.unit === 'rem')) {
      [amount, unit] = [object.value, object.unit];
    }
  }
  if (amount === undefined || !Number.isFinite(amount)) {
    throw new ValueFault('不是以 px 或 rem 表示的尺寸', 'is not a dimension in px or rem');
  }
  return `${round(unit === 'rem' ? amount * REM_PX : amount)}px`;
}

function fontWeightOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const key = value.toLowerCase().replace(/[\s_-]/g, '');
    if (Object.hasOwn(FONT_WEIGHTS, key)) return FONT_WEIGHTS[key];
    if (/^\d+$/.test(value)) return Number(value);
  }
  throw new ValueFault(
    '字重不是 1–1000 的数字或字重名称',
    'has a font weight that is neither 1–1000 nor a weight name',
  );
}

/** DTCG's unitless multiple; `24px` is divided by the font size, `150%` read as 1.5. */
function lineHeightOf(value: unknown, fontSize: string): number | null {
  if (value === undefined || value === null || value === 'normal' || value === 'auto') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?%$/.test(value.trim()))
    return round(Number.parseFloat(value) / 100);
  return round(Number.parseFloat(pxText(value)) / Number.parseFloat(fontSize));
}

const objectOf = (value: unknown, what: { zh: string; en: string }) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValueFault(`应是${what.zh}对象`, `should be ${what.en} object`);
  }
  return value as Record<string, unknown>;
};

/** The stored value of a token of `kind` from its resolved DTCG `$value`. */
export function valueOfDtcg(kind: TokenKind, value: unknown): TokenValue {
  switch (kind) {
    case 'color':
      return colorOf(value);
    case 'radius':
    case 'spacing':
      return pxText(value);
    case 'typography': {
      const object = objectOf(value, { zh: '排版', en: 'a typography' });
      const family = Array.isArray(object.fontFamily) ? object.fontFamily[0] : object.fontFamily;
      if (typeof family !== 'string' || !family) throw new ValueFault('缺少字体', 'lacks a font family');
      const fontSize = pxText(object.fontSize);
      const letterSpacing = object.letterSpacing === undefined ? undefined : pxText(object.letterSpacing);
      const lineHeight = lineHeightOf(object.lineHeight, fontSize);
      return {
        fontFamily: family,
        fontSize,
        fontWeight: fontWeightOf(object.fontWeight ?? 400),
        ...(lineHeight === null ? {} : { lineHeight }),
        ...(letterSpacing === undefined ? {} : { letterSpacing }),
      };
    }
    case 'shadow': {
      const first = Array.isArray(value) ? value[0] : value;
      const object = objectOf(first, { zh: '阴影', en: 'a shadow' });
      return {
        color: colorOf(object.color),
        offsetX: pxText(object.offsetX ?? 0),
        offsetY: pxText(object.offsetY ?? 0),
        blur: pxText(object.blur ?? 0),
        spread: pxText(object.spread ?? 0),
        ...(object.inset === true ? { inset: true } : {}),
      };
    }
    case 'border': {
      const object = objectOf(value, { zh: '边框', en: 'a border' });
      const style = typeof object.style === 'string' ? object.style : 'dashed';
      if (!['solid', 'dashed', 'dotted'].includes(style)) {
        throw new ValueFault(
          '边框样式应为 solid、dashed 或 dotted',
          'has a border style other than solid, dashed or dotted',
        );
      }
      return { color: colorOf(object.color), width: pxText(object.width), style } as TokenValue;
    }
  }
}

/** The DTCG `$value` of a stored value (the same shapes; a typography's unset line height left out). */
export function dtcgValueOf(kind: TokenKind, value: TokenValue): unknown {
  if (kind !== 'typography') return value;
  const { lineHeight, ...rest } = value as Extract<TokenValue, { fontFamily: string }>;
  return lineHeight == null ? rest : { ...rest, lineHeight };
}
