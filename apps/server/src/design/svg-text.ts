import type { Frame, TextInfo, TextRun } from '@ferry/shared';
import { faceFromPostScript, weightOfStyle } from './fonts.js';
import { boundsOfCubics, boxCubics, type Matrix, scaleOf } from './geometry.js';
import { appendRun, rgba, round, unionFrames } from './layer-tree.js';
import { colorValue, unitNumber } from './svg-paint.js';
import { isElement, type SvgElement } from './svg-parse.js';
import { computeStyle, parseLength, type Style, type StyleSheet } from './svg-style.js';

/** Average advance of a character in ems, for frames estimated without the font. */
function advance(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  // CJK, Hangul, full-width forms: one em.
  if (
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3)
  )
    return 1;
  if (
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60)
  )
    return 1;
  if (char === ' ') return 0.28;
  if (/[iljtfrI.,:;!'|]/.test(char)) return 0.3;
  if (/[A-Z]|[mwMW]/.test(char)) return 0.68;
  return 0.55;
}

/** `PingFangSC-Medium, PingFang SC` (Sketch writes the PostScript name first): family and PostScript name. */
function fontNames(family: string | undefined): { family: string; postScriptName: string } {
  const names = (family ?? '')
    .split(',')
    .map((name) => name.trim().replace(/^['"]|['"]$/g, ''))
    .filter(Boolean);
  const [first = '', second] = names;
  const squash = (name: string) => name.replace(/[\s-]/g, '').toLowerCase();
  if (second && !/\s/.test(first) && squash(faceFromPostScript(first).family) === squash(second)) {
    return { family: second, postScriptName: first };
  }
  return { family: first, postScriptName: '' };
}

function weightOf(value: string | undefined, postScriptName: string): number {
  const v = (value ?? '').trim().toLowerCase();
  if (/^\d{3}$/.test(v)) return Number(v);
  if (v === 'bold' || v === 'bolder') return 700;
  if (v === 'lighter') return 300;
  if (v === 'normal') return 400;
  return (postScriptName && weightOfStyle(postScriptName.split('-').pop() ?? '')) || 400;
}

function runStyle(style: Style, scale: number, start: number, end: number): TextRun {
  const { family, postScriptName } = fontNames(style['font-family']);
  const fontSize = Number(style['font-size'] ?? 16);
  const fillOpacity = unitNumber(style['fill-opacity']);
  const color = colorValue(style.fill ?? 'black', style) ?? rgba(0, 0, 0, 0);
  const decoration = style['text-decoration'] ?? '';
  const italic =
    /italic|oblique/.test(style['font-style'] ?? '') ||
    (!!postScriptName && faceFromPostScript(postScriptName).style === 'italic');
  return {
    start,
    end,
    fontFamily: family,
    postScriptName,
    fontSize: round(fontSize * scale),
    fontWeight: weightOf(style['font-weight'], postScriptName),
    fontStyle: italic ? 'italic' : 'normal',
    lineHeight: null,
    letterSpacing: round((parseLength(style['letter-spacing'], fontSize) ?? 0) * scale),
    color: rgba(color.r, color.g, color.b, color.a * fillOpacity),
    underline: decoration.includes('underline'),
    strikethrough: decoration.includes('line-through'),
  };
}

interface Line {
  x: number;
  y: number;
  anchor: string;
  /** Width estimate in local units. */
  width: number;
  fontSize: number;
}

const firstNumber = (value: string | undefined): number | null => {
  const first = (value ?? '').trim().split(/[\s,]+/)[0];
  return first ? parseLength(first) : null;
};

/**
 * A <text> element's content, runs (one per tspan style) and an estimated frame: lines start where a
 * tspan sets its own `y`; whitespace collapses as SVG's default `xml:space` does; widths are estimated
 * from character classes (the fonts are not at hand), heights from the font size.
 */
export function svgText(
  text: SvgElement,
  style: Style,
  m: Matrix,
  sheet: StyleSheet,
): { info: TextInfo; frame: Frame } | null {
  const scale = scaleOf(m);
  let content = '';
  const runs: TextRun[] = [];
  const lines: Line[] = [];
  let line: Line | null = null;
  let penX = 0;
  let penY = 0;
  const trimEnd = () => {
    while (content.endsWith(' ')) {
      content = content.slice(0, -1);
      const last = runs[runs.length - 1];
      if (last) last.end = Math.min(last.end, content.length);
      if (last && last.end <= last.start) runs.pop();
    }
  };
  const visit = (element: SvgElement, inherited: Style) => {
    const own = element === text ? style : computeStyle(element, inherited, sheet);
    if (own.display === 'none') return;
    const x = firstNumber(element.attrs.x);
    const y = firstNumber(element.attrs.y);
    const dy = firstNumber(element.attrs.dy) ?? 0;
    const dx = firstNumber(element.attrs.dx) ?? 0;
    if (y !== null || dy !== 0 || x !== null || dx !== 0) {
      const nextY = (y ?? penY) + dy;
      const nextX = (x ?? penX) + dx;
      if (line && nextY !== line.y) {
        trimEnd();
        content += '\n';
        // The line break belongs to the run before it, so equal runs either side stay one.
        const last = runs[runs.length - 1];
        if (last) last.end = content.length;
        line = null;
      }
      penX = nextX;
      penY = nextY;
    }
    for (const child of element.children) {
      if (isElement(child)) {
        if (child.name === 'tspan' || child.name === 'textPath' || child.name === 'a') visit(child, own);
        continue;
      }
      let chunk = child
        .replace(/[\n\r]/g, '')
        .replace(/\t/g, ' ')
        .replace(/ {2,}/g, ' ');
      if (content === '' || content.endsWith(' ') || content.endsWith('\n')) chunk = chunk.replace(/^ /, '');
      if (!chunk) continue;
      const fontSize = Number(own['font-size'] ?? 16);
      if (!line) {
        line = { x: penX, y: penY, anchor: own['text-anchor'] ?? 'start', width: 0, fontSize };
        lines.push(line);
      }
      const spacing = parseLength(own['letter-spacing'], fontSize) ?? 0;
      const width = [...chunk].reduce((sum, c) => sum + advance(c) * fontSize + spacing, 0);
      line.width += width;
      line.fontSize = Math.max(line.fontSize, fontSize);
      penX += width;
      appendRun(runs, runStyle(own, scale, content.length, content.length + chunk.length));
      content += chunk;
    }
  };
  visit(text, style);
  trimEnd();
  if (!content.trim() || lines.length === 0) return null;
  const boxes = lines.map((l) => {
    const left = l.anchor === 'middle' ? l.x - l.width / 2 : l.anchor === 'end' ? l.x - l.width : l.x;
    // A line box from the ascender (0.8 em above the baseline) to the descender (0.2 em below).
    return boundsOfCubics(boxCubics(left, l.y - 0.8 * l.fontSize, l.width, l.fontSize), m);
  });
  const frame = unionFrames(boxes.filter((b): b is Frame => b !== null));
  if (!frame) return null;
  const gaps = lines.slice(1).map((l, i) => l.y - lines[i].y);
  if (gaps.length && gaps.every((g) => Math.abs(g - gaps[0]) < 0.01) && gaps[0] > 0) {
    for (const run of runs) run.lineHeight = round(gaps[0] * scale);
  }
  const anchor = lines[0].anchor;
  const align = anchor === 'middle' ? 'center' : anchor === 'end' ? 'right' : 'left';
  return { info: { content, align, runs }, frame };
}
