import { randomUUID } from 'node:crypto';
import {
  type DocumentKind,
  DocumentLimits,
  type DocumentSummary,
  type Lang,
  type registerDocumentBody,
  sniffDocumentContainer,
} from '@ferry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { zipKind } from '../../documents/archive.js';
import { probePdf } from '../../documents/pdf.js';
import { fail } from '../../http/errors.js';
import { enqueue } from '../../jobs/queue.js';
import { withNotices } from '../../notices.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { touchProject } from '../projects/counts.js';
import { forgetUpload, inspectOwnUpload } from '../uploads/service.js';
import { faultCode } from './faults.js';
import { EXTENSION_OF_KIND, OLE_KIND_OF_EXTENSION, originalKeyOf } from './keys.js';
import { documentAccess, groupOfProject } from './policy.js';
import { lockProjectDocuments, nextOrderIn, summaries } from './service.js';
import { documents, documentVersions } from './tables.js';

export const DOCUMENT_PAGES_JOB = 'document-pages';

const DOCUMENT_EXTENSIONS = /\.(pdf|docx?|xlsx?|pptx?|zip)$/i;

/** A document is named after its file without the extension: `spec.pdf` and `spec.docx` are versions of `spec`. */
export const documentNameOf = (fileName: string) =>
  fileName.trim().replace(DOCUMENT_EXTENSIONS, '').trim() || fileName.trim();

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase();

interface Inspected {
  kind: DocumentKind;
  extension: string;
  size: number;
  data: Buffer;
}

/**
 * What an upload holds, by its content: a PDF (probed: encrypted, damaged or too long are refused), a ZIP
 * (Word, Excel, PowerPoint or an Axure export by its entries; unsafe names or sizes refused) or an OLE file
 * (DOC, XLS, PPT by the name's extension, Word by default). Anything else is 19104.
 */
async function inspectDocument(ctx: AppContext, key: string, fileName: string): Promise<Inspected> {
  const stored = await ctx.files.stat(key);
  if (!stored) throw fail('UPLOAD_NOT_FOUND');
  if (stored.size > DocumentLimits.fileMaxBytes) throw fail('DOCUMENT_TOO_LARGE');
  const data = await ctx.files.read(key);
  const container = data ? sniffDocumentContainer(data) : null;
  if (!data || !container) throw fail('DOCUMENT_TYPE_UNSUPPORTED');
  try {
    if (container === 'pdf') {
      const { pageCount } = await probePdf(data);
      if (pageCount > DocumentLimits.maxPages) throw fail('DOCUMENT_TOO_MANY_PAGES');
      return { kind: 'pdf', extension: 'pdf', size: stored.size, data };
    }
    if (container === 'zip') {
      const kind = zipKind(data);
      return { kind, extension: EXTENSION_OF_KIND[kind], size: stored.size, data };
    }
    const named = extensionOf(fileName) ?? extensionOf(key) ?? '';
    const extension = named in OLE_KIND_OF_EXTENSION ? (named as keyof typeof OLE_KIND_OF_EXTENSION) : 'doc';
    return { kind: OLE_KIND_OF_EXTENSION[extension], extension, size: stored.size, data };
  } catch (error) {
    const code = faultCode(error);
    throw code ? fail(code) : error;
  }
}

/**
 * `POST project/doc`: the caller's own upload (in this team, not yet registered) becomes a document, or the
 * newest version of the project's document of the same name. A refused file is removed and nothing is
 * written. The rows, the upload's registration, the conversion job and the notice share one transaction.
 */
export async function registerDocument(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof registerDocumentBody>,
  lang: Lang,
): Promise<DocumentSummary> {
  const access = await documentAccess(ctx.db, userId, input, 'edit');
  const { project } = access;
  if (input.group_id) await groupOfProject(ctx.db, project.id, input.group_id);
  const fileName = input.name ?? input.key.slice(input.key.lastIndexOf('/') + 1);
  const file = await inspectOwnUpload(ctx, userId, project.teamId, input.key, () =>
    inspectDocument(ctx, input.key, fileName),
  );
  const name = documentNameOf(fileName);
  const now = ctx.now();
  // The original moves under the project's folder (a project's deletion removes it); the upload goes once the
  // rows are in, and the copy goes if they never are.
  const versionId = randomUUID();
  const originalKey = originalKeyOf(project.id, versionId, file.extension);
  await ctx.files.put(originalKey, file.data);
  const row = await withNotices(ctx, async (tx) => {
    await lockProjectDocuments(tx, project.id);
    const [existing] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, project.id), eq(documents.name, name)));
    let document = existing;
    if (!document) {
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(documents)
        .where(eq(documents.projectId, project.id));
      if (count >= DocumentLimits.documentsPerProject) throw fail('DOCUMENT_LIMIT');
      const groupId = input.group_id ? (await groupOfProject(tx, project.id, input.group_id)).id : null;
      [document] = await tx
        .insert(documents)
        .values({
          projectId: project.id,
          groupId,
          name,
          kind: file.kind,
          sortOrder: await nextOrderIn(tx, project.id, groupId),
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    } else {
      [document] = await tx
        .update(documents)
        .set({ kind: file.kind, updatedAt: now })
        .where(eq(documents.id, document.id))
        .returning();
    }
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${documentVersions.number}), 0)::int + 1` })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, document.id));
    const [version] = await tx
      .insert(documentVersions)
      .values({
        id: versionId,
        documentId: document.id,
        number: next,
        kind: file.kind,
        fileKey: originalKey,
        extension: file.extension,
        size: file.size,
        uploadedBy: userId,
        createdAt: now,
      })
      .returning();
    // The upload is taken here, under the transaction: a second registration of the same key racing this
    // one finds it gone and writes nothing.
    if (!(await forgetUpload(tx, input.key))) throw fail('UPLOAD_NOT_FOUND');
    await enqueue(
      tx,
      ctx.config.jobQueue,
      DOCUMENT_PAGES_JOB,
      { versionId: version.id, projectId: project.id, teamId: project.teamId },
      { dedupeKey: version.id, team: project.teamId },
    );
    const change = {
      actorId: userId,
      teamId: project.teamId,
      projectId: project.id,
      document: { id: document.id, name: document.name, kind: document.kind },
      versionId: version.id,
    };
    if (existing) await ctx.notices.documentUpdated(tx, change);
    else await ctx.notices.documentAdded(tx, change);
    await touchProject(tx, project.id, now);
    return document;
  }).catch(async (error: unknown) => {
    await ctx.files.remove(originalKey);
    throw error;
  });
  await ctx.files.remove(input.key);
  ctx.jobs.wake();
  await signalProjectChange(ctx, project, 'documents');
  const [summary] = await summaries(ctx, ctx.db, [row], lang);
  return summary;
}
