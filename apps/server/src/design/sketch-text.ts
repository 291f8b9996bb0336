import type { Rgba, TextInfo, TextRun } from '@ferry/shared';
import type {
  StringAttribute,
  Style,
  Text,
  TextStyle,
} from '@sketch-hq/sketch-file-format-ts/dist/cjs/types';
import { faceFromPostScript } from './fonts.js';
import { appendRun, round } from './layer-tree.js';
import { colorOf, num } from './sketch-style.js';

type Attributes = Partial<StringAttribute['attributes'] & TextStyle['encodedAttributes']> & {
  underlineStyle?: number;
  strikethroughStyle?: number;
};

/** Sketch's paragraph alignment: 0 left, 1 right, 2 centre, 3 justified, 4 natural (left for the scripts we show). */
const ALIGN: TextInfo['align'][] = ['left', 'right', 'center', 'justify', 'left'];

function runOf(attributes: Attributes, start: number, end: number, paint: Rgba | null): TextRun {
  const font = attributes.MSAttributedStringFontAttribute?.attributes;
  const postScriptName = typeof font?.name === 'string' ? font.name : '';
  const face = faceFromPostScript(postScriptName);
  const lineHeight = num(attributes.paragraphStyle?.maximumLineHeight);
  return {
    start,
    end,
    fontFamily: face.family,
    postScriptName,
    fontSize: round(num(font?.size, 12)),
    fontWeight: face.weight,
    fontStyle: face.style,
    lineHeight: lineHeight > 0 ? round(lineHeight) : null,
    letterSpacing: round(num(attributes.kerning)),
    color: paint ?? colorOf(attributes.MSAttributedStringColorAttribute),
    underline: num(attributes.underlineStyle) !== 0,
    strikethrough: num(attributes.strikethroughStyle) !== 0,
  };
}

/** A text layer's own solid fill, which Sketch paints its glyphs with instead of their colours. */
function textPaint(style: Style | undefined): Rgba | null {
  const fills = (Array.isArray(style?.fills) ? style.fills : []).filter(
    (fill) => fill && fill.isEnabled !== false && num(fill.fillType) === 0,
  );
  const top = fills[fills.length - 1];
  return top ? colorOf(top.color, num(top.contextSettings?.opacity, 1)) : null;
}

/**
 * A text layer's content and runs from its attributed string (UTF-16 offsets, as LayerDoc keeps them); the
 * layer's text style fills the gaps the attributes leave. `content` replaces the string (a symbol override)
 * and is then styled as the string's first run is.
 */
export function sketchTextInfo(layer: Text, content?: string): TextInfo {
  const source = layer.attributedString;
  const text = content ?? (typeof source?.string === 'string' ? source.string : '');
  const base: Attributes = layer.style?.textStyle?.encodedAttributes ?? {};
  const attributes = (Array.isArray(source?.attributes) ? source.attributes : []).filter(Boolean);
  const paint = textPaint(layer.style);
  const runs: TextRun[] = [];
  if (content !== undefined || attributes.length === 0) {
    if (text.length > 0) runs.push(runOf({ ...base, ...attributes[0]?.attributes }, 0, text.length, paint));
  } else {
    for (const attribute of attributes) {
      const start = Math.max(0, Math.min(text.length, num(attribute.location)));
      const end = Math.max(start, Math.min(text.length, start + num(attribute.length)));
      if (end > start) appendRun(runs, runOf({ ...base, ...attribute.attributes }, start, end, paint));
    }
  }
  const paragraph = attributes[0]?.attributes?.paragraphStyle ?? base.paragraphStyle;
  return { content: text, align: ALIGN[num(paragraph?.alignment)] ?? 'left', runs };
}
