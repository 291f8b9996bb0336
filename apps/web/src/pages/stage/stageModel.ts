import { DesignLimits, Limits, NO_SECTION_ID, type StageImage, VARIANT_PERCENT } from '@ferry/shared';
import type { SectionView, StageOrder } from '../../api/designs';

/** The stage's filters: a name search and an upload-time window (spec 001 §9: today, 7, 15, 30 days). */
export const TIME_FILTERS = ['all', 'today', '7', '15', '30'] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];

export interface StageFilter {
  keyword: string;
  time: TimeFilter;
}

export const NO_FILTER: StageFilter = { keyword: '', time: 'all' };

/** The earliest upload time a time filter lets through (local midnight for "today"), or null for all. */
export function timeFilterStart(time: TimeFilter, now: Date): number | null {
  if (time === 'all') return null;
  if (time === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return now.getTime() - Number(time) * Limits.msPerDay;
}

export function isFiltering(filter: StageFilter): boolean {
  return filter.keyword.trim() !== '' || filter.time !== 'all';
}

export function matchesFilter(image: StageImage, filter: StageFilter, now: Date): boolean {
  const keyword = filter.keyword.trim().toLowerCase();
  if (keyword && !image.name.toLowerCase().includes(keyword)) return false;
  const start = timeFilterStart(filter.time, now);
  return start === null || Date.parse(image.create_time) >= start;
}

/**
 * The "new" marker: designs uploaded within the last 3 hours, and the latest 10 designs whenever they came,
 * so a project nobody touched for a week still shows what arrived last.
 */
export function recentIds(images: readonly StageImage[], now: Date): Set<string> {
  const since = now.getTime() - DesignLimits.recentUploadMs;
  const newestFirst = [...images].sort((a, b) => Date.parse(b.create_time) - Date.parse(a.create_time));
  const recent = new Set(newestFirst.slice(0, DesignLimits.recentUploadCount).map((image) => image.id));
  for (const image of newestFirst) {
    if (Date.parse(image.create_time) < since) break;
    recent.add(image.id);
  }
  return recent;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** Natural order: "2" before "10", case ignored. */
export const naturalCompare = (a: string, b: string) => collator.compare(a, b);

/** Designs in the chosen stage order; default and custom keep the arrangement's own order. */
export function sortImages(images: StageImage[], order: StageOrder): StageImage[] {
  if (order === 'name') return [...images].sort((a, b) => naturalCompare(a.name, b.name));
  if (order === 'time')
    return [...images].sort((a, b) => Date.parse(b.create_time) - Date.parse(a.create_time));
  return images;
}

/** A section as the stage shows it: its designs after filters and order, and where it sits among its siblings. */
export interface StageSection {
  id: string;
  name: string;
  depth: number;
  parentId: string | null;
  /** Shown designs (filtered, ordered). */
  imageIds: string[];
  /** Designs in it before filtering. */
  total: number;
  /** The ids of it and its siblings, in order (for move up / down). */
  siblingIds: string[];
  /** Top-level sections can have sub-sections. */
  canNest: boolean;
}

/**
 * The stage's sections in display order: ungrouped first, each section followed by its sub-sections. A design
 * the arrangement does not name (uploaded since it was read) shows in ungrouped. While filtering, sections
 * without a match are left out; ungrouped is left out when empty and other sections exist.
 */
export function arrangeSections(
  sectors: readonly SectionView[] | undefined,
  images: readonly StageImage[],
  options: { filter: StageFilter; order: StageOrder; now: Date; ungroupedName: string },
): StageSection[] {
  const byId = new Map(images.map((image) => [image.id, image]));
  const placed = new Set<string>();
  const real = (sectors ?? []).filter((sector) => sector.id !== NO_SECTION_ID);
  const walk = (list: readonly SectionView[]) => {
    for (const sector of list) {
      for (const id of sector.image_ids) if (byId.has(id)) placed.add(id);
      walk(sector.children ?? []);
    }
  };
  walk(real);
  const given = (sectors ?? []).find((sector) => sector.id === NO_SECTION_ID)?.image_ids ?? [];
  const ungroupedIds = [...given.filter((id) => byId.has(id) && !placed.has(id))];
  const listed = new Set(ungroupedIds);
  for (const image of images) if (!placed.has(image.id) && !listed.has(image.id)) ungroupedIds.push(image.id);

  const filtering = isFiltering(options.filter);
  const shown = (ids: readonly string[]) => {
    const present = ids.map((id) => byId.get(id)).filter((image): image is StageImage => Boolean(image));
    const matching = present.filter((image) => matchesFilter(image, options.filter, options.now));
    return { ids: sortImages(matching, options.order).map((image) => image.id), total: present.length };
  };

  const out: StageSection[] = [];
  const ungrouped = shown(ungroupedIds);
  if (ungrouped.ids.length > 0 || (real.length === 0 && !filtering))
    out.push({
      id: NO_SECTION_ID,
      name: options.ungroupedName,
      depth: 0,
      parentId: null,
      imageIds: ungrouped.ids,
      total: ungrouped.total,
      siblingIds: [],
      canNest: false,
    });
  const add = (list: readonly SectionView[], depth: number, parentId: string | null) => {
    const ordered = [...list].sort((a, b) => a.order - b.order);
    const siblingIds = ordered.map((sector) => sector.id);
    for (const sector of ordered) {
      const own = shown(sector.image_ids);
      const at = out.length;
      add(sector.children ?? [], depth + 1, sector.id);
      const childMatched = out.length > at;
      if (filtering && own.ids.length === 0 && !childMatched) continue;
      out.splice(at, 0, {
        id: sector.id,
        name: sector.name,
        depth,
        parentId,
        imageIds: own.ids,
        total: own.total,
        siblingIds,
        canNest: depth === 0,
      });
    }
  };
  add(real, 0, null);
  return out;
}

/** One row of the virtual grid: a section header, a row of cards, or an empty section's drop area. */
export type StageRow =
  | { kind: 'header'; key: string; section: StageSection }
  | { kind: 'cards'; key: string; sectionId: string; ids: string[] }
  | { kind: 'empty'; key: string; sectionId: string };

export function buildRows(
  sections: readonly StageSection[],
  columns: number,
  collapsed: ReadonlySet<string>,
): StageRow[] {
  const rows: StageRow[] = [];
  const perRow = Math.max(1, columns);
  const hidden = new Set<string>();
  for (const section of sections) {
    // A collapsed section hides its sub-sections too.
    if (section.parentId && hidden.has(section.parentId)) {
      hidden.add(section.id);
      continue;
    }
    rows.push({ kind: 'header', key: `h:${section.id}`, section });
    if (collapsed.has(section.id)) {
      hidden.add(section.id);
      continue;
    }
    if (section.imageIds.length === 0) {
      rows.push({ kind: 'empty', key: `e:${section.id}`, sectionId: section.id });
      continue;
    }
    for (let at = 0; at < section.imageIds.length; at += perRow)
      rows.push({
        kind: 'cards',
        key: `c:${section.id}:${at}`,
        sectionId: section.id,
        ids: section.imageIds.slice(at, at + perRow),
      });
  }
  return rows;
}

/** The design ids in the order the stage shows them (collapsed sections left out): shift-click ranges follow it. */
export function visibleOrder(rows: readonly StageRow[]): string[] {
  return rows.flatMap((row) => (row.kind === 'cards' ? row.ids : []));
}

/** Card geometry for a thumbnail scale: scale 1 is a 100 px wide card. */
export const CARD_UNIT_PX = 100;
export const CARD_GAP_PX = 20;
/** The name and the meta line under the thumbnail. */
export const CARD_CAPTION_PX = 52;
export const HEADER_ROW_PX = 48;
export const EMPTY_ROW_PX = 88;

export interface CardSize {
  width: number;
  thumb: number;
  height: number;
}

function sized(width: number): CardSize {
  const thumb = Math.round(width * 0.75);
  return { width, thumb, height: thumb + CARD_CAPTION_PX };
}

export function cardSize(scale: number): CardSize {
  return sized(Math.round(CARD_UNIT_PX * scale));
}

export function columnsFor(containerWidth: number, cardWidth: number): number {
  return Math.max(1, Math.floor((containerWidth + CARD_GAP_PX) / (cardWidth + CARD_GAP_PX)));
}

/**
 * The grid for a container: as many columns as cards of the chosen scale fit, then the cards widen to share
 * the leftover space, so every row ends flush with the right edge.
 */
export function gridFor(containerWidth: number, scale: number): { columns: number; card: CardSize } {
  const chosen = cardSize(scale);
  const columns = columnsFor(containerWidth, chosen.width);
  if (containerWidth <= 0) return { columns, card: chosen };
  const width = Math.floor((containerWidth - CARD_GAP_PX * (columns - 1)) / columns);
  return { columns, card: sized(Math.max(chosen.width, Math.min(width, containerWidth))) };
}

export function rowHeight(row: StageRow, cardHeight: number): number {
  if (row.kind === 'header') return HEADER_ROW_PX;
  if (row.kind === 'empty') return EMPTY_ROW_PX;
  return cardHeight + CARD_GAP_PX;
}

/** The thumbnail to show: p25 (WebP), falling back to p50, then the original. */
export function thumbnailUrl(image: StageImage): string {
  return image.urls.p25 || image.urls.p50 || image.urls.org || image.url || '';
}

/** The space a thumbnail keeps from its box's edges (stage.css, .stage-card-thumb img). */
export const THUMB_INSET_PX = 16;

export interface CardThumbnail {
  src: string;
  /** The variants by pixel width, for the browser to pick one for the screen's density. */
  srcSet?: string;
  sizes?: string;
  /** The size it is drawn at, set before it loads so nothing moves when it arrives. */
  width?: number;
  height?: number;
}

const THUMBNAIL_VARIANTS = ['p5', 'p25', 'p50'] as const;

const variantWidth = (width: number, variant: (typeof THUMBNAIL_VARIANTS)[number]) =>
  Math.max(1, Math.round((width * VARIANT_PERCENT[variant]) / 100));

/**
 * A card's picture: the thumbnail's own size shrunk to fit the box (as it always showed), with that size set
 * on the tag and the 5/25/50 % variants offered, so a small card on a plain screen loads no more than it draws.
 */
export function cardThumbnail(image: StageImage, box: { width: number; height: number }): CardThumbnail {
  const src = thumbnailUrl(image);
  const { width, height } = image;
  if (!src || !width || !height) return { src };
  const ownScale = image.urls.p25
    ? VARIANT_PERCENT.p25 / 100
    : image.urls.p50
      ? VARIANT_PERCENT.p50 / 100
      : 1;
  const scale = Math.min(
    ownScale,
    (box.width - THUMB_INSET_PX) / width,
    (box.height - THUMB_INSET_PX) / height,
  );
  const drawn = {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
  const candidates = THUMBNAIL_VARIANTS.filter((variant) => image.urls[variant]).map(
    (variant) => `${image.urls[variant]} ${variantWidth(width, variant)}w`,
  );
  if (candidates.length < 2) return { src, ...drawn };
  return { src, srcSet: candidates.join(', '), sizes: `${drawn.width}px`, ...drawn };
}
