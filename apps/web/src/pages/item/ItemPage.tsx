import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { ALL_FOLDER, itemPath, Paths, teamCreatePath, teamIdOf } from '../../state/redirect';
import { findTeam, getSession, setFolderId, useSession } from '../../state/session';
import { switchTeam } from '../../state/teamSwitch';
import { ProjectsEmpty } from './ProjectsEmpty';

/** Projects arrive with the projects module; until then nobody is offered to create one. */
const CAN_CREATE_PROJECT = false;

/** The team named in the query: tid, teamId or team_id; of a comma list the first entry (spec 000 §2). */
export function teamIdFromQuery(params: URLSearchParams): string | null {
  const raw = params.get('tid') ?? params.get('teamId') ?? params.get('team_id');
  const first = raw?.split(',')[0]?.trim();
  return first || null;
}

/** The team project list (route itemIndex): /item?fid=all&tid=… */
export function ItemPage() {
  usePageTitle('titles.item');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { team, teams } = useSession();
  const wanted = teamIdFromQuery(params);
  const folderId = params.get('fid') || ALL_FOLDER;
  const target = findTeam(wanted);

  // Opening another team's list by its address makes it the active team; the folder is remembered.
  // Only a change of address acts: a switch made elsewhere is followed by its own navigation.
  useEffect(() => {
    if (!target) return;
    if (getSession().team?.team_id !== teamIdOf(target)) void switchTeam(target, { navigate: false });
    if (getSession().team?.folderId !== folderId) setFolderId(folderId);
  }, [target, folderId]);

  if (!wanted) {
    if (team) return <Navigate replace to={itemPath(team.team_id, folderId)} />;
    const first = teams[0];
    return <Navigate replace to={first ? itemPath(teamIdOf(first), folderId) : teamCreatePath} />;
  }
  if (!target) return <Navigate replace to={teams.length ? Paths.noPermissions : teamCreatePath} />;

  return (
    <div className="item-page">
      <div className="item-head">
        <h1 className="item-title">{t('item.allProjects')}</h1>
        <span className="item-subtitle">{target.name}</span>
      </div>
      <section className="item-card">
        <ProjectsEmpty canCreateProject={CAN_CREATE_PROJECT} />
      </section>
    </div>
  );
}
