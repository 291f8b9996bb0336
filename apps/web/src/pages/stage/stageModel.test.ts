import { type ImageView, NO_SECTION_ID } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import type { SectionView } from '../../api/designs';
import { boxSelect, clickSelect, EMPTY_SELECTION, keepOnly } from './selection';
import {
  arrangeSections,
  buildRows,
  cardThumbnail,
  gridFor,
  matchesFilter,
  NO_FILTER,
  naturalCompare,
  recentIds,
  sortImages,
  thumbnailUrl,
  visibleOrder,
} from './stageModel';

const NOW = new Date('2026-03-10T15:00:00');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

function design(
  id: string,
  name: string,
  created = hoursAgo(100),
  extra: Partial<ImageView> = {},
): ImageView {
  return {
    id,
    image_id: id,
    name,
    create_time: created,
    urls: {},
    url: '',
    status: 'ready',
    version_count: 1,
    ...extra,
  } as ImageView;
}
const section = (id: string, name: string, imageIds: string[], extra: Partial<SectionView> = {}) => ({
  id,
  name,
  order: 0,
  parent_id: null,
  image_ids: imageIds,
  children: [],
  ...extra,
});

describe('filters', () => {
  const a = design('a', 'Home Screen', hoursAgo(2));
  const b = design('b', 'Checkout', hoursAgo(24 * 10));
  it('finds designs by any part of the name, in any case', () => {
    expect(matchesFilter(a, { keyword: 'screen', time: 'all' }, NOW)).toBe(true);
    expect(matchesFilter(b, { keyword: 'screen', time: 'all' }, NOW)).toBe(false);
  });
  it('lets through what was uploaded today, or within 7, 15 or 30 days', () => {
    expect(matchesFilter(a, { keyword: '', time: 'today' }, NOW)).toBe(true);
    expect(
      matchesFilter(
        design('y', 'y', new Date('2026-03-09T23:59:00').toISOString()),
        { keyword: '', time: 'today' },
        NOW,
      ),
    ).toBe(false);
    expect(matchesFilter(b, { keyword: '', time: '7' }, NOW)).toBe(false);
    expect(matchesFilter(b, { keyword: '', time: '15' }, NOW)).toBe(true);
    expect(matchesFilter(b, { keyword: '', time: '30' }, NOW)).toBe(true);
  });
});

describe('the "new" marker', () => {
  it('marks everything of the last 3 hours, and the latest 10 however old', () => {
    const old = Array.from({ length: 15 }, (_, n) => design(`old-${n}`, `Old ${n}`, hoursAgo(48 + n)));
    const fresh = Array.from({ length: 12 }, (_, n) => design(`new-${n}`, `New ${n}`, hoursAgo(n * 0.2)));
    expect(recentIds([...old, ...fresh], NOW).size).toBe(12);
    const marked = recentIds(old, NOW);
    expect([...marked].sort()).toEqual(
      old
        .slice(0, 10)
        .map((image) => image.id)
        .sort(),
    );
    expect(marked.has('old-10')).toBe(false);
  });
});

describe('order', () => {
  it('sorts names naturally: 2 before 10, case ignored', () => {
    expect(['page 10', 'Page 2', 'page 1'].sort(naturalCompare)).toEqual(['page 1', 'Page 2', 'page 10']);
    const images = [design('x', 'Screen 10'), design('y', 'screen 9'), design('z', 'Screen 100')];
    expect(sortImages(images, 'name').map((image) => image.name)).toEqual([
      'screen 9',
      'Screen 10',
      'Screen 100',
    ]);
  });
  it('puts the newest first by time and keeps the arrangement by default', () => {
    const images = [design('x', 'x', hoursAgo(5)), design('y', 'y', hoursAgo(1))];
    expect(sortImages(images, 'time').map((image) => image.id)).toEqual(['y', 'x']);
    expect(sortImages(images, 'default').map((image) => image.id)).toEqual(['x', 'y']);
  });
  it('fits as many cards of the chosen size as a row holds, then widens them to end flush', () => {
    expect(gridFor(1000, 2)).toEqual({ columns: 4, card: { width: 235, thumb: 176, height: 228 } });
    expect(gridFor(1000, 4).columns).toBe(2);
    expect(gridFor(150, 4)).toMatchObject({ columns: 1, card: { width: 400 } });
  });
  it('shows the p25 thumbnail, else p50, else the original', () => {
    expect(thumbnailUrl(design('a', 'a', undefined, { urls: { p25: '/25', p50: '/50' } }))).toBe('/25');
    expect(thumbnailUrl(design('a', 'a', undefined, { urls: { p50: '/50', org: '/o' } }))).toBe('/50');
    expect(thumbnailUrl(design('a', 'a', undefined, { urls: { org: '/o' } }))).toBe('/o');
  });
  it('sets the drawn size of a card picture and offers the variants by width', () => {
    const tall = design('a', 'a', undefined, {
      width: 1440,
      height: 3200,
      urls: { p5: '/5', p25: '/25', p50: '/50', org: '/o' },
    });
    // A 235 × 176 box less the inset: the height decides.
    expect(cardThumbnail(tall, { width: 235, height: 176 })).toEqual({
      src: '/25',
      srcSet: '/5 72w, /25 360w, /50 720w',
      sizes: '72px',
      width: 72,
      height: 160,
    });
    // A small design keeps its p25 size rather than being blown up.
    const icon = design('b', 'b', undefined, { width: 200, height: 100, urls: { p25: '/25' } });
    expect(cardThumbnail(icon, { width: 400, height: 300 })).toEqual({ src: '/25', width: 50, height: 25 });
    // Without a size (or a picture) nothing is guessed.
    expect(
      cardThumbnail(design('c', 'c', undefined, { width: 0, urls: { p25: '/25' } }), {
        width: 235,
        height: 176,
      }),
    ).toEqual({
      src: '/25',
    });
  });
});

describe('sections and rows', () => {
  const images = ['a', 'b', 'c', 'd', 'e'].map((id) => design(id, id.toUpperCase()));
  const sectors: SectionView[] = [
    section(NO_SECTION_ID, 'Ungrouped', ['b']),
    section('s2', 'Second', ['d'], { order: 2 }),
    section('s1', 'First', ['c'], {
      order: 1,
      children: [section('s1a', 'Sub', ['e'], { parent_id: 's1' })],
    }),
  ];
  const options = { filter: NO_FILTER, order: 'default' as const, now: NOW, ungroupedName: 'Ungrouped' };

  it('puts ungrouped first, sections by order with their sub-sections after them, and unplaced designs in ungrouped', () => {
    const arranged = arrangeSections(sectors, images, options);
    expect(arranged.map((each) => [each.id, each.depth, each.imageIds])).toEqual([
      [NO_SECTION_ID, 0, ['b', 'a']],
      ['s1', 0, ['c']],
      ['s1a', 1, ['e']],
      ['s2', 0, ['d']],
    ]);
    expect(arranged[1].siblingIds).toEqual(['s1', 's2']);
    expect(arranged[1].canNest).toBe(true);
    expect(arranged[2].canNest).toBe(false);
  });

  it('leaves out sections without a match while filtering', () => {
    const arranged = arrangeSections(sectors, images, { ...options, filter: { keyword: 'e', time: 'all' } });
    expect(arranged.map((each) => each.id)).toEqual(['s1', 's1a']);
  });

  it('cuts sections into rows of the column count; a collapsed section hides its rows and sub-sections', () => {
    const many = Array.from({ length: 7 }, (_, n) => design(`m${n}`, `M${n}`));
    const arranged = arrangeSections(
      [
        section(
          's',
          'S',
          many.map((image) => image.id),
        ),
      ],
      many,
      options,
    );
    const rows = buildRows(arranged, 3, new Set());
    expect(rows.map((row) => row.kind)).toEqual(['header', 'cards', 'cards', 'cards']);
    expect(visibleOrder(rows)).toEqual(many.map((image) => image.id));
    const nested = arrangeSections(sectors, images, options);
    const folded = buildRows(nested, 4, new Set(['s1']));
    expect(folded.filter((row) => row.kind === 'header').map((row) => row.key)).toEqual([
      `h:${NO_SECTION_ID}`,
      'h:s1',
      'h:s2',
    ]);
    expect(visibleOrder(folded)).toEqual(['b', 'a', 'd']);
  });
});

describe('selection', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  it('selects one on a click, toggles with Ctrl/Cmd, and takes a range with Shift', () => {
    let selection = clickSelect(EMPTY_SELECTION, 'b', { range: false, toggle: false }, order);
    expect([...selection.ids]).toEqual(['b']);
    selection = clickSelect(selection, 'd', { range: true, toggle: false }, order);
    expect([...selection.ids]).toEqual(['b', 'c', 'd']);
    // The anchor stays: Shift on a then takes a..b.
    selection = clickSelect(selection, 'a', { range: true, toggle: false }, order);
    expect([...selection.ids].sort()).toEqual(['a', 'b']);
    selection = clickSelect(selection, 'e', { range: false, toggle: true }, order);
    expect([...selection.ids].sort()).toEqual(['a', 'b', 'e']);
    selection = clickSelect(selection, 'a', { range: false, toggle: true }, order);
    expect([...selection.ids].sort()).toEqual(['b', 'e']);
    selection = clickSelect(selection, 'c', { range: false, toggle: false }, order);
    expect([...selection.ids]).toEqual(['c']);
  });
  it('adds a box to the selection only with a modifier, and forgets designs that left', () => {
    const before = clickSelect(EMPTY_SELECTION, 'a', { range: false, toggle: false }, order);
    expect([...boxSelect(before, ['c', 'd'], false).ids]).toEqual(['c', 'd']);
    expect([...boxSelect(before, ['c', 'd'], true).ids]).toEqual(['a', 'c', 'd']);
    const kept = keepOnly(boxSelect(before, ['c', 'd'], true), new Set(['a', 'd']));
    expect([...kept.ids]).toEqual(['a', 'd']);
  });
});
