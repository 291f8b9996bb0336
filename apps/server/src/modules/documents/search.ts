import {
  DocumentLimits,
  type DocumentSearchAnswer,
  type DocumentSearchHit,
  type documentSearchQuery,
} from '@ferry/shared';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { likePattern } from '../../db/like.js';
import { documentAccess } from './policy.js';
import { documentsWhere, latestVersions } from './service.js';
import { documentPages, documents, documentVersions } from './tables.js';

const SNIPPET_SIDE = 40;

/** The text around the first occurrence of the keyword (case-insensitive), about 40 characters either side. */
export function snippetOf(text: string, keyword: string): string {
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  if (at < 0) return '';
  const start = Math.max(0, at - SNIPPET_SIDE);
  const end = Math.min(text.length, at + keyword.length + SNIPPET_SIDE);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ')}${end < text.length ? '…' : ''}`;
}

/**
 * `GET project/project_product_search`: the project's documents whose name contains the keyword, or whose
 * newest ready version's page text does; at most 5 pages quoted per document, first pages first.
 */
export async function searchDocuments(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof documentSearchQuery>,
): Promise<DocumentSearchAnswer> {
  const access = await documentAccess(ctx.db, userId, input, 'view');
  const projectId = access.project.id;
  const pattern = likePattern(input.keyword);
  const all = await documentsWhere(ctx.db, projectId, sql`true`);
  if (all.length === 0) return { list: [] };
  const readyVersions = await ctx.db
    .selectDistinctOn([documentVersions.documentId], {
      documentId: documentVersions.documentId,
      id: documentVersions.id,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(and(eq(documents.projectId, projectId), eq(documentVersions.status, 'ready')))
    .orderBy(documentVersions.documentId, desc(documentVersions.number));
  const readyOf = new Map(readyVersions.map((row) => [row.documentId, row.id]));
  const ranked = ctx.db
    .select({
      versionId: documentPages.versionId,
      page: documentPages.page,
      text: documentPages.text,
      rank: sql<number>`row_number() over (partition by ${documentPages.versionId} order by ${documentPages.page})`.as(
        'rank',
      ),
    })
    .from(documentPages)
    .where(
      and(
        readyVersions.length
          ? inArray(
              documentPages.versionId,
              readyVersions.map((row) => row.id),
            )
          : sql`false`,
        ilike(documentPages.text, pattern),
      ),
    )
    .as('ranked');
  const pages = await ctx.db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${DocumentLimits.searchMatchesPerDocument}`)
    .orderBy(asc(ranked.versionId), asc(ranked.page));
  const keyword = input.keyword.toLowerCase();
  const newest = await latestVersions(
    ctx.db,
    all.map((document) => document.id),
  );
  const list: DocumentSearchHit[] = [];
  for (const document of all) {
    const versionId = readyOf.get(document.id);
    const matches = pages
      .filter((page) => page.versionId === versionId)
      .map((page) => ({ page: page.page, snippet: snippetOf(page.text, input.keyword) }));
    const nameMatch = document.name.toLowerCase().includes(keyword);
    if (!nameMatch && matches.length === 0) continue;
    list.push({
      doc_id: document.id,
      name: document.name,
      kind: document.kind,
      // The version quoted; a name match with no ready version names the newest.
      version_id: versionId ?? newest.get(document.id)?.id ?? '',
      name_match: nameMatch,
      matches,
    });
  }
  return { list };
}
