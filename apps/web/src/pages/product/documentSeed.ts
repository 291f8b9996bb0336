import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentGroupView, DocumentListAnswer, DocumentSummary } from '@ferry/shared';
import { inject } from 'vitest';
import { createProject, storeUpload } from '../../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  nodeFetch,
  type SeededUser,
  unique,
} from '../../test/server';

/** Product documents made through the real API, for the web tests that need them on the server. */

/** A real one-page PDF (text "Example document … Beautiful is better than ugly"), the server tests' sample. */
export const samplePdf = readFileSync(
  path.join(
    import.meta.dirname,
    '../../../../server/src/modules/documents/test-data/pypdf-google-doc-document.pdf',
  ),
);

export type DocumentRef = { team_id: string; project_id: string };

/** A file uploaded the browser's way (token, storage endpoint), then registered as a document (or a version). */
export async function uploadDocument(
  user: SeededUser,
  ref: DocumentRef,
  fileName: string,
  options: { data?: Buffer; name?: string; groupId?: string } = {},
) {
  const key = await storeUpload(user, ref.team_id, fileName, options.data ?? samplePdf, {
    type: 'application/pdf',
  });
  return callAs<DocumentSummary>(user, 'POST', 'project/doc', {
    ...ref,
    key,
    name: options.name ?? fileName,
    ...(options.groupId ? { group_id: options.groupId } : {}),
  });
}

export const createDocumentGroup = (user: SeededUser, ref: DocumentRef, name: string) =>
  callAs<DocumentGroupView>(user, 'POST', 'project/product_document_group', { ...ref, name });

export const listDocuments = (user: SeededUser, ref: DocumentRef) =>
  callAs<DocumentListAnswer>(
    user,
    'GET',
    `project/product_documents?team_id=${ref.team_id}&project_id=${ref.project_id}`,
  );

/** Draws the pages of the team's uploaded documents, as the job worker the tests' server lacks would. */
export async function drawDocuments(teamId: string) {
  const response = await nodeFetch(inject('ferryDrawUrl'), {
    method: 'POST',
    body: JSON.stringify({ team_id: teamId, what: 'documents' }),
  });
  if (!response.ok) throw new Error(`documents of ${teamId}: ${await response.text()}`);
}

/** Olga's team and project; Ada joins the team with `role` (an onlooker may look, not change). */
export async function documentsProject(role: 'member' | 'onlooker' = 'member') {
  const [olga, ada] = await Promise.all([newAccount('Olga'), newAccount('Ada')]);
  const team = await createTeam(olga, unique('Docs'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const ref: DocumentRef = {
    team_id: team.id,
    project_id: await createProject(olga, team.id, unique('Shop')),
  };
  return { olga, ada, ref };
}
