import type { BookmarkPage, BookmarkView } from '@ferry/shared';
import { getToken } from '../state/session';
import { API_BASE } from './base';
import { api, authorizationHeader, request } from './client';
import { ApiError } from './errors';

/** Project bookmarks (docs/api.md "Bookmarks"): links and files kept with a project. */
export interface BookmarkScope {
  team_id: string;
  project_id: string;
}

export type { BookmarkView };

/** Under the project, so the `changed`/`bookmarks` frame refreshes it (realtime/connection.ts). */
export const bookmarkKeys = {
  list: (teamId: string, projectId: string) => ['team', teamId, 'project', projectId, 'bookmarks'] as const,
};

export const bookmarksApi = {
  list: (scope: BookmarkScope) =>
    api.get<BookmarkPage>('project/bookmark', { ...scope }).then((page) => page.bookmarks),
  addLinks: (scope: BookmarkScope, bookmarks: { name: string; url: string }[]) =>
    api.post<{ bookmarks: BookmarkView[] }>('project/bookmark', { ...scope, bookmarks }),
  /** The fields go first: the server reads them before the file. An empty `name` keeps the file's. */
  uploadFile: (scope: BookmarkScope, file: File, name = '') => {
    const form = new FormData();
    form.append('team_id', scope.team_id);
    form.append('project_id', scope.project_id);
    if (name) form.append('name', name);
    form.append('file', file, file.name);
    return request<{ bookmark: BookmarkView }>('POST', 'project/bookmark/file', { form });
  },
  update: (
    scope: BookmarkScope,
    change: { bookmark_id: string; name?: string; url?: string; order?: number },
  ) => api.put<BookmarkView>('project/bookmark', { ...scope, ...change }),
  remove: (scope: BookmarkScope, bookmarkId: string) =>
    api.delete<{ bookmarks: string[] }>('project/bookmark', { ...scope, bookmark_id: bookmarkId }),
  click: (scope: BookmarkScope, bookmarkId: string) =>
    api.post<{ bookmark_id: string; click_count: number }>('project/bookmark/click', {
      ...scope,
      bookmark_id: bookmarkId,
    }),

  /**
   * A file bookmark's content: the call needs the session's header, so it is fetched here and handed to the
   * browser as a download of its own. Only the file comes as an attachment: anything else is a refusal.
   */
  download: async (scope: BookmarkScope, bookmark: BookmarkView) => {
    const query = new URLSearchParams({ ...scope, bookmark_id: bookmark.id });
    const token = getToken();
    const response = await fetch(`${API_BASE}/project/bookmark/file?${query}`, {
      headers: token ? { Authorization: authorizationHeader(token) } : {},
    });
    if (!response.ok || !response.headers.get('content-disposition')?.startsWith('attachment')) {
      const envelope = (await response.json().catch(() => null)) as { code?: string; msg?: string } | null;
      throw new ApiError(envelope?.code ?? `http:${response.status}`, envelope?.msg ?? '', {
        status: response.status,
      });
    }
    const address = URL.createObjectURL(await response.blob());
    const anchor = document.createElement('a');
    anchor.href = address;
    anchor.download = bookmark.filename || bookmark.name;
    anchor.style.display = 'none';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(address), 10_000);
  },
};
