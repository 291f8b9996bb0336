import {
  BookOutlined,
  CloudOutlined,
  FolderAddOutlined,
  FolderOutlined,
  HomeOutlined,
  MoreOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { FolderNode } from '@ferry/shared';
import { isContributor } from '@ferry/shared';
import { Button, Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { itemPath, Paths } from '../../../state/redirect';
import { findTeam, useSession } from '../../../state/session';
import { childrenOf, pathTo, TopNodes, useFolderTree } from '../folders';
// The project groups section is its own module; the sidebar only places it.
import { ProjectGroupsSection } from '../groups/ProjectGroupsSection';
import { SidebarRow } from './SidebarRow';
import { useFolderActions } from './useFolderActions';

type FolderActions = ReturnType<typeof useFolderActions>;

interface TreeState {
  selected: string | null;
  expanded: ReadonlySet<string>;
  toggle: (id: string) => void;
  open: (id: string) => void;
  actions: FolderActions | null;
}

/** A folder and, when expanded, the folders inside it. */
function FolderBranch({ folder, state }: { folder: FolderNode; state: TreeState }) {
  const { t } = useTranslation();
  const children = childrenOf(folder);
  const expanded = state.expanded.has(folder.id);
  const { actions } = state;
  return (
    <>
      <SidebarRow
        icon={<FolderOutlined />}
        label={folder.name}
        count={folder.visibleProjectLength}
        level={folder.depth}
        selected={state.selected === folder.id}
        expanded={children.length ? expanded : undefined}
        onToggle={() => state.toggle(folder.id)}
        onSelect={() => state.open(folder.id)}
        onDropProject={actions ? (projectId) => actions.dropProject(projectId, folder) : undefined}
        testId="folder-row"
        nodeId={folder.id}
        actions={
          actions ? (
            <Dropdown trigger={['click']} menu={actions.menuFor(folder)}>
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={t('folders.actions', { name: folder.name })}
                data-testid="folder-actions"
              />
            </Dropdown>
          ) : null
        }
      />
      {expanded
        ? children.map((child) => <FolderBranch key={child.id} folder={child} state={state} />)
        : null}
    </>
  );
}

/**
 * The sidebar of the project pages: design specs, team space and team projects with the team's folders
 * below it (spec 001 §2), the project groups, and the team settings. Editors create, rename, move and delete
 * folders here and drop project cards onto them.
 */
export function ItemSidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { team } = useSession();
  const teamId = team?.team_id ?? '';
  const role = findTeam(teamId)?.role.type;
  const canEdit = role !== undefined && isContributor(role);
  const tree = useFolderTree(teamId || undefined);
  const folderActions = useFolderActions(teamId);
  const actions = canEdit ? folderActions : null;

  const onList = pathname === Paths.item && !params.get('gid');
  const selected = onList ? (params.get('fid') ?? TopNodes.all) : null;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([TopNodes.all]));

  // The way down to the folder shown is always open.
  useEffect(() => {
    const way = selected ? pathTo(tree.data, selected).slice(0, -1) : [];
    if (way.length === 0) return;
    setExpanded((now) =>
      way.every((node) => now.has(node.id)) ? now : new Set([...now, ...way.map((n) => n.id)]),
    );
  }, [selected, tree.data]);

  const toggle = (id: string) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const open = (fid: string) => teamId && navigate(itemPath(teamId, fid));
  const state: TreeState = { selected, expanded, toggle, open, actions };
  const folders = childrenOf(tree.data);
  const allOpen = expanded.has(TopNodes.all);

  return (
    <aside className="app-sidebar item-sidebar" aria-label={t('item.folders')}>
      <nav className="item-sidebar-tree">
        <SidebarRow
          icon={<BookOutlined />}
          label={t('item.designSpecs')}
          selected={selected === TopNodes.design}
          onSelect={() => open(TopNodes.design)}
          testId="sidebar-design"
        />
        <SidebarRow
          icon={<CloudOutlined />}
          label={t('item.teamSpace')}
          count={tree.data?.rootProjectLength}
          selected={selected === TopNodes.space}
          onSelect={() => open(TopNodes.space)}
          onDropProject={actions ? (projectId) => actions.dropProject(projectId, null) : undefined}
          testId="sidebar-space"
        />
        <SidebarRow
          icon={<HomeOutlined />}
          label={t('item.teamProjects')}
          count={tree.data?.visibleProjectLength}
          selected={selected === TopNodes.all}
          expanded={folders.length ? allOpen : undefined}
          onToggle={() => toggle(TopNodes.all)}
          onSelect={() => open(TopNodes.all)}
          testId="sidebar-all-projects"
          actions={
            actions ? (
              <Button
                type="text"
                size="small"
                icon={<FolderAddOutlined />}
                aria-label={t('folders.create')}
                title={t('folders.create')}
                onClick={() => actions.createIn(null)}
                data-testid="folder-create"
              />
            ) : null
          }
        />
        {allOpen
          ? folders.map((folder) => <FolderBranch key={folder.id} folder={folder} state={state} />)
          : null}
      </nav>
      <ProjectGroupsSection teamId={teamId || undefined} />
      <div className="item-sidebar-footer">
        <SidebarRow
          icon={<SettingOutlined />}
          label={t('titles.team')}
          selected={pathname === Paths.team}
          onSelect={() => navigate(Paths.team)}
          testId="sidebar-team-settings"
        />
      </div>
      {actions ? actions.dialogs : null}
    </aside>
  );
}
