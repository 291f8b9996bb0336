import { type Frame, type Layer, type LayerType, plainLayer, type Rgba, type TextRun } from '@ferry/shared';

/** Importers keep two decimals: enough for sub-pixel positions, without float noise (17.999998). */
export const round = (value: number, digits = 2): number => {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
};

export const roundFrame = (frame: Frame): Frame => ({
  x: round(frame.x),
  y: round(frame.y),
  width: round(frame.width),
  height: round(frame.height),
});

export function rgba(r: number, g: number, b: number, a = 1): Rgba {
  const channel = (v: number) => Math.min(255, Math.max(0, Math.round(v)));
  return { r: channel(r), g: channel(g), b: channel(b), a: round(Math.min(1, Math.max(0, a)), 3) };
}

/** A layer with every style field at its neutral value; importers fill in what the source has. */
export function newLayer(id: string, name: string, type: LayerType, frame: Frame): Layer {
  return plainLayer(id, name, type, roundFrame(frame));
}

/** The smallest frame holding all of them; null for none. */
export function unionFrames(frames: readonly Frame[]): Frame | null {
  if (frames.length === 0) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const f of frames) {
    minX = Math.min(minX, f.x);
    minY = Math.min(minY, f.y);
    maxX = Math.max(maxX, f.x + f.width);
    maxY = Math.max(maxY, f.y + f.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

export function intersectFrames(a: Frame, b: Frame): Frame | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  if (right <= x || bottom <= y) return null;
  return { x, y, width: right - x, height: bottom - y };
}

/** Photoshop Generator names (`icon.png`, `200% icon@2x.png, icon.jpg80%`) and `*-slice` ids mark exports. */
export function isExportName(name: string): boolean {
  return name
    .split(',')
    .some(
      (part) => /\.(png|jpe?g|gif|svg|webp)\d{0,3}%?$/i.test(part.trim()) || /[-_ ]slice$/i.test(part.trim()),
    );
}

/**
 * Drops layers past `max`, deepest first (then the last painted), so what stays is the outline of the
 * design; returns whether anything was dropped. Groups emptied this way keep their frames.
 */
export function limitLayers(layers: Layer[], max: number): boolean {
  const all: { layer: Layer; depth: number; order: number }[] = [];
  const visit = (list: Layer[], depth: number) => {
    for (const layer of list) {
      all.push({ layer, depth, order: all.length });
      if (layer.children) visit(layer.children, depth + 1);
    }
  };
  visit(layers, 0);
  if (all.length <= max) return false;
  all.sort((p, q) => q.depth - p.depth || q.order - p.order);
  const dropped = new Set(all.slice(0, all.length - max).map((entry) => entry.layer));
  const prune = (list: Layer[]): Layer[] => {
    const kept = list.filter((layer) => !dropped.has(layer));
    for (const layer of kept) if (layer.children) layer.children = prune(layer.children);
    return kept;
  };
  layers.splice(0, layers.length, ...prune(layers));
  return true;
}

/** Adds a text run, or stretches the last one when it directly precedes and looks the same. */
export function appendRun(runs: TextRun[], run: TextRun): void {
  const last = runs[runs.length - 1];
  if (last && last.end === run.start) {
    const { start: _a, end: _b, ...look } = run;
    const { start: _c, end: _d, ...lastLook } = last;
    if (JSON.stringify(look) === JSON.stringify(lastLook)) {
      last.end = run.end;
      return;
    }
  }
  runs.push(run);
}

/**
 * The blend modes CSS names (mix-blend-mode), which LayerDoc uses, in the order Sketch numbers them
 * (sketch-style.ts reads a Sketch file's mode by its index here).
 */
export const BLEND_MODE_NAMES = [
  'normal',
  'darken',
  'multiply',
  'color-burn',
  'lighten',
  'screen',
  'color-dodge',
  'overlay',
  'soft-light',
  'hard-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
  'plus-darker',
  'plus-lighter',
] as const;

export const CSS_BLEND_MODES: ReadonlySet<string> = new Set(BLEND_MODE_NAMES);
