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
export const allVariantKeys = (dir: string) =>
  (Object.keys(FILE_NAMES) as VariantName[]).map((name) => variantKey(dir, name));
