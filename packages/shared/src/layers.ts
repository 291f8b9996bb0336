/**
 * LayerDoc: the normalised layer tree of one design version, as the inspect view reads it. Importers (PSD, SVG,
 * Sketch) write it; nothing in the web app knows the source format. All lengths are design pixels of the
 * file as drawn (a @2x design keeps its @2x pixels; the base scale converts them for code), frames are absolute
 * in the document (its top-left corner, or the artboard's, is 0,0), and numbers are kept as the file has them.
 */
export const LAYER_DOC_VERSION = 1;

export type LayerType = 'group' | 'text' | 'shape' | 'image' | 'slice';

export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** r, g, b 0–255; a 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface GradientStop {
  color: Rgba;
  /** 0–1 along the gradient. */
  position: number;
}

export type Fill =
  | { type: 'solid'; color: Rgba }
  | {
      type: 'linear' | 'radial' | 'angular';
      /** Degrees as CSS reads them (0 = to top, 90 = to right); linear only. */
      angle: number;
      stops: GradientStop[];
    }
  /** A bitmap fill or placed image: its pixels are exported as a slice, not described. */
  | { type: 'image' };

export interface Border {
  fill: Fill;
  width: number;
  position: 'inside' | 'center' | 'outside';
  /** Dash and gap lengths; empty for a solid line. */
  dash: number[];
}

export interface Shadow {
  type: 'outer' | 'inner';
  color: Rgba;
  x: number;
  y: number;
  blur: number;
  spread: number;
}

/** One stretch of text with one style. `start`/`end` index `TextInfo.content` (UTF-16, end exclusive). */
export interface TextRun {
  start: number;
  end: number;
  fontFamily: string;
  /** The PostScript name (`PingFangSC-Medium`), empty when the source has none. */
  postScriptName: string;
  fontSize: number;
  /** 100–900 */
  fontWeight: number;
  fontStyle: 'normal' | 'italic';
  /** Pixels; null = the font's own (auto). */
  lineHeight: number | null;
  /** Pixels. */
  letterSpacing: number;
  color: Rgba;
  underline: boolean;
  strikethrough: boolean;
}

export interface TextInfo {
  content: string;
  align: 'left' | 'center' | 'right' | 'justify';
  runs: TextRun[];
}

export interface Layer {
  /** Unique within the doc and stable across imports of the same file (a path of indexes or the source id). */
  id: string;
  name: string;
  type: LayerType;
  frame: Frame;
  /** Hidden layers are left out by importers; kept here for formats that mark them. */
  visible: boolean;
  /** 0–1, the layer's own (not multiplied by its parents'). */
  opacity: number;
  /** CSS mix-blend-mode names: normal, multiply, screen, overlay … */
  blendMode: string;
  /** Corner radii top-left, top-right, bottom-right, bottom-left; null when square or not a shape. */
  radius: [number, number, number, number] | null;
  fills: Fill[];
  borders: Border[];
  shadows: Shadow[];
  text?: TextInfo;
  /** Marked for export by the designer (a PSD layer named `*.png`/with export settings, an SVG `id` ending -slice …). */
  exportable: boolean;
  /**
   * Drawn from paths alone, so it can be exported as SVG and a vector PDF: a PSD's shape layers and groups
   * of them (every layer of an SVG design is, whether marked or not; see sliceFormatsFor).
   */
  vector?: boolean;
  /**
   * A shape's outline when it is not a (rounded) rectangle: an ellipse filling the frame, or SVG path data in
   * pixels from the frame's top-left. Importers that know only boxes leave it out.
   */
  outline?: { kind: 'oval' } | { kind: 'path'; d: string; evenOdd?: boolean };
  /** Only groups have children; painted first to last (the last is on top). */
  children?: Layer[];
}

export interface LayerDoc {
  version: typeof LAYER_DOC_VERSION;
  source: 'psd' | 'svg' | 'sketch';
  width: number;
  height: number;
  layers: Layer[];
  /** True when the source had more layers than InspectLimits.layersMax and some were left out. */
  truncated?: boolean;
}

/** A visible layer with nothing painted on it yet: what importers start from and tests build on. */
export function plainLayer(
  id: string,
  name: string,
  type: LayerType,
  frame: Frame,
  extra: Partial<Layer> = {},
): Layer {
  return {
    id,
    name,
    type,
    frame,
    visible: true,
    opacity: 1,
    blendMode: 'normal',
    radius: null,
    fills: [],
    borders: [],
    shadows: [],
    exportable: false,
    ...extra,
  };
}

/** Every layer of a tree, depth first, parents before children. */
export function* walkLayers(layers: readonly Layer[]): Generator<Layer> {
  for (const layer of layers) {
    yield layer;
    if (layer.children) yield* walkLayers(layer.children);
  }
}

export function findLayer(doc: LayerDoc, id: string): Layer | undefined {
  for (const layer of walkLayers(doc.layers)) if (layer.id === id) return layer;
  return undefined;
}
