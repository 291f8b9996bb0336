import { DesignLimits } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import { coverProblem } from './shared';

describe('cover files', () => {
  it('takes PNG, JPEG, WebP and GIF up to 20 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
      expect(coverProblem({ name: 'c', type, size: DesignLimits.coverMaxBytes })).toBeNull();
    // Some systems give no type: the file name decides.
    expect(coverProblem({ name: 'cover.JPG', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types and anything larger', () => {
    expect(coverProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(coverProblem({ name: 'notes.txt', type: '', size: 10 })).toBe('type');
    expect(coverProblem({ name: 'big.png', type: 'image/png', size: DesignLimits.coverMaxBytes + 1 })).toBe(
      'size',
    );
  });
});
