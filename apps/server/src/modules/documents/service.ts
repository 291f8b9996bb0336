import {
  type CodeEntry,
  Codes,
  type DocumentListAnswer,
  type DocumentSummary,
  type Lang,
} from '@ferry/shared';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { users } from '../account/tables.js';
import { urlExpiry } from '../storage/url-expiry.js';
import { pageKeys, versionDirOf } from './keys.js';
import { type DocumentRow, documentAccess, type VersionRow } from './policy.js';
import { documentGroups, documentPages, documents, documentVersions } from './tables.js';

/** One change of a project's documents and groups at a time: names, limits and numbering are read, then written. */
export const lockProjectDocuments = (tx: Tx, projectId: string) =>
  lockUntilCommit(tx, `documents:${projectId}`);

const CODE_BY_NUMBER = new Map(Object.values(Codes).map((entry: CodeEntry) => [entry.code, entry]));

/** A failed conversion's wording in the reader's language. */
export function failMessage(code: string | null, lang: Lang): string | null {
  const entry = code ? CODE_BY_NUMBER.get(code) : undefined;
  if (!entry) return null;
  return lang === 'zh-CN' ? entry.zh : entry.en;
}

export const versionDir = (document: DocumentRow, version: VersionRow) =>
  versionDirOf(document.projectId, document.id, version.id);

/** The newest version of each document. */
export async function latestVersions(db: Db | Tx, documentIds: string[]) {
  if (documentIds.length === 0) return new Map<string, VersionRow>();
  const rows = await db
    .selectDistinctOn([documentVersions.documentId])
    .from(documentVersions)
    .where(inArray(documentVersions.documentId, documentIds))
    .orderBy(documentVersions.documentId, desc(documentVersions.number));
  return new Map(rows.map((row) => [row.documentId, row]));
}

/** Names of people by id (the users table is joined for names anywhere). */
export async function namesOf(db: Db | Tx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export const personOf = (names: Map<string, string>, id: string | null) => ({
  id: id ?? '',
  name: (id && names.get(id)) || '',
});

/** Summaries of documents, in the given order, with their newest version and first page's thumbnail. */
export async function summaries(
  ctx: AppContext,
  db: Db | Tx,
  rows: DocumentRow[],
  lang: Lang,
): Promise<DocumentSummary[]> {
  const latest = await latestVersions(
    db,
    rows.map((row) => row.id),
  );
  const versionIds = [...latest.values()].map((version) => version.id);
  const drawn = versionIds.length
    ? await db
        .select({ versionId: documentPages.versionId })
        .from(documentPages)
        .where(and(inArray(documentPages.versionId, versionIds), eq(documentPages.page, 1)))
    : [];
  const withThumb = new Set(drawn.map((row) => row.versionId));
  const names = await namesOf(
    db,
    rows.map((row) => row.createdBy),
  );
  const expires = urlExpiry(ctx.now());
  return rows.flatMap((row) => {
    const version = latest.get(row.id);
    if (!version) return [];
    const thumb = withThumb.has(version.id)
      ? ctx.files.signedUrl(pageKeys(versionDir(row, version), 1).thumb, expires)
      : null;
    return [
      {
        id: row.id,
        name: row.name,
        kind: row.kind,
        group_id: row.groupId,
        order: row.sortOrder,
        version_id: version.id,
        version: version.number,
        status: version.status,
        fail_code: version.failCode,
        fail_message: failMessage(version.failCode, lang),
        page_count: version.pageCount,
        size: version.size,
        thumbnail_url: thumb,
        create_time: row.createdAt.toISOString(),
        update_time: row.updatedAt.toISOString(),
        creator: personOf(names, row.createdBy),
      },
    ];
  });
}

const documentOrder = [asc(documents.sortOrder), asc(documents.createdAt), asc(documents.id)];

/** The documents of a group (null: the ungrouped ones), in their order. */
export const documentsInGroup = (db: Db | Tx, projectId: string, groupId: string | null) =>
  db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.projectId, projectId),
        groupId ? eq(documents.groupId, groupId) : isNull(documents.groupId),
      ),
    )
    .orderBy(...documentOrder);

/** The next number at the end of a group (null: the ungrouped ones). */
export async function nextOrderIn(tx: Tx, projectId: string, groupId: string | null) {
  const [{ top }] = await tx
    .select({ top: sql<number>`coalesce(max(${documents.sortOrder}), 0)::int` })
    .from(documents)
    .where(
      and(
        eq(documents.projectId, projectId),
        groupId ? eq(documents.groupId, groupId) : isNull(documents.groupId),
      ),
    );
  return top + 1;
}

/** Writes `group_id` and 1…n in the given order, only for rows whose place changed. */
export async function placeDocuments(tx: Tx, groupId: string | null, ordered: DocumentRow[]) {
  const moved = ordered
    .map((row, index) => ({ id: row.id, order: index + 1, row }))
    .filter(({ row, order }) => row.sortOrder !== order || row.groupId !== groupId);
  if (moved.length === 0) return;
  const values = moved.map((row) => sql`(${row.id}::uuid, ${row.order}::int)`);
  await tx.execute(sql`
    update ${documents} set sort_order = moved.sort_order, group_id = ${groupId}::uuid
    from (values ${sql.join(values, sql`, `)}) as moved (id, sort_order)
    where ${documents.id} = moved.id`);
}

/** `GET project/product_documents`: the groups in order with their documents, then the ungrouped ones. */
export async function listDocuments(
  ctx: AppContext,
  userId: string,
  input: { team_id?: string; project_id: string },
  lang: Lang,
): Promise<DocumentListAnswer> {
  const access = await documentAccess(ctx.db, userId, input, 'view');
  return documentList(ctx, ctx.db, access.project.id, lang);
}

export async function documentList(ctx: AppContext, db: Db | Tx, projectId: string, lang: Lang) {
  const groups = await db
    .select()
    .from(documentGroups)
    .where(eq(documentGroups.projectId, projectId))
    .orderBy(asc(documentGroups.sortOrder), asc(documentGroups.createdAt));
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.projectId, projectId))
    .orderBy(...documentOrder);
  const all = await summaries(ctx, db, rows, lang);
  const inGroup = (groupId: string | null) => all.filter((summary) => summary.group_id === groupId);
  return {
    groups: groups.map((group) => ({
      group_id: group.id,
      name: group.name,
      order: group.sortOrder,
      resources: inGroup(group.id),
    })),
    ungrouped: inGroup(null),
  };
}

/** The project's documents matching a condition (search by name). */
export const documentsWhere = (db: Db | Tx, projectId: string, where: SQL) =>
  db
    .select()
    .from(documents)
    .where(and(eq(documents.projectId, projectId), where))
    .orderBy(...documentOrder);
