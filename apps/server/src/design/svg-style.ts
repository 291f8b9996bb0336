import type { SvgElement } from './svg-parse.js';

/** The properties the importer reads, as presentation attributes and CSS alike. */
const PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'display',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'text-decoration',
  'filter',
  'mask',
  'clip-path',
  'mix-blend-mode',
  'color',
  'stop-color',
  'stop-opacity',
] as const;
export type Property = (typeof PROPERTIES)[number];
export type Style = Partial<Record<Property, string>>;

const KNOWN = new Set<string>(PROPERTIES);
const INHERITED = new Set<Property>([
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'text-decoration',
  'color',
]);

interface Rule {
  tag: string | null;
  ids: string[];
  classes: string[];
  specificity: number;
  order: number;
  declarations: Style;
}

/** Simple rules of the document's <style> sheets (what design tools export), indexed for lookup. */
export interface StyleSheet {
  byClass: Map<string, Rule[]>;
  byId: Map<string, Rule[]>;
  byTag: Map<string, Rule[]>;
  universal: Rule[];
}

/** `fill:#fff; stroke : red` → declarations; properties the importer does not read are dropped. */
export function parseDeclarations(text: string): Style {
  const style: Style = {};
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim();
    if (KNOWN.has(name) && value) style[name as Property] = value;
  }
  return style;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Reads `selector, selector { declarations }` rules where each selector is one compound (`.cls-1`, `#id`,
 * `rect`, `path.a`, `*`). Selectors with combinators, attributes or pseudo-classes, and @-rules, are
 * skipped: they are rare in exports and a wrong match would be worse than none.
 */
export function parseStyleSheet(css: string): StyleSheet {
  const sheet: StyleSheet = { byClass: new Map(), byId: new Map(), byTag: new Map(), universal: [] };
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let order = 0;
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    // A statement at-rule (@import …; @charset …;) ends at its semicolon; it is never followed.
    const semicolon = text.indexOf(';', i);
    if (text.slice(i).trimStart().startsWith('@') && semicolon >= 0 && semicolon < open) {
      i = semicolon + 1;
      continue;
    }
    // Find the matching close brace (an @media block nests rules).
    let depth = 1;
    let close = open + 1;
    while (close < text.length && depth > 0) {
      if (text[close] === '{') depth++;
      else if (text[close] === '}') depth--;
      close++;
    }
    const prelude = text.slice(i, open).trim();
    const body = text.slice(open + 1, close - 1);
    i = close;
    if (prelude.startsWith('@') || prelude.includes('}')) continue;
    const declarations = parseDeclarations(body);
    for (const selector of prelude.split(',')) {
      const match = /^([a-zA-Z][\w-]*|\*)?((?:[.#][\w-]+)*)$/.exec(selector.trim());
      if (!match || (!match[1] && !match[2])) continue;
      const ids = [...match[2].matchAll(/#([\w-]+)/g)].map((m) => m[1]);
      const classes = [...match[2].matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
      const tag = match[1] && match[1] !== '*' ? match[1] : null;
      const rule: Rule = {
        tag,
        ids,
        classes,
        specificity: ids.length * 10000 + classes.length * 100 + (tag ? 1 : 0),
        order: order++,
        declarations,
      };
      if (ids.length) push(sheet.byId, ids[0], rule);
      else if (classes.length) push(sheet.byClass, classes[0], rule);
      else if (tag) push(sheet.byTag, tag, rule);
      else sheet.universal.push(rule);
    }
  }
  return sheet;
}

function matches(rule: Rule, element: SvgElement, classes: Set<string>): boolean {
  if (rule.tag && rule.tag !== element.name) return false;
  if (rule.ids.some((id) => id !== element.attrs.id)) return false;
  return rule.classes.every((name) => classes.has(name));
}

/** What the element itself declares: presentation attributes, then matching CSS rules, then `style=""`. */
export function declaredStyle(element: SvgElement, sheet: StyleSheet): Style {
  const style: Style = {};
  for (const name of PROPERTIES) {
    const value = element.attrs[name];
    if (value !== undefined && value.trim() !== '') style[name] = value.trim();
  }
  const classes = new Set((element.attrs.class ?? '').split(/\s+/).filter(Boolean));
  const candidates = [
    ...sheet.universal,
    ...(sheet.byTag.get(element.name) ?? []),
    ...(element.attrs.id ? (sheet.byId.get(element.attrs.id) ?? []) : []),
    ...[...classes].flatMap((name) => sheet.byClass.get(name) ?? []),
  ];
  const applying = [...new Set(candidates)]
    .filter((rule) => matches(rule, element, classes))
    .sort((a, b) => a.specificity - b.specificity || a.order - b.order);
  for (const rule of applying) Object.assign(style, rule.declarations);
  if (element.attrs.style) Object.assign(style, parseDeclarations(element.attrs.style));
  return style;
}

/** Parses an SVG/CSS length to pixels; `em` against `fontSize`, `%` against `percentOf`. */
export function parseLength(value: string | undefined, fontSize = 16, percentOf = 0): number | null {
  if (value === undefined) return null;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|rem|%)?\s*$/i.exec(
    value,
  );
  if (!match) return null;
  const n = Number.parseFloat(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  const factor: Record<string, number> = {
    '': 1,
    px: 1,
    pt: 4 / 3,
    pc: 16,
    mm: 96 / 25.4,
    cm: 96 / 2.54,
    in: 96,
    em: fontSize,
    rem: 16,
    ex: fontSize / 2,
    '%': percentOf / 100,
  };
  return n * factor[unit];
}

const FONT_SIZE_WORDS: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
};

/**
 * The element's computed style: inherited properties from `parent`, then what it declares (`inherit`
 * takes the parent's). `font-size` is resolved to pixels so descendants' `em` work.
 */
export function computeStyle(element: SvgElement, parent: Style, sheet: StyleSheet): Style {
  const style: Style = {};
  for (const name of INHERITED) if (parent[name] !== undefined) style[name] = parent[name];
  const declared = declaredStyle(element, sheet);
  for (const name of PROPERTIES) {
    const value = declared[name];
    if (value === undefined) continue;
    if (value === 'inherit') {
      if (parent[name] !== undefined) style[name] = parent[name];
    } else style[name] = value;
  }
  const parentSize = Number(parent['font-size'] ?? 16);
  if (declared['font-size'] && declared['font-size'] !== 'inherit') {
    const word = FONT_SIZE_WORDS[declared['font-size'].toLowerCase()];
    const size = word ?? parseLength(declared['font-size'], parentSize, parentSize);
    style['font-size'] = String(size ?? parentSize);
  }
  return style;
}
