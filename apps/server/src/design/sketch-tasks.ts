import { createHash } from 'node:crypto';
import { importSketchArchive, readSketchArtboardsOf, type SketchArtboard } from './sketch.js';
import { openSketch, type SketchArchive } from './sketch-archive.js';
import { sketchArchiveSvg } from './sketch-picture.js';

/**
 * The Sketch tasks of the PSD worker thread (layers.worker.mjs). A Sketch upload makes one design per
 * artboard, all naming the same file, so listing it and then importing and drawing each artboard would open
 * and parse the whole file every time: the last file opened is kept, keyed by a hash of its bytes, and the
 * next task on the same bytes reuses it. One file at most (its JSON is bounded by SketchLimits); any other
 * file, a PSD included, replaces or drops it.
 */
let last: { key: string; archive: SketchArchive } | null = null;

/** How many files this thread has opened and parsed (tests read it to see the kept one reused). */
export const sketchFilesOpened = { count: 0 };

/** Length and SHA-256 of the bytes: a changed file of the same length is another key. */
const keyOf = (data: Uint8Array) => `${data.byteLength}:${createHash('sha256').update(data).digest('hex')}`;

function opened(data: Uint8Array): SketchArchive {
  const key = keyOf(data);
  if (last?.key === key) return last.archive;
  // Dropped before opening: a refused file must not leave the previous one behind it either.
  last = null;
  const archive = openSketch(data);
  sketchFilesOpened.count += 1;
  last = { key, archive };
  return archive;
}

/** Forgets the kept file (the worker calls this when a PSD comes). */
export function forgetSketch() {
  last = null;
}

export const sketchTasks = {
  'sketch-artboards': (data: Uint8Array): SketchArtboard[] => readSketchArtboardsOf(opened(data)),
  'sketch-import': (data: Uint8Array, artboard = 0) => importSketchArchive(opened(data), artboard).doc,
  'sketch-svg': (data: Uint8Array, artboard = 0) => sketchArchiveSvg(opened(data), artboard),
};
