import { FolderFilled } from '@ant-design/icons';
import type { ProjectCard } from '@ferry/shared';
import { Button, Empty, type MenuProps, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectTile } from './ProjectTile';

export interface FolderLink {
  id: string;
  name: string;
  count?: number;
}

/** Folders shown above the cards: a folder's subfolders, or the folders a search found. */
function FolderLinks({ folders, onOpen }: { folders: FolderLink[]; onOpen: (id: string) => void }) {
  if (folders.length === 0) return null;
  return (
    <div className="project-folders">
      {folders.map((folder) => (
        <button
          type="button"
          key={folder.id}
          className="project-folder-link"
          onClick={() => onOpen(folder.id)}
          data-testid="folder-link"
        >
          <FolderFilled className="project-folder-icon" />
          <span className="project-folder-name">{folder.name}</span>
          {folder.count !== undefined ? <span className="project-folder-count">{folder.count}</span> : null}
        </button>
      ))}
    </div>
  );
}

/** Loads the next page when the "load more" row scrolls into view; the button stays for keyboards. */
function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;
  useEffect(() => {
    const node = row.current;
    if (!node || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading]);
  return (
    <div className="project-more" ref={row}>
      <Button loading={loading} onClick={onLoadMore} data-testid="project-load-more">
        {t('item.loadMore')}
      </Button>
    </div>
  );
}

/**
 * The cards of one list, with the folders above them and "load more" below while the server says another page
 * follows. `empty` is shown when there are neither cards nor folders.
 */
export function ProjectGrid({
  cards,
  folders = [],
  loading,
  failed,
  hasMore,
  loadingMore,
  empty,
  menuFor,
  onOpen,
  onOpenFolder,
  onLoadMore,
  onRetry,
}: {
  cards: ProjectCard[];
  folders?: FolderLink[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  empty: React.ReactNode;
  menuFor: (project: ProjectCard) => MenuProps | null;
  onOpen: (project: ProjectCard) => void;
  onOpenFolder: (folderId: string) => void;
  onLoadMore: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="project-grid" aria-busy="true">
        {[0, 1, 2, 3].map((n) => (
          <div key={n} className="project-tile">
            <div className="project-tile-cover project-tile-cover-skeleton" />
            <div className="project-tile-body">
              <Skeleton active paragraph={{ rows: 1 }} />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (failed && cards.length === 0) {
    return (
      <Empty description={t('common.loadFailed')}>
        <Button onClick={onRetry}>{t('common.retry')}</Button>
      </Empty>
    );
  }
  if (cards.length === 0 && folders.length === 0) return <>{empty}</>;
  return (
    <>
      <FolderLinks folders={folders} onOpen={onOpenFolder} />
      {cards.length ? (
        <ul className="project-grid" data-testid="project-grid">
          {cards.map((project) => (
            <ProjectTile key={project.project_id} project={project} menu={menuFor(project)} onOpen={onOpen} />
          ))}
        </ul>
      ) : null}
      {hasMore ? <LoadMore loading={loadingMore} onLoadMore={onLoadMore} /> : null}
    </>
  );
}
