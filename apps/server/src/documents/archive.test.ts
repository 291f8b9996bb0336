import { DocumentLimits } from '@ferry/shared';
import { strToU8, Zip, ZipDeflate, type Zippable, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { unpackAxure, zipKind } from './archive.js';
import { DocumentFault } from './faults.js';

const zip = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data]),
      ) as Zippable,
    ),
  );

/** A ZIP written as a stream, as many tools do: sizes only in data descriptors after each entry's data. */
function streamedZip(files: Record<string, Uint8Array>): Buffer {
  const parts: Uint8Array[] = [];
  const writer = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, data] of Object.entries(files)) {
    const entry = new ZipDeflate(name);
    writer.add(entry);
    entry.push(data, true);
  }
  writer.end();
  return Buffer.concat(parts);
}

function faultOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentFault);
    return (error as DocumentFault).code;
  }
  throw new Error('no fault');
}

async function unpackFault(archive: Buffer): Promise<{ code: string; stored: string[] }> {
  const stored: string[] = [];
  const error = await unpackAxure(archive, async (path) => void stored.push(path)).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocumentFault);
  return { code: (error as DocumentFault).code, stored };
}

/** An Axure export as Axure RP writes it: one top folder with pages, data/ and resources/. */
const axureFiles = {
  'Shop prototype/': new Uint8Array(0),
  'Shop prototype/index.html': '<html><body>start</body></html>',
  'Shop prototype/home.html': '<html><body>home</body></html>',
  'Shop prototype/data/document.js': '$axure.loadDocument({sitemap:{rootNodes:[]}});',
  'Shop prototype/resources/css/axure_rp_page.css': 'body { margin: 0 }',
};

/**
 * Makes the first entry's declared unpacked size `size` in both its local header and the central directory,
 * as a hostile ZIP would, leaving the packed data as it is.
 */
function lieAboutSize(archive: Buffer, size: number): Buffer {
  const lying = Buffer.from(archive);
  lying.writeUInt32LE(size, 22);
  const end = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directory = lying.readUInt32LE(end + 16);
  lying.writeUInt32LE(size, directory + 24);
  return lying;
}

describe('zipKind', () => {
  test('tells Office documents by their content types and main folder', () => {
    const types = '<?xml version="1.0"?><Types/>';
    expect(zipKind(zip({ '[Content_Types].xml': types, 'word/document.xml': '<w/>' }))).toBe('word');
    expect(zipKind(zip({ '[Content_Types].xml': types, 'xl/workbook.xml': '<x/>' }))).toBe('excel');
    expect(zipKind(zip({ '[Content_Types].xml': types, 'ppt/presentation.xml': '<p/>' }))).toBe('ppt');
  });

  test('tells an Axure export, in a top folder or not', () => {
    expect(zipKind(zip(axureFiles))).toBe('axure');
    expect(zipKind(zip({ 'data/document.js': '', 'start.htm': '' }))).toBe('axure');
  });

  test('refuses other ZIPs and what is not a ZIP', () => {
    expect(faultOf(() => zipKind(zip({ 'notes.txt': 'hi', 'data/other.js': '' })))).toBe(
      'DOCUMENT_TYPE_UNSUPPORTED',
    );
    expect(faultOf(() => zipKind(zip({ 'data/document.js': '' })))).toBe('DOCUMENT_TYPE_UNSUPPORTED');
    expect(faultOf(() => zipKind(Buffer.from('PK\u0003\u0004 but nothing after')))).toBe(
      'DOCUMENT_MALFORMED',
    );
    expect(faultOf(() => zipKind(zip({})))).toBe('DOCUMENT_MALFORMED');
  });

  test('refuses names that climb out, start at a root, use backslashes or hold NUL', () => {
    const office = { '[Content_Types].xml': '', 'word/document.xml': '' };
    for (const name of [
      '../evil.html',
      'a/../../evil',
      '/etc/passwd',
      'C:/Windows/x.dll',
      'c:evil',
      'a\\b.html',
    ]) {
      expect(
        faultOf(() => zipKind(zip({ ...office, [name]: 'x' }))),
        name,
      ).toBe('ARCHIVE_UNSAFE');
    }
    // fflate writes names as given, so the NUL goes in after.
    const withNul = zip({ ...office, 'evilXname.html': 'x' });
    for (let at = withNul.indexOf('evilX'); at !== -1; at = withNul.indexOf('evilX', at + 1))
      withNul[at + 4] = 0;
    expect(faultOf(() => zipKind(withNul))).toBe('ARCHIVE_UNSAFE');
  });

  test('refuses too many entries and declared sizes over the limit before inflating anything', () => {
    const many: Record<string, string> = { 'data/document.js': '', 'index.html': '' };
    for (let n = 0; n < DocumentLimits.archiveMaxEntries; n += 1) many[`f/${n}.txt`] = '';
    expect(faultOf(() => zipKind(zip(many)))).toBe('ARCHIVE_UNSAFE');
    const huge = lieAboutSize(zip({ 'big.bin': 'x', ...axureFiles }), DocumentLimits.archiveMaxBytes + 1);
    expect(faultOf(() => zipKind(huge))).toBe('ARCHIVE_UNSAFE');
  });
});

describe('unpackAxure', () => {
  test('unpacks every file with the top folder stripped', async () => {
    const stored = new Map<string, string>();
    const result = await unpackAxure(zip(axureFiles), async (path, data) => {
      stored.set(path, data.toString());
    });
    expect([...stored.keys()].sort()).toEqual([
      'data/document.js',
      'home.html',
      'index.html',
      'resources/css/axure_rp_page.css',
    ]);
    expect(stored.get('home.html')).toBe('<html><body>home</body></html>');
    expect(result.files).toBe(4);
    expect(result.bytes).toBe([...stored.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0));
  });

  test('keeps the folders of an export without a top folder', async () => {
    const stored: string[] = [];
    await unpackAxure(
      zip({ 'data/document.js': '', 'index.html': '', 'files/home/1.png': 'png' }),
      async (path) => {
        stored.push(path);
      },
    );
    expect(stored.sort()).toEqual(['data/document.js', 'files/home/1.png', 'index.html']);
  });

  test('stops a ZIP bomb whose declared sizes lie, on the bytes really inflated', async () => {
    const bomb = new Uint8Array(64 * 1024 * 1024);
    const archive = lieAboutSize(zip({ 'bomb.bin': bomb, 'data/document.js': '', 'index.html': '' }), 1000);
    expect(zipKind(archive)).toBe('axure');
    const { code, stored } = await unpackFault(archive);
    expect(code).toBe('ARCHIVE_UNSAFE');
    expect(stored).not.toContain('bomb.bin');
  });

  test('stops a bomb in a streamed ZIP, whose entries declare no size before their data', async () => {
    const page = strToU8('<html>home</html>');
    const export_ = streamedZip({ 'data/document.js': strToU8('$axure'), 'home.html': page });
    const stored: string[] = [];
    await unpackAxure(export_, async (path) => void stored.push(path));
    expect(stored).toEqual(['data/document.js', 'home.html']);

    const bomb = streamedZip({
      'data/document.js': page,
      'home.html': page,
      'x.bin': new Uint8Array(64 << 20),
    });
    expect((await unpackFault(bomb)).code).toBe('ARCHIVE_UNSAFE');
  });

  test('refuses traversal and absolute names', async () => {
    const files = { 'data/document.js': '', 'index.html': '' };
    expect((await unpackFault(zip({ ...files, '../../outside.html': 'x' }))).code).toBe('ARCHIVE_UNSAFE');
    expect((await unpackFault(zip({ ...files, '/tmp/outside.html': 'x' }))).code).toBe('ARCHIVE_UNSAFE');
  });

  test('refuses a ZIP that is not an Axure export', async () => {
    const office = zip({ '[Content_Types].xml': '', 'word/document.xml': '' });
    expect((await unpackFault(office)).code).toBe('DOCUMENT_TYPE_UNSUPPORTED');
  });
});
