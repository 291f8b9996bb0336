import type { ProjectCard, TeamInfo } from '@ferry/shared';
import { useTranslation } from 'react-i18next';
import { shareApi, shareKeys } from '../../api/share';
import { ShareLinksPanel } from './ShareLinksPanel';

/** Project settings' "Share links": managers see every link of the project, anyone else their own. */
export function ProjectShareLinksTab({ project }: { project: ProjectCard }) {
  const { t } = useTranslation();
  const ref = { team_id: project.team_id, project_id: project.project_id };
  const all = project.abilities.can_manage;
  return (
    <ShareLinksPanel
      queryKey={shareKeys.project(ref.team_id, ref.project_id)}
      load={() => shareApi.projectLinks(ref)}
      showProject={false}
      note={t('shareManage.list.scopeNote')}
      revokeAll={{
        label: t(all ? 'shareManage.list.revokeAll' : 'shareManage.list.revokeAllMine'),
        title: t(all ? 'shareManage.list.revokeAllTitle' : 'shareManage.list.revokeAllMineTitle'),
        run: () => shareApi.revokeAll(ref),
      }}
    />
  );
}

/** Team settings' "Share links" (team admins and the super admin): every link of the team's projects. */
export function TeamShareLinksTab({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  return (
    <ShareLinksPanel
      queryKey={shareKeys.team(team.id)}
      load={() => shareApi.teamLinks(team.id)}
      showProject
      note={t('shareManage.list.teamNote')}
    />
  );
}
