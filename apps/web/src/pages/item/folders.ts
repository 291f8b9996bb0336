import { FOLDER_DEPTH_UI, type FolderNode, type ProjectType, rootFolderId } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { type FolderTree, getFolderTree, projectKeys } from '../../api/projects';
import { queryClient } from '../../queryClient';
import { ALL_FOLDER } from '../../state/redirect';

/** The three top nodes of the folder tree (spec 001 §2), as the `fid` of the project list's address. */
export const TopNodes = { design: 'design', space: 'space', all: ALL_FOLDER } as const;

/** What a node of the tree lists: the list call's folder and type filters, and the page title. */
export interface ListScope {
  folderId?: string;
  type?: ProjectType;
  titleKey: string;
}

/**
 * Design specs are the dsm projects; the team space holds the projects outside any folder; team projects
 * (`all`, the root 全部项目) every project; any other fid is a folder and lists that folder's own projects.
 */
export function scopeOf(fid: string, teamId: string): ListScope {
  if (fid === TopNodes.design) return { type: 'dsm', titleKey: 'item.designSpecs' };
  if (fid === TopNodes.space) return { folderId: 'root', titleKey: 'item.teamSpace' };
  if (fid === TopNodes.all || fid === rootFolderId(teamId)) return { titleKey: 'titles.item' };
  return { folderId: fid, titleKey: 'titles.item' };
}

/** The folder a project created on this node goes into: the selected folder, else the top. */
export function folderForNew(fid: string, teamId: string): string | null {
  const { folderId } = scopeOf(fid, teamId);
  return folderId && folderId !== 'root' ? folderId : null;
}

export function useFolderTree(teamId: string | undefined) {
  return useQuery({
    queryKey: projectKeys.folders(teamId ?? ''),
    queryFn: () => getFolderTree(teamId ?? ''),
    enabled: Boolean(teamId),
  });
}

/** Lists, tree counts and search all change when a project or folder changes. */
export function refreshProjects(teamId: string): void {
  void queryClient.invalidateQueries({ queryKey: projectKeys.all(teamId) });
}

/** The folders under a node, read defensively: an answer without `folders` is a tree without them. */
export const childrenOf = (node: Pick<FolderNode, 'folders'> | undefined): FolderNode[] =>
  node?.folders ?? [];

export function findFolder(tree: FolderTree | undefined, id: string): FolderNode | undefined {
  for (const child of childrenOf(tree)) {
    if (child.id === id) return child;
    const inside = findFolder(child as FolderTree, id);
    if (inside) return inside;
  }
  return undefined;
}

/** The folders from the top down to `id` (itself included); empty when it is not in the tree. */
export function pathTo(tree: FolderTree | undefined, id: string): FolderNode[] {
  for (const child of childrenOf(tree)) {
    if (child.id === id) return [child];
    const below = pathTo(child as FolderTree, id);
    if (below.length) return [child, ...below];
  }
  return [];
}

/** Levels below and including this folder (a folder without children is 1 high). */
export function heightOf(node: FolderNode): number {
  return 1 + Math.max(0, ...childrenOf(node).map(heightOf));
}

/** The interface nests folders at most 3 deep (the server allows 20): a new folder fits below depth 1 and 2. */
export const canHoldSubfolder = (node: Pick<FolderNode, 'depth'>) => node.depth < FOLDER_DEPTH_UI;

/**
 * Whether `folder` may move under `parent` (null: the top): somewhere new, never into itself or below, never
 * past 3 levels.
 */
export function canMoveFolderTo(folder: FolderNode, parent: FolderNode | null, teamId: string): boolean {
  if ((parent?.id ?? rootFolderId(teamId)) === folder.parentId) return false;
  if (!parent) return heightOf(folder) <= FOLDER_DEPTH_UI;
  if (parent.id === folder.id || findFolder(folder as FolderTree, parent.id)) return false;
  return parent.depth + heightOf(folder) <= FOLDER_DEPTH_UI;
}

/** The ids after moving one a place up (-1) or down (+1); null when it is already first or last, or absent. */
export function swapWithNeighbour(ids: string[], id: string, step: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  [order[from], order[to]] = [order[to], order[from]];
  return order;
}

/** The sibling order after moving a folder one place up or down, for update_folder_order. */
export function shiftedSiblingOrder(tree: FolderTree | undefined, id: string, step: -1 | 1): string[] | null {
  const path = pathTo(tree, id);
  if (!path.length) return null;
  const siblings = childrenOf(path.length > 1 ? path[path.length - 2] : tree).map((node) => node.id);
  return swapWithNeighbour(siblings, id, step);
}
