import type { DocumentPageView } from '@ferry/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PX_PER_POINT, pageBox, THUMB_GAP, THUMB_WIDTH, thumbRowHeight } from './pageLayout';

/**
 * The left column: a thumbnail per page with its number, the current page marked and kept in view. Virtual
 * like the stage's grid: only the thumbnails near the view are in the DOM, each row's height known from its
 * page's proportions.
 */
export function PageThumbs({
  pages,
  current,
  onPick,
}: {
  pages: readonly DocumentPageView[];
  current: number;
  onPick: (page: number) => void;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: pages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => thumbRowHeight(pages[index]),
    paddingStart: THUMB_GAP,
    overscan: 4,
  });

  useEffect(() => {
    if (current >= 1 && current <= pages.length) virtualizer.scrollToIndex(current - 1, { align: 'auto' });
  }, [current, pages.length, virtualizer]);

  return (
    <nav
      className="doc-thumbs"
      ref={scrollRef}
      aria-label={t('productViewer.pages')}
      data-testid="doc-thumbs"
    >
      <div className="doc-thumbs-inner" style={{ height: virtualizer.getTotalSize() + THUMB_GAP }}>
        {virtualizer.getVirtualItems().map((item) => {
          const page = pages[item.index];
          const box = pageBox(page, THUMB_WIDTH / Math.max(1, page.width * PX_PER_POINT));
          const isCurrent = page.page === current;
          return (
            <button
              type="button"
              key={page.page}
              className={`doc-thumb${isCurrent ? ' is-current' : ''}`}
              style={{ transform: `translateY(${item.start}px)` }}
              aria-current={isCurrent ? 'page' : undefined}
              aria-label={t('productViewer.pageNumber', { page: page.page })}
              onClick={() => onPick(page.page)}
              data-testid="doc-thumb"
              data-page={page.page}
            >
              <img
                src={page.thumb_url}
                alt=""
                loading="lazy"
                width={box.width}
                height={box.height}
                draggable={false}
              />
              <span className="doc-thumb-number">{page.page}</span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
