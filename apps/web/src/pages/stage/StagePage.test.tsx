import '../../test/setup';
import { Codes, type ImageView, NO_SECTION_ID, type ProjectCard, type TeamRole } from '@ferry/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SectionView } from '../../api/designs';
import { writePreferences } from '../../state/preferences';
import { applyLogin } from '../../state/session';
import { buildLogin, buildProjectCard, buildTeam } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';
import { layOutStage } from '../../test/stageLayout';
import { stagePath } from './paths';
import { notifyStaleLayout, resetStaleLayoutToast } from './useStageActions';

const STAGE = stagePath('team-a', 'p-1');

function design(n: number, extra: Partial<ImageView> = {}): ImageView {
  const id = `d-${n}`;
  return {
    id,
    image_id: id,
    project_id: 'p-1',
    name: `Screen ${n}`,
    type: 'image',
    file_type: 'png',
    status: 'ready',
    fail_code: '',
    batch: '',
    url: `/files/${id}.png`,
    image_url: `/files/${id}.png`,
    urls: { p25: `/files/${id}-p25.webp` },
    width: 375,
    height: 812,
    size: 1000,
    position_x: 0,
    position_y: 0,
    order: n,
    sector_id: null,
    group: [],
    parentSet: null,
    version_id: `v-${n}`,
    version_count: 1,
    position_count: 0,
    comment_count: 0,
    user_id: 'user-1',
    create_time: '2026-01-01T00:00:00.000Z',
    update_time: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

interface Stage {
  images: ImageView[];
  sectors?: SectionView[];
  role?: TeamRole;
  card?: Partial<ProjectCard>;
  extra?: (req: SeenRequest) => Response | null;
}

function serve({ images, sectors, role = 'superadmin', card = {}, extra }: Stage) {
  const login = buildLogin({ teams: [buildTeam('team-a', 'Alpha', role)] });
  applyLogin(login);
  const arrangement = sectors ?? [
    { id: NO_SECTION_ID, name: 'Ungrouped', order: -9999, parent_id: null, image_ids: [], children: [] },
  ];
  return stubFetch((req) => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.path === '/api/account/login') return ok({ user: login.user, teams: login.teams });
    if (req.path === '/api/project/project_info') return ok(buildProjectCard('p-1', 'Checkout', card, role));
    if (req.path === '/api/project/images')
      return ok({ images, total: images.length, slow_warning: images.length > 300, stage_revision: 1 });
    if (req.path === '/api/project/project_sectors') return ok({ sectors: arrangement, stage_revision: 1 });
    return ok({});
  });
}

const cards = () => screen.queryAllByTestId('design-card');
const cardNamed = (name: string) =>
  screen.getAllByTestId('design-card').find((el) => el.dataset.designName === name) as HTMLElement;

beforeEach(() => {
  resetStaleLayoutToast();
  layOutStage();
});
afterEach(() => vi.restoreAllMocks());

describe('the project stage', () => {
  it('renders only the rows of 1,000 designs near the viewport, and others once scrolled there', async () => {
    serve({ images: Array.from({ length: 1000 }, (_, n) => design(n + 1)) });
    renderApp(STAGE);
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    expect(cards().length).toBeLessThan(60);
    expect(screen.getByTestId('stage-slow-warning')).toBeTruthy();
    expect(screen.getByTestId('stage-count').textContent).toBe('1000 designs');
    expect(screen.queryByText('Screen 1000')).toBeNull();

    const scroller = screen.getByTestId('stage-scroll');
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 1_000_000 });
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getByText('Screen 1000')).toBeTruthy());
    expect(cards().length).toBeLessThan(60);
    expect(screen.queryByText('Screen 1')).toBeNull();
  });

  it('narrows the designs by name and by upload time', async () => {
    const today = new Date().toISOString();
    serve({
      images: [
        design(1, { name: 'Login' }),
        design(2, { name: 'Login error', create_time: today }),
        design(3),
      ],
    });
    renderApp(STAGE);
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.change(
      screen.getByTestId('stage-search').querySelector('input') ?? screen.getByTestId('stage-search'),
      {
        target: { value: 'login' },
      },
    );
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('stage-time-today'));
    await waitFor(() => expect(cards().map((el) => el.dataset.designName)).toEqual(['Login error']));
    // The latest designs carry the "new" marker.
    expect(within(cardNamed('Login error')).getByTestId('design-new')).toBeTruthy();
  });

  it('leaves the names and the "new" marker off the cards when the user\'s preferences say so', async () => {
    const today = new Date().toISOString();
    serve({
      images: [design(1, { name: 'Login', create_time: today }), design(2)],
      // The user's saved preferences, read after sign-in.
      extra: (req) =>
        req.method === 'GET' && req.path === '/api/account/user_profile_by_cache'
          ? ok({ stageNames: false, stageNewMarker: false })
          : null,
    });
    renderApp(STAGE);
    await waitFor(() => expect(cards()).toHaveLength(2));
    await waitFor(() => expect(screen.queryAllByTestId('design-name')).toHaveLength(0));
    expect(screen.queryByTestId('design-new')).toBeNull();
    // The name stays the card's tooltip.
    expect(cardNamed('Login').title).toBe('Login');

    act(() => writePreferences({ stageNames: true, stageNewMarker: true }));
    await waitFor(() =>
      expect(screen.getAllByTestId('design-name').map((el) => el.textContent)).toEqual(['Login', 'Screen 2']),
    );
    expect(within(cardNamed('Login')).getByTestId('design-new')).toBeTruthy();
  });

  it('selects with Ctrl and makes a section of the selection', async () => {
    const seen = serve({ images: [design(1), design(2), design(3)] });
    renderApp(STAGE);
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(cardNamed('Screen 1'));
    fireEvent.click(cardNamed('Screen 3'), { ctrlKey: true });
    expect(screen.getByTestId('selection-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('selection-new-section'));
    fireEvent.change(await screen.findByTestId('stage-name-input'), { target: { value: 'Onboarding' } });
    fireEvent.click(screen.getByTestId('stage-name-save'));
    await waitFor(() => expect(seen.some((req) => req.path === '/api/project/sector')).toBe(true));
    const created = seen.find((req) => req.path === '/api/project/sector');
    expect(created?.method).toBe('POST');
    expect(created?.body).toMatchObject({
      team_id: 'team-a',
      project_id: 'p-1',
      name: 'Onboarding',
      image_ids: ['d-1', 'd-3'],
      // The layout revision the stage last read.
      stage_revision: 1,
    });
  });

  it('opens in the order kept for the project', async () => {
    serve({ images: [design(1), design(2)], card: { order_type: 'name' } });
    renderApp(STAGE);
    await waitFor(() => expect(screen.getByTestId('stage-order').textContent).toContain('By name'));
  });

  it('holds the stage while designs are dragged and lets it go when the drag ends', async () => {
    const seen = serve({ images: [design(1), design(2)] });
    renderApp(STAGE);
    await waitFor(() => expect(cards()).toHaveLength(2));
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(cardNamed('Screen 1'), { dataTransfer });
    fireEvent.dragEnd(cardNamed('Screen 1'), { dataTransfer });
    const locks = () => seen.filter((req) => req.path === '/api/project/image_lock');
    await waitFor(() => expect(locks()).toHaveLength(2));
    expect(locks().map((req) => req.body)).toEqual([
      { team_id: 'team-a', project_id: 'p-1', lock: true },
      { team_id: 'team-a', project_id: 'p-1', lock: false },
    ]);
  });

  it('shows the server refusal of a stale layout as one toast per 600 ms and reads the stage again', async () => {
    const seen = serve({
      images: [design(1), design(2)],
      sectors: [
        {
          id: NO_SECTION_ID,
          name: 'Ungrouped',
          order: -9999,
          parent_id: null,
          image_ids: ['d-1', 'd-2'],
          children: [],
        },
        { id: 's-1', name: 'Flows', order: 1, parent_id: null, image_ids: [], children: [] },
      ],
      extra: (req) =>
        req.path === '/api/project/sector_image_sort'
          ? envelope('10092', 'Operation failed, please refresh the page and retry')
          : null,
    });
    renderApp(STAGE);
    await waitFor(() => expect(cards()).toHaveLength(2));
    const readsBefore = seen.filter((req) => req.path === '/api/project/project_sectors').length;
    fireEvent.click(cardNamed('Screen 2'));
    fireEvent.click(screen.getByTestId('selection-to-section'));
    const flows = (await screen.findAllByTestId('selection-section-option')).find(
      (el) => el.dataset.sectionName === 'Flows',
    );
    fireEvent.click(flows as HTMLElement);
    await screen.findByText('Operation failed, please refresh the page and retry');
    const sort = seen.find((req) => req.path === '/api/project/sector_image_sort');
    expect(sort?.body).toMatchObject({ images: ['d-2'], target_sector_id: 's-1' });
    await waitFor(() =>
      expect(seen.filter((req) => req.path === '/api/project/project_sectors').length).toBeGreaterThan(
        readsBefore,
      ),
    );
    // The throttle itself: a second refusal within 600 ms shows nothing more.
    resetStaleLayoutToast();
    expect(notifyStaleLayout(10_000)).toBe(true);
    expect(notifyStaleLayout(10_500)).toBe(false);
    expect(notifyStaleLayout(10_601)).toBe(true);
  });

  it('asks again every 2 s while a design is processing', async () => {
    const seen = serve({ images: [design(1, { status: 'processing', urls: {} })] });
    renderApp(STAGE);
    await screen.findByTestId('design-processing');
    const reads = () => seen.filter((req) => req.path === '/api/project/images').length;
    expect(reads()).toBe(1);
    await waitFor(() => expect(reads()).toBe(2), { timeout: 4000 });
  });

  it('says why a design failed, in the catalogue’s words', async () => {
    serve({ images: [design(1, { status: 'failed', fail_code: '19081', urls: {} }), design(2)] });
    renderApp(STAGE);
    const reason = await screen.findByTestId('design-failed-reason');
    expect(reason.textContent).toBe(Codes.DESIGN_FILTERS_TOO_COSTLY.en);
    expect(screen.getAllByTestId('design-failed')).toHaveLength(1);
  });

  it('gives a viewer no edit action', async () => {
    serve({ images: [design(1), design(2)], role: 'onlooker' });
    renderApp(STAGE);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByTestId('stage-upload')).toBeNull();
    expect(screen.queryByTestId('section-actions')).toBeNull();
    expect(cardNamed('Screen 1').getAttribute('draggable')).toBe('false');
    fireEvent.click(cardNamed('Screen 1'));
    expect(screen.queryByTestId('selection-delete')).toBeNull();
    expect(screen.queryByTestId('selection-rename')).toBeNull();
    fireEvent.click(within(cardNamed('Screen 1')).getByTestId('design-actions'));
    await screen.findByTestId('design-action-versions');
    expect(screen.queryByTestId('design-action-rename')).toBeNull();
    expect(screen.queryByTestId('design-action-delete')).toBeNull();
  });

  it('opens a design in the detail view on a double click', async () => {
    serve({ images: [design(7)] });
    const view = renderApp(STAGE);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.doubleClick(cardNamed('Screen 7'));
    await waitFor(() => expect(view.location()).toContain('/item/project/detailDetach?'));
    expect(view.location()).toContain('image_id=d-7');
  });

  it('invites an upload when the project is empty', async () => {
    serve({ images: [] });
    renderApp(STAGE);
    await screen.findByTestId('stage-empty');
    expect(screen.getByTestId('stage-upload')).toBeTruthy();
  });
});
