import type { DocumentDetail, DocumentSummary } from '@ferry/shared';
import { zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { inject } from 'vitest';
import { storeUpload } from '../../../../test/seed';
import { callAs, nodeFetch, type SeededUser } from '../../../../test/server';

/** Product documents made through the real API for the viewer's tests: uploaded, registered, drawn. */

/** A PDF whose page n holds the lines `pages[n]`, in Helvetica, so its text can be read back. */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => {
      page.drawText(line, { x: 60, y: 760 - index * 40, size: 20, font });
    });
  }
  return Buffer.from(await pdf.save());
}

const text = (value: string) => new TextEncoder().encode(value);

/** An Axure export: a start page, two pages and the sitemap in `data/document.js`; `extra` files beside. */
export function axureExport(extra: Record<string, Uint8Array> = {}): Buffer {
  const documentJs = `$axure.loadDocument({ sitemap: { rootNodes: [
    { pageName: 'Home', type: 'Wireframe', url: 'home.html', children: [
      { pageName: 'Detail', type: 'Wireframe', url: 'detail.html' } ] } ] } });`;
  return Buffer.from(
    zipSync({
      'Prototype/index.html': text('<!doctype html><title>Start</title><p>start page</p>'),
      'Prototype/home.html': text('<!doctype html><title>Home</title><h1>Home page</h1>'),
      'Prototype/detail.html': text('<!doctype html><title>Detail</title><h1>Detail page</h1>'),
      'Prototype/data/document.js': text(documentJs),
      ...Object.fromEntries(Object.entries(extra).map(([name, data]) => [`Prototype/${name}`, data])),
    }),
  );
}

/**
 * An export with a 4 MB run of zeros: its directory is within every limit, but the entry inflates a thousand
 * times its packed size, so its conversion fails (a lying or hostile archive).
 */
export const inflatingExport = () => axureExport({ 'data/zeros.js': new Uint8Array(4 * 1024 * 1024) });

/** Uploads `data` as the browser does and registers it as a document (or a new version of the same name). */
export async function uploadDocument(
  user: SeededUser,
  scope: { team_id: string; project_id: string },
  fileName: string,
  data: Buffer,
  name?: string,
): Promise<DocumentSummary> {
  const key = await storeUpload(user, scope.team_id, fileName, data);
  return callAs<DocumentSummary>(user, 'POST', 'project/doc', { ...scope, key, ...(name ? { name } : {}) });
}

/** Runs the team's conversions, as the job worker would (the tests' server has none). */
export async function drawDocuments(teamId: string): Promise<void> {
  const response = await nodeFetch(inject('ferryDrawUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: teamId, what: 'documents' }),
  });
  if (!response.ok) throw new Error(`documents of ${teamId}: ${await response.text()}`);
}

export const documentDetail = (
  user: SeededUser,
  scope: { team_id: string; project_id: string },
  docId: string,
  versionId?: string,
) =>
  callAs<DocumentDetail>(
    user,
    'GET',
    `project/doc?${new URLSearchParams({ ...scope, doc_id: docId, ...(versionId ? { version_id: versionId } : {}) })}`,
  );
