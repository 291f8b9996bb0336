import { type ImageDetail, StageLimits } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { designDetailApi } from '../../../api/designDetail';
import { imageDetailKey } from '../paths';

const isProcessing = (image: ImageDetail | undefined) =>
  !!image &&
  (image.status === 'processing' || image.versions.some((version) => version.status === 'processing'));

/** One design with its versions (newest first), polled while any of them is being processed. */
export function useImageDetail(teamId: string, projectId: string, imageId: string, enabled = true) {
  return useQuery({
    queryKey: imageDetailKey(teamId, projectId, imageId),
    queryFn: () => designDetailApi.image({ team_id: teamId, project_id: projectId }, imageId),
    enabled: enabled && !!imageId,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (isProcessing(query.state.data) ? StageLimits.processingPollMs : false),
  });
}
