import type { Layer as PsdLayer } from 'ag-psd';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isVectorLayer, psdVectorSvg } from './psd-vector.js';

/** A closed rectangle path as Photoshop stores it: knots of [in, anchor, out] points. */
const rect = (x: number, y: number, w: number, h: number, operation: 'combine' | 'subtract' = 'combine') => ({
  open: false,
  operation,
  fillRule: 'non-zero' as const,
  knots: [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ].map(([px, py]) => ({ linked: false, points: [px, py, px, py, px, py] })),
});

const red = { type: 'color' as const, color: { r: 255, g: 0, b: 0 } };
const blue = { type: 'color' as const, color: { r: 0, g: 0, b: 255 } };
const frame = { x: 0, y: 0, width: 40, height: 40 };

async function pixels(svg: string | null) {
  if (!svg) throw new Error('not vector');
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
}

describe('PSD shape layers as SVG', () => {
  it('cuts a subtracted path out of the one before it', async () => {
    const layer: PsdLayer = {
      vectorFill: red,
      vectorMask: { paths: [rect(0, 0, 40, 40), rect(10, 10, 20, 20, 'subtract')] },
    };
    const at = await pixels(psdVectorSvg(layer, frame, 40, 40));
    expect(at(5, 5)).toEqual([255, 0, 0, 255]);
    expect(at(20, 20)[3]).toBe(0);
  });

  it('keeps an inside stroke within the shape and an outside one outside it, dashes and all', async () => {
    const stroke = (lineAlignment: 'inside' | 'outside') => ({
      vectorFill: red,
      vectorStroke: {
        strokeEnabled: true,
        fillEnabled: true,
        lineWidth: { units: 'Pixels' as const, value: 4 },
        lineAlignment,
        lineDashSet: [],
        content: blue,
      },
      vectorMask: { paths: [rect(10, 10, 20, 20)] },
    });
    const inside = await pixels(psdVectorSvg(stroke('inside'), frame, 40, 40));
    expect(inside(11, 20)).toEqual([0, 0, 255, 255]);
    expect(inside(8, 20)[3]).toBe(0);
    expect(inside(20, 20)).toEqual([255, 0, 0, 255]);
    const outside = await pixels(psdVectorSvg(stroke('outside'), frame, 40, 40));
    expect(outside(8, 20)).toEqual([0, 0, 255, 255]);
    expect(outside(11, 20)).toEqual([255, 0, 0, 255]);
    const dashed = { ...stroke('inside') };
    dashed.vectorStroke.lineDashSet = [{ units: 'None', value: 2 }] as never;
    expect(psdVectorSvg(dashed, frame, 40, 40)).toContain('stroke-dasharray="8"');
  });

  it('lays a linear gradient across the shape at its angle, with the fill opacity', async () => {
    const layer: PsdLayer = {
      fillOpacity: 0.5,
      vectorFill: {
        type: 'solid',
        name: 'g',
        style: 'linear',
        angle: 0,
        colorStops: [
          { color: { r: 255, g: 0, b: 0 }, location: 0, midpoint: 50 },
          { color: { r: 0, g: 0, b: 255 }, location: 1, midpoint: 50 },
        ],
        opacityStops: [],
      },
      vectorMask: { paths: [rect(0, 0, 40, 40)] },
    };
    const at = await pixels(psdVectorSvg(layer, frame, 40, 40));
    expect(at(0, 20)[0]).toBeGreaterThan(240);
    expect(at(39, 20)[2]).toBeGreaterThan(240);
    expect(at(20, 20)[3]).toBeGreaterThan(120);
    expect(at(20, 20)[3]).toBeLessThan(135);
  });

  it('draws a group of shapes as one SVG, bottom first, and a rounded rectangle from the shape tool', async () => {
    const rounded: PsdLayer = {
      vectorFill: blue,
      vectorMask: { paths: [] },
      vectorOrigination: {
        keyDescriptorList: [
          {
            keyOriginType: 2,
            keyOriginShapeBoundingBox: {
              top: { units: 'Pixels', value: 0 },
              left: { units: 'Pixels', value: 0 },
              bottom: { units: 'Pixels', value: 40 },
              right: { units: 'Pixels', value: 40 },
            },
            keyOriginRRectRadii: {
              topLeft: { units: 'Pixels', value: 10 },
              topRight: { units: 'Pixels', value: 10 },
              bottomRight: { units: 'Pixels', value: 10 },
              bottomLeft: { units: 'Pixels', value: 10 },
            },
          },
        ],
      },
    };
    const group: PsdLayer = {
      children: [rounded, { vectorFill: red, vectorMask: { paths: [rect(15, 15, 10, 10)] } }],
    };
    expect(isVectorLayer(group)).toBe(true);
    const at = await pixels(psdVectorSvg(group, frame, 40, 40));
    expect(at(0, 0)[3]).toBe(0);
    expect(at(5, 20)).toEqual([0, 0, 255, 255]);
    expect(at(20, 20)).toEqual([255, 0, 0, 255]);
  });

  it('leaves pixels, patterns, pixel masks and groups holding them to their pixel slices', () => {
    const shape: PsdLayer = { vectorFill: red, vectorMask: { paths: [rect(0, 0, 10, 10)] } };
    expect(isVectorLayer(shape)).toBe(true);
    expect(isVectorLayer({})).toBe(false);
    expect(isVectorLayer({ ...shape, vectorFill: { type: 'pattern', name: 'p', id: 'p' } })).toBe(false);
    expect(isVectorLayer({ ...shape, mask: { left: 0, top: 0, right: 5, bottom: 5 } })).toBe(false);
    expect(isVectorLayer({ children: [shape, {}] })).toBe(false);
    expect(psdVectorSvg({}, frame, 40, 40)).toBeNull();
  });
});
