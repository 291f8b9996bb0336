import { StageLimits } from '@ferry/shared';
import { queryOptions } from '@tanstack/react-query';
import { holdReactionsUntilUi } from '../../api/client';
import { designsApi } from '../../api/designs';
import { getProject } from '../../api/projects';
import { queryClient } from '../../queryClient';
import { sessionCheckQuery } from '../../state/queries';
import { getSession, getToken } from '../../state/session';
import { projectSettingKey } from '../project-setting/paths';
import { STAGE_PATH, stageImagesKey, stageSectorsKey } from './paths';

/** The three reads a stage shows: the project's card, its designs and its sections. */
export function stageQueries(teamId: string, projectId: string) {
  const ref = { team_id: teamId, project_id: projectId };
  return {
    project: queryOptions({
      queryKey: projectSettingKey(teamId, projectId),
      queryFn: () => getProject(projectId, teamId),
    }),
    images: queryOptions({
      queryKey: stageImagesKey(teamId, projectId),
      queryFn: () => designsApi.images(ref),
      // A new upload shows as processing until its variants are made.
      refetchInterval: (query) =>
        query.state.data?.images.some((image) => image.status === 'processing')
          ? StageLimits.processingPollMs
          : false,
    }),
    sections: queryOptions({
      queryKey: stageSectorsKey(teamId, projectId),
      queryFn: () => designsApi.sections(ref),
      retry: false,
    }),
  };
}

/** The team and project a stage address names; the team defaults to the active one, as the stage does. */
export function stageIdsOf(
  search: URLSearchParams,
  activeTeamId: string | undefined,
): { teamId: string; projectId: string } {
  return {
    teamId: search.get('tid') ?? activeTeamId ?? '',
    projectId: search.get('pid') ?? '',
  };
}

/**
 * When the app opens on a stage, the session check and the stage's reads start together, before the app's
 * code has run, instead of one after another behind it: the first thumbnails wait for one round trip.
 */
export function prefetchStageOf(pathname: string, search: URLSearchParams): void {
  const token = getToken();
  if (pathname !== STAGE_PATH || !token) return;
  holdReactionsUntilUi();
  // The stage's code too: the router's own import of it then finds it loaded or on its way.
  void import('./StagePage');
  void queryClient.prefetchQuery(sessionCheckQuery(token));
  const { teamId, projectId } = stageIdsOf(search, getSession().team?.team_id);
  if (!teamId || !projectId) return;
  const queries = stageQueries(teamId, projectId);
  void queryClient.prefetchQuery(queries.project);
  void queryClient.prefetchQuery(queries.images);
  void queryClient.prefetchQuery(queries.sections);
}
