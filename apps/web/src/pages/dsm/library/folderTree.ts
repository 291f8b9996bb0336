import type { DsmFile, DsmFolder } from '@ferry/shared';

/** The library's top: files and folders outside any folder. */
export const TOP_KEY = 'top';

export interface FolderNodeData {
  key: string;
  folder: DsmFolder;
  children: FolderNodeData[];
}

const byIndex = <T extends { index: number }>(a: T, b: T) => a.index - b.index;

/** The folders as a tree under the top, each level in its order. */
export function folderTree(folders: DsmFolder[]): FolderNodeData[] {
  const under = (parentId: string | null): FolderNodeData[] =>
    folders
      .filter((folder) => (folder.parentId ?? null) === parentId)
      .sort(byIndex)
      .map((folder) => ({ key: folder.id, folder, children: under(folder.id) }));
  return under(null);
}

/** `id` and every folder inside it: where a folder may not move. */
export function folderWithDescendants(folders: DsmFolder[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders) {
      if (folder.parentId && out.has(folder.parentId) && !out.has(folder.id)) {
        out.add(folder.id);
        grew = true;
      }
    }
  }
  return out;
}

/** The files directly in a folder (null: the top), in their order. */
export const filesIn = (files: DsmFile[], folderId: string | null): DsmFile[] =>
  files.filter((file) => (file.folder_id ?? null) === folderId).sort(byIndex);

/** `#rrggbb` of a colour file, or null when it holds none. */
export function colorOf(file: DsmFile): string | null {
  const color = file.package_info?.color;
  return typeof color === 'string' ? color : null;
}
