// Reads PSDs in a worker thread: ag-psd is synchronous JavaScript, and a large file would otherwise stall every
// request of the server while it is parsed. The importer is TypeScript: tsx compiles it here whether the
// parent runs under tsx (the server) or under another loader (the tests). The worker stays up between files
// (see psd-worker.ts) and answers each message with its id.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const importer = tsImport('./psd.ts', import.meta.url);
const pixels = tsImport('./psd-pixels.ts', import.meta.url);

parentPort.on('message', async ({ id, task, artboard, requests, data }) => {
  try {
    const bytes = Buffer.from(data);
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
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
