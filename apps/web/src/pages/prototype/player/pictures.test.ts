import '../../../test/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePicture, KEPT_PICTURES, keptPictures, releasePictures } from './pictures';

afterEach(() => releasePictures());

describe('the demo’s decoded pictures', () => {
  it('keeps the few used last, lets go of the oldest, and of all when asked', async () => {
    const urls = Array.from({ length: KEPT_PICTURES + 2 }, (_, at) => `/files/design-${at}.png`);
    for (const url of urls.slice(0, KEPT_PICTURES)) await decodePicture(url);
    // The first one is used again: the second becomes the oldest.
    await decodePicture(urls[0]);
    for (const url of urls.slice(KEPT_PICTURES)) await decodePicture(url);
    const kept = keptPictures();
    expect(kept).toHaveLength(KEPT_PICTURES);
    expect(kept).toContain(urls[0]);
    expect(kept).not.toContain(urls[1]);
    expect(kept).not.toContain(urls[2]);
    expect(kept.at(-1)).toBe(urls.at(-1));

    releasePictures();
    expect(keptPictures()).toEqual([]);
  });
});
