import {
  type CodeName,
  Codes,
  LAYER_DOC_VERSION,
  type Layer,
  type LayerDoc,
  walkLayers,
} from '@ferry/shared';
import sharp, { type Sharp } from 'sharp';
import type { AppContext } from '../../context.js';
import { drawLayerDoc } from '../../design/layerdoc-svg.js';
import { fail } from '../../http/errors.js';
import { failCodeOf, type VersionRow } from '../designs/present.js';

/** The artboard as the variants job drew it (its `org` PNG), and its pixels per Sketch point. */
export interface ArtboardPicture {
  data: Buffer;
  scale: number;
}

/**
 * A Sketch version's artboard picture. Refused with a code, never a server error: 19054 while the variants job
 * has not drawn it (or its file is gone, so it must be drawn again), the version's own reason when drawing it
 * failed, DESIGN_UNREADABLE when the stored picture cannot be read.
 */
export async function artboardPictureOf(ctx: AppContext, version: VersionRow): Promise<ArtboardPicture> {
  if (version.status === 'failed') throw fail(codeNameOf(failCodeOf(version)));
  const org = version.variants.org;
  const data = org ? await ctx.files.read(org.key) : null;
  if (!data) throw fail('LAYERS_NOT_READY');
  const width = await sharp(data)
    .metadata()
    .then((meta) => meta.width ?? 0)
    .catch(() => null);
  if (width === null) throw fail('DESIGN_UNREADABLE');
  return { data, scale: width / (version.artboard?.width || width || 1) };
}

/** The catalogue's name of a code such as '19082'; DESIGN_UNREADABLE for one it does not hold. */
function codeNameOf(code: string): CodeName {
  const named = Object.entries(Codes).find(([, entry]) => entry.code === code)?.[0];
  return (named as CodeName | undefined) ?? 'DESIGN_UNREADABLE';
}

/** A layer and everything under it moved by (-dx, -dy); outlines and paints are relative to each frame. */
function moved(layer: Layer, dx: number, dy: number): Layer {
  const frame = { ...layer.frame, x: layer.frame.x - dx, y: layer.frame.y - dy };
  return { ...layer, frame, children: layer.children?.map((child) => moved(child, dx, dy)) };
}

/**
 * What a LayerDoc cannot draw by itself: bitmaps and image fills (their pixels are in the Sketch file, not the
 * doc), and Sketch slices, which are an area of the artboard rather than a drawing.
 */
function needsPicture(layer: Layer): boolean {
  for (const part of walkLayers([layer])) {
    if (part.type === 'image' || part.type === 'slice') return true;
    const paints = [...part.fills, ...part.borders.map((border) => border.fill)];
    if (paints.some((fill) => fill.type === 'image')) return true;
  }
  return false;
}

/**
 * Sketch sources: each chosen layer drawn from the version's LayerDoc alone (drawLayerDoc over a doc holding
 * only that layer, moved to its frame), so the slice shows the layer without what lies under or over it, sharp
 * at every scale. A layer showing pixels the doc does not hold is the artboard's picture cropped to its frame.
 */
export class SketchSlices {
  private picturePromise: Promise<ArtboardPicture> | null = null;

  /** `artboardPicture` is read only when a layer needs it. */
  constructor(private readonly artboardPicture: () => Promise<ArtboardPicture>) {}

  /** The layer alone as an SVG file of `width` × `height` pixels over its frame. */
  svg(layer: Layer, width: number, height: number): string {
    const { x, y, width: frameWidth, height: frameHeight } = layer.frame;
    const doc: LayerDoc = {
      version: LAYER_DOC_VERSION,
      source: 'sketch',
      width: frameWidth,
      height: frameHeight,
      layers: [moved(layer, x, y)],
    };
    return drawLayerDoc(doc, { size: { width, height } });
  }

  /** The layer drawn by librsvg at exactly `width` × `height`, or its frame of the artboard's picture. */
  async picture(layer: Layer, width: number, height: number): Promise<Sharp> {
    if (needsPicture(layer)) return this.cropped(layer, width, height);
    return sharp(Buffer.from(this.svg(layer, width, height))).resize(width, height, { fit: 'fill' });
  }

  /** The layer's frame of the artboard's picture (transparent where it reaches past it), scaled to the size. */
  private async cropped(layer: Layer, width: number, height: number): Promise<Sharp> {
    this.picturePromise ??= this.artboardPicture();
    const { data, scale } = await this.picturePromise;
    const { width: pictureWidth = 0, height: pictureHeight = 0 } = await sharp(data).metadata();
    const { frame } = layer;
    const left = Math.floor(frame.x * scale);
    const top = Math.floor(frame.y * scale);
    const right = Math.max(left + 1, Math.ceil((frame.x + frame.width) * scale));
    const bottom = Math.max(top + 1, Math.ceil((frame.y + frame.height) * scale));
    const inside = {
      left: Math.max(0, left),
      top: Math.max(0, top),
      right: Math.min(pictureWidth, right),
      bottom: Math.min(pictureHeight, bottom),
    };
    const clear = { r: 0, g: 0, b: 0, alpha: 0 };
    if (inside.right <= inside.left || inside.bottom <= inside.top) {
      return sharp({ create: { width, height, channels: 4, background: clear } });
    }
    const part = await sharp(data)
      .ensureAlpha()
      .extract({
        left: inside.left,
        top: inside.top,
        width: inside.right - inside.left,
        height: inside.bottom - inside.top,
      })
      .extend({
        left: inside.left - left,
        top: inside.top - top,
        right: right - inside.right,
        bottom: bottom - inside.bottom,
        background: clear,
      })
      .png()
      .toBuffer();
    return sharp(part).resize(width, height, { fit: 'fill' });
  }
}
