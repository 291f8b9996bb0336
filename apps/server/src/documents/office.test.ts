import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, test, vi } from 'vitest';
import { zipKind } from './archive.js';
import { DocumentFault } from './faults.js';
import { convertWithLibreOffice, libreOfficeAvailable, officeToPdf } from './office.js';
import { type DrawnPage, drawPdf, probePdf } from './pdf.js';

const SLOW = 180_000;

/** A two-slide presentation in OpenDocument's flat XML, which LibreOffice saves as PPTX. */
const slides = (titles: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
  office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:body><office:presentation>${titles
  .map(
    (title, n) => `<draw:page draw:name="s${n}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm"
  svg:height="3cm"><draw:text-box><text:p>${title}</text:p></draw:text-box></draw:frame></draw:page>`,
  )
  .join('')}</office:presentation></office:body></office:document>`;

/** Office files made here by LibreOffice itself from plain text, CSV and flat XML. */
async function makeOfficeFiles() {
  const [docx, xlsx, pptx] = await Promise.all([
    convertWithLibreOffice(Buffer.from('Quarterly roadmap for Ferry\nHand-off checklist\n'), 'txt', 'docx'),
    convertWithLibreOffice(Buffer.from('Region,Revenue\nNorthwind,1200\nSouthport,3400\n'), 'csv', 'xlsx'),
    convertWithLibreOffice(Buffer.from(slides(['Launch plan', 'Pricing tiers'])), 'fodp', 'pptx'),
  ]);
  return { docx, xlsx, pptx };
}

async function textOf(pdf: Buffer): Promise<string[]> {
  const pages: DrawnPage[] = [];
  await drawPdf(pdf, async (page) => void pages.push(page));
  return pages.map((page) => page.text);
}

async function faultOf(work: Promise<unknown>): Promise<DocumentFault> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocumentFault);
  return error as DocumentFault;
}

const officeFolders = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(`ferry-office-${process.pid}-`));

describe('officeToPdf', () => {
  test('LibreOffice is found on this server', async () => {
    expect(await libreOfficeAvailable()).toBe(true);
  });

  test(
    'converts Word, Excel and PowerPoint files to PDFs with their pages and text',
    async () => {
      const { docx, xlsx, pptx } = await makeOfficeFiles();
      expect([zipKind(docx), zipKind(xlsx), zipKind(pptx)]).toEqual(['word', 'excel', 'ppt']);
      const [fromWord, fromExcel, fromSlides] = await Promise.all([
        officeToPdf(docx, 'docx'),
        officeToPdf(xlsx, 'xlsx'),
        officeToPdf(pptx, 'pptx'),
      ]);
      if (!fromWord || !fromExcel || !fromSlides) throw new Error('LibreOffice made no PDF');

      expect(await probePdf(fromWord)).toEqual({ pageCount: 1 });
      expect(await textOf(fromWord)).toEqual(['Quarterly roadmap for Ferry\nHand-off checklist']);
      expect(await probePdf(fromExcel)).toEqual({ pageCount: 1 });
      const [sheet] = await textOf(fromExcel);
      for (const cell of ['Region', 'Revenue', 'Northwind', '1200', 'Southport', '3400'])
        expect(sheet).toContain(cell);
      expect(await probePdf(fromSlides)).toEqual({ pageCount: 2 });
      expect(await textOf(fromSlides)).toEqual(['Launch plan', 'Pricing tiers']);
      expect(officeFolders()).toEqual([]);
    },
    SLOW,
  );

  test(
    'a damaged document fails instead of coming out as pages of noise',
    async () => {
      const { docx } = await makeOfficeFiles();
      // The ZIP's tail (its central directory) is gone: Word's importer cannot open it.
      const cut = docx.subarray(0, Math.floor(docx.length / 2));
      const noise = Buffer.alloc(4000, 'not a document at all ');
      const faults = await Promise.all([
        faultOf(officeToPdf(cut, 'docx')),
        faultOf(officeToPdf(noise, 'docx')),
        faultOf(officeToPdf(noise, 'doc')),
      ]);
      expect(faults.map((fault) => fault.code)).toEqual([
        'DOCUMENT_CONVERSION_FAILED',
        'DOCUMENT_CONVERSION_FAILED',
        'DOCUMENT_CONVERSION_FAILED',
      ]);
      expect(officeFolders()).toEqual([]);
    },
    SLOW,
  );

  test(
    'stops LibreOffice past the time-out and removes its folder',
    async () => {
      const fault = await faultOf(convertWithLibreOffice(Buffer.from('text'), 'txt', 'pdf', { timeMs: 200 }));
      expect(fault.code).toBe('DOCUMENT_CONVERSION_FAILED');
      expect(fault.message).toMatch(/longer than 200 ms/);
      await vi.waitFor(() => expect(officeFolders()).toEqual([]));
    },
    SLOW,
  );

  test('answers null on a server without LibreOffice', async () => {
    const path = process.env.PATH;
    vi.resetModules();
    process.env.PATH = '/nonexistent';
    try {
      const fresh = await import('./office.js');
      expect(await fresh.libreOfficeAvailable()).toBe(false);
      expect(await fresh.officeToPdf(Buffer.from('PK'), 'docx')).toBeNull();
    } finally {
      process.env.PATH = path;
    }
  });
});
