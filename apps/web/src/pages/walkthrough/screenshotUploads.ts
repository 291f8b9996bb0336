import { Codes, codeMessage, sniffType, WalkthroughLimits } from '@ferry/shared';
import { isApiError } from '../../api/errors';
import type { DroppedUpload, RegisterAnswer } from '../../api/uploads';
import { postToStorage, uploadExists } from '../../api/uploads';
import { type WalkthroughScope, walkthroughApi, walkthroughKeys } from '../../api/walkthrough';
import { currentLang } from '../../i18n';
import { queryClient } from '../../queryClient';
import { getToken } from '../../state/session';
import { readHead } from '../stage/upload/precheck';
import { UploadQueue } from '../stage/upload/queue';
import { uploadTokens } from '../stage/upload/registry';
import { isTransient } from '../stage/upload/retry';

/** The picker's filter; only a hint: the file is checked by its leading bytes. */
export const SCREENSHOT_FILE_ACCEPT = '.png,.jpg,.jpeg,.webp';

const SCREENSHOT_TYPES: readonly string[] = ['png', 'jpeg', 'webp'];

/**
 * Refuses before anything is sent what the server would refuse at once: a file over 20 MB (19129), or one
 * that is not a PNG, JPEG or WebP by its leading bytes (10114).
 */
export async function screenshotRefusal(file: File): Promise<{ code: string; message: string } | null> {
  const lang = currentLang();
  if (file.size > WalkthroughLimits.screenshotMaxBytes) {
    const entry = Codes.WALKTHROUGH_SCREENSHOT_TOO_LARGE;
    return { code: entry.code, message: codeMessage(entry, lang) };
  }
  const type = sniffType(await readHead(file));
  if (type && SCREENSHOT_TYPES.includes(type)) return null;
  const entry = Codes.IMAGE_FORMAT_UNSUPPORTED;
  return { code: entry.code, message: codeMessage(entry, lang) };
}

/**
 * Registers stored files as screenshots of the page, one call each. A refusal drops that file with the
 * server's words; a network failure is thrown for the queue to retry, without sending again what was taken.
 */
function screenshotRegistration(scope: WalkthroughScope, pageId: string) {
  const registered = new Set<string>();
  return async (files: { key: string; name: string }[]): Promise<RegisterAnswer> => {
    const dropped: DroppedUpload[] = [];
    for (const file of files) {
      if (registered.has(file.key)) continue;
      try {
        await walkthroughApi.addScreenshot(scope, pageId, file.key, file.name);
        registered.add(file.key);
      } catch (error) {
        if (!isApiError(error) || isTransient(error)) throw error;
        dropped.push({ key: file.key, name: file.name, code: error.code, msg: error.message });
      }
    }
    return { images: [], dropped, warning: null };
  };
}

const queues = new Map<string, UploadQueue>();

/**
 * A page's screenshot uploads: the stage's upload queue (token, storage post with progress, retries) with
 * the screenshots' checks and registration, kept for the session so an upload outlives a page switch.
 */
export function screenshotQueueOf(scope: WalkthroughScope, pageId: string): UploadQueue {
  const id = `${getToken() ?? ''}/${scope.team_id}/${scope.project_id}/${pageId}`;
  let queue = queues.get(id);
  if (!queue) {
    queue = new UploadQueue({
      teamId: scope.team_id,
      tokens: uploadTokens,
      post: (uptoken, key, file, onProgress, signal) =>
        postToStorage(uptoken, key, file, { onProgress, signal }),
      exists: uploadExists,
      register: screenshotRegistration(scope, pageId),
      addVersion: () => Promise.reject(new Error('a screenshot has no versions')),
      lang: currentLang,
      checkFile: screenshotRefusal,
      onRegistered: () =>
        void queryClient.invalidateQueries({
          queryKey: walkthroughKeys.all(scope.team_id, scope.project_id),
        }),
    });
    queues.set(id, queue);
  }
  return queue;
}
