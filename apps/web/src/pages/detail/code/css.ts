import type { Border, Fill, Layer, Shadow, TextRun } from '@ferry/shared';
import { type ColorFormat, fillCss, formatColor } from '../colors';
import { formatLength, formatNumber, type UnitContext } from '../units';
import { type CodeContext, distinctRuns, runText } from './context';

type Declaration = [property: string, value: string];

/** A font family as CSS writes it: quoted unless it is one plain word. */
const family = (name: string) =>
  /^[A-Za-z][A-Za-z0-9-]*$/.test(name) ? name : `"${name.replace(/"/g, '\\"')}"`;

/** The text style of one run. */
function textDeclarations(
  run: TextRun,
  units: UnitContext,
  format: ColorFormat,
  align?: string,
): Declaration[] {
  const length = (value: number) => formatLength(value, units, 'font');
  const list: Declaration[] = [];
  if (run.fontFamily) list.push(['font-family', family(run.fontFamily)]);
  list.push(['font-size', length(run.fontSize)]);
  list.push(['font-weight', String(run.fontWeight)]);
  if (run.fontStyle === 'italic') list.push(['font-style', 'italic']);
  if (run.lineHeight !== null) list.push(['line-height', length(run.lineHeight)]);
  if (run.letterSpacing) list.push(['letter-spacing', formatLength(run.letterSpacing, units, 'spacing')]);
  if (align && align !== 'left') list.push(['text-align', align]);
  list.push(['color', formatColor(run.color, format)]);
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
function background(fills: readonly Fill[], format: ColorFormat): string | null {
  const painted = fills.filter((fill) => fill.type !== 'image');
  if (!painted.length) return null;
  return painted
    .map((fill, index) => {
      const css = fillCss(fill, format) as string;
      return fill.type === 'solid' && index > 0 ? `linear-gradient(${css}, ${css})` : css;
    })
    .reverse()
    .join(', ');
}

function borderDeclarations(border: Border, units: UnitContext, format: ColorFormat): Declaration[] {
  const width = formatLength(border.width, units);
  const style = border.dash.length ? 'dashed' : 'solid';
  if (border.fill.type === 'solid')
    return [['border', `${width} ${style} ${formatColor(border.fill.color, format)}`]];
  const image = fillCss(border.fill, format);
  return image
    ? [
        ['border', `${width} ${style}`],
        ['border-image', `${image} 1`],
      ]
    : [];
}

function shadowValue(shadow: Shadow, units: UnitContext, format: ColorFormat, text: boolean): string {
  const lengths = [shadow.x, shadow.y, shadow.blur, ...(text ? [] : [shadow.spread])].map((value) =>
    formatLength(value, units),
  );
  const inset = shadow.type === 'inner' && !text ? 'inset ' : '';
  return `${inset}${lengths.join(' ')} ${formatColor(shadow.color, format)}`;
}

function layerDeclarations(layer: Layer, units: UnitContext, format: ColorFormat): Declaration[] {
  const length = (value: number) => formatLength(value, units);
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
    list.push(...textDeclarations(layer.text.runs[0], units, format, layer.text.align));
  } else if (layer.type !== 'group') {
    const fills = background(layer.fills, format);
    if (fills) list.push(['background', fills]);
  }
  if (layer.borders[0]) list.push(...borderDeclarations(layer.borders[0], units, format));
  if (layer.radius) {
    const radii = layer.radius;
    const value = radii.every((radius) => radius === radii[0]) ? [radii[0]] : radii;
    list.push(['border-radius', value.map(length).join(' ')]);
  }
  if (layer.shadows.length) {
    const values = layer.shadows.map((shadow) => shadowValue(shadow, units, format, text));
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
 * further style, named by its text. WXSS is the same with lengths in rpx.
 */
export function cssCode(layer: Layer, context: CodeContext, dialect: 'css' | 'wxss' = 'css'): string {
  const units: UnitContext = { platform: dialect === 'wxss' ? 'wxss' : 'web', baseScale: context.baseScale };
  const blocks = [block(layer.name, layerDeclarations(layer, units, context.colorFormat))];
  for (const run of distinctRuns(layer.text?.runs ?? []).slice(1)) {
    blocks.push(block(`"${runText(layer, run)}"`, textDeclarations(run, units, context.colorFormat)));
  }
  return blocks.join('\n\n');
}

export const wxssCode = (layer: Layer, context: CodeContext) => cssCode(layer, context, 'wxss');
