import type { Border, Fill, Layer, Rgba, TextInfo, TokenMatcher } from '@ferry/shared';
import { formatNumber, roundedLength, type UnitContext } from '../units';
import { type CodeContext, snakeName } from './context';
import { androidTokenRef } from './tokenRefs';

/**
 * Android layout XML: a TextView for text, a View for everything else; sizes in dp, font sizes in sp. A
 * background more than one plain colour comes as a shape drawable after the view.
 */

/** #RRGGBB, or #AARRGGBB when not opaque (Android puts the alpha first). */
export function androidColor(color: Rgba): string {
  const hex = (value: number) =>
    Math.max(0, Math.min(255, Math.round(value)))
      .toString(16)
      .padStart(2, '0')
      .toUpperCase();
  const rgb = `${hex(color.r)}${hex(color.g)}${hex(color.b)}`;
  return color.a >= 1 ? `#${rgb}` : `#${hex(color.a * 255)}${rgb}`;
}

/** A colour as its token's colour resource, or as a literal. */
function colorOf(color: Rgba, tokens: TokenMatcher | undefined): string {
  const token = tokens?.color(color);
  return token ? androidTokenRef(token) : androidColor(color);
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, "\\'")
    .replace(/\r?\n|\r/g, '\\n');

const GRAVITY: Record<TextInfo['align'], string | null> = {
  left: null,
  center: 'center_horizontal',
  right: 'end',
  justify: null,
};

/** Families every Android phone has; anything else is a font resource the app ships. */
const SYSTEM_FAMILIES = /^(roboto|sans-serif|serif|monospace|noto sans)/i;

function element(tag: string, attributes: [string, string][]): string {
  const body = attributes.map(([name, value]) => `    ${name}="${value}"`).join('\n');
  return `<${tag}\n${body} />`;
}

/** CSS degrees (0 = to top, 90 = to right) → a shape gradient's angle (0 = left to right, counter-clockwise), in 45° steps. */
const gradientAngle = (css: number) => (((Math.round((90 - css) / 45) * 45) % 360) + 360) % 360;

function shape(
  fill: Fill | null,
  layer: Layer,
  border: Border | undefined,
  units: UnitContext,
  tokens: TokenMatcher | undefined,
): string {
  const dp = (value: number) => `${roundedLength(value, units)}dp`;
  const lines = [
    '<shape xmlns:android="http://schemas.android.com/apk/res/android"',
    '    android:shape="rectangle">',
  ];
  if (fill?.type === 'solid') lines.push(`    <solid android:color="${colorOf(fill.color, tokens)}" />`);
  if (fill && fill.type !== 'solid' && fill.type !== 'image' && fill.stops.length) {
    const { stops } = fill;
    const attributes = [
      `android:type="${fill.type === 'linear' ? 'linear' : fill.type === 'radial' ? 'radial' : 'sweep'}"`,
      ...(fill.type === 'linear' ? [`android:angle="${gradientAngle(fill.angle)}"`] : []),
      ...(fill.type === 'radial'
        ? [`android:gradientRadius="${dp(Math.max(layer.frame.width, layer.frame.height) / 2)}"`]
        : []),
      `android:startColor="${androidColor(stops[0].color)}"`,
      ...(stops.length > 2
        ? [`android:centerColor="${androidColor(stops[Math.floor(stops.length / 2)].color)}"`]
        : []),
      `android:endColor="${androidColor(stops[stops.length - 1].color)}"`,
    ];
    lines.push(`    <gradient\n${attributes.map((attribute) => `        ${attribute}`).join('\n')} />`);
  }
  const radii = layer.radius;
  if (radii) {
    const token = tokens?.radius(radii);
    if (radii.every((radius) => radius === radii[0]))
      lines.push(`    <corners android:radius="${token ? androidTokenRef(token) : dp(radii[0])}" />`);
    else {
      const [tl, tr, br, bl] = radii.map(dp);
      lines.push(
        `    <corners\n        android:topLeftRadius="${tl}"\n        android:topRightRadius="${tr}"\n        android:bottomRightRadius="${br}"\n        android:bottomLeftRadius="${bl}" />`,
      );
    }
  }
  if (border?.fill.type === 'solid') {
    const dash = border.dash.length
      ? ` android:dashWidth="${dp(border.dash[0])}" android:dashGap="${dp(border.dash[1] ?? border.dash[0])}"`
      : '';
    lines.push(
      `    <stroke android:width="${dp(border.width)}" android:color="${colorOf(border.fill.color, tokens)}"${dash} />`,
    );
  }
  lines.push('</shape>');
  return lines.join('\n');
}

function textAttributes(text: TextInfo, units: UnitContext, tokens?: TokenMatcher): [string, string][] {
  const run = text.runs[0];
  const sp = (value: number) => `${roundedLength(value, units, 'font')}sp`;
  const list: [string, string][] = [
    ['android:text', escapeXml(text.content)],
    ['android:textColor', colorOf(run.color, tokens)],
    ['android:textSize', sp(run.fontSize)],
  ];
  const bold = run.fontWeight >= 600;
  const italic = run.fontStyle === 'italic';
  if (bold || italic)
    list.push(['android:textStyle', [bold ? 'bold' : '', italic ? 'italic' : ''].filter(Boolean).join('|')]);
  if (run.fontFamily && !SYSTEM_FAMILIES.test(run.fontFamily)) {
    list.push(['android:fontFamily', `@font/${snakeName(run.postScriptName || run.fontFamily, 'font')}`]);
  }
  // Android's letter spacing is in ems.
  if (run.letterSpacing && run.fontSize)
    list.push(['android:letterSpacing', formatNumber(run.letterSpacing / run.fontSize, 3)]);
  if (run.lineHeight !== null) list.push(['android:lineHeight', sp(run.lineHeight)]);
  const gravity = GRAVITY[text.align];
  if (gravity) list.push(['android:gravity', gravity]);
  return list;
}

export function androidCode(layer: Layer, context: CodeContext): string {
  const units: UnitContext = { platform: 'android', baseScale: context.baseScale };
  const dp = (value: number) => `${roundedLength(value, units)}dp`;
  const id = snakeName(layer.name, layer.type);
  const isText = layer.type === 'text' && !!layer.text?.runs.length;
  const attributes: [string, string][] = [
    ['android:id', `@+id/${id}`],
    ['android:layout_width', dp(layer.frame.width)],
    ['android:layout_height', dp(layer.frame.height)],
  ];
  if (isText && layer.text) attributes.push(...textAttributes(layer.text, units, context.tokens));
  const fills = isText || layer.type === 'group' ? [] : layer.fills.filter((fill) => fill.type !== 'image');
  const border = layer.borders[0];
  // The top-most fill; a drawable holds one fill.
  const fill = fills[fills.length - 1] ?? null;
  const plain = fill?.type === 'solid' && !layer.radius && !border;
  let drawable = '';
  if (plain && fill?.type === 'solid')
    attributes.push(['android:background', colorOf(fill.color, context.tokens)]);
  else if (fill || (border && !isText) || (layer.radius && !isText)) {
    const name = `${id}_background`;
    attributes.push(['android:background', `@drawable/${name}`]);
    drawable = `\n\n<!-- res/drawable/${name}.xml -->\n${shape(fill, layer, border, units, context.tokens)}`;
  }
  if (layer.opacity < 1) attributes.push(['android:alpha', formatNumber(layer.opacity)]);
  return `${element(isText ? 'TextView' : 'View', attributes)}${drawable}`;
}
