// Reads the flattened image of a PSD in a worker thread: ag-psd is synchronous JavaScript, and a large file
// would otherwise stall every request of the server while it is decoded.
import { parentPort, workerData } from 'node:worker_threads';
import { initializeCanvas, readPsd } from 'ag-psd';

// ag-psd reads pixels through a canvas API; plain arrays stand in for it.
initializeCanvas(
  () => {
    throw new Error('no canvas on the server');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }),
);

try {
  const psd = readPsd(new Uint8Array(workerData), {
    skipLayerImageData: true,
    skipThumbnail: true,
    useImageData: true,
  });
  const image = psd.imageData;
  if (!image || image.width === 0) {
    parentPort.postMessage({ error: 'the PSD has no composite image' });
  } else {
    const pixels = image.data.buffer;
    parentPort.postMessage({ width: image.width, height: image.height, pixels }, [pixels]);
  }
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
