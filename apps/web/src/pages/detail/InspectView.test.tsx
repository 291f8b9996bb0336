import '../../test/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAB, writeLab } from '../../state/lab';
import { readPreferences, writePreferences } from '../../state/preferences';
import { applyLogin } from '../../state/session';
import { readJson, StorageKeys } from '../../state/storage';
import { buildLogin } from '../../test/fixtures';
import { ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';
import { sampleDoc, titleLayer } from './test/sampleDoc';
import { readInspectPrefs } from './useInspectPrefs';

const JSON_URL = '/files/layers/v-1.json?expires=1&signature=abc';

function version(layersStatus: string) {
  return {
    id: 'v-1',
    version_info: 'V1',
    status: 'ready',
    current: true,
    urls: { org: '/files/home.png', p50: '/files/home-p50.png' },
    url: '/files/home.png',
    width: 750,
    height: 1334,
    size: 1000,
    download_url: '/files/home.psd',
    json_url: layersStatus === 'ready' ? JSON_URL : '',
    json_md5: layersStatus === 'ready' ? 'md5-1' : '',
    layers_status: layersStatus,
    comments: 0,
    editor_info: { user_id: 'user-1', name: 'Ada' },
    create_time: '2026-03-01T10:00:00.000Z',
  };
}

const design = (layersStatus: string) => ({
  id: 'img-1',
  image_id: 'img-1',
  name: 'Home',
  status: 'ready',
  urls: { org: '/files/home.png' },
  url: '/files/home.png',
  width: 750,
  height: 1334,
  versions: [version(layersStatus)],
});

const detailPath = (extra = '') =>
  `/item/project/detailDetach?project_id=p-1&tid=team-a&pid=p-1&image_id=img-1${extra}`;
const stagePathPrefix = '/item/project/stage';

/** The user's preferences as the server keeps them (read after sign-in). */
let savedPreferences: Record<string, unknown> = {};

function serve(layersStatus = 'ready') {
  const login = buildLogin();
  applyLogin(login);
  return stubFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/account/user_profile_by_cache')
      return ok(savedPreferences);
    if (request.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    if (request.path === '/api/account/user_teams') return ok(login.teams);
    if (request.path === '/api/project/images') return ok({ images: [design(layersStatus)], total: 1 });
    if (request.path === '/api/project/image') return ok(design(layersStatus));
    if (request.path === '/api/project/comments') return ok({ threads: [] });
    // The stage, after Esc.
    if (request.path === '/api/project/project_info') return ok({ id: 'p-1', name: 'Shop', abilities: {} });
    if (request.url === JSON_URL) return new Response(JSON.stringify(sampleDoc), { status: 200 });
    return ok({});
  });
}

const logs = (seen: SeenRequest[]) =>
  seen
    .filter((request) => request.path === '/api/log/add')
    .map((request) => request.body as Record<string, string>);

/** The doc has arrived once the design info counts its layers (the first render of a file loads antd: slow). */
const layersRead = () =>
  waitFor(() => expect(screen.getByTestId('inspect-layer-count').getAttribute('data-value')).toBe('6'), {
    timeout: 10_000,
  });

/** Clicks the design at a design point: at the canvas's unmeasured size the design shows at 100 % from 0,0. */
function clickDesign(x: number, y: number, modifiers: { altKey?: boolean } = {}) {
  fireEvent.click(screen.getByTestId('detail-image'), { clientX: x, clientY: y, ...modifiers });
}

async function openWithTitleSelected() {
  const seen = serve();
  const view = renderApp(detailPath());
  await layersRead();
  clickDesign(70, 250, { altKey: true });
  await screen.findByTestId('inspect-properties');
  return { seen, view };
}

const text = (testId: string) => screen.getByTestId(testId).getAttribute('data-value');

async function choose(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(choice);
}

describe('the inspect view', () => {
  // The lab options are kept in memory besides the storage the set-up clears.
  afterEach(() => {
    act(() => void writeLab(DEFAULT_LAB));
    savedPreferences = {};
  });

  it('fetches the LayerDoc once from json_url without the session and logs one page view', async () => {
    const { seen } = await openWithTitleSelected();
    const docCalls = seen.filter((request) => request.url === JSON_URL);
    expect(docCalls).toHaveLength(1);
    expect(docCalls[0].headers.authorization).toBeUndefined();
    expect(logs(seen)).toEqual([
      {
        projectId: 'p-1',
        teamId: 'team-a',
        msgType: 'measurepage_pageview',
        imageId: 'img-1',
        imageName: 'Home',
      },
    ]);
  });

  it('opens with the layer of `layer_id` selected (a search hit on a text layer)', async () => {
    serve();
    renderApp(detailPath(`&layer_id=${titleLayer.id}`));
    // The selection shows in place of the design info once the LayerDoc is in.
    await waitFor(() => expect(text('inspect-layer-name')).toBe('Title'), { timeout: 10_000 });
    expect(screen.getByTestId('inspect-selected')).toBeTruthy();
  });

  it('selects the top-level group first, one level deeper per click, the text layer at once with Alt', async () => {
    serve();
    renderApp(detailPath());
    await layersRead();
    clickDesign(70, 250);
    await waitFor(() => expect(text('inspect-layer-name')).toBe('Card'));
    clickDesign(70, 250);
    await waitFor(() => expect(text('inspect-layer-name')).toBe('Title'));
    clickDesign(5, 5);
    await waitFor(() => expect(text('inspect-layer-name')).toBe('Background'));
    clickDesign(70, 250, { altKey: true });
    await waitFor(() => expect(text('inspect-layer-name')).toBe('Title'));
    expect(screen.getByTestId('inspect-selected')).toBeTruthy();
    expect(screen.getByTestId('inspect-size').textContent).toBe('150 × 22');
    // With nothing hovered, the distances to the artboard's four edges.
    expect(screen.getAllByTestId('inspect-distance').map((label) => label.textContent)).toEqual([
      '30',
      '195',
      '120',
      '525',
    ]);
  });

  it('outlines the layer under the pointer and measures the gap to it from the selection', async () => {
    await openWithTitleSelected();
    fireEvent.pointerMove(screen.getByTestId('detail-canvas'), { clientX: 100, clientY: 420, altKey: true });
    await screen.findByTestId('inspect-hover');
    // Title ends at y 284, Buy now starts at 400: 116 design px, 58 px at @2x.
    expect(screen.getAllByTestId('inspect-distance').map((label) => label.textContent)).toEqual(['58']);
    fireEvent.pointerLeave(screen.getByTestId('detail-canvas'));
    await waitFor(() => expect(screen.queryByTestId('inspect-hover')).toBeNull());
    expect(screen.getAllByTestId('inspect-distance')).toHaveLength(4);
  });

  it('zooms with Ctrl/⌘-wheel by steps, continuously with free zoom, and pans with the wheel', async () => {
    serve();
    renderApp(detailPath());
    await layersRead();
    const canvas = screen.getByTestId('detail-canvas');
    const world = () => (document.querySelector('.inspect-world') as HTMLElement).style.transform;
    fireEvent.wheel(canvas, { deltaY: -100, ctrlKey: true });
    await waitFor(() => expect(screen.getByTestId('detail-zoom').textContent).toBe('125%'));
    fireEvent.wheel(canvas, { deltaY: 100, metaKey: true });
    await waitFor(() => expect(screen.getByTestId('detail-zoom').textContent).toBe('100%'));
    const before = world();
    fireEvent.wheel(canvas, { deltaX: 30, deltaY: 40 });
    await waitFor(() => expect(world()).not.toBe(before));
    act(() => void writeLab({ freeZoom: true }));
    fireEvent.wheel(canvas, { deltaY: -100, ctrlKey: true });
    // e^(100 × 0.002) ≈ 1.22
    await waitFor(() => expect(screen.getByTestId('detail-zoom').textContent).toBe('122%'));
  });

  it('shows the 50 % preview under performance priority', async () => {
    writeLab({ performance: true });
    serve();
    renderApp(detailPath());
    await waitFor(() =>
      expect(screen.getByTestId('detail-image').getAttribute('src')).toBe('/files/home-p50.png'),
    );
  });

  it('shows a text layer’s position, size and every style run, in px of the guessed @2x', async () => {
    await openWithTitleSelected();
    expect(text('inspect-x')).toBe('30px');
    expect(text('inspect-y')).toBe('120px');
    expect(text('inspect-width')).toBe('150px');
    expect(text('inspect-height')).toBe('22px');
    expect(text('inspect-text-content')).toBe('Hello Ferry');
    const styles = screen.getAllByTestId('inspect-text-style');
    expect(styles).toHaveLength(2);
    const first = within(styles[0]);
    expect(first.getByTestId('inspect-font-family').getAttribute('data-value')).toBe('PingFang SC');
    expect(first.getByTestId('inspect-postscript').getAttribute('data-value')).toBe('PingFangSC-Medium');
    expect(first.getByTestId('inspect-font-weight').getAttribute('data-value')).toBe('500');
    expect(first.getByTestId('inspect-font-size').getAttribute('data-value')).toBe('16px');
    expect(first.getByTestId('inspect-line-height').getAttribute('data-value')).toBe('22px');
    expect(first.getByTestId('inspect-letter-spacing').getAttribute('data-value')).toBe('0.5px');
    expect(first.getByTestId('inspect-text-color').getAttribute('data-value')).toBe('#1E2025');
    const second = within(styles[1]);
    expect(second.getByTestId('inspect-postscript').getAttribute('data-value')).toBe('PingFangSC-Semibold');
    expect(second.getByTestId('inspect-text-color').getAttribute('data-value')).toBe('#3370FF');
    expect(styles[1].textContent).toContain('Ferry');
  });

  it('switches the colour format, and remembers it for the project', async () => {
    const { view } = await openWithTitleSelected();
    fireEvent.click(within(screen.getByTestId('inspect-color-format')).getByText('RGBA'));
    await waitFor(() =>
      expect(screen.getAllByTestId('inspect-text-color')[0].getAttribute('data-value')).toBe(
        'rgba(30, 32, 37, 1)',
      ),
    );
    expect(screen.getByTestId('inspect-code').textContent).toContain('color: rgba(30, 32, 37, 1);');
    fireEvent.click(within(screen.getByTestId('inspect-color-format')).getByText('HSL'));
    await waitFor(() =>
      expect(screen.getAllByTestId('inspect-text-color')[0].getAttribute('data-value')).toBe(
        'hsl(223, 10%, 13%)',
      ),
    );
    expect(
      readJson<Record<string, { colorFormat: string }>>(StorageKeys.inspectPrefs, {})['p-1'].colorFormat,
    ).toBe('hsl');
    view.unmount();
    renderApp(detailPath());
    await layersRead();
    clickDesign(70, 250, { altKey: true });
    await waitFor(() =>
      expect(screen.getAllByTestId('inspect-text-color')[0].getAttribute('data-value')).toBe(
        'hsl(223, 10%, 13%)',
      ),
    );
  });

  it('converts by platform and base scale: dp and sp on Android, @1x, rpx for mini programs', async () => {
    await openWithTitleSelected();
    await choose('inspect-platform', 'Android · dp');
    await waitFor(() => expect(text('inspect-x')).toBe('30dp'));
    expect(screen.getAllByTestId('inspect-font-size')[0].getAttribute('data-value')).toBe('16sp');
    expect(screen.getByTestId('inspect-code').textContent).toContain('android:textSize="16sp"');
    await choose('inspect-base-scale', '@1x');
    await waitFor(() => expect(text('inspect-x')).toBe('60dp'));
    expect(screen.getAllByTestId('inspect-font-size')[0].getAttribute('data-value')).toBe('32sp');
    expect(screen.getByTestId('inspect-size').textContent).toBe('300 × 44');
    await choose('inspect-platform', 'Mini program · rpx');
    await waitFor(() => expect(text('inspect-width')).toBe('600rpx'));
    expect(screen.getByTestId('inspect-code').textContent).toContain('width: 600rpx;');
    expect(readJson<Record<string, object>>(StorageKeys.inspectPrefs, {})['p-1']).toMatchObject({
      platform: 'wxss',
      baseScale: 1,
    });
  });

  it('copies the code and logs code_copy; copies a single value on click', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { seen } = await openWithTitleSelected();
    fireEvent.click(within(screen.getByTestId('inspect-code-language')).getByText('Swift'));
    fireEvent.click(screen.getByTestId('inspect-code-copy'));
    await waitFor(() => expect(logs(seen).map((log) => log.msgType)).toContain('code_copy'));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('let title = UILabel()'));
    expect(logs(seen)).toEqual([
      expect.objectContaining({ msgType: 'measurepage_pageview' }),
      { projectId: 'p-1', teamId: 'team-a', msgType: 'code_copy', imageId: 'img-1', imageName: 'Home' },
    ]);
    fireEvent.click(screen.getAllByTestId('inspect-font-size')[0]);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('16px'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    // Copying a value is not a code copy.
    expect(logs(seen)).toHaveLength(2);
  });

  it('Esc clears the selection first, then goes back to the stage', async () => {
    const { view } = await openWithTitleSelected();
    fireEvent.keyDown(window, { key: 'Escape' });
    await screen.findByTestId('inspect-design');
    expect(view.location()).toContain('/item/project/detailDetach');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(view.location()).toContain(stagePathPrefix));
  });

  it('Esc goes back at once when the lab option says so', async () => {
    writeLab({ escOnMark: 'back' });
    const { view } = await openWithTitleSelected();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(view.location()).toContain(stagePathPrefix));
  });

  it('C toggles comment mode, and the layer button comments on the selected layer', async () => {
    await openWithTitleSelected();
    fireEvent.keyDown(window, { key: 'c' });
    await waitFor(() =>
      expect(screen.getByTestId('detail-comment-mode').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.getByTestId('comment-place-layer')).toBeTruthy();
    fireEvent.click(screen.getByTestId('detail-comment-mode'));
    await waitFor(() => expect(screen.queryByTestId('comment-place-layer')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: 'Inspect' }));
    fireEvent.click(await screen.findByTestId('inspect-comment-layer'));
    expect(await screen.findByTestId('comment-draft')).toBeTruthy();
  });

  it('lists the layers top-most first; a row selects its layer, and the list stays open for the project', async () => {
    serve();
    const view = renderApp(detailPath());
    await layersRead();
    fireEvent.click(screen.getByTestId('detail-layer-list'));
    const list = await screen.findByTestId('inspect-layer-tree');
    const rows = () => [...list.querySelectorAll('.ant-tree-title')].map((row) => row.textContent);
    expect(rows()).toEqual(['Tab bar', 'Card', 'Background']);
    fireEvent.click(
      within(list).getByText('Card').closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher')!,
    );
    await waitFor(() =>
      expect(rows()).toEqual(['Tab bar', 'Card', 'Buy now', 'Title', 'Card bg', 'Background']),
    );
    fireEvent.click(within(list).getByText('Buy now'));
    await waitFor(() => expect(text('inspect-layer-name')).toBe('Buy now'));
    expect(text('inspect-width')).toBe('100px');
    view.unmount();
    renderApp(detailPath());
    expect(await screen.findByTestId('inspect-layer-tree')).toBeTruthy();
  });

  it("opens with the user's deep select and layer list where the project has its own; a change here becomes the user's", async () => {
    savedPreferences = { inspectDeepSelect: true, inspectLayerTree: true };
    serve();
    renderApp(detailPath());
    await layersRead();
    await waitFor(() => expect(readPreferences().inspectLayerTree).toBe(true));
    expect(await screen.findByTestId('inspect-layer-tree')).toBeTruthy();
    // Deep select: the first click takes the text layer, not its group.
    clickDesign(70, 250);
    await waitFor(() => expect(text('inspect-layer-name')).toBe('Title'));

    fireEvent.click(screen.getByTestId('detail-layer-list'));
    await waitFor(() => expect(screen.queryByTestId('inspect-layer-tree')).toBeNull());
    expect(readPreferences().inspectLayerTree).toBe(false);
    // A project the user never set follows; this one keeps its own choice.
    expect(readInspectPrefs('p-2').tree).toBe(false);
    expect(readInspectPrefs('p-2').deep).toBe(true);
    act(() => writePreferences({ inspectLayerTree: true }));
    expect(readInspectPrefs('p-1').tree).toBe(false);
    expect(readInspectPrefs('p-2').tree).toBe(true);
  });

  it('opens the Comments tab when the route names a comment', async () => {
    serve();
    renderApp(detailPath('&comment_id=c-9'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Comments' }).getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('offers the colour picker for a plain picture, and notes layers being read or failed', async () => {
    const seen = serve('none');
    const view = renderApp(detailPath());
    expect(await screen.findByTestId('inspect-plain-hint')).toBeTruthy();
    expect(screen.getByTestId('detail-canvas').className).toContain('is-picking');
    expect(seen.some((request) => request.url === JSON_URL)).toBe(false);
    view.unmount();

    serve('processing');
    const processing = renderApp(detailPath());
    expect(await screen.findByTestId('inspect-layers-processing')).toBeTruthy();
    expect(screen.getByTestId('detail-image')).toBeTruthy();
    processing.unmount();

    serve('failed');
    renderApp(detailPath());
    expect(await screen.findByTestId('inspect-layers-failed')).toBeTruthy();
  });
});
