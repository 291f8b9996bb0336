import {
  ArrowLeftOutlined,
  BarsOutlined,
  CommentOutlined,
  CompressOutlined,
  DiffOutlined,
  HistoryOutlined,
  InteractionOutlined,
  LeftOutlined,
  MinusOutlined,
  PlusOutlined,
  RightOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { VersionView } from '@ferry/shared';
import { Button, Dropdown, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuidePopover } from '../../components/guides/GuidePopover';
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
  /** Comment mode: the next click on the design places a pin. */
  commenting: boolean;
  /** null while there is no design to comment on. */
  onComment: (() => void) | null;
  /** Whether the layer list is open; null when the design has no layers. */
  layerList: boolean | null;
  onLayerList: () => void;
  /** Editors only: share this design. */
  onShare: (() => void) | null;
  /** Members: the prototype's hotspot editor at this design; null for a share link's visitor. */
  onPrototype: (() => void) | null;
  /** Compare mode (two versions side by side); null for a share link's visitor or before the design is read. */
  compare: { active: boolean; available: boolean; onToggle: () => void } | null;
}

/** The compare toggle; with one version it stays, disabled, with the reason as its tooltip. */
function CompareToggle({ compare }: { compare: NonNullable<DetailTopBarProps['compare']> }) {
  const { t } = useTranslation();
  const title = !compare.available
    ? t('compare.singleVersion')
    : compare.active
      ? t('compare.leave')
      : t('compare.enterHint');
  const button = (
    <Button
      type="text"
      className={`detail-bar-button${compare.active ? ' is-active' : ''}`}
      icon={<DiffOutlined />}
      disabled={!compare.available}
      onClick={compare.onToggle}
      aria-pressed={compare.active}
      data-testid="detail-compare"
    >
      {t('compare.enter')}
    </Button>
  );
  return (
    <Tooltip title={title}>
      {/* A disabled button gets no pointer events: its wrapper shows the reason. */}
      {compare.available ? button : <span className="detail-bar-disabled">{button}</span>}
    </Tooltip>
  );
}

/** An icon button of the dark bar, named by its tooltip. */
function BarButton({
  title,
  icon,
  disabled,
  active = false,
  onClick,
  testId,
}: {
  title: string;
  icon: ReactNode;
  disabled?: boolean;
  active?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        className={`detail-bar-button${active ? ' is-active' : ''}`}
        icon={icon}
        disabled={disabled}
        onClick={onClick}
        aria-label={title}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/**
 * The detail view's dark bar: back to the stage, the design and its version, its place in the project, comment
 * mode and zoom.
 */
export function DetailTopBar(props: DetailTopBarProps) {
  const { t } = useTranslation();
  const { scale, position } = props;
  return (
    <header className="detail-bar">
      <div className="detail-bar-left">
        <BarButton
          title={t('detail.back')}
          icon={<ArrowLeftOutlined />}
          onClick={props.onBack}
          testId="detail-back"
        />
        <span className="detail-bar-divider" />
        {props.layerList !== null ? (
          <BarButton
            title={t('inspect.layerList')}
            icon={<BarsOutlined />}
            active={props.layerList}
            onClick={props.onLayerList}
            testId="detail-layer-list"
          />
        ) : null}
        <h1 className="detail-name" title={props.name} data-testid="detail-name">
          {props.name}
        </h1>
        {props.versions.length > 0 && !props.compare?.active ? (
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
          <BarButton
            title={t('detail.versions')}
            icon={<HistoryOutlined />}
            onClick={props.onVersions}
            testId="detail-versions"
          />
        ) : null}
      </div>
      <div className="detail-bar-center">
        <BarButton
          title={t('detail.previous')}
          icon={<LeftOutlined />}
          disabled={!props.onPrevious}
          onClick={() => props.onPrevious?.()}
          testId="detail-previous"
        />
        <span className="detail-position" data-testid="detail-position">
          {position ? `${position.index + 1} / ${position.total}` : ''}
        </span>
        <BarButton
          title={t('detail.next')}
          icon={<RightOutlined />}
          disabled={!props.onNext}
          onClick={() => props.onNext?.()}
          testId="detail-next"
        />
      </div>
      <div className="detail-bar-right">
        {props.compare ? <CompareToggle compare={props.compare} /> : null}
        {props.onPrototype ? (
          <Button
            type="text"
            className="detail-bar-button"
            icon={<InteractionOutlined />}
            onClick={props.onPrototype}
            data-testid="detail-prototype"
          >
            {t('detail.prototype')}
          </Button>
        ) : null}
        {props.onShare ? (
          <Button
            type="text"
            className="detail-bar-button"
            icon={<ShareAltOutlined />}
            onClick={props.onShare}
            data-testid="share-open"
          >
            {t('shareManage.open')}
          </Button>
        ) : null}
        {props.onComment ? (
          <GuidePopover name="comment">
            <Tooltip title={t('inspect.commentModeHint')}>
              <Button
                type="text"
                className={`detail-bar-button detail-comment-toggle${props.commenting ? ' is-active' : ''}`}
                icon={<CommentOutlined />}
                onClick={props.onComment}
                aria-pressed={props.commenting}
                data-testid="detail-comment-mode"
              >
                {t('inspect.commentMode')}
              </Button>
            </Tooltip>
          </GuidePopover>
        ) : null}
        <span className="detail-bar-divider" />
        <BarButton
          title={t('detail.zoomOut')}
          icon={<MinusOutlined />}
          disabled={!canZoomOut(scale)}
          onClick={props.onZoomOut}
          testId="detail-zoom-out"
        />
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
        <BarButton
          title={t('detail.zoomIn')}
          icon={<PlusOutlined />}
          disabled={!canZoomIn(scale)}
          onClick={props.onZoomIn}
          testId="detail-zoom-in"
        />
        <BarButton
          title={t('detail.fit')}
          icon={<CompressOutlined />}
          onClick={() => props.onZoom('fit')}
          active={props.fitted}
          testId="detail-fit"
        />
      </div>
    </header>
  );
}
