import {
  ExclamationCircleOutlined,
  FileSearchOutlined,
  LockOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the canvas shows instead of the design. */
export type CanvasProblem =
  | { kind: 'loading' }
  | { kind: 'processing' }
  | { kind: 'failed' }
  /** A refusal of the server, in its words. */
  | { kind: 'no-permission' | 'not-found' | 'error'; message: string };

/** Why the canvas cannot show the design, with a way back to the stage. */
export function ProblemState({ problem, onBack }: { problem: CanvasProblem; onBack: () => void }) {
  const { t } = useTranslation();
  if (problem.kind === 'loading') {
    return (
      <div className="detail-state is-bare" data-testid="detail-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (problem.kind === 'processing') {
    return (
      <div className="detail-state" data-testid="detail-processing">
        <Spin size="large" />
        <strong>{t('detail.processingTitle')}</strong>
        <span>{t('detail.processingHint')}</span>
      </div>
    );
  }
  const icon =
    problem.kind === 'failed' ? (
      <WarningOutlined />
    ) : problem.kind === 'no-permission' ? (
      <LockOutlined />
    ) : problem.kind === 'not-found' ? (
      <FileSearchOutlined />
    ) : (
      <ExclamationCircleOutlined />
    );
  const title = t(
    problem.kind === 'failed'
      ? 'detail.failedTitle'
      : problem.kind === 'no-permission'
        ? 'detail.noPermissionTitle'
        : problem.kind === 'not-found'
          ? 'detail.notFoundTitle'
          : 'detail.errorTitle',
  );
  return (
    <div className={`detail-state is-${problem.kind}`} data-testid={`detail-${problem.kind}`}>
      <span className="detail-state-icon">{icon}</span>
      <strong>{title}</strong>
      <span>{problem.kind === 'failed' ? t('detail.failedHint') : problem.message}</span>
      <Button onClick={onBack}>{t('detail.backToStage')}</Button>
    </div>
  );
}
