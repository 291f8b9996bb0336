import { ColumnWidthOutlined, MinusOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { DetailLimits, type DocumentDetail, type DocumentPageText } from '@ferry/shared';
import { Button, type InputRef } from 'antd';
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentScope } from '../../../api/documents';
import { queryClient } from '../../../queryClient';
import { useLab } from '../../../state/lab';
import { wheelZoomHandler } from '../../detail/canvas/wheelZoom';
import { canZoomIn, canZoomOut, percentOf } from '../../detail/zoom';
import { useElementWidth } from '../../stage/useElementWidth';
import { useViewerComments } from '../comments/ViewerComments';
import { FindBar } from './FindBar';
import type { FindMatch } from './findText';
import { PageStack } from './PageStack';
import { PageThumbs } from './PageThumbs';
import {
  anchoredScroll,
  fitWidthScale,
  PAGE_GAP,
  pageBox,
  readingPageIndex,
  resolveScale,
  stackTops,
  type Zoom,
  zoomStepFrom,
} from './pageLayout';
import { pageTextQuery } from './pageTexts';
import { useDocumentFind } from './useDocumentFind';
import { ViewerHeader } from './ViewerHeader';

/** The page being read is told to the page around the viewer at most this often while scrolling. */
const REPORT_EVERY_MS = 300;

/**
 * A PDF or Office document: the page thumbnails on the left, the pages stacked at the column's width on the
 * right (zoom by the bar or Ctrl/⌘-wheel), their text selectable, and find in the document (Ctrl/⌘-F).
 * `pageId` from outside (a deep link, a thumbnail) scrolls to that page; scrolling reports the page being read.
 */
export function PagesView({
  scope,
  detail,
  pageId,
  onNavigate,
  onVersion,
  commentId,
}: {
  scope: DocumentScope;
  detail: DocumentDetail;
  pageId?: number;
  onNavigate: (change: { pageId: number }) => void;
  onVersion: (versionId: string) => void;
  /** A deep link to a comment: the comments panel opens on its thread. */
  commentId?: string;
}) {
  const { t } = useTranslation();
  const lab = useLab();
  const pages = detail.pages;
  const versionId = detail.version_id;
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const findInput = useRef<InputRef>(null);
  const width = useElementWidth(scrollRef);

  const [zoom, setZoom] = useState<Zoom>('fit');
  const fitted = fitWidthScale(pages, width);
  const scale = resolveScale(zoom, fitted);
  const boxes = useMemo(() => pages.map((page) => pageBox(page, scale)), [pages, scale]);
  const { tops, total } = useMemo(() => stackTops(boxes.map((box) => box.height)), [boxes]);

  const [current, setCurrent] = useState(pageId ?? pages[0]?.page ?? 1);
  const latest = useRef({
    pages,
    tops,
    total,
    boxes,
    scale,
    fitted,
    current,
    freeZoom: lab.freeZoom,
    onNavigate,
  });
  latest.current = { pages, tops, total, boxes, scale, fitted, current, freeZoom: lab.freeZoom, onNavigate };

  // --- telling the page being read, throttled; the last told page is not scrolled to again when it comes back
  const told = useRef<number | undefined>(undefined);
  const reportTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const report = useCallback(() => {
    if (reportTimer.current) return;
    reportTimer.current = setTimeout(() => {
      reportTimer.current = null;
      const now = latest.current.current;
      if (now === told.current) return;
      told.current = now;
      latest.current.onNavigate({ pageId: now });
    }, REPORT_EVERY_MS);
  }, []);
  useEffect(
    () => () => {
      if (reportTimer.current) clearTimeout(reportTimer.current);
    },
    [],
  );

  // --- scrolling: by the user (reading page follows), or by us (the page is known)
  const scrolledTo = useRef<number | null>(null);
  const scrollToY = useCallback((y: number, x?: number) => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = Math.max(0, y);
    if (x !== undefined) element.scrollLeft = Math.max(0, x);
    scrolledTo.current = element.scrollTop;
  }, []);
  const moveTo = useCallback(
    (page: number) => {
      setCurrent(page);
      latest.current.current = page;
      report();
    },
    [report],
  );

  const showPage = useCallback(
    (page: number) => {
      const index = latest.current.pages.findIndex((candidate) => candidate.page === page);
      if (index === -1) return;
      scrollToY(latest.current.tops[index] - PAGE_GAP / 2);
      moveTo(page);
    },
    [scrollToY, moveTo],
  );

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    if (scrolledTo.current !== null && Math.abs(element.scrollTop - scrolledTo.current) < 2) return;
    scrolledTo.current = null;
    const index = readingPageIndex(tops, total, {
      scrollTop: element.scrollTop,
      height: element.clientHeight,
    });
    const page = pages[index]?.page;
    if (page !== undefined && page !== latest.current.current) moveTo(page);
  };

  // A new column width at fit width (the comments panel opened, the window resized) keeps the place being
  // read; a zoom keeps its own anchor below. Runs before the deep link's scroll, which sets an exact place.
  const anchor = useRef<{ y: number; from: number; scrollTop: number } | null>(null);
  const shownScale = useRef(scale);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const from = shownScale.current;
    shownScale.current = scale;
    if (!element || anchor.current || from === scale || from <= 0) return;
    element.scrollTop = anchoredScroll(element.scrollTop, 0, from, scale);
  }, [scale]);

  // A page asked from outside (deep link, back and forward), once the column's width is known.
  const laidOut = width > 0 && pages.length > 0;
  useLayoutEffect(() => {
    if (!laidOut || pageId === undefined || pageId === told.current) return;
    told.current = pageId;
    showPage(pageId);
  }, [pageId, laidOut, showPage]);

  // --- zoom: keeps the point under the pointer (or the view's middle) where it is
  const zoomBy = useCallback((next: (scale: number) => Zoom, anchorY?: number) => {
    const element = scrollRef.current;
    const { scale: from, fitted: fit } = latest.current;
    const wanted = next(from);
    const to =
      wanted === 'fit'
        ? 'fit'
        : Math.min(DetailLimits.zoomMax, Math.max(Math.min(DetailLimits.zoomMin, fit), wanted));
    if (element)
      anchor.current = { y: anchorY ?? element.clientHeight / 2, from, scrollTop: element.scrollTop };
    setZoom(to);
  }, []);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const pending = anchor.current;
    anchor.current = null;
    if (!element || !pending || pending.from === scale) return;
    element.scrollTop = anchoredScroll(pending.scrollTop, pending.y, pending.from, scale);
  }, [scale]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const zoomWheel = wheelZoomHandler(element, () => ({
      panBy: () => {},
      zoomStep: (direction, at) => zoomBy((scale) => zoomStepFrom(scale, direction), at.y),
      zoomTo: (next, at) => zoomBy(next, at.y),
      freeZoom: latest.current.freeZoom,
    }));
    // Only Ctrl/⌘-wheel is ours; the plain wheel scrolls the pages natively.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) zoomWheel(event);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  // --- find
  const reveal = useCallback(
    (match: FindMatch) => {
      const element = scrollRef.current;
      const { pages, tops, boxes } = latest.current;
      const index = pages.findIndex((page) => page.page === match.page);
      if (!element || index === -1) return;
      const text = queryClient.getQueryData<DocumentPageText>(
        pageTextQuery(versionId, pages[index]).queryKey,
      );
      const run = text?.items[match.parts[0]?.item ?? -1];
      const y = tops[index] + (run ? run.y * boxes[index].height : 0);
      const left = (element.scrollWidth - boxes[index].width) / 2;
      const x =
        run && element.scrollWidth > element.clientWidth ? left + run.x * boxes[index].width : undefined;
      scrollToY(y - element.clientHeight / 3, x === undefined ? undefined : x - element.clientWidth / 3);
      moveTo(match.page);
    },
    [versionId, scrollToY, moveTo],
  );
  // A comment's pin: its page, with the pin a third down the view.
  const revealPin = useCallback(
    (page: number, y: number) => {
      const element = scrollRef.current;
      const { pages, tops, boxes } = latest.current;
      const index = pages.findIndex((candidate) => candidate.page === page);
      if (!element || index === -1) return;
      scrollToY(tops[index] + y * boxes[index].height - element.clientHeight / 3);
      moveTo(page);
    },
    [scrollToY, moveTo],
  );
  const comments = useViewerComments({
    scope,
    docId: detail.document.id,
    versionId,
    commentId,
    reveal: revealPin,
  });
  const [findOpen, setFindOpen] = useState(false);
  const find = useDocumentFind(versionId, pages, () => latest.current.current, reveal);
  const openFind = () => {
    setFindOpen(true);
    findInput.current?.focus({ cursor: 'all' });
  };
  const closeFind = () => {
    setFindOpen(false);
    find.setQuery('');
    rootRef.current?.focus({ preventScroll: true });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      openFind();
    }
  };

  // The viewer takes the keyboard when nothing else has it, so Ctrl/⌘-F finds in the document at once.
  useEffect(() => {
    if (document.activeElement === document.body) rootRef.current?.focus({ preventScroll: true });
  }, []);

  const tools = (
    <>
      <Button
        size="small"
        type="text"
        icon={<MinusOutlined />}
        disabled={!canZoomOut(scale)}
        onClick={() => zoomBy((scale) => zoomStepFrom(scale, -1))}
        title={t('productViewer.zoomOut')}
        aria-label={t('productViewer.zoomOut')}
        data-testid="doc-zoom-out"
      />
      <span className="doc-zoom-level" title={t('productViewer.zoomLevel')} data-testid="doc-zoom">
        {percentOf(scale)}
      </span>
      <Button
        size="small"
        type="text"
        icon={<PlusOutlined />}
        disabled={!canZoomIn(scale)}
        onClick={() => zoomBy((scale) => zoomStepFrom(scale, 1))}
        title={t('productViewer.zoomIn')}
        aria-label={t('productViewer.zoomIn')}
        data-testid="doc-zoom-in"
      />
      <Button
        size="small"
        type={zoom === 'fit' ? 'link' : 'text'}
        icon={<ColumnWidthOutlined />}
        onClick={() => zoomBy(() => 'fit')}
        data-testid="doc-fit-width"
      >
        {t('productViewer.fitWidth')}
      </Button>
      <Button
        size="small"
        type="text"
        icon={<SearchOutlined />}
        onClick={openFind}
        title={t('productViewer.find')}
        aria-label={t('productViewer.find')}
        data-testid="doc-find-open"
      />
      {comments.toggle}
    </>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl/⌘-F while the keyboard is anywhere in the viewer
    <div
      className="doc-pages-view"
      ref={rootRef}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="doc-pages-view"
    >
      <ViewerHeader detail={detail} onVersion={onVersion} tools={tools} />
      <div className="doc-viewer-body">
        <PageThumbs pages={pages} current={current} onPick={showPage} />
        <div className="doc-main">
          {findOpen ? (
            <FindBar
              inputRef={findInput}
              query={find.query}
              onQuery={find.setQuery}
              count={find.matches.length}
              current={find.currentIndex}
              searching={find.searching}
              active={find.active}
              onStep={find.step}
              onClose={closeFind}
            />
          ) : null}
          <PageStack
            scrollRef={scrollRef}
            onScroll={onScroll}
            versionId={versionId}
            pages={pages}
            boxes={boxes}
            columnWidth={width}
            current={current}
            highlights={find.highlights}
            overlay={comments.pinsFor}
          />
        </div>
        {comments.panel}
      </div>
    </div>
  );
}
