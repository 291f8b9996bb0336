import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocumentLimits } from '@ferry/shared';
import { DocumentFault } from './faults.js';

export type OfficeExtension = 'docx' | 'xlsx' | 'pptx' | 'doc' | 'xls' | 'ppt';

/**
 * LibreOffice reads a file it cannot place as plain text, so a damaged document would come out as pages of
 * noise: Open XML files are opened with their own import filter only. The older binary formats share one
 * container (OLE), whose type LibreOffice tells apart itself; only the container is checked here.
 */
const OPEN_XML_FILTERS = {
  docx: 'MS Word 2007 XML',
  xlsx: 'Calc MS Excel 2007 XML',
  pptx: 'Impress MS PowerPoint 2007 XML',
} as const;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

let available: Promise<boolean> | null = null;

/** Whether `soffice` is on the PATH; asked once per process. */
export function libreOfficeAvailable(): Promise<boolean> {
  available ??= (async () => {
    for (const folder of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
      try {
        await access(join(folder, 'soffice'), constants.X_OK);
        return true;
      } catch {
        // not in this folder
      }
    }
    return false;
  })();
  return available;
}

/**
 * Converts a file with LibreOffice into `format` (`pdf`, or `docx`… for making test files), in a temporary
 * folder of its own with its own user profile: calls never share a profile's lock, and nothing of one file is
 * left for the next. Past `timeMs` LibreOffice is killed with its children. No output → DOCUMENT_CONVERSION_FAILED.
 */
export async function convertWithLibreOffice(
  file: Buffer,
  extension: string,
  format: string,
  options: { inputFilter?: string; timeMs?: number } = {},
): Promise<Buffer> {
  // The process id in the name lets a test tell its own folders from those of tests running beside it.
  const folder = await mkdtemp(join(tmpdir(), `ferry-office-${process.pid}-`));
  try {
    const input = join(folder, `document.${extension}`);
    const out = join(folder, 'out');
    await writeFile(input, file);
    await run(
      [
        `-env:UserInstallation=${pathToFileURL(join(folder, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--nodefault',
        ...(options.inputFilter ? [`--infilter=${options.inputFilter}`] : []),
        '--convert-to',
        format,
        '--outdir',
        out,
        input,
      ],
      options.timeMs ?? DocumentLimits.conversionTimeMs,
    );
    const target = format.split(':')[0];
    try {
      const converted = await readFile(join(out, `document.${target}`));
      if (converted.length > 0) return converted;
    } catch {
      // LibreOffice says "source file could not be loaded" and exits 0: no file is the only sign.
    }
    throw new DocumentFault('DOCUMENT_CONVERSION_FAILED', `LibreOffice made no ${target} of this file`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function run(args: string[], timeMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a time-out also stops soffice.bin, which the soffice script starts.
    const child = spawn('soffice', args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 4096) errors += chunk.toString();
    });
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new DocumentFault('DOCUMENT_CONVERSION_FAILED', `LibreOffice took longer than ${timeMs} ms`));
    }, timeMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new DocumentFault('DOCUMENT_CONVERSION_FAILED', `LibreOffice did not start: ${error.message}`));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new DocumentFault('DOCUMENT_CONVERSION_FAILED', `LibreOffice failed (${code}): ${errors.trim()}`),
        );
    });
  });
}

/**
 * An Office file as PDF; null when this server has no LibreOffice (the document stays downloadable only).
 * Failures and time-outs throw DOCUMENT_CONVERSION_FAILED.
 */
export async function officeToPdf(file: Buffer, extension: OfficeExtension): Promise<Buffer | null> {
  if (!(await libreOfficeAvailable())) return null;
  const inputFilter = OPEN_XML_FILTERS[extension as keyof typeof OPEN_XML_FILTERS];
  if (!inputFilter && !file.subarray(0, 4).equals(OLE_MAGIC)) {
    throw new DocumentFault('DOCUMENT_CONVERSION_FAILED', `not a ${extension} file`);
  }
  const pdf = await convertWithLibreOffice(file, extension, 'pdf', { inputFilter });
  if (!pdf.subarray(0, 1024).toString('latin1').includes('%PDF-')) {
    throw new DocumentFault('DOCUMENT_CONVERSION_FAILED', 'LibreOffice made something other than a PDF');
  }
  return pdf;
}
