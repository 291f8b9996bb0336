import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderAddOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { StageLimits } from '@ferry/shared';
import { Button, Segmented, Select, Slider, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StageOrder } from '../../api/designs';
import { GuidePopover } from '../../components/guides/GuidePopover';
import { itemPath } from '../../state/redirect';
import { productPath } from '../product/paths';
import { projectSettingPath } from '../project-setting/paths';
import { FlowMapButton } from '../prototype/flow/FlowMapButton';
import { demoPath } from '../prototype/paths';
import { PlayDemoButton } from '../prototype/player/PlayDemoButton';
import { walkthroughPath } from '../walkthrough/paths';
import { BookmarksButton } from './bookmarks';
import { StageSearch } from './StageSearch';
import { type StageFilter, TIME_FILTERS } from './stageModel';

const ORDERS: StageOrder[] = ['default', 'name', 'time'];

/**
 * The stage's top bar: the way back, the project's name and design count, then search, the time filter, the
 * order, the thumbnail size, the recycle bin, settings and (for editors) the upload button.
 */
export function StageToolbar({
  teamId,
  projectId,
  projectName,
  designCount,
  filter,
  onFilter,
  order,
  onOrder,
  scale,
  onScale,
  onRecycleBin,
  bookmarksOpen,
  onBookmarks,
  onNewSection,
  onShare,
  uploadButton,
}: {
  teamId: string;
  projectId: string;
  projectName: string;
  designCount: number;
  filter: StageFilter;
  onFilter: (next: StageFilter) => void;
  order: StageOrder;
  onOrder: (next: StageOrder) => void;
  scale: number;
  onScale: (next: number) => void;
  onRecycleBin: () => void;
  bookmarksOpen: boolean;
  onBookmarks: () => void;
  /** Editors only: a new empty section. */
  onNewSection: (() => void) | null;
  /** Editors only: share the whole project. */
  onShare: (() => void) | null;
  /** Editors only. */
  uploadButton: ReactNode;
}) {
  const { t } = useTranslation();
  const step = StageLimits.thumbnailScaleStep;
  const clamp = (value: number) =>
    Math.min(StageLimits.thumbnailScaleMax, Math.max(StageLimits.thumbnailScaleMin, value));
  return (
    <div className="stage-toolbar" data-testid="stage-toolbar">
      <div className="stage-toolbar-row">
        <div className="stage-toolbar-title">
          <Tooltip title={t('common.backToProjects')}>
            <Link to={itemPath(teamId)} className="stage-back" data-testid="stage-back">
              <ArrowLeftOutlined />
            </Link>
          </Tooltip>
          <GuidePopover name="enterProject">
            <h1 className="stage-project-name" data-testid="stage-project-name" title={projectName}>
              {projectName}
            </h1>
          </GuidePopover>
          <span className="stage-count" data-testid="stage-count">
            {t('stage.designCount', { count: designCount })}
          </span>
        </div>
        <div className="stage-toolbar-tools">
          {onNewSection ? (
            <Button icon={<FolderAddOutlined />} onClick={onNewSection} data-testid="stage-new-section">
              {t('stage.section.new')}
            </Button>
          ) : null}
          <PlayDemoButton to={demoPath(teamId, projectId)} />
          <FlowMapButton teamId={teamId} projectId={projectId} />
          <BookmarksButton open={bookmarksOpen} onToggle={onBookmarks} />
          <Link to={productPath(teamId, projectId)} data-testid="stage-documents">
            <Button icon={<FileTextOutlined />} tabIndex={-1}>
              {t('product.entry')}
            </Button>
          </Link>
          <Link to={walkthroughPath(teamId, projectId)} data-testid="stage-walkthrough">
            <Button icon={<FileSearchOutlined />} tabIndex={-1}>
              {t('walkthrough.entry')}
            </Button>
          </Link>
          <Button icon={<DeleteOutlined />} onClick={onRecycleBin} data-testid="stage-recycle-bin">
            {t('stage.recycleBin')}
          </Button>
          {onShare ? (
            <GuidePopover name="share">
              <Button icon={<ShareAltOutlined />} onClick={onShare} data-testid="share-open">
                {t('shareManage.open')}
              </Button>
            </GuidePopover>
          ) : null}
          <Tooltip title={t('stage.settings')}>
            <Link to={projectSettingPath(teamId, projectId)} data-testid="stage-settings">
              <Button icon={<SettingOutlined />} tabIndex={-1} aria-label={t('stage.settings')} />
            </Link>
          </Tooltip>
          {uploadButton}
        </div>
      </div>
      <div className="stage-toolbar-row">
        <div className="stage-toolbar-tools">
          <StageSearch keyword={filter.keyword} onChange={(keyword) => onFilter({ ...filter, keyword })} />
          <Segmented
            value={filter.time}
            onChange={(time) => onFilter({ ...filter, time })}
            options={TIME_FILTERS.map((time) => ({
              value: time,
              label: <span data-testid={`stage-time-${time}`}>{t(`stage.time.${time}`)}</span>,
            }))}
          />
          <Select
            className="stage-order"
            variant="borderless"
            value={order}
            onChange={onOrder}
            popupMatchSelectWidth={false}
            options={ORDERS.map((value) => ({ value, label: t(`stage.order.${value}`) }))}
            data-testid="stage-order"
          />
        </div>
        <div className="stage-zoom" data-testid="stage-zoom">
          <ZoomOutOutlined onClick={() => onScale(clamp(scale - step))} />
          <Slider
            className="stage-zoom-slider"
            min={StageLimits.thumbnailScaleMin}
            max={StageLimits.thumbnailScaleMax}
            step={step}
            value={scale}
            onChange={(value) => onScale(clamp(value))}
            tooltip={{ formatter: (value) => `${Math.round((value ?? 1) * 100)}%` }}
          />
          <ZoomInOutlined onClick={() => onScale(clamp(scale + step))} />
        </div>
      </div>
    </div>
  );
}

export function UploadButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <GuidePopover name="uploadDesign">
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={onClick} data-testid="stage-upload">
        {t('stage.upload')}
      </Button>
    </GuidePopover>
  );
}
