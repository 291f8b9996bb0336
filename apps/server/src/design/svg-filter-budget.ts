import { JobLimits } from '@ferry/shared';
import { SaxesParser } from 'saxes';
import { UndecodableDesign } from './raster.js';

/** The numbers of an attribute like `radius="4 2"`; a missing or unreadable one counts as 0. */
function numbers(value: string | undefined, count: number): number[] {
  const read = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number)
    .filter(Number.isFinite);
  if (read.length === 0) return Array(count).fill(0);
  return Array.from({ length: count }, (_, index) => Math.abs(read[index] ?? read[0]));
}

/** What one primitive adds to the cost: librsvg's time on these grows with the radius or kernel. */
function costOf(name: string, attrs: Record<string, string>): number {
  if (name === 'feMorphology') {
    const [rx, ry] = numbers(attrs.radius, 2);
    return rx + ry;
  }
  if (name === 'feConvolveMatrix') {
    // librsvg's default order is 3×3.
    const [x, y] = attrs.order ? numbers(attrs.order, 2) : [3, 3];
    return x * y;
  }
  if (name === 'feTurbulence') return 4 * (attrs.numOctaves ? numbers(attrs.numOctaves, 1)[0] : 1);
  return 0;
}

const refuse = (detail: string) =>
  new UndecodableDesign(`the SVG's filters are too costly to draw: ${detail}`, 'DESIGN_FILTERS_TOO_COSTLY');

/**
 * Refuses, before anything is drawn, an SVG whose filters would keep the renderer busy for minutes: too many
 * primitives, too large a blur, or too much morphology, convolution and turbulence. A design's drop shadows
 * are far below these; a file made to stall the renderer is not. What passes is still bounded by the
 * render time limit.
 */
export function checkSvgFilters(data: Buffer) {
  const parser = new SaxesParser({ xmlns: false, position: false });
  let primitives = 0;
  let cost = 0;
  let problem: string | null = null;
  parser.on('error', () => {
    // A sloppy file is read on, as librsvg does.
  });
  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^svg:/, '');
    if (problem || !/^fe[A-Z]/.test(name) || name.startsWith('feFunc') || name.endsWith('Light')) return;
    primitives++;
    cost += costOf(name, tag.attributes as Record<string, string>);
    const blur =
      name === 'feGaussianBlur' ? Math.max(...numbers(tag.attributes.stdDeviation as string, 2)) : 0;
    if (primitives > JobLimits.svgFilterPrimitivesMax) {
      problem = `more than ${JobLimits.svgFilterPrimitivesMax} filter primitives`;
    } else if (cost > JobLimits.svgFilterCostMax) {
      problem = 'morphology, convolution and turbulence beyond the budget';
    } else if (blur > JobLimits.svgBlurDeviationMax) {
      problem = `a blur deviation of ${blur}`;
    }
  });
  parser.write(data.toString('utf8')).close();
  if (problem) throw refuse(problem);
}
