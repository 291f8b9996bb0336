import { useQuery } from '@tanstack/react-query';
import { getProject } from '../../../api/projects';
import { projectSettingKey } from '../../project-setting/paths';

/**
 * Whether the caller may change the project's designs: the project card's ability, from the cache the stage
 * and the settings page fill. Until it is known, nothing is offered (the server checks again anyway).
 */
export function useCanEdit(teamId: string, projectId: string): boolean {
  const project = useQuery({
    queryKey: projectSettingKey(teamId, projectId),
    queryFn: () => getProject(projectId, teamId),
    enabled: !!teamId && !!projectId,
  });
  return Boolean(project.data?.abilities?.can_edit);
}
