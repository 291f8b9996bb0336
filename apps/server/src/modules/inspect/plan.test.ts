import { type Layer, plainLayer } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import { androidName, planSlices, sliceName, sliceSize } from './plan.js';

const layer = (id: string, name: string, width: number, height: number): Layer =>
  plainLayer(id, name, 'image', { x: 0, y: 0, width, height }, { exportable: true });

describe('slice names', () => {
  it('drop the characters a downloaded file name loses, and Generator suffixes', () => {
    expect(sliceName('a\\b/c:d*e?f"g<h>i')).toBe('abcdefghi');
    expect(sliceName('icon-back.png')).toBe('icon-back');
    expect(sliceName('200% icon@2x.png, icon.jpg80%')).toBe('icon');
    expect(sliceName('Home, Profile')).toBe('Home, Profile');
    expect(sliceName('  ?*  ')).toBe('slice');
    expect(sliceName('首页 图标')).toBe('首页 图标');
  });

  it('are lowercase snake case starting with a letter on Android', () => {
    expect(androidName('Icon Back')).toBe('icon_back');
    expect(androidName('tabBarHome.png')).toBe('tab_bar_home');
    expect(androidName('2x-Arrow')).toBe('ic_2x_arrow');
    expect(androidName('首页')).toBe('slice');
  });
});

describe('slice sizes', () => {
  it('are the frame over the base scale times the preset, rounded, at least 1 px', () => {
    expect(sliceSize({ x: 0, y: 0, width: 48, height: 30 }, 3, 2)).toEqual({ width: 72, height: 45 });
    expect(sliceSize({ x: 0, y: 0, width: 25, height: 1 }, 1, 3)).toEqual({ width: 8, height: 1 });
    expect(sliceSize({ x: 0, y: 0, width: 0.2, height: 0.2 }, 1, 1)).toEqual({ width: 1, height: 1 });
  });

  it('never pass InspectLimits.sliceMaxSidePx a side, keeping the proportions', () => {
    expect(sliceSize({ x: 0, y: 0, width: 4000, height: 1000 }, 4, 1)).toEqual({ width: 8192, height: 2048 });
  });
});

describe('a slice plan', () => {
  it('lists each layer at every preset, then its SVG, with names made unique per platform', () => {
    const layers = [layer('1', 'Back', 20, 10), layer('2', 'back', 10, 10)];
    const formats = ['svg', 'png'] as const;
    expect(planSlices(layers, { platform: 'ios', baseScale: 1, formats }).map((file) => file.path)).toEqual([
      'ios/Back.png',
      'ios/Back@2x.png',
      'ios/Back@3x.png',
      'ios/Back.svg',
      'ios/back-2.png',
      'ios/back-2@2x.png',
      'ios/back-2@3x.png',
      'ios/back-2.svg',
    ]);
    const android = planSlices(layers, { platform: 'android', baseScale: 2, formats: ['png'] });
    expect(android.map((file) => file.path).slice(0, 2)).toEqual([
      'android/drawable-mdpi/back.png',
      'android/drawable-hdpi/back.png',
    ]);
    expect(android.at(-1)?.path).toBe('android/drawable-xxxhdpi/back_2.png');
    expect(android.map((file) => [file.width, file.height]).slice(0, 5)).toEqual([
      [10, 5],
      [15, 8],
      [20, 10],
      [30, 15],
      [40, 20],
    ]);
  });

  it('names each pixel format by its extension at every preset, and a PDF once at @1x with a dense picture', () => {
    const layers = [layer('1', 'Back', 20, 10)];
    const files = planSlices(layers, { platform: 'web', baseScale: 2, formats: ['pdf', 'webp', 'jpg'] });
    expect(files.map((file) => file.path)).toEqual([
      'web/Back.jpg',
      'web/Back@2x.jpg',
      'web/Back.webp',
      'web/Back@2x.webp',
      'web/Back.pdf',
    ]);
    const pdf = files.at(-1);
    expect([pdf?.width, pdf?.height]).toEqual([10, 5]);
    expect(pdf?.picture).toEqual({ width: 20, height: 10 });
    const android = planSlices(layers, { platform: 'android', baseScale: 1, formats: ['webp', 'pdf'] });
    expect(android[0].path).toBe('android/drawable-mdpi/back.webp');
    expect(android.at(-1)).toMatchObject({ path: 'android/back.pdf', picture: { width: 80, height: 40 } });
  });
});
