// Draws designs for the variants job in a process of its own (render-process.ts starts and stops it): libvips
// and ag-psd can spend minutes and gigabytes of native memory on one hostile file, and only a process can be
// stopped in the middle of that. The drawing code is TypeScript: tsx compiles it here.
import { tsImport } from 'tsx/esm/api';
import { withinMemory } from './child-ceiling.mjs';

// One import: each tsImport loads its modules afresh, and UndecodableDesign must be the class drawPictures throws.
const { drawPictures, isDecodeError, UndecodableDesign } = await tsImport(
  './render-variants.ts',
  import.meta.url,
);

process.on('message', async ({ data, type, requests, memoryMb }) => {
  try {
    const pictures = await withinMemory(memoryMb, () => drawPictures(Buffer.from(data), type, requests));
    process.send({ pictures });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const undecodable = error instanceof UndecodableDesign || isDecodeError(error);
    process.send({ error: { message, undecodable, code: error?.code } });
  }
});
process.send({ ready: true });
