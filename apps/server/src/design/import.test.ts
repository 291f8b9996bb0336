import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { importLayers, listArtboards } from './import.js';
import { importPsd, readPsdArtboards } from './psd.js';
import { UndecodableDesign } from './raster.js';
import { importSvg } from './svg.js';

/** Worker threads started by the importer (the real class, counted). */
const started = vi.hoisted(() => [] as string[]);
vi.mock('node:worker_threads', async (original) => {
  const actual = await original<typeof import('node:worker_threads')>();
  class CountedWorker extends actual.Worker {
    constructor(url: string | URL, options?: import('node:worker_threads').WorkerOptions) {
      super(url, options);
      started.push(String(url));
    }
  }
  return { ...actual, Worker: CountedWorker };
});

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../test-data', name));

describe('importLayers', () => {
  test('reads a PSD in a worker thread and gives the same doc as importPsd', async () => {
    const data = fixture('agpsd-shapes.psd');
    const doc = await importLayers(data, 'psd');
    expect(started).toEqual([expect.stringMatching(/layers\.worker\.mjs$/)]);
    expect(doc).toEqual(importPsd(data));
    // The caller's buffer is untouched (the worker gets a copy).
    expect(data.equals(fixture('agpsd-shapes.psd'))).toBe(true);
  });

  test('an artboard of a PSD, and the artboard list, come from the worker too', async () => {
    const data = fixture('agpsd-artboards.psd');
    const before = started.length;
    expect(await listArtboards(data)).toEqual(readPsdArtboards(data));
    expect(await importLayers(data, 'psd', { artboard: 2 })).toEqual(importPsd(data, { artboard: 2 }));
    // The worker started for the first PSD is kept: later ones reuse it instead of paying its start again.
    expect(started.length - before).toBe(0);
  });

  test('a PSD text layer keeps the normal style sheet font in the worker', async () => {
    const doc = await importLayers(fixture('agpsd-text.psd'), 'psd');
    expect(doc.layers[0].text?.runs[0].postScriptName).toBe('MyriadPro-Regular');
  });

  test('SVG is read without a worker', async () => {
    const data = fixture('wikimediaui-button_groups_states.svg');
    const before = started.length;
    expect(await importLayers(data, 'svg')).toEqual(importSvg(data));
    expect(started.length).toBe(before);
  });

  test('files that are not what they claim reject with UndecodableDesign', async () => {
    const notPsd = Buffer.from('8BPS this is not a photoshop file at all');
    await expect(importLayers(notPsd, 'psd')).rejects.toBeInstanceOf(UndecodableDesign);
    await expect(listArtboards(notPsd)).rejects.toBeInstanceOf(UndecodableDesign);
    await expect(importLayers(fixture('agpsd-shapes.psd'), 'psd', { artboard: 0 })).rejects.toBeInstanceOf(
      UndecodableDesign,
    );
    await expect(importLayers(Buffer.from('<html></html>'), 'svg')).rejects.toBeInstanceOf(UndecodableDesign);
  });

  test('PSDs given at once are each answered with their own doc, and a refused file leaves the worker working', async () => {
    const names = ['agpsd-shapes.psd', 'agpsd-text.psd', 'agpsd-layers.psd'];
    const docs = await Promise.all([
      ...names.map((name) => importLayers(fixture(name), 'psd')),
      importLayers(Buffer.from('8BPS broken'), 'psd').catch((error) => error),
    ]);
    for (const [i, name] of names.entries()) expect(docs[i]).toEqual(importPsd(fixture(name)));
    expect(docs[3]).toBeInstanceOf(UndecodableDesign);
    expect(await listArtboards(fixture('agpsd-artboards.psd'))).toHaveLength(
      readPsdArtboards(fixture('agpsd-artboards.psd')).length,
    );
  });
});
