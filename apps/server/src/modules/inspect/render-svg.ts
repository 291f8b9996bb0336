import type { Frame } from '@ferry/shared';
import sharp, { type Sharp } from 'sharp';
import {
  hashRef,
  hrefOf,
  isElement,
  parseSvg,
  type SvgElement,
  type SvgTree,
} from '../../design/svg-parse.js';
import { viewportOf } from '../../design/svg-viewport.js';
import { keepsElement, safeAttrs, safeStyleText } from './svg-safe.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An element's start tag, with only the attributes an exported file may keep (svg-safe.ts). */
function openTag(element: { name: string; attrs: Record<string, string> }): string {
  const attrs = Object.entries(safeAttrs(element.attrs))
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  return `<${element.name}${attrs}>`;
}

function serialize(node: SvgElement | string, parent?: SvgElement): string {
  if (!isElement(node)) return escapeText(parent?.name === 'style' ? safeStyleText(node) : node);
  if (!keepsElement(node.name)) return '';
  return `${openTag(node)}${node.children.map((child) => serialize(child, node)).join('')}</${node.name}>`;
}

/**
 * The element a layer id names, by the rule of design/svg.ts: its own id when unique (and not all digits and
 * slashes), else its index path. Layers inside a <use> instance have ids of their own and no element: null.
 */
function elementOf(tree: SvgTree, layerId: string): { element: SvgElement; ancestors: SvgElement[] } | null {
  const ownId = (element: SvgElement) => {
    const id = element.attrs.id;
    return id && tree.idCount.get(id) === 1 && !/^[\d/]+$/.test(id) ? id : null;
  };
  const walk = (node: SvgElement, ancestors: SvgElement[]): ReturnType<typeof elementOf> => {
    for (const child of node.children.filter(isElement)) {
      if ((ownId(child) ?? child.path) === layerId) return { element: child, ancestors };
      const found = walk(child, [...ancestors, child]);
      if (found) return found;
    }
    return null;
  };
  return walk(tree.root, []);
}

/** Definitions anywhere in the file (gradients, masks, filters, symbols, styles), and elements used by reference. */
function definitions(tree: SvgTree, subtree: SvgElement): SvgElement[] {
  const kept: SvgElement[] = [];
  const seen = new Set<SvgElement>();
  const keep = (element: SvgElement) => {
    if (seen.has(element)) return;
    seen.add(element);
    kept.push(element);
    follow(element);
  };
  const follow = (element: SvgElement) => {
    // url(#id) anywhere in an attribute (fill, mask, filter, a style attribute), and a local href.
    const targets = Object.values(element.attrs).flatMap((value) =>
      [...value.matchAll(/url\(\s*['"]?#([^'")\s]+)/g)].map((match) => match[1]),
    );
    const href = hashRef(hrefOf(element));
    if (href) targets.push(href);
    for (const target of targets) {
      const referenced = tree.byId.get(target);
      if (referenced && referenced !== subtree) keep(referenced);
    }
    for (const child of element.children) if (isElement(child)) follow(child);
  };
  const visit = (element: SvgElement) => {
    for (const child of element.children.filter(isElement)) {
      if (child.name === 'defs' || child.name === 'style') keep(child);
      else visit(child);
    }
  };
  visit(tree.root);
  follow(subtree);
  return kept;
}

/** A frame of the LayerDoc (the document's pixels) in the root's user units, as a viewBox. */
function viewBoxOf(root: SvgElement, frame: Frame): string {
  const [sx, , , sy, tx, ty] = viewportOf(root).m;
  return [(frame.x - tx) / sx, (frame.y - ty) / sy, frame.width / sx, frame.height / sy].join(' ');
}

/**
 * SVG sources: each chosen layer as an SVG of its own: only its element, inside its ancestors (their
 * transforms and inherited styles), with the file's definitions, framed by the layer's frame. A layer with no
 * element of its own (one inside a <use> instance) is the whole document framed the same way.
 */
export class SvgSlices {
  private readonly tree: SvgTree;

  constructor(data: Buffer) {
    this.tree = parseSvg(data.toString('utf8').replace(/^\uFEFF/, ''));
  }

  /** The layer alone, framed by its frame, drawn `width` × `height`. */
  svg(layerId: string, frame: Frame, width: number, height: number): string {
    const { root } = this.tree;
    const found = elementOf(this.tree, layerId);
    let content = root.children.map((child) => serialize(child, root)).join('');
    if (found) {
      content = definitions(this.tree, found.element)
        .map((kept) =>
          kept.name === 'defs' || kept.name === 'style' ? serialize(kept) : `<defs>${serialize(kept)}</defs>`,
        )
        .join('');
      let body = serialize(found.element);
      for (const ancestor of [...found.ancestors].reverse())
        body = `${openTag(ancestor)}${body}</${ancestor.name}>`;
      content += body;
    }
    const {
      width: _w,
      height: _h,
      viewBox: _v,
      x: _x,
      y: _y,
      preserveAspectRatio: _p,
      ...rootAttrs
    } = root.attrs;
    const attrs: Record<string, string> = {
      xmlns: SVG_NS,
      'xmlns:xlink': XLINK_NS,
      ...rootAttrs,
      width: String(width),
      height: String(height),
      viewBox: viewBoxOf(root, frame),
      preserveAspectRatio: 'none',
    };
    return `${openTag({ name: 'svg', attrs })}${content}</svg>`;
  }

  /** The same drawn by librsvg at exactly `width` × `height` pixels: vectors stay sharp at every scale. */
  picture(layerId: string, frame: Frame, width: number, height: number): Sharp {
    return sharp(Buffer.from(this.svg(layerId, frame, width, height))).resize(width, height, { fit: 'fill' });
  }
}
