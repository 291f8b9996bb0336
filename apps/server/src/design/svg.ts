import {
  type Border,
  type Frame,
  InspectLimits,
  LAYER_DOC_VERSION,
  type Layer,
  type LayerDoc,
} from '@ferry/shared';
import { boundsOfCubics, boxCubics, type Matrix, multiply, scaleOf, translation } from './geometry.js';
import {
  CSS_BLEND_MODES,
  intersectFrames,
  isExportName,
  limitLayers,
  newLayer,
  round,
  unionFrames,
} from './layer-tree.js';
import { filterEffect, type PaintContext, paintOf, unitNumber } from './svg-paint.js';
import { hashRef, hrefOf, isElement, parseSvg, type SvgElement, textOf, urlRef } from './svg-parse.js';
import { attrLength, parseTransform, rectRadius, shapeCubics } from './svg-shapes.js';
import { computeStyle, parseLength, parseStyleSheet, type Style } from './svg-style.js';
import { svgText } from './svg-text.js';
import { viewportOf } from './svg-viewport.js';

/** Elements that are never drawn where they stand (defs are drawn only through use, fill, mask …). */
const NOT_DRAWN = new Set([
  'defs',
  'symbol',
  'clipPath',
  'mask',
  'marker',
  'pattern',
  'linearGradient',
  'radialGradient',
  'filter',
  'style',
  'script',
  'title',
  'desc',
  'metadata',
  'foreignObject',
]);
const SHAPES = new Set(['rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path']);
const DEFAULT_NAMES: Record<string, string> = {
  rect: 'Rectangle',
  circle: 'Circle',
  ellipse: 'Ellipse',
  line: 'Line',
  polyline: 'Polyline',
  polygon: 'Polygon',
  path: 'Path',
  g: 'Group',
  svg: 'Group',
  a: 'Link',
  image: 'Image',
  text: 'Text',
};
/** A use chain deeper than this is left out (and cycles never recurse). */
const USE_DEPTH_MAX = 16;
/** Layers built before pruning; a <use> "billion laughs" stops here instead of exhausting memory. */
const LAYERS_BUILT_MAX = InspectLimits.layersMax * 2;

interface Scope {
  style: Style;
  m: Matrix;
  clip: Frame | null;
  /** Inside a <use> instance the referenced elements' ids repeat, so layers take `<use layer id>/<index>` ids. */
  instanceId: string | null;
  /** The elements being drawn around this one (ancestors and <use> targets): a use of one of them is a loop. */
  within: SvgElement[];
  useDepth: number;
}

interface Built {
  layer: Layer;
  /** The referenced element of a <use>, to pair Sketch's shadow-only copies with the shape they shade. */
  href: string | null;
  shadowOnly: boolean;
}

class SvgImporter {
  truncated = false;
  private built = 0;
  /** Elements measured for masks and clip paths (which <use> can multiply too). */
  private visited = 0;
  private readonly usedIds = new Set<string>();

  constructor(private readonly ctx: PaintContext) {}

  private idOf(element: SvgElement, scope: Scope, index: number): string {
    const own = element.attrs.id;
    let id =
      scope.instanceId !== null
        ? `${scope.instanceId}/${index}`
        : own && this.ctx.tree.idCount.get(own) === 1 && !/^[\d/]+$/.test(own)
          ? own
          : element.path;
    while (this.usedIds.has(id)) id = `${id}'`;
    this.usedIds.add(id);
    return id;
  }

  private nameOf(element: SvgElement): string | null {
    const a = element.attrs;
    const title = element.children.find((c): c is SvgElement => isElement(c) && c.name === 'title');
    return a['inkscape:label'] ?? a['data-name'] ?? a.id ?? (title ? textOf(title).trim() : null) ?? null;
  }

  /** The region a mask or clip-path leaves visible, in document pixels, narrowed by the one around it. */
  private clipOf(style: Style, m: Matrix, outer: Frame | null): Frame | null | 'hidden' {
    let clip = outer;
    for (const value of [style.mask, style['clip-path']]) {
      const ref = urlRef(value);
      const region = ref ? this.ctx.tree.byId.get(ref) : undefined;
      if (!region || region.attrs.clipPathUnits === 'objectBoundingBox') continue;
      const bounds = this.contentBounds(region, m, 0);
      if (!bounds) continue;
      if (clip) {
        const narrowed = intersectFrames(clip, bounds);
        if (!narrowed) return 'hidden';
        clip = narrowed;
      } else clip = bounds;
    }
    return clip;
  }

  /** The outline bounds of what an element (a mask's content, say) would draw; text and images by their box. */
  private contentBounds(element: SvgElement, m: Matrix, depth: number): Frame | null {
    if (depth > USE_DEPTH_MAX) return null;
    const frames: Frame[] = [];
    for (const child of element.children.filter(isElement)) {
      if (++this.visited > LAYERS_BUILT_MAX) {
        this.truncated = true;
        break;
      }
      const cm = multiply(m, parseTransform(child.attrs.transform));
      let frame: Frame | null = null;
      if (SHAPES.has(child.name)) frame = boundsOfCubics(shapeCubics(child) ?? [], cm);
      else if (child.name === 'image' || child.name === 'use') {
        const ref = child.name === 'use' ? hashRef(hrefOf(child)) : null;
        const target = ref ? this.ctx.tree.byId.get(ref) : undefined;
        if (target && target !== element) {
          const wrapper: SvgElement = { name: 'g', attrs: {}, children: [target], path: '' };
          frame = this.contentBounds(
            wrapper,
            multiply(cm, translation(attrLength(child, 'x'), attrLength(child, 'y'))),
            depth + 1,
          );
        } else if (child.name === 'image') {
          frame = boundsOfCubics(
            boxCubics(
              attrLength(child, 'x'),
              attrLength(child, 'y'),
              attrLength(child, 'width'),
              attrLength(child, 'height'),
            ),
            cm,
          );
        }
      } else if (child.name === 'g' || child.name === 'text')
        frame = this.contentBounds(child, cm, depth + 1);
      if (frame) frames.push(frame);
    }
    return unionFrames(frames);
  }

  /** The converted element children of `parent`, Sketch's shadow-only <use> copies folded into their shapes. */
  children(parent: SvgElement, scope: Scope): Layer[] {
    const built: Built[] = [];
    parent.children.filter(isElement).forEach((child, index) => {
      const result = this.element(child, scope, index);
      if (result) built.push(result);
    });
    for (const shadow of built.filter((b) => b.shadowOnly && b.href)) {
      const partner = built.find((b) => !b.shadowOnly && b.href === shadow.href);
      if (!partner) continue;
      partner.layer.shadows.push(...shadow.layer.shadows);
      built.splice(built.indexOf(shadow), 1);
    }
    return built.map((b) => b.layer);
  }

  private element(element: SvgElement, scope: Scope, index: number): Built | null {
    if (NOT_DRAWN.has(element.name)) return null;
    if (this.built >= LAYERS_BUILT_MAX) {
      this.truncated = true;
      return null;
    }
    const style = computeStyle(element, scope.style, this.ctx.sheet);
    if (style.display === 'none') return null;
    const m = multiply(scope.m, parseTransform(element.attrs.transform));
    const clip = this.clipOf(style, m, scope.clip);
    if (clip === 'hidden') return null;
    const id = this.idOf(element, scope, index);
    const inner: Scope = {
      ...scope,
      style,
      m,
      clip,
      instanceId: scope.instanceId === null ? null : id,
      within: [...scope.within, element],
    };
    const hidden = style.visibility === 'hidden' || style.visibility === 'collapse';
    let layer: Layer | null = null;
    let href: string | null = null;
    let shadowOnly = false;
    const name = this.nameOf(element);

    if (element.name === 'g' || element.name === 'a' || element.name === 'switch' || element.name === 'svg') {
      let content = element;
      if (element.name === 'switch') {
        // A switch draws its first child that applies; exporters put the plain version after foreignObject.
        const first = element.children.find((c): c is SvgElement => isElement(c) && !NOT_DRAWN.has(c.name));
        content = { ...element, children: first ? [first] : [] };
      }
      if (element.name === 'svg') {
        const placed = multiply(m, translation(attrLength(element, 'x'), attrLength(element, 'y')));
        inner.m = multiply(placed, viewportOf(element).m);
      }
      layer = this.group(id, name ?? DEFAULT_NAMES.g, this.children(content, inner));
    } else if (element.name === 'use') {
      href = hashRef(hrefOf(element));
      const target = href ? this.ctx.tree.byId.get(href) : undefined;
      if (!target || inner.within.includes(target) || scope.useDepth >= USE_DEPTH_MAX) return null;
      const placed = multiply(m, translation(attrLength(element, 'x'), attrLength(element, 'y')));
      const instance: Scope = { ...inner, m: placed, instanceId: id, useDepth: scope.useDepth + 1 };
      if (target.name === 'symbol' || target.name === 'svg') {
        const width = parseLength(element.attrs.width) ?? attrLength(target, 'width');
        const height = parseLength(element.attrs.height) ?? attrLength(target, 'height');
        instance.m = multiply(placed, viewportOf(target, width, height).m);
        layer = this.group(
          id,
          name ?? this.nameOf(target) ?? DEFAULT_NAMES.g,
          this.children(target, instance),
        );
      } else {
        const wrapper: SvgElement = { name: 'g', attrs: {}, children: [target], path: element.path };
        const [only] = this.children(wrapper, instance);
        if (!only) return null;
        layer = only;
        layer.id = id;
        layer.name = name ?? layer.name;
      }
    } else if (hidden) {
      return null;
    } else if (element.name === 'text') {
      const text = svgText(element, style, m, this.ctx.sheet);
      const frame = text && (clip ? intersectFrames(text.frame, clip) : text.frame);
      if (!text || !frame) return null;
      layer = newLayer(id, name ?? text.info.content.split('\n')[0].slice(0, 60), 'text', frame);
      layer.text = text.info;
      layer.borders.push(...this.borders(style, frame, m));
    } else if (element.name === 'image') {
      const box = {
        x: attrLength(element, 'x'),
        y: attrLength(element, 'y'),
        width: attrLength(element, 'width'),
        height: attrLength(element, 'height'),
      };
      const bounds =
        box.width > 0 && box.height > 0
          ? boundsOfCubics(boxCubics(box.x, box.y, box.width, box.height), m)
          : null;
      const frame = bounds && (clip ? intersectFrames(bounds, clip) : bounds);
      if (!frame) return null;
      layer = newLayer(id, name ?? DEFAULT_NAMES.image, 'image', frame);
      layer.fills.push({ type: 'image' });
    } else if (SHAPES.has(element.name)) {
      const cubics = shapeCubics(element);
      const local = cubics && boundsOfCubics(cubics);
      const bounds = cubics && boundsOfCubics(cubics, m);
      const frame = bounds && (clip ? intersectFrames(bounds, clip) : bounds);
      if (!cubics || !local || !frame) return null;
      layer = newLayer(id, name ?? DEFAULT_NAMES[element.name], 'shape', frame);
      if (element.name !== 'line') {
        const fill = paintOf(
          style.fill ?? 'black',
          unitNumber(style['fill-opacity']),
          style,
          local,
          m,
          this.ctx,
        );
        if (fill) layer.fills.push(fill);
      }
      layer.borders.push(...this.borders(style, local, m));
      const r = element.name === 'circle' ? attrLength(element, 'r') : rectRadius(element);
      if (r !== null && r > 0 && (element.name !== 'circle' || round(frame.width) === round(frame.height))) {
        const scaled = round(r * scaleOf(m));
        layer.radius = [scaled, scaled, scaled, scaled];
      }
    }
    if (!layer) return null;
    this.built++;
    const filterRef = urlRef(style.filter);
    const filter = filterRef ? this.ctx.tree.byId.get(filterRef) : undefined;
    if (filter?.name === 'filter') {
      const effect = filterEffect(filter, m, this.ctx);
      layer.shadows.push(...effect.shadows);
      if (!effect.drawsSource) {
        shadowOnly = true;
        layer.fills = [];
      }
    }
    layer.opacity = round(unitNumber(style.opacity), 3);
    const blend = style['mix-blend-mode'];
    if (blend && CSS_BLEND_MODES.has(blend)) layer.blendMode = blend;
    layer.exportable = isExportName(layer.name) || isExportName(element.attrs.id ?? '');
    return { layer, href, shadowOnly };
  }

  private group(id: string, name: string, children: Layer[]): Layer | null {
    const frame = unionFrames(children.map((c) => c.frame));
    if (!frame) return null;
    const layer = newLayer(id, name, 'group', frame);
    layer.children = children;
    return layer;
  }

  private borders(style: Style, box: Frame, m: Matrix): Border[] {
    const fill = paintOf(style.stroke, unitNumber(style['stroke-opacity']), style, box, m, this.ctx);
    const width =
      (parseLength(style['stroke-width'] ?? '1', Number(style['font-size'] ?? 16)) ?? 1) * scaleOf(m);
    if (!fill || width <= 0) return [];
    let dash = (style['stroke-dasharray'] ?? '')
      .split(/[\s,]+/)
      .map((v) => parseLength(v))
      .filter((v): v is number => v !== null && v >= 0);
    // An odd list repeats to make it even (SVG 1.1 §11.4).
    if (dash.length % 2 === 1) dash = [...dash, ...dash];
    if (dash.every((v) => v === 0)) dash = [];
    return [{ fill, width: round(width), position: 'center', dash: dash.map((v) => round(v * scaleOf(m))) }];
  }
}

/**
 * An SVG's drawn elements as a LayerDoc in document pixels (the root's width/height, its viewBox mapped
 * onto them). Only the text is read: scripts never run, and no reference outside the file (http, files,
 * @import) is ever fetched; DOCTYPE entities are not expanded.
 */
export function importSvg(data: Buffer | string): LayerDoc {
  const source = (typeof data === 'string' ? data : data.toString('utf8')).replace(/^\uFEFF/, '');
  const tree = parseSvg(source);
  const styleText: string[] = [];
  const collect = (element: SvgElement) => {
    for (const child of element.children) {
      if (!isElement(child)) continue;
      if (child.name === 'style') styleText.push(textOf(child));
      else collect(child);
    }
  };
  collect(tree.root);
  const ctx: PaintContext = { tree, sheet: parseStyleSheet(styleText.join('\n')) };
  const { width, height, m } = viewportOf(tree.root);
  const importer = new SvgImporter(ctx);
  const rootStyle = computeStyle(tree.root, { 'font-size': '16' }, ctx.sheet);
  // The root viewport clips what is drawn: frames end at the document's edges.
  const viewport = { x: 0, y: 0, width, height };
  const layers = importer.children(tree.root, {
    style: rootStyle,
    m,
    clip: viewport,
    instanceId: null,
    within: [tree.root],
    useDepth: 0,
  });
  const limited = limitLayers(layers, InspectLimits.layersMax);
  const truncated = tree.truncated || importer.truncated || limited;
  return {
    version: LAYER_DOC_VERSION,
    source: 'svg',
    width: round(width),
    height: round(height),
    layers,
    ...(truncated ? { truncated } : {}),
  };
}
