import {
  ArrowLeftOutlined,
  CompressOutlined,
  HistoryOutlined,
  LeftOutlined,
  MinusOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { VersionView } from '@ferry/shared';
import { Button, Dropdown, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { canZoomIn, canZoomOut, percentOf } from './zoom';

/** Preset zoom levels of the percentage menu, besides "fit". */
const PRESETS = [0.5, 1, 2, 4];

export interface DetailTopBarProps {
  name: string;
  versions: VersionView[];
  versionId: string | undefined;
  onVersion: (id: string) => void;
  onBack: () => void;
  onVersions: () => void;
  position: { index: number; total: number } | null;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  scale: number;
  fitted: boolean;
  onZoom: (scale: number | 'fit') => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
}

/** The detail view's dark bar: back to the stage, the design and its version, its place in the project, zoom. */
export function DetailTopBar(props: DetailTopBarProps) {
  const { t } = useTranslation();
  const { scale, position } = props;
  return (
    <header className="detail-bar">
      <div className="detail-bar-left">
        <Tooltip title={t('detail.back')}>
          <Button
            type="text"
            className="detail-bar-button"
            icon={<ArrowLeftOutlined />}
            onClick={props.onBack}
            aria-label={t('detail.back')}
            data-testid="detail-back"
          />
        </Tooltip>
        <span className="detail-bar-divider" />
        <h1 className="detail-name" title={props.name} data-testid="detail-name">
          {props.name}
        </h1>
        {props.versions.length > 0 ? (
          <Select
            className="detail-version"
            size="small"
            variant="borderless"
            value={props.versionId}
            onChange={props.onVersion}
            popupMatchSelectWidth={false}
            data-testid="detail-version"
            options={props.versions.map((version) => ({
              value: version.id,
              label: version.current
                ? t('detail.versionCurrent', { version: version.version_info })
                : version.version_info,
            }))}
          />
        ) : null}
        {props.versions.length > 0 ? (
          <Tooltip title={t('detail.versions')}>
            <Button
              type="text"
              className="detail-bar-button"
              icon={<HistoryOutlined />}
              onClick={props.onVersions}
              aria-label={t('detail.versions')}
              data-testid="detail-versions"
            />
          </Tooltip>
        ) : null}
      </div>
      <div className="detail-bar-center">
        <Tooltip title={t('detail.previous')}>
          <Button
            type="text"
            className="detail-bar-button"
            icon={<LeftOutlined />}
            disabled={!props.onPrevious}
            onClick={() => props.onPrevious?.()}
            aria-label={t('detail.previous')}
            data-testid="detail-previous"
          />
        </Tooltip>
        <span className="detail-position" data-testid="detail-position">
          {position ? `${position.index + 1} / ${position.total}` : ''}
        </span>
        <Tooltip title={t('detail.next')}>
          <Button
            type="text"
            className="detail-bar-button"
            icon={<RightOutlined />}
            disabled={!props.onNext}
            onClick={() => props.onNext?.()}
            aria-label={t('detail.next')}
            data-testid="detail-next"
          />
        </Tooltip>
      </div>
      <div className="detail-bar-right">
        <Tooltip title={t('detail.zoomOut')}>
          <Button
            type="text"
            className="detail-bar-button"
            icon={<MinusOutlined />}
            disabled={!canZoomOut(scale)}
            onClick={props.onZoomOut}
            aria-label={t('detail.zoomOut')}
            data-testid="detail-zoom-out"
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'fit', label: t('detail.fit') },
              { type: 'divider' },
              ...PRESETS.map((preset) => ({ key: String(preset), label: percentOf(preset) })),
            ],
            onClick: ({ key }) => props.onZoom(key === 'fit' ? 'fit' : Number(key)),
          }}
        >
          <Button type="text" className="detail-bar-button detail-zoom-value" data-testid="detail-zoom">
            {percentOf(scale)}
          </Button>
        </Dropdown>
        <Tooltip title={t('detail.zoomIn')}>
          <Button
            type="text"
            className="detail-bar-button"
            icon={<PlusOutlined />}
            disabled={!canZoomIn(scale)}
            onClick={props.onZoomIn}
            aria-label={t('detail.zoomIn')}
            data-testid="detail-zoom-in"
          />
        </Tooltip>
        <Tooltip title={t('detail.fit')}>
          <Button
            type="text"
            className={`detail-bar-button${props.fitted ? ' is-active' : ''}`}
            icon={<CompressOutlined />}
            onClick={() => props.onZoom('fit')}
            aria-label={t('detail.fit')}
            data-testid="detail-fit"
          />
        </Tooltip>
      </div>
    </header>
  );
}
