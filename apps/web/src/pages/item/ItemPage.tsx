import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { ALL_FOLDER, itemPath, Paths, teamCreatePath, teamIdOf } from '../../state/redirect';
import { findTeam, getSession, setFolderId, useSession } from '../../state/session';
import { switchTeam } from '../../state/teamSwitch';
import { FirstRunBanner } from '../onboarding/FirstRunBanner';
import { pathTo, scopeOf, TopNodes, useFolderTree } from './folders';
import { useProjectGroups } from './groups/ProjectGroupsSection';
import { ProjectList } from './ProjectList';

/** The team named in the query: tid, teamId or team_id; of a comma list the first entry (spec 000 §2). */
export function teamIdFromQuery(params: URLSearchParams): string | null {
  const raw = params.get('tid') ?? params.get('teamId') ?? params.get('team_id');
  const first = raw?.split(',')[0]?.trim();
  return first || null;
}

/** The team project list (route itemIndex): /item?fid=all&tid=… */
export function ItemPage() {
  const [params] = useSearchParams();
  const { team, teams } = useSession();
  const wanted = teamIdFromQuery(params);
  const folderId = params.get('fid') || ALL_FOLDER;
  const target = findTeam(wanted);
  usePageTitle(scopeOf(folderId, wanted ?? '').titleKey);

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

  const teamId = teamIdOf(target);
  return (
    <div className="item-page">
      <ItemHeading teamId={teamId} teamName={target.name} fid={folderId} groupId={params.get('gid')} />
      <FirstRunBanner team={target} />
      {/* Another node, group or team starts afresh: no search, no dialog left open. */}
      <ProjectList
        key={`${teamId}/${folderId}/${params.get('gid') ?? ''}`}
        teamId={teamId}
        fid={folderId}
        groupId={params.get('gid')}
      />
    </div>
  );
}

/** The node's name (with the folders above it), a group's name when filtered by one, and the team. */
function ItemHeading({
  teamId,
  teamName,
  fid,
  groupId,
}: {
  teamId: string;
  teamName: string;
  fid: string;
  groupId: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = useFolderTree(teamId);
  const groups = useProjectGroups(groupId ? teamId : undefined);
  const group = groupId ? groups.data?.find((item) => item.id === groupId) : undefined;
  const scope = scopeOf(fid, teamId);
  const folders = scope.folderId && scope.folderId !== 'root' ? pathTo(tree.data, fid) : [];
  let title = t('item.teamProjects');
  if (fid === TopNodes.design) title = t('item.designSpecs');
  else if (fid === TopNodes.space) title = t('item.teamSpace');
  else if (group) title = group.name;
  return (
    <div className="item-head">
      <h1 className="item-title" data-testid="item-title">
        {folders.length ? (
          <button
            type="button"
            className="item-crumb"
            onClick={() => navigate(itemPath(teamId, TopNodes.all))}
          >
            {title}
          </button>
        ) : (
          title
        )}
        {folders.map((folder, index) => (
          <span key={folder.id} className="item-crumb-part">
            <span className="item-crumb-sep">/</span>
            {index < folders.length - 1 ? (
              <button
                type="button"
                className="item-crumb"
                onClick={() => navigate(itemPath(teamId, folder.id))}
              >
                {folder.name}
              </button>
            ) : (
              <span data-testid="item-folder-name">{folder.name}</span>
            )}
          </span>
        ))}
      </h1>
      <span className="item-subtitle">{teamName}</span>
    </div>
  );
}
