import type { StageImage } from '@ferry/shared';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The full-size picture of a design's current version (as the detail view shows it). */
export const pictureOf = (design: StageImage): string => design.urls.org || design.url || design.image_url;

/**
 * Pictures being fetched and decoded, by address, least recently used first. The Image objects are kept so the
 * decoded bitmap stays in the browser's memory cache: an <img> given the same address then paints at once.
 * Full-size designs are large once decoded, so only the few the demo may show next are kept.
 */
interface Decoding {
  image: HTMLImageElement;
  ready: Promise<void>;
  /** Settled: an <img> of this address paints in the next frame. */
  done: boolean;
}
const decoded = new Map<string, Decoding>();
export const KEPT_PICTURES = 8;

/** Lets go of a kept picture: an Image without an address frees its decoded bitmap. */
function release(url: string) {
  const entry = decoded.get(url);
  if (!entry) return;
  entry.image.src = '';
  decoded.delete(url);
}

export function decodePicture(url: string): Promise<void> {
  const kept = decoded.get(url);
  if (kept) {
    // Used again: to the end of the line.
    decoded.delete(url);
    decoded.set(url, kept);
    return kept.ready;
  }
  const image = new Image();
  image.src = url;
  // A picture that fails to decode is shown anyway (the browser's broken picture), never waited on forever.
  const decoding =
    typeof image.decode === 'function' ? image.decode().catch(() => undefined) : Promise.resolve();
  const entry: Decoding = { image, ready: decoding, done: false };
  entry.ready = decoding.then(() => {
    entry.done = true;
  });
  decoded.set(url, entry);
  for (const oldest of decoded.keys()) {
    if (decoded.size <= KEPT_PICTURES) break;
    release(oldest);
  }
  return entry.ready;
}

/** The addresses kept decoded, least recently used first. */
export const keptPictures = (): string[] => [...decoded.keys()];

/** Lets go of every kept picture (the demo closed). */
export function releasePictures(): void {
  for (const url of [...decoded.keys()]) release(url);
}

const isDecoded = (url: string) => decoded.get(url)?.done === true;

export interface ShownPicture {
  designId: string;
  src: string;
}

/** Set on the player's frame once a design's picture has been painted (for the benchmark and tests). */
export const PAINTED_MARK = 'ferry-demo-painted';

/**
 * The picture on screen follows `wanted` only once the wanted one is decoded, so a switch never flashes an
 * empty frame; until then the previous design (and its hotspots) stays. After each swap, the frame after it
 * is marked painted.
 */
export function useShownPicture(wanted: ShownPicture | null, frame: React.RefObject<HTMLElement | null>) {
  const [shown, setShown] = useState<ShownPicture | null>(null);
  // A picture decoded ahead goes in within the click's own render, not a task later.
  if (wanted && isDecoded(wanted.src) && (wanted.designId !== shown?.designId || wanted.src !== shown.src))
    setShown(wanted);
  const latest = useRef(wanted);
  latest.current = wanted;
  const wantedId = wanted?.designId;
  const wantedSrc = wanted?.src;
  useEffect(() => {
    if (!wantedId || !wantedSrc) return;
    void decodePicture(wantedSrc).then(() => {
      if (latest.current?.designId === wantedId && latest.current.src === wantedSrc)
        setShown({ designId: wantedId, src: wantedSrc });
    });
  }, [wantedId, wantedSrc]);

  useLayoutEffect(() => {
    if (!shown) return;
    const request = requestAnimationFrame(() => {
      frame.current?.setAttribute('data-painted', shown.designId);
      performance.mark?.(PAINTED_MARK, { detail: shown.designId });
    });
    return () => cancelAnimationFrame(request);
  }, [shown, frame]);
  return shown;
}
