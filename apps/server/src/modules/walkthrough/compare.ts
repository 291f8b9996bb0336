import { WalkthroughLimits } from '@ferry/shared';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

/**
 * The comparison of a screenshot with its design, in the design's pixels: the screenshot drawn at 1/scale
 * at its offset over the design (where it does not reach, the design shows through, so nothing differs
 * there), the best offset near the one set when asked, pixelmatch's difference with its anti-aliasing
 * detection, and the differing pixels clustered into boxes.
 */

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

export interface Alignment {
  /** Screenshot pixels per design pixel (its device pixel ratio over this design). */
  scale: number;
  offsetX: number;
  offsetY: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Differing pixels inside. */
  pixels: number;
}

export interface Comparison {
  alignment: Alignment;
  differing: number;
  /** Red where the pixels differ, transparent elsewhere: a PNG of the design's size. */
  mask: Buffer;
  boxes: Box[];
}

export async function rasterOf(input: Buffer, limitInputPixels: number | false = false): Promise<Raster> {
  const { data, info } = await sharp(input, { limitInputPixels })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The screenshot resized to design pixels (1/scale), as RGBA, and whether it had to be resampled. */
export async function scaledScreenshot(screenshot: Buffer, scale: number) {
  const meta = await sharp(screenshot).metadata();
  const width = Math.max(1, Math.round((meta.width ?? 1) / scale));
  const height = Math.max(1, Math.round((meta.height ?? 1) / scale));
  if (width === meta.width && height === meta.height)
    return { raster: await rasterOf(screenshot), resampled: false };
  const { data, info } = await sharp(screenshot)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { raster: { data, width: info.width, height: info.height }, resampled: true };
}

/** A Gaussian blur of an RGBA raster (see `WalkthroughLimits.resampledBlurSigma`). */
async function blurred(raster: Raster): Promise<Raster> {
  const { width, height } = raster;
  const data = await sharp(raster.data, { raw: { width, height, channels: 4 } })
    .blur(WalkthroughLimits.resampledBlurSigma)
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** The design with the screenshot laid over it at the (rounded) offset: what the screenshot shows, where it reaches. */
export function overlay(design: Raster, shot: Raster, offsetX: number, offsetY: number): Raster {
  const out = Buffer.from(design.data);
  const dx = Math.round(offsetX);
  const dy = Math.round(offsetY);
  const x0 = Math.max(0, dx);
  const x1 = Math.min(design.width, dx + shot.width);
  if (x1 <= x0) return { data: out, width: design.width, height: design.height };
  for (let y = Math.max(0, dy); y < Math.min(design.height, dy + shot.height); y++) {
    const from = ((y - dy) * shot.width + (x0 - dx)) * 4;
    shot.data.copy(out, (y * design.width + x0) * 4, from, from + (x1 - x0) * 4);
  }
  return { data: out, width: design.width, height: design.height };
}

/** Luma of an RGBA raster, one byte a pixel, taken every `step` pixels each way. */
function lumaOf(raster: Raster, step: number) {
  const width = Math.floor(raster.width / step);
  const height = Math.floor(raster.height / step);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * step * raster.width + x * step) * 4;
      out[y * width + x] = (raster.data[i] * 77 + raster.data[i + 1] * 150 + raster.data[i + 2] * 29) >> 8;
    }
  }
  return { data: out, width, height };
}

type Luma = ReturnType<typeof lumaOf>;

/** Mean absolute luma difference where the shot at (dx, dy) overlaps the design; Infinity without overlap. */
function meanDifference(design: Luma, shot: Luma, dx: number, dy: number, stride = 1) {
  const x0 = Math.max(0, dx);
  const x1 = Math.min(design.width, dx + shot.width);
  const y0 = Math.max(0, dy);
  const y1 = Math.min(design.height, dy + shot.height);
  if (x1 - x0 < 8 || y1 - y0 < 8) return Number.POSITIVE_INFINITY;
  let sum = 0;
  let count = 0;
  for (let y = y0; y < y1; y += stride) {
    const row = y * design.width;
    const shotRow = (y - dy) * shot.width - dx;
    for (let x = x0; x < x1; x += stride) {
      sum += Math.abs(design.data[row + x] - shot.data[shotRow + x]);
      count++;
    }
  }
  return sum / count;
}

function bestNear(design: Luma, shot: Luma, startX: number, startY: number, reach: number, stride: number) {
  let best = { x: startX, y: startY, score: meanDifference(design, shot, startX, startY, stride) };
  for (let dy = startY - reach; dy <= startY + reach; dy++) {
    for (let dx = startX - reach; dx <= startX + reach; dx++) {
      const score = meanDifference(design, shot, dx, dy, stride);
      // Ties keep the offset nearest the start.
      const nearer =
        Math.abs(dx - startX) + Math.abs(dy - startY) < Math.abs(best.x - startX) + Math.abs(best.y - startY);
      if (score < best.score || (score === best.score && nearer)) best = { x: dx, y: dy, score };
    }
  }
  return best;
}

/**
 * The offset within `WalkthroughLimits.alignSearchPx` of the start at which the screenshot differs least from
 * the design: searched on a quarter-size luma first, then refined at full size around the coarse answer.
 */
export function bestOffset(design: Raster, shot: Raster, startX: number, startY: number) {
  const reach = WalkthroughLimits.alignSearchPx;
  const coarseStep = 4;
  const smallDesign = lumaOf(design, coarseStep);
  const smallShot = lumaOf(shot, coarseStep);
  const coarse = bestNear(
    smallDesign,
    smallShot,
    Math.round(startX / coarseStep),
    Math.round(startY / coarseStep),
    Math.ceil(reach / coarseStep),
    1,
  );
  const fine = bestNear(
    lumaOf(design, 1),
    lumaOf(shot, 1),
    coarse.x * coarseStep,
    coarse.y * coarseStep,
    coarseStep / 2,
    3,
  );
  const clamp = (value: number, start: number) => Math.min(start + reach, Math.max(start - reach, value));
  return { x: clamp(fine.x, Math.round(startX)), y: clamp(fine.y, Math.round(startY)) };
}

/**
 * Differing pixels gathered into boxes: a grid of `clusterGapPx` cells, cells with a differing pixel joined to
 * their eight neighbours, each group's box shrunk to its pixels; boxes that still overlap are merged, and boxes
 * with fewer than `minDifferingPixels` (resampling noise) dropped. The largest first.
 */
export function clusterDifferences(differs: Uint8Array, width: number, height: number): Box[] {
  const cell = WalkthroughLimits.clusterGapPx;
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const counts = new Uint32Array(columns * rows);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      if (differs[y * width + x]) counts[Math.floor(y / cell) * columns + Math.floor(x / cell)]++;
  }
  const seen = new Uint8Array(columns * rows);
  let boxes: Box[] = [];
  for (let start = 0; start < counts.length; start++) {
    if (!counts[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    const box = { x0: width, y0: height, x1: 0, y1: 0, pixels: 0 };
    while (stack.length) {
      const at = stack.pop() as number;
      const cx = at % columns;
      const cy = Math.floor(at / columns);
      box.pixels += counts[at];
      box.x0 = Math.min(box.x0, cx * cell);
      box.y0 = Math.min(box.y0, cy * cell);
      box.x1 = Math.max(box.x1, Math.min(width, (cx + 1) * cell));
      box.y1 = Math.max(box.y1, Math.min(height, (cy + 1) * cell));
      for (let ny = cy - 1; ny <= cy + 1; ny++) {
        for (let nx = cx - 1; nx <= cx + 1; nx++) {
          if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
          const next = ny * columns + nx;
          if (counts[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    boxes.push(shrink(differs, width, box));
  }
  boxes = mergeOverlapping(boxes);
  return boxes
    .filter((box) => box.pixels >= WalkthroughLimits.minDifferingPixels)
    .sort((a, b) => b.pixels - a.pixels || a.y - b.y || a.x - b.x);
}

/** A group's box tightened from its cells' bounds to its differing pixels. */
function shrink(
  differs: Uint8Array,
  width: number,
  box: { x0: number; y0: number; x1: number; y1: number; pixels: number },
): Box {
  let x0 = box.x1;
  let y0 = box.y1;
  let x1 = box.x0;
  let y1 = box.y0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      if (!differs[y * width + x]) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0, pixels: box.pixels };
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Two boxes on one line of text (their heights overlap by half the smaller one) with a gap narrower than
 * about a word space (three quarters of the smaller height): the words of one changed label are one box.
 */
function sameLine(a: Box, b: Box) {
  const shared = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const smaller = Math.min(a.height, b.height);
  if (shared < smaller / 2) return false;
  const gap = Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width);
  return gap <= Math.max(WalkthroughLimits.clusterGapPx, smaller * 0.75);
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
    pixels: a.pixels + b.pixels,
  };
}

/** Boxes that overlap, or stand on one line close together, become one, until none do. */
function mergeOverlapping(boxes: Box[]): Box[] {
  const out = [...boxes];
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        if (!overlaps(out[i], out[j]) && !sameLine(out[i], out[j])) continue;
        out[i] = union(out[i], out[j]);
        out.splice(j, 1);
        merged = true;
        break;
      }
    }
  }
  return out;
}

/** The share of `box` that `region` covers. */
export function coveredShare(box: Omit<Box, 'pixels'>, region: Omit<Box, 'pixels'>) {
  const width = Math.min(box.x + box.width, region.x + region.width) - Math.max(box.x, region.x);
  const height = Math.min(box.y + box.height, region.y + region.height) - Math.max(box.y, region.y);
  return width > 0 && height > 0 ? (width * height) / (box.width * box.height) : 0;
}

/**
 * The whole comparison: the screenshot in design pixels, the offset (the best one near the set one when
 * `autoAlign`), pixelmatch over the overlay, the mask and the boxes.
 */
export async function compareScreenshot(
  design: Raster,
  screenshot: Buffer,
  alignment: Alignment,
  autoAlign: boolean,
): Promise<Comparison> {
  const { raster: shot, resampled } = await scaledScreenshot(screenshot, alignment.scale);
  const offset = autoAlign
    ? bestOffset(design, shot, alignment.offsetX, alignment.offsetY)
    : { x: Math.round(alignment.offsetX), y: Math.round(alignment.offsetY) };
  const laid = overlay(design, shot, offset.x, offset.y);
  const [expected, actual] = resampled ? await Promise.all([blurred(design), blurred(laid)]) : [design, laid];
  const { width, height } = design;
  const out = Buffer.alloc(width * height * 4);
  const differing = pixelmatch(expected.data, actual.data, out, width, height, {
    threshold: WalkthroughLimits.pixelThreshold,
    includeAA: false,
    diffMask: true,
    diffColor: [255, 0, 0],
    aaColor: [255, 255, 0],
  });
  // pixelmatch marks anti-aliased pixels in aaColor: only the red ones differ.
  const differs = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < differs.length; i += 4, p++) {
    const red = out[i] === 255 && out[i + 1] === 0 && out[i + 3] !== 0;
    differs[p] = red ? 1 : 0;
    if (!red) out[i + 3] = 0;
  }
  const mask = await sharp(out, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return {
    alignment: { scale: alignment.scale, offsetX: offset.x, offsetY: offset.y },
    differing,
    mask,
    boxes: clusterDifferences(differs, width, height),
  };
}
