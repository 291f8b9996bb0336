import type { Frame } from '@ferry/shared';
import sharp, { type Sharp } from 'sharp';
import { inPsdWorker } from '../../design/psd-worker.js';

/** A layer's frame in whole pixels of the PSD (an artboard's layers are placed relative to the artboard). */
export function pixelFrame(frame: Frame, offset: { x: number; y: number }): Frame {
  const x = Math.floor(frame.x + offset.x);
  const y = Math.floor(frame.y + offset.y);
  return {
    x,
    y,
    width: Math.max(1, Math.ceil(frame.x + offset.x + frame.width) - x),
    height: Math.max(1, Math.ceil(frame.y + offset.y + frame.height) - y),
  };
}

/** The chosen layers' own pixels over their frames (straight RGBA), drawn in the PSD worker thread. */
async function drawLayers(data: Buffer, requests: { id: string; frame: Frame }[]): Promise<Buffer[]> {
  const answers = await inPsdWorker<ArrayBuffer[]>(data, { task: 'draw', requests });
  return answers.map((answer) => Buffer.from(answer));
}

/** PSD sources: each chosen layer's own pixels, without what lies under or over it, scaled to each size. */
export class PsdSlices {
  private constructor(private readonly pixels: Map<string, { raw: Buffer; frame: Frame }>) {}

  static async load(data: Buffer, layers: { id: string; frame: Frame }[], offset: { x: number; y: number }) {
    const requests = layers.map((layer) => ({ id: layer.id, frame: pixelFrame(layer.frame, offset) }));
    const drawn = await drawLayers(data, requests);
    return new PsdSlices(
      new Map(requests.map((request, i) => [request.id, { raw: drawn[i], frame: request.frame }])),
    );
  }

  /** The layer's pixels scaled to `width` × `height`. */
  picture(layerId: string, width: number, height: number): Sharp {
    const layer = this.pixels.get(layerId);
    if (!layer) throw new Error(`layer ${layerId} was not drawn`);
    const { raw, frame } = layer;
    return sharp(raw, { raw: { width: frame.width, height: frame.height, channels: 4 } }).resize(
      width,
      height,
      { fit: 'fill' },
    );
  }
}
