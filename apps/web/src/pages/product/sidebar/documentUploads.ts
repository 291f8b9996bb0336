import { Codes, codeMessage, DocumentLimits, sniffDocumentContainer } from '@ferry/shared';
import { type DocumentScope, documentKeys, documentsApi } from '../../../api/documents';
import { isApiError } from '../../../api/errors';
import type { DroppedUpload, RegisterAnswer } from '../../../api/uploads';
import { postToStorage, uploadExists } from '../../../api/uploads';
import { currentLang } from '../../../i18n';
import { queryClient } from '../../../queryClient';
import { getToken } from '../../../state/session';
import { readHead } from '../../stage/upload/precheck';
import { UploadQueue } from '../../stage/upload/queue';
import { uploadTokens } from '../../stage/upload/registry';
import { isTransient } from '../../stage/upload/retry';

/** The picker's filter (spec 001 §3); only a hint: the file is checked by its content. */
export const DOCUMENT_FILE_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip';

/**
 * Refuses before anything is sent what the server would refuse at once: a file over 30 MB, or one that is
 * neither a PDF, a ZIP (Office, Axure) nor an old Office file by its leading bytes.
 */
export async function documentRefusal(file: File): Promise<{ code: string; message: string } | null> {
  const lang = currentLang();
  if (file.size > DocumentLimits.fileMaxBytes) {
    return { code: Codes.DOCUMENT_TOO_LARGE.code, message: codeMessage(Codes.DOCUMENT_TOO_LARGE, lang) };
  }
  if (sniffDocumentContainer(await readHead(file))) return null;
  return {
    code: Codes.DOCUMENT_TYPE_UNSUPPORTED.code,
    message: codeMessage(Codes.DOCUMENT_TYPE_UNSUPPORTED, lang),
  };
}

/** Files picked through a group's "Upload here", by scope and file name, until they are registered. */
const groupOfUpload = new Map<string, string>();
const uploadKey = (scope: DocumentScope, fileName: string) =>
  `${scope.team_id}/${scope.project_id}/${fileName}`;

/**
 * Uploads files into a group. A document is known by its name, so the file's name is what carries the group
 * to the registration: a file of the same name is the same document wherever it was picked.
 */
export function uploadIntoGroup(scope: DocumentScope, groupId: string, files: readonly File[]) {
  for (const file of files) groupOfUpload.set(uploadKey(scope, file.name), groupId);
  documentQueueOf(scope).add(files);
}

/**
 * Registers stored files as documents, one call each. A refusal drops that file with the server's words; a
 * network failure is thrown for the queue to retry, and the files already registered are not sent again.
 */
function documentRegistration(scope: DocumentScope) {
  const registered = new Set<string>();
  return async (files: { key: string; name: string }[]): Promise<RegisterAnswer> => {
    const dropped: DroppedUpload[] = [];
    for (const file of files) {
      if (registered.has(file.key)) continue;
      try {
        // The file's own name: the server names the document after it (without its extension) and reads
        // an old Office file's kind from its extension; the storage key's name is a random one.
        const groupId = groupOfUpload.get(uploadKey(scope, file.name));
        await documentsApi.register(scope, file.key, {
          name: file.name,
          ...(groupId ? { group_id: groupId } : {}),
        });
        groupOfUpload.delete(uploadKey(scope, file.name));
        registered.add(file.key);
      } catch (error) {
        if (!isApiError(error) || isTransient(error)) throw error;
        groupOfUpload.delete(uploadKey(scope, file.name));
        dropped.push({ key: file.key, name: file.name, code: error.code, msg: error.message });
      }
    }
    return { images: [], dropped, warning: null };
  };
}

const queues = new Map<string, UploadQueue>();

/**
 * A project's document uploads: the stage's upload queue (token, storage post with progress, retries) with
 * the documents' checks and registration, kept for the session like the stage's.
 */
export function documentQueueOf(scope: DocumentScope): UploadQueue {
  const id = `${getToken() ?? ''}/${scope.team_id}/${scope.project_id}`;
  let queue = queues.get(id);
  if (!queue) {
    queue = new UploadQueue({
      teamId: scope.team_id,
      tokens: uploadTokens,
      post: (uptoken, key, file, onProgress, signal) =>
        postToStorage(uptoken, key, file, { onProgress, signal }),
      exists: uploadExists,
      register: documentRegistration(scope),
      addVersion: () => Promise.reject(new Error('a new version of a document is registered by its name')),
      lang: currentLang,
      checkFile: documentRefusal,
      onRegistered: () =>
        void queryClient.invalidateQueries({ queryKey: documentKeys.all(scope.team_id, scope.project_id) }),
    });
    queues.set(id, queue);
  }
  return queue;
}
