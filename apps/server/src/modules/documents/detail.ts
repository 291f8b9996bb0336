import type {
  DocumentDetail,
  deleteDocumentBody,
  documentQuery,
  Lang,
  renameDocumentBody,
} from '@ferry/shared';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { axureUrls } from './axure.js';
import { pageKeys } from './keys.js';
import {
  type DocumentRow,
  documentAccess,
  documentOfProject,
  mayDownloadDocument,
  type VersionRow,
} from './policy.js';
import {
  documentsInGroup,
  lockProjectDocuments,
  namesOf,
  personOf,
  placeDocuments,
  summaries,
  versionDir,
} from './service.js';
import { documentPages, documents, documentVersions } from './tables.js';

const versionsOf = (db: AppContext['db'], documentId: string) =>
  db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.number));

/**
 * `GET project/doc`: a document, its versions (newest first), and the asked version (the newest by default)
 * with its drawn pages (those drawn so far while it converts) as signed URLs; the original's download only where the project's download rule allows.
 */
export async function documentDetail(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof documentQuery>,
  lang: Lang,
): Promise<DocumentDetail> {
  const access = await documentAccess(ctx.db, userId, input, 'view');
  const document = await documentOfProject(ctx.db, access.project.id, input.doc_id);
  const versions = await versionsOf(ctx.db, document.id);
  const shown = input.version_id ? versions.find((version) => version.id === input.version_id) : versions[0];
  if (!shown) throw fail('DOCUMENT_VERSION_NOT_FOUND');
  const dir = versionDir(document, shown);
  const expires = urlExpiry(ctx.now());
  // Pages are stored as they are drawn, so a long document is read from page 1 while the rest converts.
  const pages =
    (shown.status === 'ready' || shown.status === 'processing') && shown.kind !== 'axure'
      ? await ctx.db
          .select()
          .from(documentPages)
          .where(eq(documentPages.versionId, shown.id))
          .orderBy(asc(documentPages.page))
      : [];
  const names = await namesOf(
    ctx.db,
    versions.map((version) => version.uploadedBy),
  );
  const [summary] = await summaries(ctx, ctx.db, [document], lang);
  return {
    document: summary,
    versions: versions.map((version) => ({
      id: version.id,
      version: version.number,
      status: version.status,
      fail_code: version.failCode,
      size: version.size,
      create_time: version.createdAt.toISOString(),
      creator: personOf(names, version.uploadedBy),
    })),
    version_id: shown.id,
    pages: pages.map((page) => {
      const keys = pageKeys(dir, page.page);
      return {
        page: page.page,
        width: page.width,
        height: page.height,
        thumb_url: ctx.files.signedUrl(keys.thumb, expires),
        image_url: ctx.files.signedUrl(keys.image, expires),
        text_url: ctx.files.signedUrl(keys.text, expires),
      };
    }),
    download_url: mayDownloadDocument(access, userId)
      ? ctx.files.signedUrl(shown.fileKey, expires, { downloadName: `${document.name}.${shown.extension}` })
      : null,
    axure: shown.kind === 'axure' && shown.status === 'ready' ? await axureUrls(ctx, shown, expires) : null,
  };
}

/** `PUT project/doc`: a new name, unique in the project (19115). */
export async function renameDocument(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof renameDocumentBody>,
  lang: Lang,
) {
  const access = await documentAccess(ctx.db, userId, input, 'edit');
  const projectId = access.project.id;
  const row = await ctx.db.transaction(async (tx) => {
    await lockProjectDocuments(tx, projectId);
    const document = await documentOfProject(tx, projectId, input.doc_id);
    const [taken] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.projectId, projectId),
          eq(documents.name, input.name),
          ne(documents.id, document.id),
        ),
      );
    if (taken) throw fail('DOCUMENT_NAME_EXISTS');
    const [updated] = await tx
      .update(documents)
      .set({ name: input.name, updatedAt: ctx.now() })
      .where(eq(documents.id, document.id))
      .returning();
    return updated;
  });
  await signalProjectChange(ctx, access.project, 'documents');
  const [summary] = await summaries(ctx, ctx.db, [row], lang);
  return summary;
}

/** Removes what a gone version kept: its folder and its original (a failed removal is only logged). */
export async function removeVersionFiles(ctx: AppContext, document: DocumentRow, versions: VersionRow[]) {
  for (const version of versions) {
    const dir = versionDir(document, version);
    try {
      await ctx.files.removeUnder(dir);
      await ctx.files.remove(version.fileKey);
    } catch (error) {
      ctx.events.log.warn({ err: error, dir }, 'document files not removed');
    }
  }
}

/**
 * `DELETE project/doc`: one version, or the whole document when no version is named; deleting the only
 * version deletes the document (spec 001 §4). Files go once the rows are gone.
 */
export async function deleteDocument(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof deleteDocumentBody>,
) {
  const access = await documentAccess(ctx.db, userId, input, 'edit');
  const projectId = access.project.id;
  const { document, gone, wholeDocument } = await ctx.db.transaction(async (tx) => {
    await lockProjectDocuments(tx, projectId);
    const document = await documentOfProject(tx, projectId, input.doc_id);
    const versions = await tx
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.documentId, document.id))
      .orderBy(desc(documentVersions.number));
    const named = input.version_id ? versions.filter((version) => version.id === input.version_id) : versions;
    if (named.length === 0) throw fail('DOCUMENT_VERSION_NOT_FOUND');
    const wholeDocument = named.length === versions.length;
    if (wholeDocument) {
      await tx.delete(documents).where(eq(documents.id, document.id));
      await placeDocuments(tx, document.groupId, await documentsInGroup(tx, projectId, document.groupId));
    } else {
      await tx.delete(documentVersions).where(eq(documentVersions.id, named[0].id));
      const newest = versions.find((version) => version.id !== named[0].id) as VersionRow;
      await tx
        .update(documents)
        .set({ kind: newest.kind, updatedAt: ctx.now() })
        .where(eq(documents.id, document.id));
    }
    return { document, gone: named, wholeDocument };
  });
  await removeVersionFiles(ctx, document, gone);
  await signalProjectChange(ctx, access.project, 'documents');
  return { doc_id: document.id, document_deleted: wholeDocument };
}
