import { DownloadOutlined, ScissorOutlined } from '@ant-design/icons';
import {
  type BaseScale,
  InspectLimits,
  type Layer,
  type LayerDoc,
  SLICE_PLATFORMS,
  type SlicePlatform,
  sliceFormatsFor,
  walkLayers,
} from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Segmented } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl, slicesApi } from '../../../api/slices';
import { formErrorText } from '../../../forms/errors';
import { useImageDetail } from '../../stage/versions/useImageDetail';
import { SliceFormatPicker } from './SliceFormatPicker';
import { SliceRow } from './SliceRow';
import { formatSizes } from './sliceSizes';
import { useSliceFormat } from './useSliceFormat';
import './slices.css';

const PLATFORM_LABELS: Record<SlicePlatform, string> = { ios: 'iOS', android: 'Android', web: 'Web' };

/**
 * The slices tab: the layers the designer marked for export and the selected layer, each at the platform's
 * presets relative to the design's base scale, in the chosen format (remembered per project). Downloads one
 * or the ticked ones as a zip the server renders.
 */
export function SlicesPanel({
  teamId,
  projectId,
  imageId,
  versionId,
  designName,
  doc,
  selected,
  baseScale,
  canDownload,
  onSelect,
}: {
  teamId: string;
  projectId: string;
  imageId: string;
  versionId: string;
  designName: string;
  doc: LayerDoc | null;
  selected: Layer | null;
  baseScale: BaseScale;
  canDownload: boolean;
  onSelect: (layerId: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const detail = useImageDetail(teamId, projectId, imageId);
  const version = detail.data?.versions.find((candidate) => candidate.id === versionId);
  const [platform, setPlatform] = useState<SlicePlatform>('ios');
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const exportable = useMemo(
    () => (doc ? [...walkLayers(doc.layers)].filter((layer) => layer.exportable) : []),
    [doc],
  );
  const active = selected ?? exportable.find((layer) => checked.has(layer.id)) ?? exportable[0] ?? null;
  // The picker offers what the layer on show can have (SVG: an SVG design's layers, a PSD's shape layers).
  const offers = (layer: Layer | null) => sliceFormatsFor(doc?.source ?? 'psd', layer);
  const possible = offers(active);
  const [format, setFormat] = useSliceFormat(projectId, possible);
  // Ticks belong to one version's layers.
  useEffect(() => setChecked(new Set()), [versionId]);

  const exportSlices = useMutation({
    mutationFn: ({ layerIds }: { layerIds: string[]; batch: boolean }) =>
      slicesApi.export({
        team_id: teamId,
        project_id: projectId,
        image_id: imageId,
        version_id: versionId,
        layer_ids: layerIds,
        platform,
        base_scale: baseScale,
        formats: [format],
      }),
    onSuccess: (answer) => {
      downloadUrl(answer.url, answer.name || `${designName}-slices.zip`);
      void message.success(t('slices.downloaded', { count: answer.files.length }));
    },
    onError: (error) => {
      const text = formErrorText(error, t('common.requestFailed'));
      if (text) void message.error(text);
    },
  });

  if (!doc) {
    return (
      <div className="slices-panel" data-testid="slices-panel">
        <div className="slices-empty" data-testid="slices-no-layers">
          <ScissorOutlined className="slices-empty-icon" />
          <strong>{t('slices.noLayersTitle')}</strong>
          <span>{t('slices.noLayersHint')}</span>
        </div>
      </div>
    );
  }

  const picture = {
    url: version?.urls.org || version?.url || '',
    width: doc.width,
    height: doc.height,
  };
  const pending = exportSlices.isPending ? exportSlices.variables : undefined;
  const ticked = exportable.filter((layer) => checked.has(layer.id)).map((layer) => layer.id);
  const allTicked = exportable.length > 0 && ticked.length === exportable.length;
  const tick = (id: string, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const row = (layer: Layer, testId: string, checkable: boolean) => (
    <SliceRow
      key={`${testId}:${layer.id}`}
      layer={layer}
      picture={picture}
      active={layer.id === active?.id}
      checked={checked.has(layer.id)}
      onCheck={checkable ? (on) => tick(layer.id, on) : null}
      onSelect={() => onSelect(layer.id)}
      onDownload={() => exportSlices.mutate({ layerIds: [layer.id], batch: false })}
      downloading={!!pending && !pending.batch && pending.layerIds[0] === layer.id}
      canDownload={canDownload}
      offersFormat={offers(layer).includes(format)}
      testId={testId}
    />
  );

  return (
    <div className="slices-panel" data-testid="slices-panel">
      <Segmented<SlicePlatform>
        block
        size="small"
        value={platform}
        onChange={setPlatform}
        options={SLICE_PLATFORMS.map((value) => ({
          value,
          label: <span data-testid={`slice-platform-${value}`}>{PLATFORM_LABELS[value]}</span>,
        }))}
      />
      <SliceFormatPicker value={format} possible={possible} onChange={setFormat} />
      {active ? (
        <div className="slices-sizes" data-testid="slice-sizes">
          <div className="slices-label">
            {t('slices.sizesOf', { name: active.name || t('slices.unnamed'), scale: baseScale })}
          </div>
          <ul>
            {formatSizes(active.frame, platform, baseScale, format).map((size) => (
              <li key={size.label} data-testid="slice-size">
                <span className="slices-preset">{size.label}</span>
                <span>
                  {size.width} × {size.height}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {canDownload ? null : (
        <Alert type="info" showIcon title={t('slices.notAllowed')} data-testid="slices-not-allowed" />
      )}
      {selected ? (
        <section className="slices-section">
          <div className="slices-label">{t('slices.selectedLayer')}</div>
          <ul className="slices-list">{row(selected, 'slice-selected', false)}</ul>
        </section>
      ) : null}
      <section className="slices-section">
        <div className="slices-section-head">
          {canDownload && exportable.length ? (
            <Checkbox
              checked={allTicked}
              indeterminate={ticked.length > 0 && !allTicked}
              onChange={(event) =>
                setChecked(new Set(event.target.checked ? exportable.map((layer) => layer.id) : []))
              }
              data-testid="slice-check-all"
            />
          ) : null}
          <span className="slices-label">{t('slices.marked', { count: exportable.length })}</span>
        </div>
        {exportable.length ? (
          <ul className="slices-list">{exportable.map((layer) => row(layer, 'slice-row', true))}</ul>
        ) : (
          <div className="slices-none" data-testid="slices-none">
            {t('slices.noneMarked')}
          </div>
        )}
      </section>
      {canDownload && exportable.length ? (
        <Button
          type="primary"
          block
          icon={<DownloadOutlined />}
          disabled={
            !ticked.length ||
            ticked.length > InspectLimits.sliceLayersMax ||
            exportable.some((layer) => checked.has(layer.id) && !offers(layer).includes(format))
          }
          loading={!!pending?.batch}
          onClick={() => exportSlices.mutate({ layerIds: ticked, batch: true })}
          data-testid="slice-download-ticked"
        >
          {t('slices.downloadTicked', { count: ticked.length })}
        </Button>
      ) : null}
    </div>
  );
}
