import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSketchFileName, SNIFF_HEAD_BYTES, sketchHeadOf, sniffType } from './fileTypes.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
/** Real design files (their sources: e2e/test-data/SOURCES.md). */
const TEST_DATA = path.resolve(import.meta.dirname, '../../../e2e/test-data');
const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(TEST_DATA, name)).subarray(0, SNIFF_HEAD_BYTES));

describe('telling a design file by its leading bytes', () => {
  it('knows every type the server accepts', () => {
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffType(text('GIF89a'))).toBe('gif');
    expect(sniffType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
    expect(sniffType(text('BM6\u0000'))).toBe('bmp');
    expect(sniffType(bytes(0x49, 0x49, 0x2a, 0x00))).toBe('tiff');
    expect(sniffType(bytes(0x4d, 0x4d, 0x00, 0x2a))).toBe('tiff');
    expect(sniffType(text('%PDF-1.7'))).toBe('pdf');
    expect(sniffType(fixture('agpsd-layers.psd'))).toBe('psd');
    expect(sniffType(fixture('wikimediaui-button_groups_states.svg'))).toBe('svg');
  });

  it('finds an SVG root behind a byte-order mark, a prolog, comments and a doctype', () => {
    const svg =
      '\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(sniffType(text(svg))).toBe('svg');
  });

  it('leaves a Sketch file (a ZIP of JSON documents) to the check of what the ZIP holds', () => {
    expect(sniffType(fixture('sketchutils-simple-textstyle.sketch'))).toBeNull();
    expect(sketchHeadOf(fixture('sketchutils-simple-textstyle.sketch'))).toBe('zip');
  });

  it('tells a Sketch file saved before Sketch 43 (an SQLite database) by its header', () => {
    expect(sketchHeadOf(text('SQLite format 3\u0000\u0010\u0000'))).toBe('sqlite');
    // The header's NUL belongs to it: the text alone is not one.
    expect(sketchHeadOf(text('SQLite format 3 and more'))).toBeNull();
    expect(sketchHeadOf(text('%PDF-1.7'))).toBeNull();
    expect(isSketchFileName('Home.Sketch')).toBe(true);
    expect(isSketchFileName('Home.sketch.png')).toBe(false);
  });

  it('refuses what only looks close: a RIFF that is not WebP, an XML that is not SVG, a cut signature, nothing', () => {
    expect(sniffType(text('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(sniffType(text('<?xml version="1.0"?><html></html>'))).toBeNull();
    expect(sniffType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffType(text('fig-kiwi'))).toBeNull();
    expect(sniffType(new Uint8Array(0))).toBeNull();
  });
});
