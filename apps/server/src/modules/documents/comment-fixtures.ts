import type { DocumentCommentsAnswer, DocumentCommentView } from '@ferry/shared';
import { expect } from 'vitest';
import { OK, type Person, type World } from '../comments/fixtures.js';
import { added, pdfOfPages } from './fixtures.js';

/** Helpers of the document comment tests: documents with versions of given page counts, and the comment calls. */

export interface Doc {
  projectId: string;
  docId: string;
  /** Oldest first. */
  versionIds: string[];
}

/** A document whose versions have the given page counts (oldest first), uploaded by the team's owner. */
export async function newDocument(
  world: World,
  project: string,
  name: string,
  pages: number[],
): Promise<Doc> {
  const versionIds: string[] = [];
  let docId = '';
  for (const count of pages) {
    const summary = await added(world, world.owner, project, { name, data: await pdfOfPages(count) });
    docId = summary.id;
    versionIds.push(summary.version_id);
  }
  return { projectId: project, docId, versionIds };
}

export const post = (who: Person, doc: Doc, body: Record<string, unknown>) =>
  who.api.post<DocumentCommentView>('/api/project/doc/comment', {
    project_id: doc.projectId,
    doc_id: doc.docId,
    content: 'The margin is too wide',
    ...body,
  });

/** A thread on page 1 of the newest version unless told; it must succeed. */
export async function pin(who: Person, doc: Doc, body: Record<string, unknown> = {}) {
  const answer = await post(who, doc, { page: 1, position: { x: 0.25, y: 0.5 }, ...body });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export async function reply(who: Person, doc: Doc, parentId: string, body: Record<string, unknown> = {}) {
  const answer = await post(who, doc, { content: 'Agreed', parent_id: parentId, ...body });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export async function threadsOf(who: Person, doc: Doc, versionId?: string) {
  const version = versionId ? `&version_id=${versionId}` : '';
  const answer = await who.api.get<DocumentCommentsAnswer>(
    `/api/project/doc/comments?project_id=${doc.projectId}&doc_id=${doc.docId}${version}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export const change = (who: Person, doc: Doc, commentId: string, body: Record<string, unknown>) =>
  who.api.put<DocumentCommentView>('/api/project/doc/comment', {
    project_id: doc.projectId,
    comment_id: commentId,
    ...body,
  });

export const remove = (who: Person, doc: Doc, commentId: string) =>
  who.api.delete('/api/project/doc/comment', { project_id: doc.projectId, comment_id: commentId });
