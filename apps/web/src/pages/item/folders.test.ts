import type { FolderNode } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import type { FolderTree } from '../../api/projects';
import {
  canMoveFolderTo,
  folderForNew,
  pathTo,
  scopeOf,
  shiftedSiblingOrder,
  swapWithNeighbour,
} from './folders';
import { DEFAULT_SORT, parseSort } from './useProjectList';

const ROOT = 'teamFolder-team-a';

function folder(id: string, depth: number, parentId: string, folders: FolderNode[] = []): FolderNode {
  return {
    id,
    folder_id: id,
    name: id,
    order: 0,
    parentId,
    depth,
    visibleProjectLength: 0,
    allProjectLength: 0,
    folders,
  };
}

// a ─ b ─ c (three levels), and d alone at the top.
const c = folder('c', 3, 'b');
const b = folder('b', 2, 'a', [c]);
const a = folder('a', 1, ROOT, [b]);
const d = folder('d', 1, ROOT);
const tree = { ...folder(ROOT, 0, ''), folders: [a, d] } as FolderTree;

describe('the folder tree', () => {
  it('finds the way down to a folder', () => {
    expect(pathTo(tree, 'c').map((node) => node.id)).toEqual(['a', 'b', 'c']);
    expect(pathTo(tree, 'nowhere')).toEqual([]);
  });

  it('never moves a folder into itself, its own subtree, where it already is, or past three levels', () => {
    expect(canMoveFolderTo(a, b, 'team-a')).toBe(false);
    expect(canMoveFolderTo(a, a, 'team-a')).toBe(false);
    expect(canMoveFolderTo(a, null, 'team-a')).toBe(false);
    // a is three levels high: under d it would reach a fourth.
    expect(canMoveFolderTo(a, d, 'team-a')).toBe(false);
    expect(canMoveFolderTo(d, b, 'team-a')).toBe(true);
    expect(canMoveFolderTo(d, c, 'team-a')).toBe(false);
    expect(canMoveFolderTo(c, null, 'team-a')).toBe(true);
  });

  it('maps the top nodes to what they list, and new projects to the selected folder', () => {
    expect(scopeOf('design', 'team-a')).toEqual({ type: 'dsm', titleKey: 'item.designSpecs' });
    expect(scopeOf('space', 'team-a')).toEqual({ folderId: 'root', titleKey: 'item.teamSpace' });
    expect(scopeOf(ROOT, 'team-a')).toEqual({ titleKey: 'titles.item' });
    expect(scopeOf('a', 'team-a').folderId).toBe('a');
    expect(folderForNew('space', 'team-a')).toBeNull();
    expect(folderForNew('all', 'team-a')).toBeNull();
    expect(folderForNew('a', 'team-a')).toBe('a');
  });
});

describe('item_order', () => {
  it('reads the spelling of the list call, and falls back to default_order=desc', () => {
    expect(parseSort('name_order=asc')).toEqual({ field: 'name_order', direction: 'asc' });
    expect(parseSort(null)).toEqual(DEFAULT_SORT);
    expect(parseSort('name_order=sideways')).toEqual(DEFAULT_SORT);
    expect(parseSort('colour=asc')).toEqual(DEFAULT_SORT);
  });
});

describe('reordering sibling folders', () => {
  it('swaps a folder with its neighbour and refuses to pass the ends', () => {
    expect(shiftedSiblingOrder(tree, 'd', -1)).toEqual(['d', 'a']);
    expect(shiftedSiblingOrder(tree, 'a', 1)).toEqual(['d', 'a']);
    expect(shiftedSiblingOrder(tree, 'a', -1)).toBeNull();
    expect(shiftedSiblingOrder(tree, 'd', 1)).toBeNull();
    expect(shiftedSiblingOrder(tree, 'c', 1)).toBeNull();
    expect(shiftedSiblingOrder(tree, 'missing', 1)).toBeNull();
    expect(swapWithNeighbour(['x', 'y', 'z'], 'y', 1)).toEqual(['x', 'z', 'y']);
  });
});
