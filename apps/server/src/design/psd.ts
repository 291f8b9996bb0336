import { type Frame, InspectLimits, LAYER_DOC_VERSION, type Layer, type LayerDoc } from '@ferry/shared';
import { type Psd, type Layer as PsdLayer, type ReadOptions, readPsd } from 'ag-psd';
import { boundsOfCubics, type Cubic } from './geometry.js';
import { isExportName, limitLayers, newLayer, round, unionFrames } from './layer-tree.js';
import { blendModeOf, colorOf, effectStyles, shapePaint } from './psd-style.js';
import { psdTextInfo } from './psd-text.js';
import { isVectorLayer } from './psd-vector.js';

export interface PsdArtboard {
  /** The artboard's place among the PSD's top-level layers (bottom first), as `importPsd` takes it. */
  index: number;
  name: string;
  /** In the PSD's pixels. */
  frame: Frame;
}

/** Structure only: no layer pixels, composite or thumbnail are decoded. */
const STRUCTURE_ONLY: ReadOptions = {
  skipLayerImageData: true,
  skipCompositeImageData: true,
  skipThumbnail: true,
};

const readStructure = (data: Buffer): Psd => readPsd(data, STRUCTURE_ONLY);

const rectFrame = (rect: { left: number; top: number; right: number; bottom: number }): Frame => ({
  x: rect.left,
  y: rect.top,
  width: rect.right - rect.left,
  height: rect.bottom - rect.top,
});

/** The visible top-level artboards; [] when the PSD has none. */
export function readPsdArtboards(data: Buffer): PsdArtboard[] {
  const psd = readStructure(data);
  const artboards: PsdArtboard[] = [];
  (psd.children ?? []).forEach((layer, index) => {
    if (layer.artboard && !layer.hidden) {
      artboards.push({ index, name: layer.name ?? '', frame: rectFrame(layer.artboard.rect) });
    }
  });
  return artboards;
}

interface Context {
  globalAngle: number;
  /** Photoshop's own layer ids when every layer has a distinct one (they survive edits); else index paths. */
  useLayerIds: boolean;
  offsetX: number;
  offsetY: number;
}

/** Whether a PSD's layers are named by Photoshop's ids (all distinct) rather than index paths; see Context. */
export function hasDistinctIds(layers: PsdLayer[] | undefined, seen = new Set<number>()): boolean {
  for (const layer of layers ?? []) {
    if (layer.id === undefined || seen.has(layer.id)) return false;
    seen.add(layer.id);
    if (!hasDistinctIds(layer.children, seen)) return false;
  }
  return true;
}

/** The outline of a shape layer's vector path (subtracted sub-paths cannot widen it). */
function vectorBounds(layer: PsdLayer): Frame | null {
  const paths = layer.vectorMask?.paths ?? [];
  const cubics: Cubic[] = [];
  for (const path of paths) {
    if (path.operation === 'subtract' && paths.length > 1) continue;
    const knots = path.knots;
    const count = path.open ? knots.length - 1 : knots.length;
    for (let i = 0; i < count; i++) {
      // points: [control in x, y, anchor x, y, control out x, y]
      const from = knots[i].points;
      const to = knots[(i + 1) % knots.length].points;
      cubics.push([from[2], from[3], from[4], from[5], to[0], to[1], to[2], to[3]]);
    }
  }
  return boundsOfCubics(cubics);
}

/** Shape-tool origin types Photoshop records for live shapes. */
const ELLIPSE_ORIGIN = 5;

/**
 * Corner radii of a rounded rectangle drawn with Photoshop's shape tool, or of a circle (half its side, as
 * CSS draws one); null for anything else.
 */
function radiusOf(layer: PsdLayer, frame: Frame): Layer['radius'] {
  const shapes = (layer.vectorOrigination?.keyDescriptorList ?? []).filter(
    (item) => !item.keyShapeInvalidated,
  );
  if (shapes.length !== 1) return null;
  const [shape] = shapes;
  if (shape.keyOriginType === ELLIPSE_ORIGIN && round(frame.width) === round(frame.height)) {
    const r = round(frame.width / 2);
    return [r, r, r, r];
  }
  const radii = shape.keyOriginRRectRadii;
  if (!radii) return null;
  const corners: [number, number, number, number] = [
    round(radii.topLeft.value),
    round(radii.topRight.value),
    round(radii.bottomRight.value),
    round(radii.bottomLeft.value),
  ];
  return corners.every((r) => r === 0) ? null : corners;
}

const isShape = (layer: PsdLayer) => !!layer.vectorFill || !!layer.vectorStroke?.strokeEnabled;

function convertLayer(layer: PsdLayer, path: number[], ctx: Context): Layer | null {
  if (layer.hidden || layer.adjustment) return null;
  const id = ctx.useLayerIds ? String(layer.id) : path.join('/');
  const name = layer.name ?? '';
  const fillOpacity = layer.fillOpacity ?? 1;
  const shift = (frame: Frame): Frame => ({ ...frame, x: frame.x - ctx.offsetX, y: frame.y - ctx.offsetY });
  let result: Layer;
  if (layer.children) {
    const children = convertLayers(layer.children, path, ctx);
    const frame = layer.artboard
      ? shift(rectFrame(layer.artboard.rect))
      : unionFrames(children.map((c) => c.frame));
    if (!frame) return null;
    result = newLayer(id, name, 'group', frame);
    result.children = children;
    const background = layer.artboard?.color;
    // Artboard backgrounds: 1 white, 2 black, 3 transparent, 4 the chosen colour.
    const kind = layer.artboard?.backgroundType;
    if (kind === 1) result.fills.push({ type: 'solid', color: colorOf({ r: 255, g: 255, b: 255 }) });
    if (kind === 2) result.fills.push({ type: 'solid', color: colorOf({ r: 0, g: 0, b: 0 }) });
    if (kind === 4 && background) result.fills.push({ type: 'solid', color: colorOf(background) });
  } else {
    const bounds = rectFrame({
      left: layer.left ?? 0,
      top: layer.top ?? 0,
      right: layer.right ?? 0,
      bottom: layer.bottom ?? 0,
    });
    if (layer.text) {
      if (bounds.width <= 0 || bounds.height <= 0) return null;
      result = newLayer(id, name, 'text', shift(bounds));
      result.text = psdTextInfo(layer.text, fillOpacity);
    } else if (isShape(layer)) {
      const frame = vectorBounds(layer) ?? bounds;
      result = newLayer(id, name, 'shape', shift(frame));
      const paint = shapePaint(layer, fillOpacity);
      result.fills.push(...paint.fills);
      result.borders.push(...paint.borders);
      result.radius = radiusOf(layer, frame);
    } else {
      // Pixels and smart objects: an empty pixel layer draws nothing and is left out.
      if (bounds.width <= 0 || bounds.height <= 0) return null;
      result = newLayer(id, name, 'image', shift(bounds));
      result.fills.push({ type: 'image' });
    }
  }
  const effects = effectStyles(layer.effects, ctx.globalAngle);
  result.fills.push(...effects.fills);
  result.borders.push(...effects.borders);
  result.shadows.push(...effects.shadows);
  result.opacity = round(layer.opacity ?? 1, 3);
  result.blendMode = blendModeOf(layer.blendMode);
  result.exportable = isExportName(name);
  if (isVectorLayer(layer)) result.vector = true;
  return result;
}

function convertLayers(layers: PsdLayer[], parentPath: number[], ctx: Context): Layer[] {
  const out: Layer[] = [];
  layers.forEach((layer, index) => {
    const converted = convertLayer(layer, [...parentPath, index], ctx);
    if (converted) out.push(converted);
  });
  return out;
}

/**
 * A PSD's visible layers as a LayerDoc, from the file's structure alone (no pixels are decoded). With
 * `artboard` (an index from `readPsdArtboards`) only that artboard's layers, placed relative to it, and the
 * doc is the artboard's size. Layer opacity is the layer's Opacity; its Fill opacity is folded into the
 * alpha of the layer's own fills, text colours and shape strokes (not its layer styles), as Photoshop paints.
 */
export function importPsd(data: Buffer, options: { artboard?: number } = {}): LayerDoc {
  const psd = readStructure(data);
  const ctx: Context = {
    globalAngle: psd.imageResources?.globalAngle ?? 120,
    useLayerIds: hasDistinctIds(psd.children),
    offsetX: 0,
    offsetY: 0,
  };
  let width = psd.width;
  let height = psd.height;
  let layers: Layer[];
  if (options.artboard === undefined) {
    layers = convertLayers(psd.children ?? [], [], ctx);
  } else {
    const board = psd.children?.[options.artboard];
    if (!board?.artboard) throw new Error(`layer ${options.artboard} is not an artboard`);
    const frame = rectFrame(board.artboard.rect);
    ctx.offsetX = frame.x;
    ctx.offsetY = frame.y;
    width = frame.width;
    height = frame.height;
    layers = convertLayers(board.children ?? [], [options.artboard], ctx);
  }
  const truncated = limitLayers(layers, InspectLimits.layersMax);
  return {
    version: LAYER_DOC_VERSION,
    source: 'psd',
    width,
    height,
    layers,
    ...(truncated ? { truncated } : {}),
  };
}
