import type { Fill, Layer, Rgba, TextInfo, TextRun, TokenMatcher } from '@ferry/shared';
import { formatNumber, roundedLength, type UnitContext } from '../units';
import { type CodeContext, camelName } from './context';
import { swiftTokenRef } from './tokenRefs';

/** UIKit code for a layer: a UILabel for text, a UIView for everything else; lengths in pt. */
const WEIGHTS: Record<number, string> = {
  100: 'ultraLight',
  200: 'thin',
  300: 'light',
  400: 'regular',
  500: 'medium',
  600: 'semibold',
  700: 'bold',
  800: 'heavy',
  900: 'black',
};

export function uiColor(color: Rgba, alpha = color.a): string {
  const part = (value: number) => formatNumber(value / 255, 3);
  return `UIColor(red: ${part(color.r)}, green: ${part(color.g)}, blue: ${part(color.b)}, alpha: ${formatNumber(alpha)})`;
}

/** A Swift string literal. */
const literal = (text: string) =>
  `"${text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\r?\n|\r/g, '\\n')
    .replace(/\t/g, '\\t')}"`;

/** A colour as its token (a UIColor of the export), or as components. */
function colorOf(color: Rgba, tokens: TokenMatcher | undefined): string {
  const token = tokens?.color(color);
  return token ? swiftTokenRef(token) : uiColor(color);
}

function font(run: TextRun, units: UnitContext, tokens?: TokenMatcher): string {
  const token = tokens?.typography(run);
  if (token) return swiftTokenRef(token);
  const size = roundedLength(run.fontSize, units, 'font');
  const weight = WEIGHTS[Math.round(run.fontWeight / 100) * 100] ?? 'regular';
  const system = `.systemFont(ofSize: ${size}, weight: .${weight})`;
  return run.postScriptName
    ? `UIFont(name: ${literal(run.postScriptName)}, size: ${size}) ?? ${system}`
    : `UIFont${system}`;
}

const ALIGNMENTS: Record<TextInfo['align'], string> = {
  left: '.left',
  center: '.center',
  right: '.right',
  justify: '.justified',
};

function label(name: string, text: TextInfo, units: UnitContext, tokens?: TokenMatcher): string[] {
  const pt = (value: number) => roundedLength(value, units, 'font');
  const [first] = text.runs;
  const lines = [`${name}.numberOfLines = 0`];
  const styled = text.runs.length > 1 || first.lineHeight !== null || first.letterSpacing !== 0;
  if (!styled) {
    lines.push(`${name}.text = ${literal(text.content)}`);
    lines.push(`${name}.font = ${font(first, units, tokens)}`);
    lines.push(`${name}.textColor = ${colorOf(first.color, tokens)}`);
    if (text.align !== 'left') lines.push(`${name}.textAlignment = ${ALIGNMENTS[text.align]}`);
    return lines;
  }
  lines.push(`let ${name}Text = NSMutableAttributedString(string: ${literal(text.content)})`);
  // One paragraph style per line height (a text usually has one), each with the text's alignment.
  const heights = [...new Set(text.runs.map((run) => run.lineHeight))];
  const aligned = text.align !== 'left';
  const paragraphOf = (run: TextRun) =>
    `${name}Paragraph${heights.length > 1 ? heights.indexOf(run.lineHeight) + 1 : ''}`;
  for (const run of heights.map(
    (height) => text.runs.find((each) => each.lineHeight === height) as TextRun,
  )) {
    if (run.lineHeight === null && !aligned) continue;
    const paragraph = paragraphOf(run);
    lines.push(`let ${paragraph} = NSMutableParagraphStyle()`);
    if (run.lineHeight !== null) {
      lines.push(`${paragraph}.minimumLineHeight = ${pt(run.lineHeight)}`);
      lines.push(`${paragraph}.maximumLineHeight = ${pt(run.lineHeight)}`);
    }
    if (aligned) lines.push(`${paragraph}.alignment = ${ALIGNMENTS[text.align]}`);
  }
  for (const run of text.runs) {
    lines.push(`${name}Text.addAttributes([`);
    lines.push(`    .font: ${font(run, units, tokens)},`);
    lines.push(`    .foregroundColor: ${colorOf(run.color, tokens)},`);
    if (run.letterSpacing) lines.push(`    .kern: ${roundedLength(run.letterSpacing, units, 'spacing')},`);
    if (run.underline) lines.push('    .underlineStyle: NSUnderlineStyle.single.rawValue,');
    if (run.strikethrough) lines.push('    .strikethroughStyle: NSUnderlineStyle.single.rawValue,');
    if (run.lineHeight !== null || aligned) lines.push(`    .paragraphStyle: ${paragraphOf(run)},`);
    lines.push(`], range: NSRange(location: ${run.start}, length: ${run.end - run.start}))`);
  }
  lines.push(`${name}.attributedText = ${name}Text`);
  return lines;
}

/** CSS degrees (0 = to top, 90 = to right) → the unit-square points CAGradientLayer takes. */
function gradientPoints(angle: number): string[] {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.sin(radians) / 2;
  const dy = -Math.cos(radians) / 2;
  const point = (x: number, y: number) => `CGPoint(x: ${formatNumber(x)}, y: ${formatNumber(y)})`;
  return [point(0.5 - dx, 0.5 - dy), point(0.5 + dx, 0.5 + dy)];
}

function gradient(name: string, fill: Exclude<Fill, { type: 'solid' | 'image' }>): string[] {
  const layerName = `${name}Gradient`;
  const lines = [`let ${layerName} = CAGradientLayer()`, `${layerName}.frame = ${name}.bounds`];
  lines.push(
    `${layerName}.colors = [${fill.stops.map((stop) => `${uiColor(stop.color)}.cgColor`).join(', ')}]`,
  );
  lines.push(
    `${layerName}.locations = [${fill.stops.map((stop) => formatNumber(stop.position)).join(', ')}]`,
  );
  if (fill.type === 'linear') {
    const [start, end] = gradientPoints(fill.angle);
    lines.push(`${layerName}.startPoint = ${start}`, `${layerName}.endPoint = ${end}`);
  } else {
    lines.push(`${layerName}.type = ${fill.type === 'radial' ? '.radial' : '.conic'}`);
    lines.push(
      `${layerName}.startPoint = CGPoint(x: 0.5, y: 0.5)`,
      `${layerName}.endPoint = CGPoint(x: 1, y: 1)`,
    );
  }
  lines.push(`${name}.layer.insertSublayer(${layerName}, at: 0)`);
  return lines;
}

function appearance(name: string, layer: Layer, units: UnitContext, tokens?: TokenMatcher): string[] {
  const pt = (value: number) => roundedLength(value, units);
  const lines: string[] = [];
  if (layer.type !== 'text' && layer.type !== 'group') {
    for (const fill of layer.fills) {
      if (fill.type === 'solid') lines.push(`${name}.backgroundColor = ${colorOf(fill.color, tokens)}`);
      else if (fill.type !== 'image') lines.push(...gradient(name, fill));
    }
  }
  if (layer.opacity < 1) lines.push(`${name}.alpha = ${formatNumber(layer.opacity)}`);
  if (layer.radius) {
    const radii = layer.radius;
    const largest = Math.max(...radii);
    const token = tokens?.radius(radii);
    lines.push(`${name}.layer.cornerRadius = ${token ? swiftTokenRef(token) : pt(largest)}`);
    if (!radii.every((radius) => radius === largest)) {
      const corners = [
        'layerMinXMinYCorner',
        'layerMaxXMinYCorner',
        'layerMaxXMaxYCorner',
        'layerMinXMaxYCorner',
      ];
      const rounded = corners.filter((_, index) => radii[index] > 0).map((corner) => `.${corner}`);
      lines.push(`${name}.layer.maskedCorners = [${rounded.join(', ')}]`);
    }
  }
  const border = layer.borders[0];
  if (border) {
    lines.push(`${name}.layer.borderWidth = ${pt(border.width)}`);
    const color = border.fill.type === 'solid' ? border.fill.color : null;
    if (color) lines.push(`${name}.layer.borderColor = ${colorOf(color, tokens)}.cgColor`);
  }
  const shadow = layer.shadows.find((each) => each.type === 'outer');
  if (shadow) {
    lines.push(`${name}.layer.shadowColor = ${uiColor(shadow.color, 1)}.cgColor`);
    lines.push(`${name}.layer.shadowOpacity = ${formatNumber(shadow.color.a)}`);
    lines.push(`${name}.layer.shadowOffset = CGSize(width: ${pt(shadow.x)}, height: ${pt(shadow.y)})`);
    // UIKit's shadow radius is about half the design tools' blur.
    lines.push(`${name}.layer.shadowRadius = ${pt(shadow.blur / 2)}`);
  }
  return lines;
}

export function swiftCode(layer: Layer, context: CodeContext): string {
  const units: UnitContext = { platform: 'ios', baseScale: context.baseScale };
  const pt = (value: number) => roundedLength(value, units);
  const isLabel = layer.type === 'text' && !!layer.text?.runs.length;
  const name = camelName(layer.name, isLabel ? 'label' : 'view');
  const { x, y, width, height } = layer.frame;
  const lines = [
    `let ${name} = ${isLabel ? 'UILabel' : 'UIView'}()`,
    `${name}.frame = CGRect(x: ${pt(x)}, y: ${pt(y)}, width: ${pt(width)}, height: ${pt(height)})`,
  ];
  if (isLabel && layer.text) lines.push(...label(name, layer.text, units, context.tokens));
  lines.push(...appearance(name, layer, units, context.tokens));
  return lines.join('\n');
}
