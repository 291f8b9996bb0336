import { useEffect, useRef } from 'react';
import { compareApi } from '../../../api/compare';
import { queryClient } from '../../../queryClient';
import { imageDetailKey, stageImagesKey } from '../../stage/paths';

/**
 * Tells the server the caller looked at `versionId` with its layers (the stage's "Updated" badge and the
 * compare view's default "from" count from it): once per version shown, a failure dropped without a retry.
 * `versionId` is null while nothing with layers is on screen (or for a share link's visitor).
 */
export function useInspectedRecord(
  teamId: string,
  projectId: string,
  imageId: string,
  versionId: string | null,
) {
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (!versionId || !teamId || !imageId || sent.current.has(versionId)) return;
    sent.current.add(versionId);
    compareApi.inspected({ team_id: teamId, image_id: imageId, version_id: versionId }).then(
      () => {
        // The stage's badge and the design's own mark: read again now if on screen, else when next shown.
        void queryClient.invalidateQueries({ queryKey: stageImagesKey(teamId, projectId) });
        void queryClient.invalidateQueries({ queryKey: imageDetailKey(teamId, projectId, imageId) });
      },
      () => undefined,
    );
  }, [teamId, projectId, imageId, versionId]);
}
