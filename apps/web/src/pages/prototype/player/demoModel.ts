import { HOTSPOT_BACK, type HotspotView, type StageImage } from '@ferry/shared';

/**
 * The demo player's rules, apart from React: where a demo starts, which hotspots a design shows, the
 * player's own history of designs, and the picture's size for each fit.
 */

/** The design a demo opens on: the one asked for, else the flow's first, else the first in stage order. */
export function startDesign(
  designs: readonly StageImage[],
  hotspots: readonly HotspotView[],
  asked: string | null,
): string | null {
  if (asked && designs.some((design) => design.id === asked)) return asked;
  const targeted = new Set(
    hotspots.filter((hotspot) => hotspot.next_image !== HOTSPOT_BACK).map((hotspot) => hotspot.next_image),
  );
  const linking = new Set(hotspots.map((hotspot) => hotspot.image_id));
  // A flow's first screen leads somewhere and nothing leads to it.
  const flowStart = designs.find((design) => linking.has(design.id) && !targeted.has(design.id));
  return (flowStart ?? designs[0])?.id ?? null;
}

export function hotspotsByDesign(hotspots: readonly HotspotView[]): Map<string, HotspotView[]> {
  const byDesign = new Map<string, HotspotView[]>();
  for (const hotspot of hotspots) {
    const list = byDesign.get(hotspot.image_id);
    if (list) list.push(hotspot);
    else byDesign.set(hotspot.image_id, [hotspot]);
  }
  return byDesign;
}

/** The designs a hotspot of this design can open next: the ones to have decoded before a click. */
export function nextTargets(hotspots: readonly HotspotView[]): string[] {
  return [
    ...new Set(
      hotspots
        .filter((hotspot) => !hotspot.broken && hotspot.next_image !== HOTSPOT_BACK)
        .map((h) => h.next_image),
    ),
  ];
}

/** The designs seen in this demo, as a browser's history: going somewhere new drops what lay ahead. */
export interface DemoHistory {
  entries: string[];
  index: number;
}

export const historyAt = (designId: string): DemoHistory => ({ entries: [designId], index: 0 });

export function historyGo(history: DemoHistory, designId: string): DemoHistory {
  if (history.entries[history.index] === designId) return history;
  const entries = [...history.entries.slice(0, history.index + 1), designId];
  return { entries, index: entries.length - 1 };
}

export function historyStep(history: DemoHistory, delta: -1 | 1): DemoHistory {
  const index = history.index + delta;
  return index >= 0 && index < history.entries.length ? { ...history, index } : history;
}

export const currentOf = (history: DemoHistory) => history.entries[history.index];

export const FITS = ['width', 'height', 'actual'] as const;
export type Fit = (typeof FITS)[number];

/** The picture's size on screen: the viewport's width or height, or its own pixels. */
export function fittedSize(
  design: { width: number; height: number },
  viewport: { width: number; height: number },
  fit: Fit,
): { width: number; height: number } {
  if (!design.width || !design.height || fit === 'actual' || !viewport.width || !viewport.height)
    return { width: design.width, height: design.height };
  const scale = fit === 'width' ? viewport.width / design.width : viewport.height / design.height;
  return { width: design.width * scale, height: design.height * scale };
}

/** A hotspot's rectangle as percentages of its design, so it follows the picture at any size. */
export function hotspotBox(hotspot: HotspotView, design: { width: number; height: number }) {
  const percent = (value: number, of: number) => `${of ? (value / of) * 100 : 0}%`;
  return {
    left: percent(hotspot.p_x, design.width),
    top: percent(hotspot.p_y, design.height),
    width: percent(hotspot.p_w, design.width),
    height: percent(hotspot.p_h, design.height),
  };
}
