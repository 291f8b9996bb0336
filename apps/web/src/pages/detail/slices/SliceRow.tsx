import { DownloadOutlined } from '@ant-design/icons';
import type { Layer } from '@ferry/shared';
import { Button, Checkbox, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SliceThumb } from './SliceThumb';

/** One exportable layer: tick it for a batch, click it to select it on the design, or download it alone. */
export function SliceRow({
  layer,
  picture,
  active,
  checked,
  onCheck,
  onSelect,
  onDownload,
  downloading,
  canDownload,
  offersFormat,
  testId,
}: {
  layer: Layer;
  picture: { url: string; width: number; height: number };
  active: boolean;
  checked: boolean;
  onCheck: ((checked: boolean) => void) | null;
  onSelect: () => void;
  onDownload: () => void;
  downloading: boolean;
  canDownload: boolean;
  /** Whether the layer can be had in the chosen format (SVG needs vectors). */
  offersFormat: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const { frame } = layer;
  return (
    <li className={`slice-row${active ? ' is-active' : ''}`} data-testid={testId} data-layer-id={layer.id}>
      {onCheck && canDownload ? (
        <Checkbox
          checked={checked}
          onChange={(event) => onCheck(event.target.checked)}
          aria-label={layer.name}
          data-testid="slice-check"
        />
      ) : null}
      <button type="button" className="slice-row-main" onClick={onSelect} data-testid="slice-select">
        <SliceThumb
          imageUrl={picture.url}
          designWidth={picture.width}
          designHeight={picture.height}
          frame={frame}
        />
        <span className="slice-row-text">
          <span className="slice-name" title={layer.name}>
            {layer.name || t('slices.unnamed')}
          </span>
          <span className="slice-size">
            {Math.round(frame.width)} × {Math.round(frame.height)} px
          </span>
        </span>
      </button>
      {canDownload ? (
        <Tooltip title={offersFormat ? t('slices.downloadOne') : t('slices.formatNotPossible.svg')}>
          <Button
            size="small"
            type="text"
            icon={<DownloadOutlined />}
            loading={downloading}
            disabled={!offersFormat}
            onClick={onDownload}
            aria-label={t('slices.downloadOne')}
            data-testid="slice-download"
          />
        </Tooltip>
      ) : null}
    </li>
  );
}
