import type { Border, Layer, TextInfo, TextRun } from '../layers.js';
import type { PropertyChange } from './types.js';

/**
 * Lengths differing by less than this are the same (design pixels): importing one file twice, or saving it
 * unchanged, must report nothing.
 */
export const LENGTH_EPSILON = 0.01;
/** For the 0–1 numbers: opacity, colour alpha, gradient stop positions. */
export const FRACTION_EPSILON = 0.001;

const FRACTION_KEYS = new Set(['a', 'opacity', 'position']);

export const near = (a: number, b: number, epsilon = LENGTH_EPSILON) => Math.abs(a - b) <= epsilon;

/** Deep equality of plain LayerDoc values, numbers within the epsilon their key calls for. */
export function nearlyEqual(a: unknown, b: unknown, key = ''): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') {
    return near(a, b, FRACTION_KEYS.has(key) ? FRACTION_EPSILON : LENGTH_EPSILON);
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!nearlyEqual(a[i], b[i], key)) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const name in left) if (!nearlyEqual(left[name], right[name], name)) return false;
  for (const name in right) if (!(name in left) && right[name] !== undefined) return false;
  return true;
}

const sameRunStyle = (a: TextRun, b: TextRun) =>
  a.fontFamily === b.fontFamily &&
  a.postScriptName === b.postScriptName &&
  near(a.fontSize, b.fontSize) &&
  a.fontWeight === b.fontWeight &&
  a.fontStyle === b.fontStyle &&
  (a.lineHeight === b.lineHeight ||
    (a.lineHeight !== null && b.lineHeight !== null && near(a.lineHeight, b.lineHeight))) &&
  near(a.letterSpacing, b.letterSpacing) &&
  nearlyEqual(a.color, b.color) &&
  a.underline === b.underline &&
  a.strikethrough === b.strikethrough;

/** Where each new style starts: neighbouring runs of one style count once. */
function styleStarts(runs: readonly TextRun[]): TextRun[] {
  const starts: TextRun[] = [];
  for (const run of runs) {
    const last = starts[starts.length - 1];
    if (!last || !sameRunStyle(last, run)) starts.push(run);
  }
  return starts;
}

/**
 * The same alignment and the same styles in the same order. Where runs start and end follows the content
 * (reported on its own), and runs split without a change of style look the same, so neither counts.
 */
function sameTextStyle(before: TextInfo | undefined, after: TextInfo | undefined): boolean {
  if (!before || !after) return before === after;
  if (before.align !== after.align) return false;
  const a = before.runs.length === 1 ? before.runs : styleStarts(before.runs);
  const b = after.runs.length === 1 ? after.runs : styleStarts(after.runs);
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameRunStyle(a[i], b[i])) return false;
  return true;
}

const textStyleOf = (text: TextInfo | undefined) => (text ? { align: text.align, runs: text.runs } : null);

/** The paint of each border, and separately its width, position and dashes. */
export const borderColours = (borders: Border[]) => borders.map((border) => border.fill);
export const borderShapes = (borders: Border[]) =>
  borders.map(({ width, position, dash }) => ({ width, position, dash }));

const change = (property: PropertyChange['property'], before: unknown, after: unknown): PropertyChange => ({
  property,
  before,
  after,
});

/** What changed in a layer's own look and content (its frame is diffLayerDocs's concern). */
export function lookChanges(before: Layer, after: Layer, compareNames: boolean): PropertyChange[] {
  const changes: PropertyChange[] = [];
  if (compareNames && before.name !== after.name) changes.push(change('name', before.name, after.name));
  if (before.text || after.text) {
    if ((before.text?.content ?? '') !== (after.text?.content ?? '')) {
      changes.push(change('textContent', before.text?.content ?? null, after.text?.content ?? null));
    }
    if (!sameTextStyle(before.text, after.text)) {
      changes.push(change('textStyle', textStyleOf(before.text), textStyleOf(after.text)));
    }
  }
  if (!nearlyEqual(before.fills, after.fills)) changes.push(change('fills', before.fills, after.fills));
  if (!nearlyEqual(before.borders, after.borders))
    changes.push(change('borders', before.borders, after.borders));
  if (!nearlyEqual(before.radius, after.radius)) changes.push(change('radius', before.radius, after.radius));
  if (!nearlyEqual(before.shadows, after.shadows))
    changes.push(change('shadows', before.shadows, after.shadows));
  if (!near(before.opacity, after.opacity, FRACTION_EPSILON))
    changes.push(change('opacity', before.opacity, after.opacity));
  if (before.blendMode !== after.blendMode)
    changes.push(change('blendMode', before.blendMode, after.blendMode));
  return changes;
}
