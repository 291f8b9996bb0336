import type { Border, Fill, Layer, Rgba, Shadow, TextRun, TokenMatcher } from '@ferry/shared';
import { type ColorFormat, fillCss, formatColor } from '../colors';
import { formatLength, formatNumber, type UnitContext } from '../units';
import { type CodeContext, distinctRuns, runText } from './context';
import { cssTokenRef } from './tokenRefs';

type Declaration = [property: string, value: string];

/** What every declaration is written with: units, the colour format and, when on, the tokens. */
interface Style {
  units: UnitContext;
  format: ColorFormat;
  tokens: TokenMatcher | undefined;
}

/** A font family as CSS writes it: quoted unless it is one plain word. */
const family = (name: string) =>
  /^[A-Za-z][A-Za-z0-9-]*$/.test(name) ? name : `"${name.replace(/"/g, '\\"')}"`;

/** A colour as its token's variable, or in the chosen format. */
function color(value: Rgba, style: Style): string {
  const token = style.tokens?.color(value);
  return token ? cssTokenRef(token) : formatColor(value, style.format);
}

/** The text style of one run; a text-style token stands for the font shorthand it defines. */
function textDeclarations(run: TextRun, style: Style, align?: string): Declaration[] {
  const { units } = style;
  const length = (value: number) => formatLength(value, units, 'font');
  const list: Declaration[] = [];
  const typography = style.tokens?.typography(run);
  if (typography) list.push(['font', cssTokenRef(typography)]);
  else {
    if (run.fontFamily) list.push(['font-family', family(run.fontFamily)]);
    list.push(['font-size', length(run.fontSize)]);
    list.push(['font-weight', String(run.fontWeight)]);
  }
  if (run.fontStyle === 'italic') list.push(['font-style', 'italic']);
  if (!typography && run.lineHeight !== null) list.push(['line-height', length(run.lineHeight)]);
  if (run.letterSpacing) list.push(['letter-spacing', formatLength(run.letterSpacing, units, 'spacing')]);
  if (align && align !== 'left') list.push(['text-align', align]);
  list.push(['color', color(run.color, style)]);
  const decoration = [run.underline ? 'underline' : '', run.strikethrough ? 'line-through' : '']
    .filter(Boolean)
    .join(' ');
  if (decoration) list.push(['text-decoration', decoration]);
  return list;
}

/**
 * CSS backgrounds list the top-most first; a fill list is painted first to last. A plain colour may only be the
 * bottom layer of `background`, so colours above it become one-colour gradients.
 */
function background(fills: readonly Fill[], style: Style): string | null {
  const painted = fills.filter((fill) => fill.type !== 'image');
  if (!painted.length) return null;
  return painted
    .map((fill, index) => {
      const css = fill.type === 'solid' ? color(fill.color, style) : (fillCss(fill, style.format) as string);
      return fill.type === 'solid' && index > 0 ? `linear-gradient(${css}, ${css})` : css;
    })
    .reverse()
    .join(', ');
}

function borderDeclarations(border: Border, style: Style): Declaration[] {
  const token = style.tokens?.border(border);
  if (token) return [['border', cssTokenRef(token)]];
  const width = formatLength(border.width, style.units);
  const line = border.dash.length ? 'dashed' : 'solid';
  if (border.fill.type === 'solid')
    return [['border', `${width} ${line} ${color(border.fill.color, style)}`]];
  const image = fillCss(border.fill, style.format);
  return image
    ? [
        ['border', `${width} ${line}`],
        ['border-image', `${image} 1`],
      ]
    : [];
}

function shadowValue(shadow: Shadow, style: Style, text: boolean): string {
  // A shadow token carries spread, which text-shadow has not.
  const token = text ? null : style.tokens?.shadow(shadow);
  if (token) return cssTokenRef(token);
  const lengths = [shadow.x, shadow.y, shadow.blur, ...(text ? [] : [shadow.spread])].map((value) =>
    formatLength(value, style.units),
  );
  const inset = shadow.type === 'inner' && !text ? 'inset ' : '';
  return `${inset}${lengths.join(' ')} ${color(shadow.color, style)}`;
}

function radiusValue(radii: Layer['radius'] & {}, style: Style): string {
  const token = style.tokens?.radius(radii);
  if (token) return cssTokenRef(token);
  const value = radii.every((radius) => radius === radii[0]) ? [radii[0]] : radii;
  return value.map((each) => formatLength(each, style.units)).join(' ');
}

function layerDeclarations(layer: Layer, style: Style): Declaration[] {
  const length = (value: number) => formatLength(value, style.units);
  const { frame } = layer;
  const list: Declaration[] = [
    ['position', 'absolute'],
    ['left', length(frame.x)],
    ['top', length(frame.y)],
    ['width', length(frame.width)],
    ['height', length(frame.height)],
  ];
  const text = layer.type === 'text' && !!layer.text;
  if (text && layer.text?.runs[0]) {
    list.push(...textDeclarations(layer.text.runs[0], style, layer.text.align));
  } else if (layer.type !== 'group') {
    const fills = background(layer.fills, style);
    if (fills) list.push(['background', fills]);
  }
  if (layer.borders[0]) list.push(...borderDeclarations(layer.borders[0], style));
  if (layer.radius) list.push(['border-radius', radiusValue(layer.radius, style)]);
  if (layer.shadows.length) {
    const values = layer.shadows.map((shadow) => shadowValue(shadow, style, text));
    list.push([text ? 'text-shadow' : 'box-shadow', values.join(', ')]);
  }
  if (layer.opacity < 1) list.push(['opacity', formatNumber(layer.opacity)]);
  if (layer.blendMode && layer.blendMode !== 'normal') list.push(['mix-blend-mode', layer.blendMode]);
  return list;
}

const block = (comment: string, declarations: Declaration[]) =>
  [
    `/* ${comment.replace(/\*\//g, '* /')} */`,
    ...declarations.map(([property, value]) => `${property}: ${value};`),
  ].join('\n');

/**
 * The layer as CSS declarations under a comment with its name; a text of several styles adds one block per
 * further style, named by its text. WXSS is the same with lengths in rpx (its variables are CSS's).
 */
export function cssCode(layer: Layer, context: CodeContext, dialect: 'css' | 'wxss' = 'css'): string {
  const style: Style = {
    units: { platform: dialect === 'wxss' ? 'wxss' : 'web', baseScale: context.baseScale },
    format: context.colorFormat,
    tokens: context.tokens,
  };
  const blocks = [block(layer.name, layerDeclarations(layer, style))];
  for (const run of distinctRuns(layer.text?.runs ?? []).slice(1)) {
    blocks.push(block(`"${runText(layer, run)}"`, textDeclarations(run, style)));
  }
  return blocks.join('\n\n');
}

export const wxssCode = (layer: Layer, context: CodeContext) => cssCode(layer, context, 'wxss');
