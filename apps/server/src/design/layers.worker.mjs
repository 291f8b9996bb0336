// Reads PSDs and Sketch files in a worker thread: ag-psd and JSON.parse are synchronous, and a large file
// would otherwise stall every request of the server while it is parsed. The importer is TypeScript: tsx compiles it here whether the
// parent runs under tsx (the server) or under another loader (the tests). The worker stays up between files
// (see psd-worker.ts) and answers each message with its id.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const importer = tsImport('./psd.ts', import.meta.url);
const pixels = tsImport('./psd-pixels.ts', import.meta.url);
// Sketch files are read here too (same thread, same limits), compiled on their first use only; one module
// holds their tasks so the file they keep opened (sketch-tasks.ts) is shared between them.
let sketch = null;
const SKETCH_TASKS = new Set(['sketch-artboards', 'sketch-import', 'sketch-svg']);

parentPort.on('message', async ({ id, task, artboard, requests, data }) => {
  try {
    const bytes = Buffer.from(data);
    if (SKETCH_TASKS.has(task)) {
      sketch ??= tsImport('./sketch-tasks.ts', import.meta.url);
      parentPort.postMessage({ id, result: (await sketch).sketchTasks[task](bytes, artboard) });
      return;
    }
    // A PSD: the Sketch file kept opened is not needed now.
    if (sketch) (await sketch).forgetSketch();
    if (task === 'draw') {
      const answers = (await pixels).drawPsdLayers(bytes, requests);
      parentPort.postMessage({ id, result: answers }, answers);
      return;
    }
    if (task === 'svg') {
      parentPort.postMessage({ id, result: (await pixels).psdLayerSvgs(bytes, requests) });
      return;
    }
    const { importPsd, readPsdArtboards } = await importer;
    const result = task === 'artboards' ? readPsdArtboards(bytes) : importPsd(bytes, { artboard });
    parentPort.postMessage({ id, result });
  } catch (error) {
    // The code (UndecodableDesign's) says which of Ferry's limits refused the file.
    const code = typeof error?.code === 'string' ? error.code : undefined;
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error), code });
  }
});
