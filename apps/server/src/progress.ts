/** Where an operator command draws its progress: process.stderr, or a test's stand-in. */
export interface ProgressOut {
  write(text: string): unknown;
  isTTY?: boolean;
}

const WIDTH = 20;
const REDRAW_MS = 100;

/**
 * A progress bar for a long operator command, `[#########...........] 450/1000 layer docs`: redrawn in place
 * (at most every 100 ms) on a terminal; in a log, where \r would pile up, one line each 10% instead.
 */
export function progressBar(out: ProgressOut, total: number, label: string) {
  let lastDraw = 0;
  let lastTenth = 0;
  const line = (done: number) => {
    const filled = total === 0 ? WIDTH : Math.floor((done / total) * WIDTH);
    return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} ${label}`;
  };
  const update = (done: number) => {
    if (out.isTTY) {
      const now = Date.now();
      if (done < total && now - lastDraw < REDRAW_MS) return;
      lastDraw = now;
      out.write(`\r${line(done)}`);
      return;
    }
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth <= lastTenth) return;
    lastTenth = tenth;
    out.write(`${line(done)}\n`);
  };
  return {
    update,
    /** The last state drawn whatever the throttle; a terminal's cursor leaves the bar's line. */
    end(done: number) {
      if (out.isTTY) {
        out.write(`\r${line(done)}\n`);
        return;
      }
      if (lastTenth < 10) {
        lastTenth = 10;
        out.write(`${line(done)}\n`);
      }
    },
  };
}
