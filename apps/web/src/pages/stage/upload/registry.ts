import { Codes } from '@ferry/shared';
import { postToStorage, uploadExists, uploadsApi } from '../../../api/uploads';
import { currentLang, i18n } from '../../../i18n';
import { queryClient } from '../../../queryClient';
import { addReloadGuard } from '../../../state/freshness';
import { getToken } from '../../../state/session';
import { imageDetailKey, stageImagesKey, stageSectorsKey } from '../paths';
import { unsupportedKindOf } from './precheck';
import { isSettled, UploadQueue, type UploadTarget } from './queue';
import { createTokenCache } from './tokenCache';

/** One token cache for the whole app: every project of a team uploads with the team's token. */
export const uploadTokens = createTokenCache(async (teamId) => (await uploadsApi.token(teamId)).uptoken, {
  scope: () => getToken() ?? '',
});

export const designQuotaKey = (teamId: string, projectId: string) =>
  ['team', teamId, 'project', projectId, 'image-quota'] as const;

const queues = new Map<string, UploadQueue>();

// A new build's reload waits while a file is still on its way.
addReloadGuard(() =>
  [...queues.values()].some((queue) => queue.getSnapshot().some((item) => !isSettled(item))),
);

/**
 * The upload queue of a project, made once and kept for the session: uploads go on while the user works
 * elsewhere, and the stage finds them again when it comes back.
 */
export function uploadQueueOf(teamId: string, projectId: string): UploadQueue {
  // Per session too: another user signing in on this tab gets queues of their own.
  const id = `${getToken() ?? ''}/${teamId}/${projectId}`;
  let queue = queues.get(id);
  if (!queue) {
    const ref = { team_id: teamId, project_id: projectId };
    queue = new UploadQueue({
      teamId,
      tokens: uploadTokens,
      post: (uptoken, key, file, onProgress, signal) =>
        postToStorage(uptoken, key, file, { onProgress, signal }),
      exists: uploadExists,
      register: (images) => uploadsApi.register(ref, images),
      addVersion: (imageId, image) => uploadsApi.addVersions(ref, [imageId], [image]),
      lang: currentLang,
      checkFile: async (file) => {
        const kind = await unsupportedKindOf(file);
        if (!kind) return null;
        const message = i18n.t(`stage.unsupported.${kind}`);
        // The server's own code for a Sketch file it could never read, so the tray and the API agree.
        return kind === 'sketchTooOld' ? { code: Codes.SKETCH_TOO_OLD.code, message } : message;
      },
      onRegistered: (target) => invalidateAfterUpload(teamId, projectId, target),
    });
    queues.set(id, queue);
  }
  return queue;
}

/** New designs show on the stage (which polls while they are processing); a new version shows in its design. */
function invalidateAfterUpload(teamId: string, projectId: string, target: UploadTarget) {
  void queryClient.invalidateQueries({ queryKey: stageImagesKey(teamId, projectId) });
  void queryClient.invalidateQueries({ queryKey: stageSectorsKey(teamId, projectId) });
  void queryClient.invalidateQueries({ queryKey: designQuotaKey(teamId, projectId) });
  if (target.kind === 'version') {
    void queryClient.invalidateQueries({ queryKey: imageDetailKey(teamId, projectId, target.imageId) });
  }
}
