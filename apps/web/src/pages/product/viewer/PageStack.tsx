import type { DocumentPageView } from '@ferry/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_GAP, STACK_PADDING } from './pageLayout';
import { type PageHighlights, TextLayer } from './TextLayer';

/** Pages rendered beyond the view on each side. */
const OVERSCAN_PAGES = 2;

/**
 * The pages one under another, centred, each at its box (pageLayout.ts) with its text layer. Virtual: only
 * the pages near the view are in the DOM (a 300-page document scrolls like a 3-page one); heights come from
 * each page's proportions, so nothing is measured.
 */
export function PageStack({
  scrollRef,
  onScroll,
  versionId,
  pages,
  boxes,
  columnWidth,
  current,
  highlights,
  overlay,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  versionId: string;
  pages: readonly DocumentPageView[];
  boxes: readonly { width: number; height: number }[];
  columnWidth: number;
  current: number;
  highlights: ReadonlyMap<number, PageHighlights>;
  /** Drawn over each page, above its text (the comment pins). */
  overlay?: (page: number) => ReactNode;
}) {
  const { t } = useTranslation();
  // A new zoom gives a new key function: the virtualizer then lays the pages out again at their new sizes.
  const getItemKey = useCallback((index: number) => index, [boxes]);
  const virtualizer = useVirtualizer({
    count: pages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => boxes[index].height,
    getItemKey,
    gap: PAGE_GAP,
    paddingStart: STACK_PADDING,
    paddingEnd: STACK_PADDING,
    overscan: OVERSCAN_PAGES,
  });
  const widest = Math.max(0, ...boxes.map((box) => box.width));
  const stackWidth = Math.max(columnWidth, widest + STACK_PADDING * 2);

  return (
    <div className="doc-stack-scroll" ref={scrollRef} onScroll={onScroll} data-testid="doc-stack">
      <div className="doc-stack" style={{ width: stackWidth, height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const page = pages[item.index];
          const box = boxes[item.index];
          return (
            <div
              key={`${versionId}:${page.page}`}
              className={`doc-page${page.page === current ? ' is-current' : ''}`}
              style={{
                width: box.width,
                height: box.height,
                transform: `translate(${Math.round((stackWidth - box.width) / 2)}px, ${item.start}px)`,
              }}
              data-testid="doc-page"
              data-page={page.page}
            >
              <img
                className="doc-page-image"
                src={page.image_url}
                alt={t('productViewer.pageNumber', { page: page.page })}
                width={box.width}
                height={box.height}
                draggable={false}
              />
              <TextLayer versionId={versionId} page={page} box={box} highlights={highlights.get(page.page)} />
              {overlay?.(page.page)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
