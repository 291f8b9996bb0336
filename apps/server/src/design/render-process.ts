import type { SniffedType } from '../modules/storage/sniff.js';
import { ChildPool, OUT_OF_MEMORY } from './child-pool.js';
import { UndecodableDesign } from './raster.js';
import type { DrawnVariants, PictureRequest } from './render-variants.js';

/** The renderer processes (render-child.mjs); any number may wait for the next file. */
const renderers = new ChildPool(new URL('./render-child.mjs', import.meta.url), 'renderer');

export interface RenderLimits {
  timeMs: number;
  memoryMb: number;
}

interface Answer {
  ready?: true;
  pictures?: DrawnVariants[];
  error?: { message: string; undecodable: boolean; code?: UndecodableDesign['code'] };
}

/**
 * Draws the pictures of one file in a renderer process with a time and memory ceiling. Past either the process
 * is killed and the promise rejects with an UndecodableDesign naming why (DESIGN_RENDER_TIMEOUT,
 * DESIGN_RENDER_MEMORY), so the job marks the design failed rather than trying the same file again. A file
 * libvips cannot read rejects with UndecodableDesign too; anything else (the renderer crashed) is a plain Error.
 */
export async function drawApart(
  data: Buffer,
  type: SniffedType,
  requests: PictureRequest[],
  limits: RenderLimits,
): Promise<DrawnVariants[]> {
  const child = await renderers.take();
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onAnswer);
      child.off('exit', onExit);
      settle();
    };
    const timer = setTimeout(() => {
      done(() =>
        reject(
          new UndecodableDesign(`drawing took longer than ${limits.timeMs} ms`, 'DESIGN_RENDER_TIMEOUT'),
        ),
      );
      child.kill('SIGKILL');
    }, limits.timeMs);
    const onAnswer = (answer: Answer) => {
      if (answer.ready) return;
      done(() => {
        renderers.putBack(child);
        if (answer.pictures) return resolve(answer.pictures.map(asBuffers));
        const { message, undecodable, code } = answer.error ?? { message: 'no answer', undecodable: false };
        reject(undecodable ? new UndecodableDesign(message, code) : new Error(message));
      });
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      done(() =>
        reject(
          code === OUT_OF_MEMORY
            ? new UndecodableDesign(`drawing needed more than ${limits.memoryMb} MB`, 'DESIGN_RENDER_MEMORY')
            : new Error(`the renderer stopped (${code ?? signal})`),
        ),
      );
    child.on('message', onAnswer);
    child.once('exit', onExit);
    child.send({ data, type, requests, memoryMb: limits.memoryMb }, (error) => {
      if (error) done(() => reject(error));
    });
  });
}

/** Buffers arrive through the channel as plain Uint8Arrays. */
function asBuffers(picture: DrawnVariants): DrawnVariants {
  return Object.fromEntries(
    Object.entries(picture).map(([name, file]) => [
      name,
      { ...file, data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength) },
    ]),
  );
}
