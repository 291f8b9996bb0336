import {
  type Frame,
  InspectLimits,
  LAYER_DOC_VERSION,
  type Layer,
  type LayerDoc,
  type Rgba,
  SketchLimits,
} from '@ferry/shared';
import type {
  AnyLayer,
  Artboard,
  Page,
  SymbolInstance,
  SymbolMaster,
  Text,
} from '@sketch-hq/sketch-file-format-ts/dist/cjs/types';
import { limitLayers, newLayer, rgba, round, unionFrames } from './layer-tree.js';
import { UndecodableDesign } from './raster.js';
import { openSketch, type SketchArchive, tooComplex } from './sketch-archive.js';
import {
  isPlainRectangle,
  outlineOf,
  rectangleRadii,
  SHAPE_CLASSES,
  type SketchShapeLike,
} from './sketch-shapes.js';
import { blendModeOf, bordersOf, colorOf, fillsOf, num, opacityOf, shadowsOf } from './sketch-style.js';
import {
  NO_OVERRIDES,
  type Overrides,
  overridesFor,
  stringOverride,
  swappedSymbolId,
  symbolMasters,
} from './sketch-symbols.js';
import { sketchTextInfo } from './sketch-text.js';

/** One design of a Sketch file: an artboard, or a whole page in a file that has no artboards. */
export interface SketchArtboard {
  /** Its place in this list, as `importSketch` takes it. */
  index: number;
  /** The artboard's do_objectID (the page's for a page). */
  id: string;
  name: string;
  pageId: string;
  pageName: string;
  width: number;
  height: number;
}

/**
 * Where a design's layers come from: an artboard's (placed relative to it already), or a page's loose layers,
 * placed from the corner of their bounds (`origin`, in page coordinates).
 */
interface Target {
  artboard: SketchArtboard;
  layers: AnyLayer[];
  origin: { x: number; y: number };
  /** The artboard's own background colour; null draws white. */
  background: Rgba | null;
}

type AnySketchLayer = AnyLayer & { _class: string };

/** A coordinate a design can hold: finite, and not absurdly far. */
function checkedFrame(frame: Partial<Frame> | undefined): Frame {
  const values = [frame?.x, frame?.y, frame?.width, frame?.height].map((v) => num(v));
  if (values.some((v) => Math.abs(v) > SketchLimits.frameMaxPx)) {
    throw tooComplex(`a layer lies more than ${SketchLimits.frameMaxPx} px away`);
  }
  const [x, y, width, height] = values;
  return { x, y, width: Math.max(0, width), height: Math.max(0, height) };
}

const pageLayers = (page: Page): AnySketchLayer[] =>
  (Array.isArray(page?.layers) ? page.layers : []).filter(Boolean) as AnySketchLayer[];

/**
 * The file's designs: its visible artboards, in page order then layer order (symbol masters are not
 * artboards). A file with no artboard at all (loose layers only) gives one design per page that has visible
 * layers other than symbol masters, as large as their bounds; pages with artboards never show loose layers.
 */
function targetsOf(archive: SketchArchive): Target[] {
  const targets: Target[] = [];
  const add = (page: Page, target: Omit<Target, 'artboard'>, id: string, name: string, frame: Frame) =>
    targets.push({
      ...target,
      artboard: {
        index: targets.length,
        id,
        name,
        pageId: String(page.do_objectID ?? ''),
        pageName: String(page.name ?? ''),
        width: round(frame.width),
        height: round(frame.height),
      },
    });
  for (const page of archive.pages) {
    for (const layer of pageLayers(page)) {
      if (layer._class !== 'artboard' || layer.isVisible === false) continue;
      const board = layer as Artboard;
      const frame = checkedFrame(board.frame);
      if (frame.width <= 0 || frame.height <= 0) continue;
      const background = board.hasBackgroundColor ? colorOf(board.backgroundColor) : null;
      const layers = Array.isArray(board.layers) ? board.layers : [];
      add(
        page,
        { layers, origin: { x: 0, y: 0 }, background },
        board.do_objectID,
        String(board.name ?? ''),
        frame,
      );
    }
  }
  if (targets.length > 0) return targets;
  for (const page of archive.pages) {
    const loose = pageLayers(page).filter(
      (layer) => layer.isVisible !== false && layer._class !== 'symbolMaster' && layer._class !== 'artboard',
    );
    const bounds = unionFrames(loose.map((layer) => checkedFrame(layer.frame)));
    if (!bounds || bounds.width <= 0 || bounds.height <= 0) continue;
    add(
      page,
      { layers: loose, origin: { x: bounds.x, y: bounds.y }, background: null },
      String(page.do_objectID ?? ''),
      String(page.name ?? ''),
      bounds,
    );
  }
  return targets;
}

/** Layer positions inside a symbol instance: its master's, scaled to the instance's size. */
interface Placement {
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
}

interface Context {
  masters: Map<string, SymbolMaster>;
  /** The symbols being expanded, outermost first: one seen again is a cycle. */
  expanding: string[];
  converted: number;
  truncated: boolean;
  /** Bitmap layers' image entries, for drawing the artboard's picture. */
  images: Map<string, string>;
  /** Ids given so far: a file with a do_objectID twice (hand-edited, merged) still gets unique ones. */
  ids: Set<string>;
  /** Characters of path data and text produced so far: a long path in a master used many times multiplies. */
  bytes: number;
}

/** Counts what a layer adds to the import's output; past SketchLimits.producedBytesMax the file is refused. */
function spend(ctx: Context, length: number): void {
  ctx.bytes += length;
  if (ctx.bytes > SketchLimits.producedBytesMax) {
    throw tooComplex(`the design's paths and texts come to more than ${SketchLimits.producedBytesMax} bytes`);
  }
}

/** The frame a layer covers in the design: rotated layers by their rotated box's bounds. */
function placedFrame(local: Frame, rotation: number, at: Placement): Frame {
  const frame = {
    x: at.x + local.x * at.scaleX,
    y: at.y + local.y * at.scaleY,
    width: local.width * at.scaleX,
    height: local.height * at.scaleY,
  };
  const radians = (rotation * Math.PI) / 180;
  if (radians % Math.PI === 0) return frame;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const width = frame.width * cos + frame.height * sin;
  const height = frame.width * sin + frame.height * cos;
  return {
    x: frame.x + (frame.width - width) / 2,
    y: frame.y + (frame.height - height) / 2,
    width,
    height,
  };
}

function convertLayers(
  layers: AnyLayer[],
  at: Placement,
  idPrefix: string,
  overrides: Overrides,
  depth: number,
  ctx: Context,
): Layer[] {
  if (depth > SketchLimits.layerDepthMax) {
    throw tooComplex(`layers nest deeper than ${SketchLimits.layerDepthMax} levels`);
  }
  const out: Layer[] = [];
  (Array.isArray(layers) ? layers : []).forEach((layer, index) => {
    const converted = convertLayer(layer as AnySketchLayer, index, at, idPrefix, overrides, depth, ctx);
    if (converted) out.push(converted);
  });
  return out;
}

function convertLayer(
  layer: AnySketchLayer,
  index: number,
  at: Placement,
  idPrefix: string,
  overrides: Overrides,
  depth: number,
  ctx: Context,
): Layer | null {
  if (!layer || typeof layer !== 'object' || layer.isVisible === false) return null;
  if (ctx.converted >= SketchLimits.convertedLayersMax) {
    ctx.truncated = true;
    return null;
  }
  const ownId = typeof layer.do_objectID === 'string' && layer.do_objectID ? layer.do_objectID : `#${index}`;
  let id = idPrefix ? `${idPrefix}/${ownId}` : ownId;
  if (ctx.ids.has(id)) id = `${id}#${ctx.converted}`;
  ctx.ids.add(id);
  const local = checkedFrame(layer.frame);
  const frame = placedFrame(local, num(layer.rotation), at);
  const name = String(layer.name ?? '');
  const style = layer.style;
  let result: Layer;
  if (layer._class === 'group') {
    result = newLayer(id, name, 'group', frame);
    const inner = { ...at, x: at.x + local.x * at.scaleX, y: at.y + local.y * at.scaleY };
    result.children = convertLayers(layer.layers, inner, idPrefix, overrides, depth + 1, ctx);
    if (result.children.length > 0 && result.children.every((child) => child.vector)) result.vector = true;
  } else if (layer._class === 'symbolInstance') {
    // The master's layers are placed in the instance's unrotated box; the group covers the rotated one.
    const box = placedFrame(local, 0, at);
    const expanded = expandInstance(layer as SymbolInstance, id, frame, box, overrides, depth, ctx);
    if (!expanded) return null;
    result = expanded;
  } else if (SHAPE_CLASSES.has(layer._class) || layer._class === 'shapeGroup') {
    const shape = layer as SketchShapeLike;
    result = newLayer(id, name, 'shape', frame);
    result.fills.push(...fillsOf(style, frame));
    result.borders.push(...bordersOf(style, frame));
    if (shape._class !== 'shapeGroup' && isPlainRectangle(shape)) result.radius = rectangleRadii(shape);
    if (shape._class === 'oval' && round(frame.width) === round(frame.height)) {
      const r = round(frame.width / 2);
      result.radius = [r, r, r, r];
    }
    const scale = { x: at.scaleX, y: at.scaleY };
    const outline = outlineOf(shape, SketchLimits.layerDepthMax - depth, scale);
    if (outline?.kind === 'path') spend(ctx, outline.d.length);
    if (outline) result.outline = outline;
    result.vector = true;
  } else if (layer._class === 'text') {
    result = newLayer(id, name, 'text', frame);
    result.text = sketchTextInfo(layer as Text, stringOverride(overrides, ownId));
    spend(ctx, result.text.content.length);
    result.borders.push(...bordersOf(style, frame));
  } else if (layer._class === 'bitmap') {
    result = newLayer(id, name, 'image', frame);
    result.fills.push({ type: 'image' });
    const ref = layer.image?._ref;
    if (typeof ref === 'string') ctx.images.set(id, ref);
  } else if (layer._class === 'slice') {
    result = newLayer(id, name, 'slice', frame);
    // A slice exists only to be exported.
    result.exportable = true;
  } else {
    // Hotspots, and artboards or masters where none belong, draw nothing.
    return null;
  }
  ctx.converted += 1;
  result.shadows.push(...shadowsOf(style));
  result.opacity = opacityOf(style);
  result.blendMode = blendModeOf(style);
  const formats = layer.exportOptions?.exportFormats;
  if (Array.isArray(formats) && formats.length > 0) result.exportable = true;
  return result;
}

/**
 * A symbol instance as a group of its master's layers, ids `${instanceId}/${masterLayerId}` so they stay
 * unique however often the master is used and stable across saves. Overrides change texts and swap nested
 * symbols; image and style overrides are not applied. A master that contains itself is refused.
 */
function expandInstance(
  instance: SymbolInstance,
  id: string,
  frame: Frame,
  box: Frame,
  overrides: Overrides,
  depth: number,
  ctx: Context,
): Layer | null {
  const symbolId = swappedSymbolId(overrides, instance);
  if (symbolId === null) return null;
  const group = newLayer(id, String(instance.name ?? ''), 'group', frame);
  group.children = [];
  const master = ctx.masters.get(symbolId);
  // A master from a library the file does not carry: Sketch draws nothing there either.
  if (!master) return group;
  if (ctx.expanding.includes(symbolId)) {
    throw tooComplex(`symbol "${String(master.name ?? symbolId)}" contains itself`);
  }
  const size = checkedFrame(master.frame);
  const at: Placement = {
    x: box.x,
    y: box.y,
    scaleX: size.width > 0 ? box.width / size.width : 1,
    scaleY: size.height > 0 ? box.height / size.height : 1,
  };
  if (master.hasBackgroundColor && master.includeBackgroundColorInInstance) {
    group.fills.push({ type: 'solid', color: colorOf(master.backgroundColor) });
  }
  ctx.expanding.push(symbolId);
  group.children = convertLayers(master.layers, at, id, overridesFor(instance, overrides), depth + 1, ctx);
  ctx.expanding.pop();
  if (group.children.length > 0 && group.children.every((child) => child.vector)) group.vector = true;
  return group;
}

const nothingToShow = () =>
  new UndecodableDesign('the Sketch file has no artboards or layers', 'SKETCH_EMPTY');

/** The file's designs, read from its JSON alone (no image is inflated); a file with none is refused. */
export function readSketchArtboards(data: Uint8Array): SketchArtboard[] {
  return readSketchArtboardsOf(openSketch(data));
}

/** The designs of an opened file (see readSketchArtboards). */
export function readSketchArtboardsOf(archive: SketchArchive): SketchArtboard[] {
  const targets = targetsOf(archive);
  if (targets.length === 0) throw nothingToShow();
  return targets.map((target) => target.artboard);
}

export interface SketchImport {
  doc: LayerDoc;
  /** Bitmap layer ids → their image entries in the file. */
  images: Map<string, string>;
  background: Rgba;
}

/** One design of an opened file as a LayerDoc, with what drawing its picture needs. */
export function importSketchArchive(archive: SketchArchive, index = 0): SketchImport {
  const targets = targetsOf(archive);
  if (targets.length === 0) throw nothingToShow();
  const target = targets[index];
  if (!target) throw new UndecodableDesign(`the Sketch file has no artboard ${index}`);
  const ctx: Context = {
    masters: symbolMasters(archive.pages, archive.document),
    expanding: [],
    converted: 0,
    truncated: false,
    images: new Map(),
    ids: new Set(),
    bytes: 0,
  };
  const at = { x: -target.origin.x, y: -target.origin.y, scaleX: 1, scaleY: 1 };
  const layers = convertLayers(target.layers, at, '', NO_OVERRIDES, 0, ctx);
  const truncated = limitLayers(layers, InspectLimits.layersMax) || ctx.truncated;
  const doc: LayerDoc = {
    version: LAYER_DOC_VERSION,
    source: 'sketch',
    width: target.artboard.width,
    height: target.artboard.height,
    layers,
    ...(truncated ? { truncated } : {}),
  };
  return { doc, images: ctx.images, background: target.background ?? rgba(255, 255, 255) };
}

/**
 * A Sketch design's visible layers as a LayerDoc: `artboard` is an index from `readSketchArtboards` (the first
 * by default), frames are relative to its top-left corner, ids are Sketch's do_objectIDs.
 */
export function importSketch(data: Uint8Array, options: { artboard?: number } = {}): LayerDoc {
  return importSketchArchive(openSketch(data), options.artboard ?? 0).doc;
}
