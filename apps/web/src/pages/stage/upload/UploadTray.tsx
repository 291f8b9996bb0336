import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  DownOutlined,
  ExclamationCircleFilled,
  FileImageOutlined,
  LoadingOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { Button, Progress, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadItems } from './context';
import { formatBytes } from './format';
import { isCancellable, summarize, type UploadItem, type UploadQueue } from './queue';

/**
 * The progress tray in the stage's lower right corner: the batch's overall bar, and every file with its own
 * bar and outcome. It stays while uploads run elsewhere on the page; it can be collapsed, and cleared of
 * what has finished.
 */
export function UploadTray({ queue }: { queue: UploadQueue }) {
  const { t } = useTranslation();
  const items = useUploadItems(queue);
  const [collapsed, setCollapsed] = useState(false);
  const empty = items.length === 0;
  // A tray closed and opened again by the next batch starts expanded.
  useEffect(() => {
    if (empty) setCollapsed(false);
  }, [empty]);
  if (empty) return null;
  const summary = summarize(items);
  const running = summary.running > 0;
  const title =
    summary.uploading > 0
      ? t('upload.uploadingCount', { sent: summary.sent, total: summary.total })
      : running
        ? t('upload.registeringCount', { count: summary.running })
        : t('upload.finished');
  // Refusals lead the list, then the files on their way: what needs a look shows without scrolling.
  const rows = [...items].sort((a, b) => ROW_RANK[a.status] - ROW_RANK[b.status]);
  const outcome = [
    summary.done ? t('upload.doneCount', { count: summary.done }) : '',
    summary.refused ? t('upload.refusedCount', { count: summary.refused }) : '',
    summary.failed ? t('upload.failedCount', { count: summary.failed }) : '',
    summary.cancelled ? t('upload.cancelledCount', { count: summary.cancelled }) : '',
  ].filter(Boolean);

  return (
    <section
      className={`upload-tray${collapsed ? ' is-collapsed' : ''}`}
      data-testid="upload-tray"
      aria-label={t('upload.trayLabel')}
    >
      <header className="upload-tray-header">
        <span className={`upload-tray-state${running ? ' is-running' : ''}`}>
          {running ? (
            <LoadingOutlined />
          ) : summary.refused + summary.failed ? (
            <ExclamationCircleFilled />
          ) : (
            <CheckCircleFilled />
          )}
        </span>
        <div className="upload-tray-title">
          <strong data-testid="upload-tray-title">{title}</strong>
          <span className="upload-tray-sub" data-testid="upload-tray-summary">
            {outcome.join(' · ') || t('upload.keepWorking')}
          </span>
        </div>
        <Tooltip title={collapsed ? t('upload.expand') : t('upload.collapse')}>
          <Button
            type="text"
            size="small"
            icon={collapsed ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setCollapsed(!collapsed)}
            aria-label={collapsed ? t('upload.expand') : t('upload.collapse')}
            data-testid="upload-tray-toggle"
          />
        </Tooltip>
        <Tooltip title={running ? t('upload.clearFinished') : t('upload.close')}>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            disabled={summary.settled === 0}
            onClick={() => queue.clear()}
            aria-label={running ? t('upload.clearFinished') : t('upload.close')}
            data-testid="upload-tray-clear"
          />
        </Tooltip>
      </header>
      <Progress
        className="upload-tray-overall"
        percent={summary.percent}
        showInfo={false}
        size={{ height: 3 }}
        status={running ? 'active' : summary.refused + summary.failed ? 'normal' : 'success'}
        data-testid="upload-overall"
        aria-valuenow={summary.percent}
      />
      {collapsed ? null : (
        <ul className="upload-tray-list" data-testid="upload-list">
          {rows.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              onRetry={() => queue.retry(item.id)}
              onCancel={() => queue.cancel(item.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const ROW_RANK: Record<UploadItem['status'], number> = {
  refused: 0,
  failed: 0,
  uploading: 1,
  waiting: 2,
  uploaded: 3,
  registering: 3,
  done: 4,
  cancelled: 4,
};

const hasProblem = (item: UploadItem) => item.status === 'refused' || item.status === 'failed';

function UploadRow({
  item,
  onRetry,
  onCancel,
}: {
  item: UploadItem;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const percent = item.size ? Math.floor((Math.min(item.loaded, item.size) / item.size) * 100) : 0;
  const problem = hasProblem(item);
  return (
    <li
      className={`upload-row is-${item.status}`}
      data-testid="upload-row"
      data-status={item.status}
      data-name={item.name}
    >
      <FileImageOutlined className="upload-row-icon" />
      <div className="upload-row-main">
        <div className="upload-row-line">
          <span className="upload-row-name" title={item.name}>
            {item.name}
          </span>
          <span className="upload-row-size">{formatBytes(item.size)}</span>
        </div>
        {item.status === 'uploading' ? (
          <Progress
            percent={percent}
            size={{ height: 4 }}
            showInfo={false}
            data-testid="upload-row-progress"
            aria-valuenow={percent}
          />
        ) : null}
        {problem ? (
          <div className="upload-row-message" data-testid="upload-row-message">
            {item.message}
          </div>
        ) : null}
      </div>
      <span className="upload-row-status" data-testid="upload-row-status">
        {statusOf(item, percent, t)}
        {item.status === 'failed' ? (
          <Button type="link" size="small" onClick={onRetry} data-testid="upload-row-retry">
            {t('upload.retry')}
          </Button>
        ) : null}
        {isCancellable(item) ? (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            onClick={onCancel}
            aria-label={t('upload.cancel')}
            title={t('upload.cancel')}
            data-testid="upload-row-cancel"
          />
        ) : null}
      </span>
    </li>
  );
}

function statusOf(item: UploadItem, percent: number, t: (key: string) => string) {
  switch (item.status) {
    case 'waiting':
      return t('upload.waiting');
    case 'uploading':
      return `${percent}%`;
    case 'uploaded':
      return t('upload.uploaded');
    case 'registering':
      return (
        <>
          <LoadingOutlined /> {t('upload.registering')}
        </>
      );
    case 'done':
      return (
        <>
          <CheckCircleFilled className="upload-ok" /> {t('upload.done')}
        </>
      );
    case 'refused':
      return (
        <>
          <CloseCircleFilled className="upload-bad" /> {t('upload.refused')}
        </>
      );
    case 'failed':
      return <ExclamationCircleFilled className="upload-warn" />;
    case 'cancelled':
      return t('upload.cancelled');
  }
}
