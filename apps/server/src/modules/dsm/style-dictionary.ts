import {
  type BorderValue,
  pxOf,
  type ShadowValue,
  SWIFT_TOKENS_CLASS,
  type TokenKind,
  type TypographyValue,
  tokenNames,
} from '@ferry/shared';
import StyleDictionary from 'style-dictionary';
import type { TransformedToken } from 'style-dictionary/types';
import { FERRY_EXTENSION } from './dtcg.js';

export type PlatformFormat = 'css' | 'scss' | 'android' | 'ios';

export const PLATFORM_FILES: Record<PlatformFormat, { name: string; mime: string }> = {
  css: { name: 'tokens.css', mime: 'text/css' },
  scss: { name: '_tokens.scss', mime: 'text/x-scss' },
  android: { name: 'colors.xml', mime: 'application/xml' },
  ios: { name: `${SWIFT_TOKENS_CLASS}.swift`, mime: 'text/x-swift' },
};

const kindOf = (token: TransformedToken): TokenKind =>
  (token.$extensions as Record<string, { kind: TokenKind }> | undefined)?.[FERRY_EXTENSION]?.kind ??
  'spacing';
const nameOf = (token: TransformedToken) => token.path.join('/');
/** A token as the formats read it: with the stored value, which Style Dictionary never saw (see inertValues). */
type Stored = TransformedToken & { stored: unknown };
const originalOf = (token: TransformedToken) => (token as Stored).stored;

/**
 * The tree with each `$value` swapped for a plain stand-in, the values kept aside by name: Style Dictionary
 * reads any `{…}` in the tree as a reference, and a font family such as `{brand}` would fail the export.
 */
function inertValues(node: unknown, path: string[], values: Map<string, unknown>): unknown {
  if (!node || typeof node !== 'object') return node;
  const group = node as Record<string, unknown>;
  if (Object.hasOwn(group, '$value')) {
    values.set(path.join('/'), group.$value);
    // The formats write no descriptions, and one may hold braces too.
    const { $description: _description, ...token } = group;
    return { ...token, $value: 'stored' };
  }
  return Object.fromEntries(
    Object.entries(group).map(([key, child]) => [key, inertValues(child, [...path, key], values)]),
  );
}

const channels = (hex: string) => {
  const n = (at: number) => Number.parseInt(hex.slice(at, at + 2), 16);
  return { r: n(1), g: n(3), b: n(5), a: hex.length === 9 ? n(7) : 255 };
};
const num = (n: number) => String(Math.round(n * 1000) / 1000);
/** A CSS string: quotes and backslashes escaped, line breaks as `\a ` (a raw one would end the declaration). */
const quoteFamily = (family: string) =>
  /^[A-Za-z-]+$/.test(family) ? family : `"${family.replace(/["\\]/g, '\\$&').replace(/[\r\n\f]/g, '\\a ')}"`;

function cssValue(token: TransformedToken): string {
  const value = originalOf(token);
  switch (kindOf(token)) {
    case 'typography': {
      const t = value as TypographyValue;
      return `${t.fontWeight} ${t.fontSize}${t.lineHeight ? `/${num(t.lineHeight)}` : ''} ${quoteFamily(t.fontFamily)}`;
    }
    case 'shadow': {
      const s = value as ShadowValue;
      return `${s.inset ? 'inset ' : ''}${s.offsetX} ${s.offsetY} ${s.blur} ${s.spread} ${s.color}`;
    }
    case 'border': {
      const b = value as BorderValue;
      return `${b.width} ${b.style} ${b.color}`;
    }
    default:
      return value as string;
  }
}

/** Android colours are `#AARRGGBB`. */
const androidColor = (hex: string) => {
  const { a } = channels(hex);
  return `#${a.toString(16).padStart(2, '0')}${hex.slice(1, 7)}`.toUpperCase();
};
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function androidLines(token: TransformedToken): string[] {
  const value = originalOf(token);
  const name = token.name;
  switch (kindOf(token)) {
    case 'color':
      return [`  <color name="${name}">${androidColor(value as string)}</color>`];
    case 'radius':
    case 'spacing':
      return [`  <dimen name="${name}">${num(pxOf(value as string))}dp</dimen>`];
    case 'typography': {
      const t = value as TypographyValue;
      const size = pxOf(t.fontSize);
      const items = [
        ['android:fontFamily', xmlText(t.fontFamily)],
        ['android:textSize', `${num(size)}sp`],
        ['android:textFontWeight', String(t.fontWeight)],
        ...(t.lineHeight ? [['android:lineSpacingMultiplier', num(t.lineHeight)]] : []),
        ...(t.letterSpacing ? [['android:letterSpacing', num(pxOf(t.letterSpacing) / size)]] : []),
      ];
      return [
        `  <style name="${name}">`,
        ...items.map(([item, text]) => `    <item name="${item}">${text}</item>`),
        '  </style>',
      ];
    }
    default:
      // Shadows and borders have no resource type; their parts are named in the other exports.
      return [`  <!-- ${name}: ${kindOf(token)} ${xmlText(cssValue(token))} -->`];
  }
}

const uiColor = (hex: string) => {
  const { r, g, b, a } = channels(hex);
  return `UIColor(red: ${num(r / 255)}, green: ${num(g / 255)}, blue: ${num(b / 255)}, alpha: ${num(a / 255)})`;
};
const swiftWeight = (weight: number) =>
  ['ultraLight', 'thin', 'light', 'regular', 'medium', 'semibold', 'bold', 'heavy', 'black'][
    Math.min(8, Math.max(0, Math.round(weight / 100) - 1))
  ];

function swiftLine(token: TransformedToken): string {
  const value = originalOf(token);
  const declare = (type: string, text: string) => `    public static let ${token.name}: ${type} = ${text}`;
  switch (kindOf(token)) {
    case 'color':
      return declare('UIColor', uiColor(value as string));
    case 'radius':
    case 'spacing':
      return declare('CGFloat', num(pxOf(value as string)));
    case 'typography': {
      const t = value as TypographyValue;
      const size = num(pxOf(t.fontSize));
      const family = JSON.stringify(t.fontFamily);
      return declare(
        'UIFont',
        `UIFont(name: ${family}, size: ${size}) ?? .systemFont(ofSize: ${size}, weight: .${swiftWeight(t.fontWeight)})`,
      );
    }
    case 'shadow': {
      const s = value as ShadowValue;
      const parts = [s.offsetX, s.offsetY, s.blur, s.spread].map((length) => num(pxOf(length)));
      return declare(
        'FerryShadow',
        `FerryShadow(color: ${uiColor(s.color)}, x: ${parts[0]}, y: ${parts[1]}, blur: ${parts[2]}, spread: ${parts[3]}, inset: ${s.inset === true})`,
      );
    }
    case 'border': {
      const b = value as BorderValue;
      return declare(
        'FerryBorder',
        `FerryBorder(color: ${uiColor(b.color)}, width: ${num(pxOf(b.width))}, style: ${JSON.stringify(b.style)})`,
      );
    }
  }
}

const HEADER = 'Design tokens exported from Ferry. Do not edit: export again instead.';

const formats: Record<PlatformFormat, (tokens: TransformedToken[]) => string> = {
  css: (tokens) =>
    `/* ${HEADER} */\n:root {\n${tokens.map((t) => `  ${t.name}: ${cssValue(t)};\n`).join('')}}\n`,
  scss: (tokens) => `// ${HEADER}\n${tokens.map((t) => `${t.name}: ${cssValue(t)};\n`).join('')}`,
  android: (tokens) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<!-- ${HEADER} -->\n<resources>\n${tokens
      .flatMap(androidLines)
      .map((line) => `${line}\n`)
      .join('')}</resources>\n`,
  ios: (tokens) =>
    [
      `// ${HEADER}`,
      'import UIKit',
      '',
      'public struct FerryShadow {',
      '    public let color: UIColor',
      '    public let x: CGFloat, y: CGFloat, blur: CGFloat, spread: CGFloat',
      '    public let inset: Bool',
      '}',
      '',
      'public struct FerryBorder {',
      '    public let color: UIColor',
      '    public let width: CGFloat',
      '    public let style: String',
      '}',
      '',
      `public final class ${SWIFT_TOKENS_CLASS} {`,
      ...tokens.map(swiftLine),
      '}',
      '',
    ].join('\n'),
};

/** Each platform's names, by the shared rules the inspect view's code uses too. */
const names: Record<PlatformFormat, (token: TransformedToken) => string> = {
  css: (token) => tokenNames.css(nameOf(token)),
  scss: (token) => tokenNames.scss(nameOf(token)),
  android: (token) => tokenNames.android(nameOf(token), kindOf(token)),
  ios: (token) => tokenNames.swift(nameOf(token)),
};

/** One platform's file of a DTCG token tree, made by Style Dictionary in memory (nothing is written). */
export async function platformFile(dtcg: object, format: PlatformFormat): Promise<string> {
  const values = new Map<string, unknown>();
  const tokens = inertValues(dtcg, [], values);
  const stored = (token: TransformedToken): Stored => ({ ...token, stored: values.get(nameOf(token)) });
  const sd = new StyleDictionary({
    tokens: tokens as never,
    usesDtcg: true,
    log: { verbosity: 'silent', warnings: 'disabled' },
    hooks: {
      transforms: { [`ferry/name/${format}`]: { type: 'name', transform: names[format] } },
      formats: { [`ferry/${format}`]: ({ dictionary }) => formats[format](dictionary.allTokens.map(stored)) },
    },
    platforms: {
      [format]: {
        transforms: [`ferry/name/${format}`],
        files: [{ destination: PLATFORM_FILES[format].name, format: `ferry/${format}` }],
      },
    },
  });
  const [file] = await sd.formatPlatform(format);
  return String(file.output);
}
