import '../../../test/setup';
import { type BaseScale, Codes, type Layer, type LayerDoc, plainLayer } from '@ferry/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../App';
import { applyLogin } from '../../../state/session';
import { buildLogin } from '../../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../../test/http';
import { SlicesPanel } from './SlicesPanel';
import { readSliceFormat } from './useSliceFormat';

function layer(id: string, name: string, frame: Layer['frame'], overrides: Partial<Layer> = {}): Layer {
  return plainLayer(id, name, 'image', frame, overrides);
}

const icon = layer('1.0', 'icon-cart', { x: 40, y: 20, width: 96, height: 48 }, { exportable: true });
const logo = layer('1.1', 'logo', { x: 300, y: 12, width: 120, height: 61 }, { exportable: true });
const title = layer('2', 'Title', { x: 0, y: 100, width: 750, height: 88 }, { type: 'text' });

function doc(source: LayerDoc['source'] = 'psd'): LayerDoc {
  return {
    version: 1,
    source,
    width: 750,
    height: 1334,
    layers: [
      layer('1', 'Header', { x: 0, y: 0, width: 750, height: 88 }, { type: 'group', children: [icon, logo] }),
      title,
    ],
  };
}

const detail = {
  id: 'img-1',
  image_id: 'img-1',
  name: 'Cart',
  status: 'ready',
  versions: [
    {
      id: 'v-2',
      status: 'ready',
      urls: { org: '/files/v2.png' },
      url: '/files/v2.png',
      width: 750,
      height: 1334,
    },
  ],
};

function open(
  props: {
    doc?: LayerDoc | null;
    selected?: Layer | null;
    baseScale?: BaseScale;
    canDownload?: boolean;
  } = {},
  answer?: (request: SeenRequest) => Response | undefined,
) {
  applyLogin(buildLogin());
  const seen = stubFetch((request) => {
    const custom = answer?.(request);
    if (custom) return custom;
    if (request.path === '/api/project/image') return ok(detail);
    if (request.path === '/api/project/slices')
      return ok({
        url: '/files/zip/cart.zip?sig=1',
        name: 'Cart-android@2x-slices.zip',
        size: 2048,
        files: ['a', 'b', 'c'],
      });
    return ok({});
  });
  const onSelect = vi.fn();
  render(
    <AppProviders>
      <MemoryRouter>
        <SlicesPanel
          teamId="team-a"
          projectId="p-1"
          imageId="img-1"
          versionId="v-2"
          designName="Cart"
          doc={props.doc === undefined ? doc() : props.doc}
          selected={props.selected ?? null}
          baseScale={props.baseScale ?? 2}
          canDownload={props.canDownload ?? true}
          onSelect={onSelect}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { seen, onSelect };
}

const checkedFormat = () =>
  screen.getByTestId('slice-format').querySelector('.ant-segmented-item-selected')?.textContent;

const sizes = () => screen.getAllByTestId('slice-size').map((item) => item.textContent?.replace(/\s+/g, ' '));

describe('the slices panel', () => {
  it('lists the layers marked for export with a crop of the design, and the preset sizes for the base scale', async () => {
    const { onSelect } = open({ baseScale: 2 });
    const rows = screen.getAllByTestId('slice-row');
    expect(rows.map((row) => row.getAttribute('data-layer-id'))).toEqual(['1.0', '1.1']);
    expect(rows[0].textContent).toContain('96 × 48 px');
    // A @2x design: @1x is half its pixels.
    expect(sizes()).toEqual(['@1x48 × 24', '@2x96 × 48', '@3x144 × 72']);
    fireEvent.click(screen.getByTestId('slice-platform-android'));
    expect(sizes()).toEqual([
      'mdpi48 × 24',
      'hdpi72 × 36',
      'xhdpi96 × 48',
      'xxhdpi144 × 72',
      'xxxhdpi192 × 96',
    ]);
    fireEvent.click(screen.getByTestId('slice-platform-web'));
    expect(sizes()).toEqual(['@1x48 × 24', '@2x96 × 48']);

    await waitFor(() =>
      expect(within(rows[1]).getByTestId('slice-thumb').style.backgroundImage).toContain('/files/v2.png'),
    );
    const crop = within(rows[1]).getByTestId('slice-thumb');
    // 120 × 61 fits 40 px at a third: the design is scaled by the same factor and shifted to the layer.
    expect(crop.style.width).toBe('40px');
    expect(crop.style.backgroundPosition).toBe('-100px -4px');
    const [width, height] = crop.style.backgroundSize.split(' ').map(Number.parseFloat);
    expect(width).toBe(250);
    expect(height).toBeCloseTo(444.67, 2);

    fireEvent.click(within(rows[1]).getByTestId('slice-select'));
    expect(onSelect).toHaveBeenCalledWith('1.1');
  });

  it('sizes a @1x and a @3x design from their own pixels', () => {
    open({ baseScale: 3, selected: logo });
    expect(screen.getByTestId('slice-sizes').textContent).toContain('“logo” of a @3x design');
    expect(sizes()).toEqual(['@1x40 × 20', '@2x80 × 41', '@3x120 × 61']);
  });

  it('downloads the ticked layers for the platform and base scale, then fetches the zip', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { seen } = open({ baseScale: 2 });
    expect((screen.getByTestId('slice-download-ticked') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('slice-platform-android'));
    for (const check of screen.getAllByTestId('slice-check'))
      fireEvent.click(check.querySelector('input') ?? check);
    const button = screen.getByTestId('slice-download-ticked');
    expect(button.textContent).toBe('Download 2 slices');
    fireEvent.click(button);

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(seen.find((r) => r.path === '/api/project/slices')?.body).toEqual({
      team_id: 'team-a',
      project_id: 'p-1',
      image_id: 'img-1',
      version_id: 'v-2',
      layer_ids: ['1.0', '1.1'],
      platform: 'android',
      base_scale: 2,
      formats: ['png'],
    });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe('/files/zip/cart.zip?sig=1');
    expect(anchor.download).toBe('Cart-android@2x-slices.zip');
    expect(await screen.findByText('Downloading the zip (3 files)')).toBeTruthy();
  });

  it('downloads the selected layer alone as SVG where the design is vector, and remembers the format', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { seen } = open({ doc: doc('svg'), selected: title, baseScale: 1 });
    fireEvent.click(screen.getByTestId('slice-format-svg'));
    // One file at @1x.
    expect(sizes()).toEqual(['@1x750 × 88']);
    fireEvent.click(within(screen.getByTestId('slice-selected')).getByTestId('slice-download'));
    await waitFor(() =>
      expect(seen.find((r) => r.path === '/api/project/slices')?.body).toMatchObject({
        layer_ids: ['2'],
        platform: 'ios',
        base_scale: 1,
        formats: ['svg'],
      }),
    );
    expect(readSliceFormat('p-1')).toBe('svg');
    expect(readSliceFormat('p-2')).toBe('png');
  });

  it('downloads WebP at every preset when chosen', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { seen } = open({ baseScale: 2 });
    expect(checkedFormat()).toBe('PNG');
    fireEvent.click(screen.getByTestId('slice-format-webp'));
    expect(checkedFormat()).toBe('WebP');
    expect(sizes()).toEqual(['@1x48 × 24', '@2x96 × 48', '@3x144 × 72']);
    fireEvent.click(within(screen.getAllByTestId('slice-row')[0]).getByTestId('slice-download'));
    await waitFor(() =>
      expect(seen.find((r) => r.path === '/api/project/slices')?.body).toMatchObject({
        layer_ids: ['1.0'],
        formats: ['webp'],
      }),
    );
  });

  it('shows SVG disabled for a PSD pixel layer, and a format remembered from an SVG design falls back to PNG', async () => {
    window.localStorage.setItem('sliceFormats', JSON.stringify({ 'p-1': 'svg' }));
    open();
    expect(checkedFormat()).toBe('PNG');
    const svg = screen.getByTestId('slice-format-svg');
    expect(svg.closest('.ant-segmented-item')?.className).toContain('ant-segmented-item-disabled');
    fireEvent.mouseEnter(svg);
    expect(
      await screen.findByText(/SVG needs a vector layer: any layer of an SVG design, or a PSD's shape layer/),
    ).toBeTruthy();
    // Still remembered for the project's SVG designs.
    expect(readSliceFormat('p-1')).toBe('svg');
  });

  it('offers SVG for a PSD shape layer, and keeps pixel layers from an SVG download', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const badge = plainLayer(
      '3',
      'badge',
      'shape',
      { x: 10, y: 200, width: 32, height: 32 },
      {
        exportable: true,
        vector: true,
      },
    );
    const withShape = { ...doc(), layers: [...doc().layers, badge] };
    const { seen } = open({ doc: withShape, selected: badge, baseScale: 1 });
    fireEvent.click(screen.getByTestId('slice-format-svg'));
    expect(checkedFormat()).toBe('SVG');
    const rows = screen.getAllByTestId('slice-row');
    expect(rows.map((row) => row.dataset.layerId)).toEqual(['1.0', '1.1', '3']);
    // The pixel layers cannot be had as SVG: their downloads are off, and so is a batch that holds one.
    const download = (row: HTMLElement) => within(row).getByTestId('slice-download') as HTMLButtonElement;
    expect(rows.map((row) => download(row).disabled)).toEqual([true, true, false]);
    fireEvent.click(within(rows[2]).getByTestId('slice-check'));
    expect((screen.getByTestId('slice-download-ticked') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(rows[0]).getByTestId('slice-check'));
    expect((screen.getByTestId('slice-download-ticked') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(download(rows[2]));
    await waitFor(() =>
      expect(seen.find((r) => r.path === '/api/project/slices')?.body).toMatchObject({
        layer_ids: ['3'],
        formats: ['svg'],
      }),
    );
  });

  it('shows a refusal in the server’s words', async () => {
    open({}, (request) =>
      request.path === '/api/project/slices'
        ? envelope(Codes.LAYERS_NOT_READY.code, Codes.LAYERS_NOT_READY.en)
        : undefined,
    );
    fireEvent.click(within(screen.getAllByTestId('slice-row')[0]).getByTestId('slice-download'));
    expect(await screen.findByText(Codes.LAYERS_NOT_READY.en)).toBeTruthy();
  });

  it('hides downloads and says why when the project does not allow them', () => {
    open({ canDownload: false, selected: title });
    expect(screen.getByTestId('slices-not-allowed').textContent).toContain(
      "The project's download setting does not let you download slices.",
    );
    expect(screen.getAllByTestId('slice-row')).toHaveLength(2);
    expect(screen.queryByTestId('slice-download')).toBeNull();
    expect(screen.queryByTestId('slice-check')).toBeNull();
    expect(screen.queryByTestId('slice-download-ticked')).toBeNull();
  });

  it('explains that a plain image has no slices', () => {
    open({ doc: null });
    expect(screen.getByTestId('slices-no-layers').textContent).toContain(
      'Slices come from the layers of a PSD or SVG design.',
    );
    expect(screen.queryByTestId('slice-platform-ios')).toBeNull();
  });
});
