import { Codes, isContributor, type ProjectTab } from '@ferry/shared';
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { itemPath } from '../../state/redirect';
import { findTeam, useSession } from '../../state/session';
import { noFolderPermissionPath } from '../special/SpecialPage';
import { CreateProjectDialog } from './CreateProjectDialog';
import {
  childrenOf,
  findFolder,
  folderForNew,
  refreshProjects,
  scopeOf,
  TopNodes,
  useFolderTree,
} from './folders';
import { type FolderLink, ProjectGrid } from './ProjectGrid';
import { ProjectsEmpty } from './ProjectsEmpty';
import { ProjectToolbar } from './ProjectToolbar';
import { isRefusal } from './refusals';
import { useOpenProject } from './useOpenProject';
import { useProjectActions } from './useProjectActions';
import { isProjectTab, useProjectPages, useProjectSearch, useRememberedSort } from './useProjectList';

/** What the empty list says on each tab, and where it sends the user instead. */
function useEmptyState(tab: ProjectTab, searching: boolean, inFolder: boolean, showAll: () => void) {
  const { t } = useTranslation();
  if (searching) return { title: t('item.emptySearchTitle'), text: t('item.emptySearchText') };
  if (tab !== 'all') {
    return {
      title: t(`item.emptyTab.${tab}Title`),
      text: t(`item.emptyTab.${tab}Text`),
      action: { label: t('item.seeAll'), onClick: showAll, testId: 'item-empty-see-all' },
    };
  }
  if (inFolder) return { title: t('item.emptyFolderTitle'), text: t('item.emptyFolderText') };
  return {};
}

/**
 * The list part of itemIndex for one node of the tree (`fid`): tabs, search, order, the cards page by page,
 * and the dialogs behind the card menus.
 */
export function ProjectList({
  teamId,
  fid,
  groupId,
}: {
  teamId: string;
  fid: string;
  groupId: string | null;
}) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  useSession();
  const role = findTeam(teamId)?.role.type;
  const canCreate = role !== undefined && isContributor(role);
  const wantedTab = params.get('tab');
  const tab: ProjectTab = isProjectTab(wantedTab) ? wantedTab : 'all';
  const [sort, setSort] = useRememberedSort();
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const scope = scopeOf(fid, teamId);
  const tree = useFolderTree(teamId);

  const list = useProjectPages(
    {
      team_id: teamId,
      folder_id: scope.folderId,
      type: scope.type,
      group_id: groupId ?? undefined,
      tab,
      sort,
    },
    !keyword,
  );
  const search = useProjectSearch(teamId, keyword);
  const shown = keyword ? search : list;
  const inDefaultOrder =
    !keyword && tab === 'all' && sort.field === 'default_order' && sort.direction === 'desc';
  const actions = useProjectActions(
    teamId,
    inDefaultOrder ? list.cards.map((card) => card.project_id) : null,
  );
  const open = useOpenProject(teamId);

  // A folder closed to the caller has its own page; one that is gone sends them back to all projects.
  useEffect(() => {
    if (isRefusal(list.error, Codes.FOLDER_NO_PERMISSION)) {
      navigate(`${noFolderPermissionPath}&tid=${encodeURIComponent(teamId)}`, { replace: true });
    } else if (isRefusal(list.error, Codes.FOLDER_NOT_FOUND)) {
      void message.warning(list.error?.message);
      navigate(itemPath(teamId, TopNodes.all), { replace: true });
    }
  }, [list.error, navigate, teamId, message]);

  const setTab = (next: ProjectTab) => {
    setKeyword('');
    const query = new URLSearchParams(params);
    if (next === 'all') query.delete('tab');
    else query.set('tab', next);
    setParams(query);
  };
  const openFolder = (folderId: string) => navigate(itemPath(teamId, folderId));
  const showAll = () => navigate(itemPath(teamId, TopNodes.all));

  // Subfolders lead on from the top and from a folder, on the "all" tab.
  const here = fid === TopNodes.all ? tree.data : findFolder(tree.data, fid);
  const folderLinks: FolderLink[] = keyword
    ? search.folders.map((folder) => ({ id: folder.id, name: folder.name }))
    : tab === 'all' && !groupId && !scope.type && here
      ? childrenOf(here).map((f) => ({ id: f.id, name: f.name, count: f.visibleProjectLength }))
      : [];
  const inFolder = Boolean(scope.folderId && scope.folderId !== 'root');
  const emptyState = useEmptyState(tab, Boolean(keyword), inFolder, showAll);

  return (
    <>
      <ProjectToolbar
        tab={tab}
        onTab={setTab}
        sort={sort}
        onSort={setSort}
        keyword={keyword}
        onSearch={setKeyword}
        onCreate={canCreate ? () => setCreating(true) : undefined}
      />
      {keyword ? (
        <div className="project-search-note" data-testid="project-search-note">
          {t('item.searchResults', { keyword })}
        </div>
      ) : null}
      <section className="project-list" data-testid="project-list">
        <ProjectGrid
          cards={shown.cards}
          folders={folderLinks}
          loading={shown.isPending && shown.fetchStatus !== 'idle'}
          failed={shown.isError}
          hasMore={Boolean(shown.hasNextPage)}
          loadingMore={shown.isFetchingNextPage}
          empty={
            <ProjectsEmpty
              canCreateProject={canCreate && !keyword && tab === 'all'}
              onCreate={() => setCreating(true)}
              {...emptyState}
            />
          }
          menuFor={actions.menuFor}
          onOpen={open}
          onOpenFolder={openFolder}
          onLoadMore={() => void shown.fetchNextPage()}
          onRetry={() => void shown.refetch()}
        />
      </section>
      {actions.dialogs}
      <CreateProjectDialog
        teamId={teamId}
        folderId={folderForNew(fid, teamId)}
        defaultType={scope.type ?? 'mobile'}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(project) => {
          void message.success(t('projects.created', { name: project.name }));
          refreshProjects(teamId);
        }}
      />
    </>
  );
}
