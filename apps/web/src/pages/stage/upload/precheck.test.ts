import '../../../test/setup';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Codes } from '@ferry/shared';
import { describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../i18n';
import { ok, stubFetch } from '../../../test/http';
import { FakeXhr, installXhr } from './fakeXhr';
import { unsupportedKindOf } from './precheck';
import { uploadQueueOf } from './registry';
import { byName, keyOf, uptoken } from './testKit';

const TEST_DATA = path.resolve(import.meta.dirname, '../../../../../../e2e/test-data');
const sketch = (name = 'Home.sketch') =>
  new File([readFileSync(path.join(TEST_DATA, 'sketchutils-simple-textstyle.sketch'))], name);
/** What Sketch 42 and earlier saved: an SQLite database. */
const oldSketch = () => new File(['SQLite format 3\u0000', new Uint8Array(100)], 'Legacy.sketch');
const figma = () => new File(['fig-kiwi', new Uint8Array(100)], 'App.fig');
const png = (name = 'screen.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name);

describe('the upload pre-check', () => {
  it('tells a file the server would refuse by its bytes, and what kind of file it is', async () => {
    expect(await unsupportedKindOf(png())).toBeNull();
    // The bytes decide, not the name: a PNG named .sketch goes, a ZIP named .png does not.
    expect(await unsupportedKindOf(png('renamed.sketch'))).toBeNull();
    expect(await unsupportedKindOf(new File([sketch()], 'export.png'))).toBe('other');
    expect(await unsupportedKindOf(figma())).toBe('figma');
    expect(await unsupportedKindOf(new File(['PK\u0003\u0004'], 'Board.xd'))).toBe('xd');
  });

  it('accepts a Sketch file (a ZIP named .sketch), whose contents the server reads', async () => {
    expect(await unsupportedKindOf(sketch())).toBeNull();
    expect(await unsupportedKindOf(sketch('Home.SKETCH'))).toBeNull();
    // Neither a ZIP nor a design type under the Sketch name: refused like any other file.
    expect(await unsupportedKindOf(new File(['just text'], 'Notes.sketch'))).toBe('other');
  });

  it('refuses a Sketch file saved before Sketch 43 with its own code, saying to save it again', async () => {
    expect(await unsupportedKindOf(oldSketch())).toBe('sketchTooOld');
    installXhr();
    stubFetch(() => ok({ uptoken: uptoken() }));
    const queue = uploadQueueOf('team-a', 'p-precheck-old');
    queue.add([oldSketch()]);
    await vi.waitFor(() => expect(byName(queue, 'Legacy.sketch').status).toBe('refused'));
    expect(byName(queue, 'Legacy.sketch')).toMatchObject({
      code: Codes.SKETCH_TOO_OLD.code,
      message:
        'This Sketch file was saved by Sketch 42 or earlier: open it in Sketch 43 or later, save it and upload it again.',
    });
    expect(FakeXhr.posted).toHaveLength(0);
  });

  it('sends a Sketch file like any design', async () => {
    installXhr();
    stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      return ok({ images: [], dropped: [], warning: null });
    });
    const queue = uploadQueueOf('team-a', 'p-precheck-sketch');
    queue.add([sketch()]);
    await vi.waitFor(() => expect(FakeXhr.posted).toHaveLength(1));
    expect(keyOf(FakeXhr.posted[0])).toMatch(/\.sketch$/);
    FakeXhr.open[0].answer(204);
    await vi.waitFor(() => expect(byName(queue, 'Home.sketch').status).toBe('done'));
  });

  it('refuses a Figma file in the tray with what to do, sending nothing for it, while the others upload', async () => {
    installXhr();
    const seen = stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      return ok({ images: [], dropped: [], warning: null });
    });
    const queue = uploadQueueOf('team-a', 'p-precheck');
    queue.add([figma(), png()]);

    await vi.waitFor(() => expect(byName(queue, 'App.fig').status).toBe('refused'));
    expect(byName(queue, 'App.fig')).toMatchObject({
      code: Codes.IMAGE_FORMAT_UNSUPPORTED.code,
      message: 'Figma files are not supported yet: export the frames as SVG or PNG and upload those.',
    });
    await vi.waitFor(() => expect(FakeXhr.posted).toHaveLength(1));
    expect(keyOf(FakeXhr.posted[0])).toMatch(/\.png$/);
    expect(seen.filter((request) => request.path === '/api/oss/token')).toHaveLength(1);
    FakeXhr.open[0].answer(204);
    await vi.waitFor(() => expect(byName(queue, 'screen.png').status).toBe('done'));
    expect(FakeXhr.posted).toHaveLength(1);
  });

  it('says it in Chinese in the Chinese interface', async () => {
    await setLang('zh-CN');
    installXhr();
    stubFetch(() => ok({ uptoken: uptoken() }));
    const queue = uploadQueueOf('team-a', 'p-precheck-zh');
    queue.add([figma()]);
    await vi.waitFor(() => expect(byName(queue, 'App.fig').status).toBe('refused'));
    expect(byName(queue, 'App.fig').message).toBe(
      '暂不支持 Figma 文件：请将画框导出为 SVG 或 PNG 后再上传。',
    );
    expect(FakeXhr.posted).toHaveLength(0);
  });
});
