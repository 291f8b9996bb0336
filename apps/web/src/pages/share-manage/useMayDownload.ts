import { mayDownloadByRule } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { projectSettingsApi } from '../../api/projectSettings';
import { useSession } from '../../state/session';
import { settingKeys } from '../project-setting/shared';
import { stageQueries } from '../stage/stageQueries';

/**
 * Whether the caller may download the project's files, as its download setting says: links they make get no
 * more. Undefined while unknown (the server caps the right anyway).
 */
export function useMayDownload(teamId: string, projectId: string, enabled: boolean): boolean | undefined {
  const { userId } = useSession();
  const project = useQuery({
    ...stageQueries(teamId, projectId).project,
    enabled: enabled && !!teamId && !!projectId,
  });
  const setting = useQuery({
    queryKey: settingKeys.download(teamId, projectId),
    queryFn: () => projectSettingsApi.downloadSetting(projectId),
    enabled: enabled && !!projectId,
    retry: false,
  });
  if (!project.data || !setting.data) return undefined;
  return mayDownloadByRule({
    canManage: project.data.abilities.can_manage,
    downloadType: setting.data.download_type,
    isProjectMember: project.data.project_role !== null,
    isChosen: !!userId && setting.data.user_ids.includes(userId),
  });
}
