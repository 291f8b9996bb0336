/** Routes and query keys of a project's designs, shared by the stage, the uploader and the detail view. */
export const STAGE_PATH = '/item/project/stage';
export const DETAIL_PATH = '/item/project/detailDetach';

export function stagePath(teamId: string, projectId: string): string {
  return `${STAGE_PATH}?${new URLSearchParams({ tid: teamId, pid: projectId }).toString()}`;
}

export function detailPath(teamId: string, projectId: string, imageId: string, versionId?: string): string {
  const query = new URLSearchParams({
    project_id: projectId,
    tid: teamId,
    pid: projectId,
    image_id: imageId,
  });
  if (versionId) query.set('version_id', versionId);
  return `${DETAIL_PATH}?${query.toString()}`;
}

/** The detail view in compare mode; without versions the server picks them (see api/compare.ts). */
export function compareDetailPath(
  teamId: string,
  projectId: string,
  imageId: string,
  versions: { from?: string | null; to?: string | null } = {},
): string {
  // The newer version is the one the view shows (version_id), as the server's notices address it.
  const query = new URLSearchParams(
    detailPath(teamId, projectId, imageId, versions.to ?? undefined).split('?')[1],
  );
  query.set('compare', '1');
  if (versions.from) query.set('from_version_id', versions.from);
  return `${DETAIL_PATH}?${query.toString()}`;
}

export const stageImagesKey = (teamId: string, projectId: string) =>
  ['team', teamId, 'project', projectId, 'images'] as const;
export const stageSectorsKey = (teamId: string, projectId: string) =>
  ['team', teamId, 'project', projectId, 'sectors'] as const;
export const recycleBinKey = (teamId: string, projectId: string) =>
  ['team', teamId, 'project', projectId, 'recycle-bin'] as const;
export const imageDetailKey = (teamId: string, projectId: string, imageId: string) =>
  ['team', teamId, 'project', projectId, 'image', imageId] as const;
