import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Overlay } from './Overlay';

/** Two measuring lines of a @2x design: 32 design px (16 px in code) and 20 (10 px). */
const distances = {
  lines: [
    { axis: 'x' as const, from: 100, to: 132, at: 50 },
    { axis: 'y' as const, from: 10, to: 30, at: 80 },
  ],
  guides: [],
};
const units = { platform: 'web' as const, baseScale: 2 as const };

function labels() {
  return screen.getAllByTestId('inspect-distance').map((label) => label.textContent);
}

describe('the distance labels', () => {
  afterEach(cleanup);

  it('name a distance by the linked spacing token it equals', () => {
    render(
      <Overlay
        scale={1}
        width={400}
        height={300}
        hover={null}
        selected={{ x: 132, y: 30, width: 50, height: 20 }}
        distances={distances}
        units={units}
        spacingName={(designPixels) => (designPixels / units.baseScale === 16 ? 'space/md' : null)}
      />,
    );
    expect(labels()).toEqual(['16 · space/md', '10']);
  });

  it('show the length alone without linked tokens', () => {
    render(
      <Overlay
        scale={1}
        width={400}
        height={300}
        hover={null}
        selected={null}
        distances={distances}
        units={units}
      />,
    );
    expect(labels()).toEqual(['16', '10']);
  });
});
