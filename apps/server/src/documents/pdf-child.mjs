// Reads and draws PDFs for pdf.ts in a process of its own: pdf.js parses on the calling thread in Node, and one
// hostile file can spend minutes or gigabytes, which only a process can be stopped in the middle of. The
// drawing code is TypeScript: tsx compiles it here.
import { tsImport } from 'tsx/esm/api';
import { withinMemory } from '../design/child-ceiling.mjs';

// One import, so DocumentFault is the class the drawing code throws.
const { countPages, openPdf, checkedPageCount, drawPage, drawPicture, DocumentFault } = await tsImport(
  './pdf-draw.ts',
  import.meta.url,
);

/** Resolved by the parent's `next` once it has stored the page before: one page in flight at a time. */
let proceed = null;

function fault(error) {
  if (error instanceof DocumentFault) return { fault: { code: error.code, message: error.message } };
  return { error: { message: error instanceof Error ? error.message : String(error) } };
}

/** Hands one drawn page over and waits for the parent's `next`. */
async function handOver(answer) {
  const stored = new Promise((resolve) => {
    proceed = resolve;
  });
  process.send(answer);
  await stored;
}

async function draw(data, fromPage) {
  const doc = await openPdf(data);
  try {
    const pageCount = checkedPageCount(doc);
    for (let number = Math.max(1, fromPage); number <= pageCount; number += 1) {
      await handOver({ page: await drawPage(doc, number) });
    }
    return { pageCount };
  } finally {
    await doc.destroy();
  }
}

/** The pages asked for, each drawn as a design's picture; pages past the end are skipped. */
async function drawPictures(data, pages) {
  const doc = await openPdf(data);
  try {
    const pageCount = checkedPageCount(doc);
    for (const number of pages) {
      if (number >= 1 && number <= pageCount) await handOver({ picture: await drawPicture(doc, number) });
    }
    return { pageCount };
  } finally {
    await doc.destroy();
  }
}

const work = {
  probe: (message) => countPages(new Uint8Array(message.data)),
  draw: (message) => draw(new Uint8Array(message.data), message.fromPage ?? 1),
  pictures: (message) => drawPictures(new Uint8Array(message.data), message.pages ?? []),
};

process.on('message', async (message) => {
  if (message.op === 'next') {
    proceed?.();
    proceed = null;
    return;
  }
  try {
    process.send({ done: await withinMemory(message.memoryMb, () => work[message.op](message)) });
  } catch (error) {
    process.send(fault(error));
  }
});
process.send({ ready: true });
