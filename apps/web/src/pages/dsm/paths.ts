/** The design system screen's route (tid, pid, tab, folder, file), apart from the page's code. */
export const DSM_PATH = '/item/dsm';

export type DsmTab = 'library' | 'tokens';

/** What the address says is open: a tab, a folder of the library, a file of it. */
export interface DsmView {
  tab?: DsmTab;
  folder?: string;
  file?: string;
}

export function dsmPath(teamId: string, projectId: string, view: DsmView = {}): string {
  const query = new URLSearchParams({ tid: teamId, pid: projectId });
  if (view.tab && view.tab !== 'library') query.set('tab', view.tab);
  if (view.folder) query.set('folder', view.folder);
  if (view.file) query.set('file', view.file);
  return `${DSM_PATH}?${query.toString()}`;
}

export function dsmViewOf(search: URLSearchParams): DsmView {
  return {
    tab: search.get('tab') === 'tokens' ? 'tokens' : 'library',
    folder: search.get('folder') || undefined,
    file: search.get('file') || undefined,
  };
}
