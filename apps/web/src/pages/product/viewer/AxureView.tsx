import type { DocumentDetail } from '@ferry/shared';
import { Alert, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLab } from '../../../state/lab';
import { useElementSize } from '../../detail/useElementSize';
import { axureFrame } from './pageLayout';
import { type SitemapNode, sitemapPages, validateSitemap } from './sitemap';
import { ViewerHeader } from './ViewerHeader';

/** An export whose sitemap page says nothing in this long has no readable page list. */
const SITEMAP_WAIT_MS = 15_000;

type Sitemap =
  | { state: 'loading' }
  | { state: 'invalid' | 'missing' }
  | { state: 'ready'; nodes: SitemapNode[] };

/**
 * Listens for the sitemap the export's sitemap page posts: only from that frame's window, only a message
 * carrying `ferrySitemap`, and only a tree that passes validateSitemap (the export's scripts wrote it).
 */
function useAxureSitemap(frame: React.RefObject<HTMLIFrameElement | null>, sitemapUrl: string): Sitemap {
  const [sitemap, setSitemap] = useState<Sitemap>({ state: 'loading' });
  useEffect(() => {
    setSitemap({ state: 'loading' });
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null || !('ferrySitemap' in data)) return;
      const nodes = validateSitemap((data as { ferrySitemap: unknown }).ferrySitemap);
      setSitemap(nodes ? { state: 'ready', nodes } : { state: 'invalid' });
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(
      () => setSitemap((now) => (now.state === 'loading' ? { state: 'missing' } : now)),
      SITEMAP_WAIT_MS,
    );
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [frame, sitemapUrl]);
  return sitemap;
}

/** The tree's nodes for antd, keyed by their place (an export may list one page twice). */
function treeData(nodes: readonly SitemapNode[], pages: readonly SitemapNode[], prefix = ''): DataNode[] {
  return nodes.map((node, index) => {
    const key = `${prefix}${index}`;
    const number = node.url ? pages.indexOf(node) + 1 : 0;
    return {
      key: number ? `page:${number}` : `folder:${key}`,
      title: node.pageName,
      selectable: Boolean(node.url),
      children: node.children ? treeData(node.children, pages, `${key}-`) : undefined,
    };
  });
}

/**
 * An Axure export: its page tree on the left (from the sitemap), the page on the right in a sandboxed frame
 * of the export's own origin-less address. A page is numbered by its place among the tree's pages, which is
 * what `pageId` carries. The settings' Axure zoom lays the page out 1280 px wide scaled to the frame.
 */
export function AxureView({
  detail,
  pageId,
  onNavigate,
  onVersion,
}: {
  detail: DocumentDetail;
  pageId?: number;
  onNavigate: (change: { pageId: number }) => void;
  onVersion: (versionId: string) => void;
}) {
  const { t } = useTranslation();
  const axure = detail.axure as NonNullable<DocumentDetail['axure']>;
  const sitemapFrame = useRef<HTMLIFrameElement>(null);
  const sitemap = useAxureSitemap(sitemapFrame, axure.sitemap_url);
  const pages = useMemo(() => (sitemap.state === 'ready' ? sitemapPages(sitemap.nodes) : []), [sitemap]);
  const tree = useMemo(
    () => (sitemap.state === 'ready' ? treeData(sitemap.nodes, pages) : []),
    [sitemap, pages],
  );
  const [chosen, setChosen] = useState(pageId);
  useEffect(() => setChosen(pageId), [pageId]);
  const page = chosen ? pages[chosen - 1] : undefined;
  const src = page ? axure.base_url + page.url : axure.start_url;

  const area = useRef<HTMLDivElement>(null);
  const size = useElementSize(area);
  const { axureZoom } = useLab();
  const frame = axureFrame(size, axureZoom);

  return (
    <div className="doc-axure-view" data-testid="doc-axure-view">
      <ViewerHeader detail={detail} onVersion={onVersion} />
      <div className="doc-viewer-body">
        <nav
          className="doc-axure-tree"
          aria-label={t('productViewer.axurePages')}
          data-testid="doc-axure-tree"
        >
          {sitemap.state === 'loading' ? (
            <Spin size="small" description={t('productViewer.sitemapLoading')}>
              <div className="doc-axure-tree-wait" />
            </Spin>
          ) : sitemap.state === 'ready' ? (
            <Tree
              blockNode
              defaultExpandAll
              treeData={tree}
              selectedKeys={chosen ? [`page:${chosen}`] : []}
              onSelect={(keys) => {
                const key = String(keys[0] ?? '');
                if (!key.startsWith('page:')) return;
                const number = Number(key.slice(5));
                setChosen(number);
                onNavigate({ pageId: number });
              }}
            />
          ) : (
            <Alert
              type="warning"
              showIcon
              title={t(
                sitemap.state === 'invalid' ? 'productViewer.sitemapInvalid' : 'productViewer.sitemapMissing',
              )}
              data-testid="doc-sitemap-problem"
            />
          )}
        </nav>
        <div className="doc-axure-area" ref={area}>
          <iframe
            key={src}
            className="doc-axure-frame"
            title={t('productViewer.axureFrameTitle', { name: page?.pageName ?? detail.document.name })}
            sandbox="allow-scripts allow-popups"
            src={src}
            style={{
              width: frame.width || '100%',
              height: frame.height || '100%',
              transform: frame.scale === 1 ? undefined : `scale(${frame.scale})`,
            }}
            data-testid="doc-axure-frame"
            data-zoom={frame.scale === 1 ? 'off' : String(frame.scale)}
          />
        </div>
      </div>
      <iframe
        ref={sitemapFrame}
        className="doc-axure-sitemap"
        title="sitemap"
        sandbox="allow-scripts"
        src={axure.sitemap_url}
        aria-hidden
        tabIndex={-1}
        data-testid="doc-axure-sitemap"
      />
    </div>
  );
}
