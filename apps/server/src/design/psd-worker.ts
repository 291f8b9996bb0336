import { Worker } from 'node:worker_threads';
import { Codes, type Frame, JobLimits } from '@ferry/shared';
import { UndecodableDesign } from './raster.js';

const WORKER = new URL('./layers.worker.mjs', import.meta.url);
/** A PSD whose structure takes longer than this to read is given up on (the worker is stopped). */
const TASK_TIME_LIMIT_MS = 120_000;
/** An idle worker is stopped after this; the next PSD starts a new one. */
const IDLE_MS = 30_000;

export type PsdTask =
  | { task: 'import'; artboard?: number }
  | { task: 'artboards' }
  /** The chosen layers' own pixels (psd-pixels.ts); answers one RGBA ArrayBuffer per request. */
  | { task: 'draw'; requests: { id: string; frame: Frame }[] }
  /** The chosen vector layers as SVG files (psd-pixels.ts); answers a string, or null, per request. */
  | { task: 'svg'; requests: { id: string; frame: Frame; width: number; height: number }[] }
  /** A Sketch file's designs (sketch.ts), one design's LayerDoc, or its picture as SVG (sketch-picture.ts). */
  | { task: 'sketch-artboards' }
  | { task: 'sketch-import'; artboard?: number }
  | { task: 'sketch-svg'; artboard: number };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * One long-lived worker thread for PSD parsing. Starting a worker costs about a second (tsx compiles the
 * importer in it), so it is kept between files and stopped only when idle. Tasks run one after another in
 * the worker (ag-psd is synchronous); a task over its time limit, or a crash, stops the worker and fails
 * every task waiting in it, and the next call starts a fresh one.
 */
class PsdWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  run<T>(data: Buffer, task: PsdTask): Promise<T> {
    const worker = this.ensure();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const id = this.nextId++;
    const copy = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.stop('reading the PSD took too long'), TASK_TIME_LIMIT_MS);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      worker.postMessage({ id, ...task, data: copy }, [copy]);
    });
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    // A file that grows the heap past JobLimits.importHeapMb stops this thread (its tasks fail), not the server.
    const worker = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: JobLimits.importHeapMb } });
    // A worker waiting for work never keeps the process alive.
    worker.unref();
    worker.on('message', (message: { id: number; result?: unknown; error?: string; code?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error !== undefined)
        pending.reject(new UndecodableDesign(message.error, knownCode(message.code)));
      else pending.resolve(message.result);
      if (this.pending.size === 0) this.idleTimer = setTimeout(() => this.stop(), IDLE_MS).unref();
    });
    worker.on('error', (error) => this.stop(error.message));
    // A worker that dies without answering (out of memory) fails what it was given.
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(`the PSD reader stopped (${code})`);
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  private fail(reason: string) {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new UndecodableDesign(reason));
      this.pending.delete(id);
    }
  }

  private stop(reason = 'stopped') {
    const worker = this.worker;
    this.worker = null;
    this.fail(reason);
    if (worker) void worker.terminate();
  }
}

/** A code the worker's error carried, if it is one of the catalogue's. */
const knownCode = (code: string | undefined): UndecodableDesign['code'] =>
  code && code in Codes ? (code as UndecodableDesign['code']) : undefined;

const shared = new PsdWorker();

/** Runs one PSD task in the shared worker thread; its failures reject with UndecodableDesign. */
export function inPsdWorker<T>(data: Buffer, task: PsdTask): Promise<T> {
  return shared.run<T>(data, task);
}
