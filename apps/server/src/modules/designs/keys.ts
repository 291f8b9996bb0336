import { createHash } from 'node:crypto';
import type { VariantName } from '@ferry/shared';

/** Where the variants of an original live: derived from its key, so copies sharing a file share them too. */
export const variantDirOf = (fileKey: string) =>
  `variants/${createHash('sha256').update(fileKey).digest('hex').slice(0, 32)}`;

const FILE_NAMES: Record<VariantName, string> = {
  org: 'org.png',
  webP: 'full.webp',
  p5: 'p5.webp',
  p25: 'p25.webp',
  p50: 'p50.webp',
  cover: 'cover.webp',
};

export const variantKey = (dir: string, name: VariantName) => `${dir}/${FILE_NAMES[name]}`;

/** An artboard of a PSD has variants (and layers) of its own, beside the file's folder. */
export const artboardDirOf = (fileKey: string, index: number) => `${variantDirOf(fileKey)}/artboard-${index}`;

/** A page of a PDF (1-based) is a design of its own: its picture and variants beside the file's folder. */
export const pageDirOf = (fileKey: string, page: number) => `${variantDirOf(fileKey)}/page-${page}`;

/** The variant folder a stored key lies in (a file's, one of its artboards' or pages'), or null for any other key. */
export const variantDirOfKey = (key: string) =>
  /^variants\/[0-9a-f]{32}(\/(artboard|page)-\d+)?(?=\/)/.exec(key)?.[0] ?? null;

/** The LayerDoc of the file (or artboard) whose variants live in `dir`. */
export const layersKeyOf = (dir: string) => `${dir}/layers.json`;

/** Exported slices are cached beside the variants, so they go when the file goes. */
export const slicesKeyOf = (dir: string, digest: string) => `${dir}/slices/${digest}.zip`;
