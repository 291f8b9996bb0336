import type { DocumentPageText } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import { documentMatches, MAX_MATCHES, pageMatches, runPieces, searchableText, stepMatch } from './findText';

type Run = DocumentPageText['items'][number];
/** A run on line `line` (2 % of the page high each), starting at x, w wide. */
const run = (str: string, x: number, line: number, w = str.length * 0.01): Run => ({
  str,
  x,
  y: line * 0.03,
  w,
  h: 0.02,
});
const textOf = (...items: Run[]): DocumentPageText => ({ items });

describe('find in a document', () => {
  it('reads a page as text: touching runs joined, other runs and whitespace as one space', () => {
    const page = textOf(
      run('Hel', 0.1, 1, 0.03),
      run('lo  World', 0.13, 1),
      run('next', 0.1, 2),
      run('far', 0.6, 2),
    );
    expect(searchableText(page).text).toBe('hello world next far');
  });

  it('finds every match regardless of case, in reading order, even across runs', () => {
    const page = textOf(
      run('Design hand', 0.1, 1, 0.11),
      run('-off: DESIGN', 0.21, 1),
      run('design', 0.1, 2),
    );
    const matches = pageMatches(3, page, 'design');
    expect(matches).toEqual([
      { page: 3, parts: [{ item: 0, start: 0, end: 6 }] },
      { page: 3, parts: [{ item: 1, start: 6, end: 12 }] },
      { page: 3, parts: [{ item: 2, start: 0, end: 6 }] },
    ]);
    // "hand-off" spans two touching runs.
    expect(pageMatches(3, page, 'Hand-Off')).toEqual([
      {
        page: 3,
        parts: [
          { item: 0, start: 7, end: 11 },
          { item: 1, start: 0, end: 4 },
        ],
      },
    ]);
    // A phrase over a line break; whitespace in the query counts as one space.
    expect(pageMatches(1, page, '  DESIGN \n design ')).toHaveLength(1);
    expect(pageMatches(1, page, '   ')).toEqual([]);
    expect(pageMatches(1, page, 'missing')).toEqual([]);
  });

  it('finds Chinese text split over touching runs, and matches do not overlap', () => {
    const page = textOf(run('产品文', 0.1, 1, 0.06), run('档查看', 0.16, 1, 0.06));
    expect(pageMatches(1, page, '文档')[0].parts).toEqual([
      { item: 0, start: 2, end: 3 },
      { item: 1, start: 0, end: 1 },
    ]);
    expect(pageMatches(1, textOf(run('aaaa', 0, 1)), 'aa')).toHaveLength(2);
  });

  it('counts matches over the pages whose text is known, in page order, up to a ceiling', () => {
    const texts = new Map<number, DocumentPageText>([
      [2, textOf(run('ferry ferry', 0, 1))],
      [1, textOf(run('Ferry', 0, 1))],
    ]);
    expect(documentMatches(texts, 'ferry').map((match) => match.page)).toEqual([1, 2, 2]);
    const huge = new Map([[1, textOf(run('a'.repeat(MAX_MATCHES + 50), 0, 1))]]);
    expect(documentMatches(huge, 'a')).toHaveLength(MAX_MATCHES);
  });

  it('cuts a run into plain and highlighted pieces', () => {
    expect(
      runPieces('one two three', [
        { item: 0, start: 8, end: 13, current: true },
        { item: 0, start: 0, end: 3, current: false },
      ]),
    ).toEqual([
      { text: 'one', mark: 'match' },
      { text: ' two ', mark: 'none' },
      { text: 'three', mark: 'current' },
    ]);
    expect(runPieces('abc', [])).toEqual([{ text: 'abc', mark: 'none' }]);
  });

  it('steps to the next and previous match, wrapping around', () => {
    expect(stepMatch(-1, 3, false)).toBe(0);
    expect(stepMatch(-1, 3, true)).toBe(2);
    expect(stepMatch(2, 3, false)).toBe(0);
    expect(stepMatch(0, 3, true)).toBe(2);
    expect(stepMatch(1, 3, false)).toBe(2);
    expect(stepMatch(0, 0, false)).toBe(-1);
  });
});
