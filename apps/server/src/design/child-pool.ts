import { type ChildProcess, fork } from 'node:child_process';

/** A drawing child exits with this when it outgrew its memory ceiling (child-ceiling.mjs). */
export const OUT_OF_MEMORY = 86;
/** Starting a child (tsx compiles its drawing code) is not counted in a file's time; this bounds it. */
const START_MS = 60_000;
/** An idle child is stopped after this; the next file starts a new one. */
const IDLE_MS = 30_000;

/**
 * The processes of one drawing script (render-child.mjs, pdf-child.mjs): libvips, ag-psd and pdf.js can spend
 * minutes and gigabytes on one hostile file, and only a process can be stopped in the middle of that. A child
 * is started on demand (it says `{ ready: true }` once its code is loaded), and one that finished its work may
 * wait for the next file, up to `maxIdle` of them, each for IDLE_MS. A waiting child never keeps the server
 * (or a test run) alive. The time ceiling is the caller's: it kills the child it took.
 */
export class ChildPool {
  private readonly idle: { child: ChildProcess; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly script: URL,
    /** Names the child in errors: "the renderer did not start". */
    private readonly label: string,
    private readonly maxIdle = Number.POSITIVE_INFINITY,
  ) {}

  /** A waiting child (the most recently used), else a new one once it is ready. */
  take(): Promise<ChildProcess> {
    const entry = this.idle.pop();
    if (!entry) return this.start();
    clearTimeout(entry.timer);
    entry.child.removeAllListeners('exit');
    entry.child.channel?.ref();
    return Promise.resolve(entry.child);
  }

  /** A child that answered and may draw another file; past `maxIdle` waiting ones it is stopped. */
  putBack(child: ChildProcess) {
    if (this.idle.length >= this.maxIdle) {
      child.kill();
      return;
    }
    const entry = { child, timer: setTimeout(() => child.kill(), IDLE_MS).unref() };
    // However it ends (idle, or a crash while waiting), a stopped child leaves the list.
    child.once('exit', () => {
      clearTimeout(entry.timer);
      if (this.idle.includes(entry)) this.idle.splice(this.idle.indexOf(entry), 1);
    });
    child.channel?.unref();
    child.unref();
    this.idle.push(entry);
  }

  private start(): Promise<ChildProcess> {
    const child = fork(this.script, {
      serialization: 'advanced',
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), START_MS);
      const failed = (code: number | null, signal: NodeJS.Signals | null) => {
        clearTimeout(timer);
        reject(new Error(`the ${this.label} did not start (${code ?? signal})`));
      };
      child.once('message', () => {
        clearTimeout(timer);
        child.off('exit', failed);
        resolve(child);
      });
      child.once('exit', failed);
    });
  }
}
