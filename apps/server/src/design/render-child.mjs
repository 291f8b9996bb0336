// Draws designs for the variants job in a process of its own (render-process.ts starts and stops it): libvips
// and ag-psd can spend minutes and gigabytes of native memory on one hostile file, and only a process can be
// stopped in the middle of that. The drawing code is TypeScript: tsx compiles it here.
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

/** The exit code that tells the parent this process outgrew its memory ceiling. */
const OUT_OF_MEMORY = 86;

// Nothing is kept between files, so the process's size is the current file's.
sharp.cache(false);
let memoryCeiling = Number.POSITIVE_INFINITY;
// The drawing runs on libuv's threads, so this timer keeps firing while libvips works.
setInterval(() => {
  if (process.memoryUsage.rss() > memoryCeiling) process.exit(OUT_OF_MEMORY);
}, 50);
// The server went away: nobody waits for the answer.
process.on('disconnect', () => process.exit(0));

// One import: each tsImport loads its modules afresh, and UndecodableDesign must be the class drawPictures throws.
const { drawPictures, isDecodeError, UndecodableDesign } = await tsImport(
  './render-variants.ts',
  import.meta.url,
);

process.on('message', async ({ data, type, requests, memoryMb }) => {
  memoryCeiling = memoryMb * 1024 * 1024;
  try {
    const pictures = await drawPictures(Buffer.from(data), type, requests);
    process.send({ pictures });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const undecodable = error instanceof UndecodableDesign || isDecodeError(error);
    process.send({ error: { message, undecodable, code: error?.code } });
  } finally {
    memoryCeiling = Number.POSITIVE_INFINITY;
  }
});
process.send({ ready: true });
