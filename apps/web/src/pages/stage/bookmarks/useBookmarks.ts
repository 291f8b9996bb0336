import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type BookmarkView, bookmarkKeys, bookmarksApi } from '../../../api/bookmarks';
import { useCachedChanges } from '../../../components/useCachedChanges';

/** The project's bookmarks, by their order (the server's), read while the panel is open. */
export function useBookmarkList(teamId: string, projectId: string, open: boolean) {
  return useQuery({
    queryKey: bookmarkKeys.list(teamId, projectId),
    queryFn: () => bookmarksApi.list({ team_id: teamId, project_id: projectId }),
    enabled: open && Boolean(teamId && projectId),
  });
}

/**
 * What the panel does with bookmarks. Each change reads the list again; a refusal shows the server's message
 * (adding a link and uploading a file answer their refusal to the caller instead, for the form to show).
 */
export function useBookmarkActions(teamId: string, projectId: string) {
  const { t } = useTranslation();
  const scope = { team_id: teamId, project_id: projectId };
  const { message, failed, refresh, patch, attempt } = useCachedChanges<BookmarkView[]>(
    bookmarkKeys.list(teamId, projectId),
  );

  return {
    /** Throws the refusal: the form shows it by its field. */
    addLink: async (name: string, url: string) => {
      try {
        await bookmarksApi.addLinks(scope, [{ name, url }]);
      } finally {
        await refresh();
      }
    },
    /** Throws the refusal: the upload button shows it. */
    uploadFile: async (file: File) => {
      try {
        await bookmarksApi.uploadFile(scope, file);
      } finally {
        await refresh();
      }
    },
    rename: (bookmark: BookmarkView, name: string) => {
      patch((list) => list.map((each) => (each.id === bookmark.id ? { ...each, name } : each)));
      return attempt(() => bookmarksApi.update(scope, { bookmark_id: bookmark.id, name }));
    },
    /** To the 1-based place `order` in the list. */
    move: (bookmark: BookmarkView, order: number) => {
      patch((list) => {
        const rest = list.filter((each) => each.id !== bookmark.id);
        rest.splice(order - 1, 0, bookmark);
        return rest.map((each, index) => ({ ...each, order: index + 1 }));
      });
      return attempt(() => bookmarksApi.update(scope, { bookmark_id: bookmark.id, order }));
    },
    remove: async (bookmark: BookmarkView) => {
      patch((list) => list.filter((each) => each.id !== bookmark.id));
      const removed = await attempt(() => bookmarksApi.remove(scope, bookmark.id));
      if (removed) void message.success(t('bookmarks.removed'));
      return removed;
    },
    /** Counts an open; the count shown follows the server's answer. */
    click: async (bookmark: BookmarkView) => {
      try {
        const { click_count } = await bookmarksApi.click(scope, bookmark.id);
        patch((list) => list.map((each) => (each.id === bookmark.id ? { ...each, click_count } : each)));
      } catch {
        // The bookmark still opened: a count that failed is not worth the user's attention.
      }
    },
    download: async (bookmark: BookmarkView) => {
      try {
        await bookmarksApi.download(scope, bookmark);
      } catch (error) {
        failed(error);
      }
    },
  };
}

export type BookmarkActions = ReturnType<typeof useBookmarkActions>;
