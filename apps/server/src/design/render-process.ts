import { type ChildProcess, fork } from 'node:child_process';
import type { SniffedType } from '../modules/storage/sniff.js';
import { UndecodableDesign } from './raster.js';
import type { DrawnVariants, PictureRequest } from './render-variants.js';

const CHILD = new URL('./render-child.mjs', import.meta.url);
/** render-child.mjs exits with this when it outgrew its memory ceiling. */
const OUT_OF_MEMORY = 86;
/** Starting a renderer (tsx compiles the drawing code) is not counted in a file's time; this bounds it. */
const START_MS = 60_000;
/** An idle renderer is stopped after this; the next file starts a new one. */
const IDLE_MS = 30_000;

export interface RenderLimits {
  timeMs: number;
  memoryMb: number;
}

interface Answer {
  ready?: true;
  pictures?: DrawnVariants[];
  error?: { message: string; undecodable: boolean; code?: UndecodableDesign['code'] };
}

/** Renderers waiting for a file, most recently used last. */
const idle: { child: ChildProcess; timer: NodeJS.Timeout }[] = [];

function start(): Promise<ChildProcess> {
  const child = fork(CHILD, {
    serialization: 'advanced',
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), START_MS);
    const started = () => {
      clearTimeout(timer);
      child.off('exit', failed);
      resolve(child);
    };
    const failed = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`the renderer did not start (${code ?? signal})`));
    };
    child.once('message', started);
    child.once('exit', failed);
  });
}

function putBack(child: ChildProcess) {
  const entry = { child, timer: setTimeout(() => child.kill(), IDLE_MS).unref() };
  // However it ends (idle, or a crash while waiting), a stopped renderer leaves the list.
  child.once('exit', () => {
    clearTimeout(entry.timer);
    if (idle.includes(entry)) idle.splice(idle.indexOf(entry), 1);
  });
  // An idle renderer never keeps the server (or a test run) alive.
  child.channel?.unref();
  child.unref();
  idle.push(entry);
}

async function take(): Promise<ChildProcess> {
  const entry = idle.pop();
  if (!entry) return start();
  clearTimeout(entry.timer);
  entry.child.removeAllListeners('exit');
  entry.child.channel?.ref();
  return entry.child;
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
  const child = await take();
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
        putBack(child);
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
