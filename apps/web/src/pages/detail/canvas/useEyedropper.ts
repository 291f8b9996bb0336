import type { Rgba } from '@ferry/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Larger pictures are sampled from a copy this many pixels wide at most, to keep the canvas memory bounded. */
const MAX_SIDE = 4096;

interface Sampler {
  context: CanvasRenderingContext2D;
  /** Canvas pixels per design pixel. */
  ratio: number;
}

/**
 * The colour under the pointer of a plain picture: the image drawn once to an off-screen canvas, read a pixel
 * at a time. Designs are served from the same origin (/files/), so the canvas is not tainted; a picture from
 * another origin (an S3 bucket) is asked for with CORS, and where the canvas still cannot be read the sampler
 * answers null and the view says the picker is unavailable.
 */
export function useEyedropper(url: string | null, designWidth: number) {
  const sampler = useRef<Promise<Sampler | null> | null>(null);
  const ready = useRef<Sampler | null>(null);
  /** null until the picture is read; false when it cannot be. */
  const [available, setAvailable] = useState<boolean | null>(null);

  useEffect(() => {
    sampler.current = null;
    ready.current = null;
    setAvailable(null);
  }, [url]);

  const load = useCallback((): Promise<Sampler | null> => {
    if (!url || typeof document === 'undefined') return Promise.resolve(null);
    sampler.current ??= new Promise<Sampler | null>((resolve) => {
      const image = new Image();
      const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
      if (!sameOrigin) image.crossOrigin = 'anonymous';
      image.onload = () => {
        const shrink = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(image.naturalWidth * shrink));
        canvas.height = Math.max(1, Math.round(image.naturalHeight * shrink));
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context) return resolve(null);
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        try {
          context.getImageData(0, 0, 1, 1);
        } catch {
          return resolve(null);
        }
        const result = { context, ratio: canvas.width / (designWidth || image.naturalWidth) };
        ready.current = result;
        resolve(result);
      };
      image.onerror = () => resolve(null);
      image.src = url;
    }).then((result) => {
      setAvailable(result !== null);
      return result;
    });
    return sampler.current;
  }, [url, designWidth]);

  /** The colour at a design point, or null outside the picture or before it has loaded (which it starts). */
  const sample = useCallback(
    (x: number, y: number): Rgba | null => {
      const current = ready.current;
      if (!current) {
        void load();
        return null;
      }
      const px = Math.floor(x * current.ratio);
      const py = Math.floor(y * current.ratio);
      const { width, height } = current.context.canvas;
      if (px < 0 || py < 0 || px >= width || py >= height) return null;
      const [r, g, b, a] = current.context.getImageData(px, py, 1, 1).data;
      return { r, g, b, a: Math.round((a / 255) * 100) / 100 };
    },
    [load],
  );

  return { sample, load, available };
}
