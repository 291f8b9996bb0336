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
const sketch = () =>
  new File([readFileSync(path.join(TEST_DATA, 'sketchutils-simple-textstyle.sketch'))], 'Home.sketch');
const png = (name = 'screen.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name);

describe('the upload pre-check', () => {
  it('tells a file the server would refuse by its bytes, and what kind of file it is', async () => {
    expect(await unsupportedKindOf(sketch())).toBe('sketch');
    expect(await unsupportedKindOf(png())).toBeNull();
    // The bytes decide, not the name: a PNG named .sketch goes, a ZIP named .png does not.
    expect(await unsupportedKindOf(png('renamed.sketch'))).toBeNull();
    expect(await unsupportedKindOf(new File([sketch()], 'export.png'))).toBe('other');
    expect(await unsupportedKindOf(new File(['fig-kiwi'], 'App.fig'))).toBe('figma');
    expect(await unsupportedKindOf(new File(['PK\u0003\u0004'], 'Board.xd'))).toBe('xd');
  });

  it('refuses a Sketch file in the tray with what to do, sending nothing for it, while the others upload', async () => {
    installXhr();
    const seen = stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      return ok({ images: [], dropped: [], warning: null });
    });
    const queue = uploadQueueOf('team-a', 'p-precheck');
    queue.add([sketch(), png()]);

    await vi.waitFor(() => expect(byName(queue, 'Home.sketch').status).toBe('refused'));
    expect(byName(queue, 'Home.sketch')).toMatchObject({
      code: Codes.IMAGE_FORMAT_UNSUPPORTED.code,
      message: 'Sketch files are not supported yet: export the artboards as SVG or PNG and upload those.',
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
    queue.add([sketch()]);
    await vi.waitFor(() => expect(byName(queue, 'Home.sketch').status).toBe('refused'));
    expect(byName(queue, 'Home.sketch').message).toBe(
      '暂不支持 Sketch 文件：请将画板导出为 SVG 或 PNG 后再上传。',
    );
    expect(FakeXhr.posted).toHaveLength(0);
  });
});
