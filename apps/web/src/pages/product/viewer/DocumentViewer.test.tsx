import '../../../test/setup';
import type { DocumentDetail, DocumentSummary } from '@ferry/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../App';
import type { DocumentScope } from '../../../api/documents';
import { DEFAULT_LAB, writeLab } from '../../../state/lab';
import { ok } from '../../../test/http';
import { createProject } from '../../../test/seed';
import {
  answerTo,
  callAs,
  createTeam,
  newAccount,
  replaceAnswers,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../../../test/server';
import { DocumentViewer } from './DocumentViewer';
import {
  axureExport,
  documentDetail,
  drawDocuments,
  inflatingExport,
  textPdf,
  uploadDocument,
} from './test/documentSeed';

useRealServer();

const GUIDE = [
  ['Ferry handoff guide', 'Read this first.'],
  ['Design tokens', 'Every design starts here.'],
  ['Export', 'Send the design to developers.'],
];

/** jsdom has no layout: the page column, the page list and the Axure area get a window's sizes. */
const AREAS: Record<string, [number, number]> = {
  'doc-stack-scroll': [800, 600],
  'doc-thumbs': [168, 600],
  'doc-axure-area': [640, 500],
};
function layOut() {
  for (const [prop, at] of [
    ['clientWidth', 0],
    ['clientHeight', 1],
  ] as const) {
    vi.spyOn(HTMLElement.prototype, prop, 'get').mockImplementation(function (this: HTMLElement) {
      const area = Object.keys(AREAS).find((name) => this.classList.contains(name));
      return area ? AREAS[area][at] : 0;
    });
  }
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    const inner = this.firstElementChild as HTMLElement | null;
    return Object.keys(AREAS).some((name) => this.classList.contains(name)) && inner
      ? Number.parseInt(inner.style.height, 10) || 0
      : 0;
  });
  // Nor element scrolling, which the page list uses to keep the current page in view.
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    value(this: HTMLElement, options: ScrollToOptions) {
      this.scrollTop = options.top ?? this.scrollTop;
      // As in a browser, the scroll event comes after the call.
      setTimeout(() => this.dispatchEvent(new Event('scroll')));
    },
  });
}

let olga: SeededUser;
let scope: DocumentScope;
let guide: DocumentSummary;

beforeAll(async () => {
  olga = await newAccount('Olga');
  const team = await createTeam(olga, unique('Docs'));
  scope = { team_id: team.id, project_id: await createProject(olga, team.id, unique('Handbook')) };
  guide = await uploadDocument(olga, scope, 'Guide.pdf', await textPdf(GUIDE), 'Guide');
  await drawDocuments(team.id);
}, 120_000);

beforeEach(async () => {
  layOut();
  writeLab(DEFAULT_LAB);
  await signInHere(olga);
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
});

function view(docId: string, props: { versionId?: string; pageId?: number } = {}) {
  const onNavigate = vi.fn();
  const rendered = render(
    <AppProviders>
      <div style={{ height: 700 }}>
        <DocumentViewer scope={scope} docId={docId} onNavigate={onNavigate} {...props} />
      </div>
    </AppProviders>,
  );
  return { onNavigate, ...rendered };
}

const thumbs = () => screen.getAllByTestId('doc-thumb');
const currentThumb = () => thumbs().find((thumb) => thumb.getAttribute('aria-current') === 'page');

describe('the document viewer: pages', () => {
  it('lists the pages as lazy thumbnails with their numbers and stacks the pages with their text', async () => {
    view(guide.id);
    await waitFor(() => expect(thumbs()).toHaveLength(3));
    const detail = await documentDetail(olga, scope, guide.id);
    thumbs().forEach((thumb, index) => {
      const image = thumb.querySelector('img') as HTMLImageElement;
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('src')).toBe(detail.pages[index].thumb_url);
      expect(thumb.textContent).toBe(String(index + 1));
    });
    expect(currentThumb()?.dataset.page).toBe('1');
    expect(screen.getByTestId('doc-name').textContent).toBe('Guide');
    // Pages at the column's width (800 less 2 × 24), in their proportions.
    const first = screen.getAllByTestId('doc-page')[0];
    expect(first.style.width).toBe('752px');
    expect(first.style.height).toBe(`${Math.round((752 * 842) / 595)}px`);
    // The page's text, laid over its picture, selectable.
    await waitFor(() =>
      expect(screen.getByTestId('doc-text-1').textContent).toContain('Ferry handoff guide'),
    );
    // Each page's text is fetched on its own: page 2's may come later.
    await waitFor(() => expect(screen.getByTestId('doc-text-2').textContent).toContain('Design tokens'));
  });

  it('scrolls to the page of a deep link and reports the page being read as the user scrolls', async () => {
    const { onNavigate } = view(guide.id, { pageId: 2 });
    await waitFor(() => expect(currentThumb()?.dataset.page).toBe('2'));
    const stack = screen.getByTestId('doc-stack');
    const second = screen.getAllByTestId('doc-page').find((page) => page.dataset.page === '2') as HTMLElement;
    const top = Number(/,\s*([\d.]+)px\)/.exec(second.style.transform)?.[1]);
    expect(stack.scrollTop).toBeGreaterThan(top - 20);
    expect(stack.scrollTop).toBeLessThanOrEqual(top);
    // Scrolling down to the third page tells the page around the viewer.
    const third = screen.getAllByTestId('doc-page').find((page) => page.dataset.page === '3') as HTMLElement;
    stack.scrollTop = Number(/,\s*([\d.]+)px\)/.exec(third.style.transform)?.[1]);
    fireEvent.scroll(stack);
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith({ pageId: 3 }));
    expect(currentThumb()?.dataset.page).toBe('3');
    expect(onNavigate).toHaveBeenCalledTimes(1);
    // A thumbnail scrolls to its page.
    fireEvent.click(thumbs()[0]);
    expect(stack.scrollTop).toBeLessThan(24);
    await waitFor(() => expect(onNavigate).toHaveBeenLastCalledWith({ pageId: 1 }));
  });

  it('finds text in the document with Ctrl-F: counts, highlights and moves through the matches', async () => {
    view(guide.id);
    const viewer = await screen.findByTestId('doc-pages-view');
    fireEvent.keyDown(viewer, { key: 'f', ctrlKey: true });
    const input = screen.getByTestId('doc-find-input');
    fireEvent.change(input, { target: { value: 'DESIGN' } });
    const status = screen.getByTestId('doc-find-status');
    await waitFor(() => expect(status.textContent).toBe('1 of 3'));
    // The first match, on page 2, is marked and scrolled to.
    await waitFor(() => expect(screen.getByTestId('doc-find-current').textContent).toBe('Design'));
    expect(screen.getByTestId('doc-text-2').contains(screen.getByTestId('doc-find-current'))).toBe(true);
    expect(currentThumb()?.dataset.page).toBe('2');
    const stack = screen.getByTestId('doc-stack');
    const atFirst = stack.scrollTop;
    expect(atFirst).toBeGreaterThan(0);
    expect(screen.getAllByTestId('doc-find-match')).toHaveLength(2);

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(status.textContent).toBe('2 of 3');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(status.textContent).toBe('3 of 3');
    await waitFor(() =>
      expect(screen.getByTestId('doc-text-3').contains(screen.getByTestId('doc-find-current'))).toBe(true),
    );
    expect(currentThumb()?.dataset.page).toBe('3');
    expect(stack.scrollTop).toBeGreaterThan(atFirst);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(status.textContent).toBe('1 of 3');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(status.textContent).toBe('3 of 3');

    fireEvent.change(input, { target: { value: 'nowhere to be found' } });
    await waitFor(() => expect(status.textContent).toBe('No results'));
    expect(screen.queryByTestId('doc-find-match')).toBeNull();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('doc-find-bar')).toBeNull();
  });

  it('zooms by steps from fit width and back', async () => {
    view(guide.id);
    const zoom = await screen.findByTestId('doc-zoom');
    // 752 px for a 595 pt page.
    expect(zoom.textContent).toBe(`${Math.round((752 / (595 * (96 / 72))) * 100)}%`);
    fireEvent.click(screen.getByTestId('doc-zoom-in'));
    expect(zoom.textContent).toBe('100%');
    fireEvent.click(screen.getByTestId('doc-zoom-in'));
    expect(zoom.textContent).toBe('125%');
    expect(screen.getAllByTestId('doc-page')[0].style.width).toBe(`${Math.round(595 * (96 / 72) * 1.25)}px`);
    // Ctrl-wheel zooms too (two notches out).
    const stack = screen.getByTestId('doc-stack');
    fireEvent.wheel(stack, { deltaY: 100, ctrlKey: true });
    expect(zoom.textContent).toBe('100%');
    fireEvent.click(screen.getByTestId('doc-fit-width'));
    expect(screen.getAllByTestId('doc-page')[0].style.width).toBe('752px');
  });

  it('switches versions through the page around it', async () => {
    const specs = await uploadDocument(olga, scope, 'Specs.pdf', await textPdf([['Specs one']]), 'Specs');
    const second = await uploadDocument(olga, scope, 'Specs.pdf', await textPdf([['Specs two']]), 'Specs');
    expect(second.id).toBe(specs.id);
    const { onNavigate } = view(specs.id);
    // The newer version converts; the view says so.
    await screen.findByTestId('doc-state-processing');
    const select = screen.getByTestId('doc-version');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('doc-version-1'));
    expect(onNavigate).toHaveBeenCalledWith({ versionId: specs.version_id });
  });
});

describe('the document viewer: a long document', () => {
  const PAGES = 40;
  let long: DocumentSummary;
  beforeAll(async () => {
    const pages = Array.from({ length: PAGES }, (_, index) => [`Chapter ${index + 1}`]);
    long = await uploadDocument(olga, scope, 'Long.pdf', await textPdf(pages), 'Long');
    await drawDocuments(scope.team_id);
  }, 120_000);

  it('keeps only the pages and thumbnails near the view in the page, wherever it is', async () => {
    const { onNavigate } = view(long.id, { pageId: 30 });
    await waitFor(() => expect(currentThumb()?.dataset.page).toBe('30'));
    const stack = screen.getByTestId('doc-stack');
    fireEvent.scroll(stack);
    await waitFor(() =>
      expect(screen.getAllByTestId('doc-page').map((page) => page.dataset.page)).toContain('30'),
    );
    expect(screen.getAllByTestId('doc-page').length).toBeLessThanOrEqual(6);
    expect(thumbs().length).toBeLessThan(PAGES / 2);
    // The stack is as tall as all its pages.
    const inner = stack.firstElementChild as HTMLElement;
    expect(Number.parseInt(inner.style.height, 10)).toBeGreaterThan(PAGES * 1000);
    await waitFor(() => expect(screen.getByTestId('doc-text-30').textContent).toBe('Chapter 30'));
    // The deep link's page is not told back as a change.
    expect(onNavigate).not.toHaveBeenCalled();
  });
});

describe('the document viewer: states', () => {
  it('shows a conversion in progress, then the pages once drawn, by itself', async () => {
    const later = await uploadDocument(olga, scope, 'Later.pdf', await textPdf([['Later']]));
    view(later.id);
    const state = await screen.findByTestId('doc-state-processing');
    expect(state.textContent).toContain('Converting…');
    expect(state.textContent).toContain('Large documents take a minute');
    await drawDocuments(scope.team_id);
    await waitFor(() => expect(thumbs()).toHaveLength(1), { timeout: 20_000 });
  });

  it('shows why a conversion failed, with the download', async () => {
    const broken = await uploadDocument(olga, scope, 'Broken.zip', inflatingExport());
    await drawDocuments(scope.team_id);
    const detail = await documentDetail(olga, scope, broken.id);
    expect(detail.document.status).toBe('failed');
    view(broken.id);
    const state = await screen.findByTestId('doc-state-failed');
    expect(state.textContent).toContain('This document could not be converted');
    expect(state.textContent).toContain(detail.document.fail_message);
    expect(within(state).getByTestId('doc-download').getAttribute('href')).toBe(detail.download_url);
  });

  it('offers the download where this server has no preview, never an error', async () => {
    const detail = await documentDetail(olga, scope, guide.id);
    // A server without LibreOffice: this one has it, so its answer is the one such a server gives.
    const unavailable: DocumentDetail = {
      ...detail,
      document: { ...detail.document, kind: 'word', status: 'unavailable' },
      versions: detail.versions.map((version) => ({ ...version, status: 'unavailable' })),
      pages: [],
    };
    replaceAnswers((request) => (request.path === '/api/project/doc' ? ok(unavailable) : null));
    view(guide.id);
    const state = await screen.findByTestId('doc-state-unavailable');
    expect(state.textContent).toContain('Preview unavailable on this server');
    expect(within(state).getByTestId('doc-download').getAttribute('href')).toBe(detail.download_url);
    expect(screen.queryByTestId('doc-state-error')).toBeNull();
  });

  it("shows the server's refusal in place: a deleted document", async () => {
    const gone = await uploadDocument(olga, scope, 'Gone.pdf', await textPdf([['Gone']]));
    await callAs(olga, 'DELETE', 'project/doc', { ...scope, doc_id: gone.id });
    const refusal = await answerTo(
      olga,
      'GET',
      `project/doc?${new URLSearchParams({ ...scope, doc_id: gone.id })}`,
    );
    expect(refusal.code).toBe('19106');
    view(gone.id);
    const state = await screen.findByTestId('doc-state-error');
    expect(state.textContent).toContain(refusal.msg);
  });
});

describe('the document viewer: Axure', () => {
  let proto: DocumentSummary;
  beforeAll(async () => {
    proto = await uploadDocument(olga, scope, 'Proto.zip', axureExport());
    await drawDocuments(scope.team_id);
  }, 60_000);

  const post = (source: Window | null, data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { data, source }));

  it('builds the page tree from the sitemap frame only, and shows the chosen page in a sandboxed frame', async () => {
    const { onNavigate } = view(proto.id);
    const sitemapFrame = (await screen.findByTestId('doc-axure-sitemap')) as HTMLIFrameElement;
    const detail = await documentDetail(olga, scope, proto.id);
    const axure = detail.axure as NonNullable<DocumentDetail['axure']>;
    expect(sitemapFrame.getAttribute('src')).toBe(axure.sitemap_url);
    expect(sitemapFrame.getAttribute('sandbox')).toBe('allow-scripts');
    const page = () => screen.getByTestId('doc-axure-frame') as HTMLIFrameElement;
    expect(page().getAttribute('src')).toBe(axure.start_url);
    expect(page().getAttribute('sandbox')).toBe('allow-scripts allow-popups');

    const tree = [
      { pageName: 'Home', url: 'home.html', children: [{ pageName: 'Detail', url: 'detail.html' }] },
    ];
    // From any other window, or without `ferrySitemap`, nothing happens.
    post(window, { ferrySitemap: [{ pageName: 'Evil', url: 'evil.html' }] });
    post(sitemapFrame.contentWindow, { sitemap: tree });
    post(sitemapFrame.contentWindow, { ferrySitemap: tree });
    fireEvent.click(await screen.findByText('Detail'));
    expect(screen.queryByText('Evil')).toBeNull();
    expect(screen.getByText('Home')).toBeTruthy();
    expect(onNavigate).toHaveBeenCalledWith({ pageId: 2 });
    expect(page().getAttribute('src')).toBe(`${axure.base_url}detail.html`);
    expect(page().dataset.zoom).toBe('off');
  });

  it('refuses a hostile sitemap and keeps the start page; lays pages out 1280 px wide with the Axure zoom', async () => {
    writeLab({ axureZoom: true });
    view(proto.id, { pageId: 1 });
    const sitemapFrame = (await screen.findByTestId('doc-axure-sitemap')) as HTMLIFrameElement;
    post(sitemapFrame.contentWindow, {
      ferrySitemap: [{ pageName: 'Home', url: '../../../api/account/login.html' }],
    });
    expect((await screen.findByTestId('doc-sitemap-problem')).textContent).toContain('could not be read');
    const frame = screen.getByTestId('doc-axure-frame') as HTMLIFrameElement;
    const detail = await documentDetail(olga, scope, proto.id);
    expect(frame.getAttribute('src')).toBe(detail.axure?.start_url);
    // A 640 px wide area: the page is laid out 1280 px wide at half size.
    await waitFor(() => expect(frame.style.transform).toBe('scale(0.5)'));
    expect(frame.style.width).toBe('1280px');
    expect(frame.style.height).toBe('1000px');
  });
});
