// The memory ceiling of a drawing child (render-child.mjs, pdf-child.mjs; child-pool.ts starts them): past it
// the process exits with OUT_OF_MEMORY, which the parent reports as the file's fault.
import sharp from 'sharp';

/** The exit code that tells the parent this process outgrew its memory ceiling (child-pool.ts OUT_OF_MEMORY). */
const OUT_OF_MEMORY = 86;

// Nothing is kept between files, so the process's size is the current file's.
sharp.cache(false);
let memoryCeiling = Number.POSITIVE_INFINITY;
// The drawing runs on libuv's threads (libvips) or between awaits (pdf.js), so this timer keeps firing.
setInterval(() => {
  if (process.memoryUsage.rss() > memoryCeiling) process.exit(OUT_OF_MEMORY);
}, 50);
// The server went away: nobody waits for the answer.
process.on('disconnect', () => process.exit(0));

/** Runs one file's work with the process capped at `memoryMb`; between files there is no cap. */
export async function withinMemory(memoryMb, work) {
  memoryCeiling = memoryMb * 1024 * 1024;
  try {
    return await work();
  } finally {
    memoryCeiling = Number.POSITIVE_INFINITY;
  }
}
