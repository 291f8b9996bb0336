// Draws chosen layers of a PSD on their own, each into its frame (transparent where the layer has no pixels),
// in a worker thread: ag-psd is synchronous JavaScript, and reading every layer's pixels of a large file would
// otherwise stall the server's requests. Groups are their visible children painted in order (normal blending,
// each layer's opacity and mask, clipping masks onto the layer below); layer effects are not drawn.
import { parentPort, workerData } from 'node:worker_threads';
import { initializeCanvas, readPsd } from 'ag-psd';

initializeCanvas(
  () => {
    throw new Error('no canvas on the server');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }),
);

/** Alpha of a layer's user mask at a document pixel (0–1), or 1 without a mask. */
function maskAt(layer, x, y) {
  const mask = layer.mask;
  if (!mask || mask.disabled || !mask.imageData) return 1;
  const left = mask.left ?? 0;
  const top = mask.top ?? 0;
  const { width, height, data } = mask.imageData;
  const mx = x - left;
  const my = y - top;
  if (mx < 0 || my < 0 || mx >= width || my >= height) return (mask.defaultColor ?? 255) / 255;
  return data[(my * width + mx) * 4] / 255;
}

/** Paints `source` (straight RGBA over `frame`) onto `target` with `opacity`: source-over. */
function paint(target, source, opacity) {
  for (let i = 0; i < target.length; i += 4) {
    const alpha = (source[i + 3] / 255) * opacity;
    if (alpha === 0) continue;
    const below = target[i + 3] / 255;
    const out = alpha + below * (1 - alpha);
    for (let c = 0; c < 3; c++) {
      target[i + c] = Math.round((source[i + c] * alpha + target[i + c] * below * (1 - alpha)) / out);
    }
    target[i + 3] = Math.round(out * 255);
  }
}

/** A layer alone over `frame` (document pixels): its pixels, or for a group its children painted in order. */
function draw(layer, frame) {
  const out = new Uint8ClampedArray(frame.width * frame.height * 4);
  if (layer.children) {
    let base = null;
    for (const child of layer.children) {
      if (child.hidden) continue;
      const pixels = draw(child, frame);
      if (child.clipping && base) {
        // A clipping mask shows only where the layer it is clipped to has pixels.
        for (let i = 3; i < pixels.length; i += 4) pixels[i] = Math.round((pixels[i] * base[i]) / 255);
      } else {
        base = pixels;
      }
      paint(out, pixels, child.opacity ?? 1);
    }
    if (layer.mask?.imageData && !layer.mask.disabled) {
      for (let y = 0; y < frame.height; y++) {
        for (let x = 0; x < frame.width; x++) {
          const i = (y * frame.width + x) * 4 + 3;
          out[i] = Math.round(out[i] * maskAt(layer, x + frame.x, y + frame.y));
        }
      }
    }
    return out;
  }
  const image = layer.imageData;
  if (!image) return out;
  const left = layer.left ?? 0;
  const top = layer.top ?? 0;
  for (let y = Math.max(0, top - frame.y); y < Math.min(frame.height, top + image.height - frame.y); y++) {
    for (let x = Math.max(0, left - frame.x); x < Math.min(frame.width, left + image.width - frame.x); x++) {
      const from = ((y + frame.y - top) * image.width + (x + frame.x - left)) * 4;
      const to = (y * frame.width + x) * 4;
      out[to] = image.data[from];
      out[to + 1] = image.data[from + 1];
      out[to + 2] = image.data[from + 2];
      out[to + 3] = Math.round(image.data[from + 3] * maskAt(layer, x + frame.x, y + frame.y));
    }
  }
  return out;
}

/** Photoshop's layer ids when every layer has a distinct one, else index paths: the rule of design/psd.ts. */
function hasDistinctIds(layers, seen = new Set()) {
  for (const layer of layers ?? []) {
    if (layer.id === undefined || seen.has(layer.id)) return false;
    seen.add(layer.id);
    if (!hasDistinctIds(layer.children, seen)) return false;
  }
  return true;
}

/** Every layer by the id the LayerDoc gives it. */
function layersById(psd) {
  const byLayerId = hasDistinctIds(psd.children);
  const found = new Map();
  const visit = (layers, parentPath) => {
    (layers ?? []).forEach((layer, index) => {
      const path = [...parentPath, index];
      found.set(byLayerId ? String(layer.id) : path.join('/'), layer);
      visit(layer.children, path);
    });
  };
  visit(psd.children, []);
  return found;
}

try {
  const { data, requests } = workerData;
  const psd = readPsd(new Uint8Array(data), {
    skipThumbnail: true,
    skipCompositeImageData: true,
    useImageData: true,
  });
  const byId = layersById(psd);
  const answers = [];
  for (const { id, frame } of requests) {
    const layer = byId.get(id);
    if (!layer) throw new Error(`no layer ${id}`);
    // The layer's own opacity and mask belong to it as a slice, as a developer sees it in the design.
    answers.push(draw({ children: [layer] }, frame).buffer);
  }
  parentPort.postMessage({ answers }, answers);
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
