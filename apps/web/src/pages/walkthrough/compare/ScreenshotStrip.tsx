import {
  CloseOutlined,
  CloudUploadOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalkthroughScreenshotView } from '../../../api/walkthrough';
import { useUploader } from '../../stage/upload';
import { ratioText } from './compareGeometry';

/** A screenshot's comparison in a word: running, failed (with why), or the share of pixels that differ. */
export function ComparisonState({ shot }: { shot: WalkthroughScreenshotView }) {
  const { t } = useTranslation();
  if (shot.diff_status === 'pending')
    return (
      <span className="wt-compare-state is-pending" data-testid="wt-compare-state" data-status="pending">
        <LoadingOutlined /> {t('walkthrough.screenshot.comparing')}
      </span>
    );
  if (shot.diff_status === 'failed')
    return (
      <Tooltip title={shot.diff_error}>
        <span className="wt-compare-state is-failed" data-testid="wt-compare-state" data-status="failed">
          <ExclamationCircleFilled /> {t('walkthrough.screenshot.failed')}
        </span>
      </Tooltip>
    );
  return (
    <span className="wt-compare-state" data-testid="wt-compare-state" data-status="ready">
      {t('walkthrough.screenshot.differs', { ratio: ratioText(shot.diff_ratio) })}
    </span>
  );
}

/** Opens the uploader's picker (inside the workspace's `StageUploader`). */
function UploadShotButton() {
  const { t } = useTranslation();
  const uploader = useUploader();
  return (
    <Button icon={<CloudUploadOutlined />} onClick={uploader.pickFiles} data-testid="wt-shot-upload">
      {t('walkthrough.screenshot.upload')}
    </Button>
  );
}

/**
 * The page's screenshots as thumbnails under the comparison: pick one to compare, with its comparison's
 * state; editors upload more (button, or files dropped on the view) and delete one.
 */
export function ScreenshotStrip({
  shots,
  selectedId,
  canEdit,
  onSelect,
  onDelete,
}: {
  shots: WalkthroughScreenshotView[];
  selectedId: string | undefined;
  canEdit: boolean;
  onSelect: (contrastId: string) => void;
  onDelete: (shot: WalkthroughScreenshotView) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const confirmDelete = (shot: WalkthroughScreenshotView) =>
    void modal.confirm({
      title: t('walkthrough.screenshot.deleteTitle', { name: shot.name }),
      content: t('walkthrough.screenshot.deleteText'),
      okText: t('walkthrough.delete'),
      okButtonProps: { danger: true, 'data-testid': 'wt-shot-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => onDelete(shot),
    });

  return (
    <section className="wt-strip" data-testid="wt-shots" aria-label={t('walkthrough.screenshot.title')}>
      {shots.length === 0 ? (
        <span className="wt-strip-empty" data-testid="wt-shots-empty">
          {t(canEdit ? 'walkthrough.screenshot.emptyEditor' : 'walkthrough.screenshot.emptyViewer')}
        </span>
      ) : (
        <ul className="wt-strip-list">
          {shots.map((shot) => (
            <li key={shot.contrast_id} className="wt-strip-item">
              <button
                type="button"
                aria-pressed={shot.contrast_id === selectedId}
                className={`wt-shot-tab${shot.contrast_id === selectedId ? ' is-selected' : ''}`}
                onClick={() => onSelect(shot.contrast_id)}
                data-testid="wt-shot-tab"
                data-contrast-id={shot.contrast_id}
              >
                <span className="wt-shot-thumb">
                  <img src={shot.url} alt="" loading="lazy" draggable={false} />
                </span>
                <span className="wt-shot-name" title={shot.name}>
                  {shot.name}
                </span>
              </button>
              {canEdit ? (
                <Tooltip title={t('walkthrough.screenshot.delete')}>
                  <Button
                    size="small"
                    type="text"
                    className="wt-shot-delete"
                    icon={<CloseOutlined />}
                    aria-label={t('walkthrough.screenshot.delete')}
                    onClick={() => confirmDelete(shot)}
                    data-testid="wt-shot-delete"
                  />
                </Tooltip>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? <UploadShotButton /> : null}
    </section>
  );
}
