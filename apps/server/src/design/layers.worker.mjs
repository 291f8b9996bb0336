// Reads a PSD's layers in a worker thread: ag-psd is synchronous JavaScript, and a large file would otherwise
// stall every request of the server while its structure is parsed. The importer is TypeScript: tsx compiles
// it here whether the parent runs under tsx (the server) or under another loader (the tests).
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

try {
  const { importPsd, readPsdArtboards } = await tsImport('./psd.ts', import.meta.url);
  const data = Buffer.from(workerData.data);
  const result =
    workerData.task === 'artboards'
      ? readPsdArtboards(data)
      : importPsd(data, { artboard: workerData.artboard });
  parentPort.postMessage({ result });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
