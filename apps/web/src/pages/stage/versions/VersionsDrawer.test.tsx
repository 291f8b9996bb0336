import '../../../test/setup';
import { type ImageDetail, projectAbilities, type TeamRole, type VersionView } from '@ferry/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../App';
import { applyLogin } from '../../../state/session';
import { buildLogin } from '../../../test/fixtures';
import { ok, type SeenRequest, stubFetch } from '../../../test/http';
import { VersionsDrawer } from './VersionsDrawer';

function version(number: number, current: boolean, overrides: Partial<VersionView> = {}): VersionView {
  return {
    id: `v-${number}`,
    version_id: `v-${number}`,
    version: number,
    version_info: `V${number}`,
    status: 'ready',
    fail_code: '',
    file_type: 'png',
    size: 2_400_000,
    width: 1440,
    height: 900,
    url: `/files/v${number}.png`,
    url_md5: '',
    urls: { org: `/files/v${number}.png`, p25: `/files/v${number}-p25.webp` },
    download_url: `/files/v${number}.png?download=1`,
    json_url: '',
    json_md5: '',
    layers_status: 'none',
    comments: 0,
    current,
    editor_info: { user_id: 'user-1', name: 'Ada' },
    create_time: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function design(versions: VersionView[]): ImageDetail {
  return {
    id: 'img-1',
    image_id: 'img-1',
    project_id: 'p-1',
    name: 'Checkout',
    type: 'image',
    file_type: 'png',
    status: 'ready',
    fail_code: '',
    batch: 'b',
    url: '',
    image_url: '',
    urls: {},
    width: 1440,
    height: 900,
    size: 1,
    position_x: 0,
    position_y: 0,
    order: 1,
    sector_id: null,
    group: [],
    parentSet: null,
    version_id: versions.find((v) => v.current)?.id ?? '',
    version_count: versions.length,
    position_count: 0,
    comment_count: 0,
    user_id: 'user-1',
    create_time: '2026-03-01T10:00:00.000Z',
    update_time: '2026-03-01T10:00:00.000Z',
    versions,
    user_in_project: true,
  };
}

function open(versions: VersionView[], teamRole: TeamRole = 'member'): SeenRequest[] {
  applyLogin(buildLogin());
  const seen = stubFetch((request) => {
    if (request.path === '/api/project/project_info')
      return ok({
        id: 'p-1',
        project_id: 'p-1',
        name: 'Shop',
        abilities: projectAbilities(teamRole, null, 'A'),
      });
    if (request.path === '/api/project/image') return ok(design(versions));
    if (request.path === '/api/project/image_version' && request.method === 'DELETE')
      return ok({ image_deleted: versions.length === 1, image: null });
    return ok({});
  });
  render(
    <AppProviders>
      <MemoryRouter>
        <VersionsDrawer teamId="team-a" projectId="p-1" imageId="img-1" open onClose={() => {}} />
      </MemoryRouter>
    </AppProviders>,
  );
  return seen;
}

describe('the versions drawer', () => {
  it('lists versions with uploader, size and dimensions, marks the current one, and hides download when not allowed', async () => {
    open([version(2, true), version(1, false, { download_url: '' })]);
    const rows = await screen.findAllByTestId('version-row');
    await screen.findByTestId('version-upload');
    expect(rows.map((row) => row.getAttribute('data-version'))).toEqual(['V2', 'V1']);
    expect(within(rows[0]).getByTestId('version-current').textContent).toBe('Current');
    expect(within(rows[0]).getByText('Ada')).toBeTruthy();
    expect(within(rows[0]).getByText('2.3 MB')).toBeTruthy();
    expect(within(rows[0]).getByTestId('version-dimensions').textContent).toBe('1440 × 900 px');
    expect(within(rows[0]).queryByTestId('version-make-current')).toBeNull();
    expect(within(rows[0]).getByTestId('version-download').getAttribute('href')).toBe(
      '/files/v2.png?download=1',
    );
    expect(within(rows[1]).queryByTestId('version-download')).toBeNull();
    expect(within(rows[1]).getByTestId('version-make-current')).toBeTruthy();
  });

  it('offers a viewer the versions and downloads, without changing anything', async () => {
    open([version(2, true), version(1, false)], 'onlooker');
    const rows = await screen.findAllByTestId('version-row');
    expect(within(rows[1]).getByTestId('version-download')).toBeTruthy();
    expect(screen.queryByTestId('version-delete')).toBeNull();
    expect(screen.queryByTestId('version-make-current')).toBeNull();
    expect(screen.queryByTestId('version-upload')).toBeNull();
  });

  it('asks before deleting one of several versions, saying the others stay', async () => {
    const seen = open([version(2, true), version(1, false)]);
    const rows = await screen.findAllByTestId('version-row');
    fireEvent.click(await within(rows[1]).findByTestId('version-delete'));
    const confirm = () => document.querySelector('.ant-modal-confirm')?.textContent ?? '';
    await waitFor(() => expect(confirm()).toContain('Delete V1?'));
    expect(screen.getByText('V1 will be deleted for good. The other versions stay.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('version-delete-confirm'));
    await waitFor(() =>
      expect(seen.some((r) => r.method === 'DELETE' && r.path === '/api/project/image_version')).toBe(true),
    );
    const call = seen.find((r) => r.method === 'DELETE' && r.path === '/api/project/image_version');
    expect(call?.body).toEqual({
      team_id: 'team-a',
      project_id: 'p-1',
      image_id: 'img-1',
      version_id: 'v-1',
    });
  });

  it('warns that deleting the only version deletes the design', async () => {
    open([version(1, true)]);
    const [row] = await screen.findAllByTestId('version-row');
    fireEvent.click(await within(row).findByTestId('version-delete'));
    expect(
      await screen.findByText(
        'This is the only version of “Checkout”: deleting it deletes the design. The design goes to the recycle bin, where it can be recovered for 30 days.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('version-delete-confirm').textContent).toBe('Delete the design');
  });
});
