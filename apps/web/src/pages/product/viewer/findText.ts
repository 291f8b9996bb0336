import type { DocumentPageText } from '@ferry/shared';

/**
 * Find in a document over its pages' text runs. A page's runs are read as one text: runs on one line that
 * touch are joined as they are (a word or a Chinese phrase split into runs still matches), other runs and
 * whitespace count as one space. Matching ignores case.
 */

/** A match's piece within one run: characters [start, end) of the run's `str`. */
export interface MatchPart {
  item: number;
  start: number;
  end: number;
}

export interface FindMatch {
  page: number;
  parts: MatchPart[];
}

/** More matches than this are not counted on (a one-letter search of a long document). */
export const MAX_MATCHES = 10_000;

type Item = DocumentPageText['items'][number];

/** Runs closer than this share of the text's height are one piece of text. */
const TOUCHING = 0.15;

/** Whether `next` continues `previous` on its line with no gap (sizes in points of a `aspect` wide page). */
function touches(previous: Item, next: Item, aspect: number): boolean {
  const sameLine = Math.abs(previous.y - next.y) < Math.max(previous.h, next.h) * 0.5;
  if (!sameLine) return false;
  // x runs in page widths, h in page heights: the gap in page heights is gap × aspect (width / height).
  const gap = (next.x - (previous.x + previous.w)) * aspect;
  return gap < previous.h * TOUCHING && gap > -previous.h;
}

/** The page's text as searched, lower case, and for each character the run and offset it came from (-1: a space in between). */
export function searchableText(text: DocumentPageText, aspect = 1 / Math.SQRT2) {
  const chars: string[] = [];
  const from: { item: number; offset: number }[] = [];
  let afterSpace = true;
  const space = (item: number) => {
    if (afterSpace) return;
    chars.push(' ');
    from.push({ item, offset: -1 });
    afterSpace = true;
  };
  text.items.forEach((run, item) => {
    if (item > 0 && !touches(text.items[item - 1], run, aspect)) space(item);
    for (let offset = 0; offset < run.str.length; offset++) {
      const char = run.str[offset];
      if (/\s/.test(char)) {
        space(item);
        continue;
      }
      // A letter whose lower case is longer (İ) stays as it is, so positions keep to the run's.
      const lower = char.toLowerCase();
      chars.push(lower.length === 1 ? lower : char);
      from.push({ item, offset });
      afterSpace = false;
    }
  });
  return { text: chars.join(''), from };
}

/** What is searched for: lower case, whitespace as single spaces, trimmed. */
export function normaliseQuery(query: string): string {
  return Array.from(query.trim().replace(/\s+/g, ' '), (char) => {
    const lower = char.toLowerCase();
    return lower.length === 1 ? lower : char;
  }).join('');
}

/** The matches of `query` on one page, in reading order. */
export function pageMatches(
  page: number,
  text: DocumentPageText,
  query: string,
  aspect?: number,
): FindMatch[] {
  const wanted = normaliseQuery(query);
  if (!wanted) return [];
  const { text: searched, from } = searchableText(text, aspect);
  const matches: FindMatch[] = [];
  for (let at = searched.indexOf(wanted); at !== -1; at = searched.indexOf(wanted, at + wanted.length)) {
    const parts: MatchPart[] = [];
    for (let index = at; index < at + wanted.length; index++) {
      const { item, offset } = from[index];
      if (offset < 0) continue;
      const last = parts[parts.length - 1];
      if (last && last.item === item) last.end = offset + 1;
      else parts.push({ item, start: offset, end: offset + 1 });
    }
    matches.push({ page, parts });
    if (matches.length >= MAX_MATCHES) break;
  }
  return matches;
}

/**
 * The matches of `query` in the pages whose text is known, in page order. `aspects` gives each page's width /
 * height (pages missing from `texts` are skipped: their text is still on its way).
 */
export function documentMatches(
  texts: ReadonlyMap<number, DocumentPageText>,
  query: string,
  aspects: ReadonlyMap<number, number> = new Map(),
): FindMatch[] {
  const matches: FindMatch[] = [];
  for (const page of [...texts.keys()].sort((a, b) => a - b)) {
    const text = texts.get(page) as DocumentPageText;
    for (const match of pageMatches(page, text, query, aspects.get(page))) {
      matches.push(match);
      if (matches.length >= MAX_MATCHES) return matches;
    }
  }
  return matches;
}

/** A run cut into plain and highlighted pieces: `current` marks the match the find bar is on. */
export interface RunPiece {
  text: string;
  mark: 'none' | 'match' | 'current';
}

export function runPieces(str: string, ranges: readonly (MatchPart & { current: boolean })[]): RunPiece[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const pieces: RunPiece[] = [];
  let at = 0;
  for (const range of sorted) {
    const start = Math.max(range.start, at);
    const end = Math.min(range.end, str.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: str.slice(at, start), mark: 'none' });
    pieces.push({ text: str.slice(start, end), mark: range.current ? 'current' : 'match' });
    at = end;
  }
  if (at < str.length) pieces.push({ text: str.slice(at), mark: 'none' });
  return pieces;
}

/** The next match's index after `current` (wrapping), or before it with `backwards`. */
export function stepMatch(current: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (current < 0) return backwards ? count - 1 : 0;
  return (current + (backwards ? count - 1 : 1)) % count;
}
