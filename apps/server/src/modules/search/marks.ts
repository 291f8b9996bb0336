import { SearchLimits, type SearchMark } from '@ferry/shared';

/** Letters unaccent spells out that Unicode decomposition keeps whole. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/**
 * One character as the database's `search_fold` sees it (lower case, accents and full-width forms removed),
 * for finding the matched part of a text in the browser's terms. Close to unaccent's rules, not identical:
 * where they differ a hit simply shows no highlight.
 */
export function foldChar(char: string): string {
  const lower = char.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return SPELLED[lower] ?? lower;
}

export function foldText(text: string): string {
  let folded = '';
  for (const char of text) folded += foldChar(char);
  return folded;
}

/** The folded words of a keyword, longest first (so a longer word's mark wins where two overlap). */
function wordsOf(keyword: string): string[] {
  const words = [...new Set(foldText(keyword).split(/\s+/).filter(Boolean))];
  return words.sort((a, b) => b.length - a.length);
}

/**
 * Where the keyword shows in the text: the whole keyword, or else each of its words, as [start, end) of the
 * text itself (UTF-16 units), in order and not overlapping.
 */
export function marksOf(text: string, keyword: string): SearchMark[] {
  const whole = foldText(keyword.trim());
  if (!whole) return [];
  // The folded text, and for each of its units the unit of the original it came from.
  let folded = '';
  const origin: number[] = [];
  let at = 0;
  for (const char of text) {
    const part = foldChar(char);
    for (let i = 0; i < part.length; i++) origin.push(at);
    folded += part;
    at += char.length;
  }
  origin.push(text.length);
  const needles = folded.includes(whole) ? [whole] : wordsOf(keyword);
  const taken: SearchMark[] = [];
  for (const needle of needles) {
    for (let from = folded.indexOf(needle); from >= 0; from = folded.indexOf(needle, from + needle.length)) {
      const start = origin[from];
      const lastUnit = origin[from + needle.length - 1];
      const end = lastUnit + ((text.codePointAt(lastUnit) ?? 0) > 0xffff ? 2 : 1);
      if (!taken.some(([s, e]) => start < e && end > s)) taken.push([start, end]);
    }
  }
  return taken.sort((a, b) => a[0] - b[0]);
}

/** The text around the first match, about `SearchLimits.snippetSide` characters either side, on one line. */
export function snippetOf(text: string, keyword: string): { snippet: string; marks: SearchMark[] } {
  const line = text.replace(/\s+/g, ' ').trim();
  const [first] = marksOf(line, keyword);
  if (!first) return { snippet: line.slice(0, SearchLimits.snippetSide * 2), marks: [] };
  const start = Math.max(0, first[0] - SearchLimits.snippetSide);
  const end = Math.min(line.length, first[1] + SearchLimits.snippetSide);
  const lead = start > 0 ? '…' : '';
  const snippet = `${lead}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
  return { snippet, marks: marksOf(snippet, keyword) };
}

/**
 * How well a text answers the keyword, as the query ranks: 0 equal, 1 starts with it, 2 contains it whole,
 * 3 holds each of its words, 4 only some, 5 none.
 */
export function tierOf(text: string, keyword: string): number {
  const folded = foldText(text);
  const whole = foldText(keyword.trim());
  if (folded === whole) return 0;
  if (folded.startsWith(whole)) return 1;
  if (folded.includes(whole)) return 2;
  const words = wordsOf(keyword);
  const found = words.filter((word) => folded.includes(word)).length;
  if (found === words.length) return 3;
  return found > 0 ? 4 : 5;
}
