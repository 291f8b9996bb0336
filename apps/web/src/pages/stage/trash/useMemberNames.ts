import { useQuery } from '@tanstack/react-query';
import { designDetailApi } from '../../../api/designDetail';

/** The project's people by user id, for "deleted by" (the bin carries ids); the same key as the settings page. */
export function useMemberNames(teamId: string, projectId: string, enabled: boolean) {
  const members = useQuery({
    queryKey: ['team', teamId, 'project', projectId, 'members'],
    queryFn: () => designDetailApi.members({ team_id: teamId, project_id: projectId }),
    enabled,
  });
  return new Map((members.data ?? []).map((member) => [member.user_id, member.name]));
}
