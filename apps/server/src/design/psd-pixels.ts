import type { Frame } from '@ferry/shared';
import { initializeCanvas, type Layer as PsdLayer, readPsd } from 'ag-psd';
import { hasDistinctIds } from './psd.js';
import { psdVectorSvg } from './psd-vector.js';

// Pixels are read as ImageData; nothing here draws on a canvas.
initializeCanvas(
  () => {
    throw new Error('no canvas on the server');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }),
);

/** Alpha of a layer's user mask at a document pixel (0–1), or 1 without a mask. */
function maskAt(layer: PsdLayer, x: number, y: number): number {
  const mask = layer.mask;
  if (!mask || mask.disabled || !mask.imageData) return 1;
  const { width, height, data } = mask.imageData;
  const mx = x - (mask.left ?? 0);
  const my = y - (mask.top ?? 0);
  if (mx < 0 || my < 0 || mx >= width || my >= height) return (mask.defaultColor ?? 255) / 255;
  return (data[(my * width + mx) * 4] as number) / 255;
}

/** Paints `source` (straight RGBA over the same frame) onto `target` with `opacity`: source-over. */
function paint(target: Uint8ClampedArray, source: Uint8ClampedArray, opacity: number) {
  for (let i = 0; i < target.length; i += 4) {
    const alpha = ((source[i + 3] as number) / 255) * opacity;
    if (alpha === 0) continue;
    const below = (target[i + 3] as number) / 255;
    const out = alpha + below * (1 - alpha);
    for (let c = 0; c < 3; c++) {
      target[i + c] = Math.round(
        ((source[i + c] as number) * alpha + (target[i + c] as number) * below * (1 - alpha)) / out,
      );
    }
    target[i + 3] = Math.round(out * 255);
  }
}

/** A layer's own pixels over `frame` (document pixels), masked. */
function drawPixels(layer: PsdLayer, frame: Frame, out: Uint8ClampedArray) {
  const image = layer.imageData;
  if (!image) return;
  const left = layer.left ?? 0;
  const top = layer.top ?? 0;
  for (let y = Math.max(0, top - frame.y); y < Math.min(frame.height, top + image.height - frame.y); y++) {
    for (let x = Math.max(0, left - frame.x); x < Math.min(frame.width, left + image.width - frame.x); x++) {
      const from = ((y + frame.y - top) * image.width + (x + frame.x - left)) * 4;
      const to = (y * frame.width + x) * 4;
      out[to] = image.data[from] as number;
      out[to + 1] = image.data[from + 1] as number;
      out[to + 2] = image.data[from + 2] as number;
      out[to + 3] = Math.round((image.data[from + 3] as number) * maskAt(layer, x + frame.x, y + frame.y));
    }
  }
}

/**
 * A layer alone over `frame`: its pixels, or for a group its visible children painted in order (normal
 * blending, each layer's opacity and mask, clipping masks onto the layer below). Layer effects are not drawn.
 */
function draw(layer: PsdLayer, frame: Frame): Uint8ClampedArray {
  const out = new Uint8ClampedArray(frame.width * frame.height * 4);
  if (!layer.children) {
    drawPixels(layer, frame, out);
    return out;
  }
  let base: Uint8ClampedArray | null = null;
  for (const child of layer.children) {
    if (child.hidden) continue;
    const pixels = draw(child, frame);
    if (child.clipping && base) {
      // A clipping mask shows only where the layer it is clipped to has pixels.
      for (let i = 3; i < pixels.length; i += 4)
        pixels[i] = Math.round(((pixels[i] as number) * (base[i] as number)) / 255);
    } else {
      base = pixels;
    }
    paint(out, pixels, child.opacity ?? 1);
  }
  if (layer.mask?.imageData && !layer.mask.disabled) {
    for (let y = 0; y < frame.height; y++) {
      for (let x = 0; x < frame.width; x++) {
        const i = (y * frame.width + x) * 4 + 3;
        out[i] = Math.round((out[i] as number) * maskAt(layer, x + frame.x, y + frame.y));
      }
    }
  }
  return out;
}

/** Every layer by the id its LayerDoc gives it (the rule of psd.ts). */
function layersById(children: PsdLayer[] | undefined): Map<string, PsdLayer> {
  const byLayerId = hasDistinctIds(children);
  const found = new Map<string, PsdLayer>();
  const visit = (layers: PsdLayer[] | undefined, parentPath: number[]) => {
    (layers ?? []).forEach((layer, index) => {
      const path = [...parentPath, index];
      found.set(byLayerId ? String(layer.id) : path.join('/'), layer);
      visit(layer.children, path);
    });
  };
  visit(children, []);
  return found;
}

/**
 * The chosen layers of a PSD, each on its own over its frame (straight RGBA, transparent where it has no
 * pixels). The layer's own opacity and mask belong to it as a slice, as a developer sees it in the design.
 */
export function drawPsdLayers(data: Buffer, requests: { id: string; frame: Frame }[]): ArrayBuffer[] {
  const psd = readPsd(data, { skipThumbnail: true, skipCompositeImageData: true, useImageData: true });
  const byId = layersById(psd.children);
  return requests.map(({ id, frame }) => {
    const layer = byId.get(id);
    if (!layer) throw new Error(`no layer ${id}`);
    return draw({ children: [layer] }, frame).buffer as ArrayBuffer;
  });
}

/**
 * The chosen layers of a PSD as SVG files (psd-vector.ts), each showing its frame at its size; null for a
 * layer that is not vector. Only the file's structure is read.
 */
export function psdLayerSvgs(
  data: Buffer,
  requests: { id: string; frame: Frame; width: number; height: number }[],
): (string | null)[] {
  const psd = readPsd(data, { skipLayerImageData: true, skipCompositeImageData: true, skipThumbnail: true });
  const byId = layersById(psd.children);
  return requests.map(({ id, frame, width, height }) => {
    const layer = byId.get(id);
    if (!layer) throw new Error(`no layer ${id}`);
    return psdVectorSvg(layer, frame, width, height);
  });
}
