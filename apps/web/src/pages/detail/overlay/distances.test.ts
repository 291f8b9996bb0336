import { describe, expect, it } from 'vitest';
import { artboardFrame, measureDistances } from './distances';

const frame = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe('distances between the selection and another frame', () => {
  it('measures the insets to the artboard when nothing is hovered', () => {
    const { lines, guides } = measureDistances(
      frame(10, 20, 30, 40),
      artboardFrame({ width: 100, height: 200 }),
    );
    expect(lines).toEqual([
      { axis: 'x', from: 0, to: 10, at: 40 },
      { axis: 'x', from: 40, to: 100, at: 40 },
      { axis: 'y', from: 0, to: 20, at: 25 },
      { axis: 'y', from: 60, to: 200, at: 25 },
    ]);
    expect(guides).toEqual([]);
  });

  it('measures the insets of a hovered layer inside the selection through its middle', () => {
    expect(measureDistances(frame(0, 0, 100, 100), frame(10, 10, 20, 20)).lines).toEqual([
      { axis: 'x', from: 0, to: 10, at: 20 },
      { axis: 'x', from: 30, to: 100, at: 20 },
      { axis: 'y', from: 0, to: 10, at: 20 },
      { axis: 'y', from: 30, to: 100, at: 20 },
    ]);
  });

  it('measures only the gap on the axis where the frames are apart, in the middle of what they share', () => {
    expect(measureDistances(frame(0, 0, 10, 10), frame(20, 5, 10, 10)).lines).toEqual([
      { axis: 'x', from: 10, to: 20, at: 7.5 },
    ]);
    expect(measureDistances(frame(20, 5, 10, 10), frame(0, 0, 10, 10)).lines).toEqual([
      { axis: 'x', from: 10, to: 20, at: 7.5 },
    ]);
    expect(measureDistances(frame(0, 0, 10, 10), frame(2, 30, 4, 4)).lines).toEqual([
      { axis: 'y', from: 10, to: 30, at: 4 },
    ]);
  });

  it('measures both gaps of frames apart diagonally through the selection, with guides from the target', () => {
    expect(measureDistances(frame(0, 0, 10, 10), frame(20, 30, 10, 10))).toEqual({
      lines: [
        { axis: 'x', from: 10, to: 20, at: 5 },
        { axis: 'y', from: 10, to: 30, at: 5 },
      ],
      guides: [
        { x1: 20, y1: 30, x2: 20, y2: 5 },
        { x1: 20, y1: 30, x2: 5, y2: 30 },
      ],
    });
  });

  it('measures matching edges of crossing frames', () => {
    expect(measureDistances(frame(0, 0, 20, 20), frame(10, 5, 20, 10)).lines).toEqual([
      { axis: 'x', from: 0, to: 10, at: 10 },
      { axis: 'x', from: 20, to: 30, at: 10 },
      { axis: 'y', from: 0, to: 5, at: 15 },
      { axis: 'y', from: 15, to: 20, at: 15 },
    ]);
  });

  it('draws nothing for touching or equal frames', () => {
    expect(measureDistances(frame(0, 0, 10, 10), frame(10, 0, 10, 10)).lines).toEqual([]);
    expect(measureDistances(frame(5, 5, 10, 10), frame(5, 5, 10, 10)).lines).toEqual([]);
  });
});
