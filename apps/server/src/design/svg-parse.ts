import { InspectLimits } from '@ferry/shared';
import { SaxesParser } from 'saxes';

/** One element of the SVG; `children` keeps text (as strings) only where text matters (text, style). */
export interface SvgElement {
  name: string;
  attrs: Record<string, string>;
  children: (SvgElement | string)[];
  /** Index path among the element children of the document, e.g. "0/3/1": stable per file. */
  path: string;
}

export interface SvgTree {
  root: SvgElement;
  /** Elements by id; an id used twice maps to the first. */
  byId: Map<string, SvgElement>;
  /** How many elements carry each id. */
  idCount: Map<string, number>;
  /** True when elements past the limits were left out. */
  truncated: boolean;
}

/** Elements kept from one file; a design is far below this, a hostile file is cut off here. */
export const SVG_ELEMENTS_MAX = InspectLimits.layersMax * 10;
/** Nesting kept; deeper elements are left out (and never recursed into). */
export const SVG_DEPTH_MAX = 128;

const TEXT_HOLDERS = new Set(['text', 'tspan', 'textPath', 'style', 'title', 'a']);

export const isElement = (node: SvgElement | string): node is SvgElement => typeof node !== 'string';

/**
 * Parses SVG text into a tree. saxes is a non-validating parser: a DOCTYPE's entity declarations are never
 * expanded (an undefined entity stays as its literal text), nothing external is ever loaded, and
 * well-formedness errors are passed over so a sloppy export still reads.
 */
export function parseSvg(source: string): SvgTree {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const stack: SvgElement[] = [];
  /** Element children seen so far by each open element (parallel to `stack`). */
  const counts: number[] = [];
  const byId = new Map<string, SvgElement>();
  const idCount = new Map<string, number>();
  let root: SvgElement | null = null;
  let kept = 0;
  let skippedDepth = 0;
  let truncated = false;

  parser.on('error', () => {
    // Keep reading; a broken document simply yields fewer elements.
  });
  parser.on('opentag', (tag) => {
    if (skippedDepth > 0 || stack.length >= SVG_DEPTH_MAX || kept >= SVG_ELEMENTS_MAX) {
      skippedDepth++;
      truncated = true;
      return;
    }
    const parent = stack[stack.length - 1];
    const name = tag.name.replace(/^svg:/, '');
    const siblings = parent ? counts[counts.length - 1]++ : 0;
    const element: SvgElement = {
      name,
      attrs: { ...(tag.attributes as Record<string, string>) },
      children: [],
      path: parent ? (parent === root ? String(siblings) : `${parent.path}/${siblings}`) : '',
    };
    kept++;
    if (parent) parent.children.push(element);
    else if (!root) root = element;
    else return; // a second root: ignored
    const id = element.attrs.id;
    if (id) {
      idCount.set(id, (idCount.get(id) ?? 0) + 1);
      if (!byId.has(id)) byId.set(id, element);
    }
    stack.push(element);
    counts.push(0);
  });
  parser.on('closetag', () => {
    if (skippedDepth > 0) {
      skippedDepth--;
      return;
    }
    stack.pop();
    counts.pop();
  });
  const onText = (text: string) => {
    const parent = stack[stack.length - 1];
    if (skippedDepth === 0 && parent && TEXT_HOLDERS.has(parent.name)) parent.children.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(source).close();
  const tree = root as SvgElement | null;
  if (tree?.name !== 'svg') throw new Error('not an SVG document');
  return { root: tree, byId, idCount, truncated };
}

/** The text inside an element, its descendants' included. */
export function textOf(element: SvgElement): string {
  return element.children.map((child) => (isElement(child) ? textOf(child) : child)).join('');
}

/** `url(#id)` (fill, filter, mask …) → id; a url to anything outside the file is never followed: null. */
export function urlRef(value: string | undefined): string | null {
  const url = /^\s*url\(\s*['"]?#([^'")]+)['"]?\s*\)/.exec(value ?? '');
  return url ? url[1] : null;
}

/** An href `#id` → id; files and http addresses are never followed: null. */
export function hashRef(value: string | undefined): string | null {
  const hash = /^\s*#(\S+)\s*$/.exec(value ?? '');
  return hash ? hash[1] : null;
}

export const hrefOf = (element: SvgElement): string | undefined =>
  element.attrs.href ?? element.attrs['xlink:href'];
