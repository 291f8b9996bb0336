import {
  ExclamationCircleOutlined,
  FileSearchOutlined,
  LockOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { VersionView } from '@ferry/shared';
import { Button, Spin } from 'antd';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** What the canvas shows instead of the design. */
export type CanvasProblem =
  | { kind: 'loading' }
  | { kind: 'processing' }
  | { kind: 'failed' }
  /** A refusal of the server, in its words. */
  | { kind: 'no-permission' | 'not-found' | 'error'; message: string };

/** The neutral canvas with the design at full size (its `org` file), scaled; or why it cannot show it. */
export function DetailCanvas({
  canvasRef,
  version,
  scale,
  problem,
  onBack,
}: {
  canvasRef: RefObject<HTMLDivElement | null>;
  version: VersionView | undefined;
  scale: number;
  problem: CanvasProblem | null;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  let content: ReactNode;
  if (problem) {
    content = <ProblemState problem={problem} onBack={onBack} />;
  } else if (version) {
    const source = version.urls.org || version.url;
    const preview = version.urls.p25 || version.urls.p50;
    const sized = version.width > 0 && version.height > 0;
    content = (
      <img
        key={version.id}
        className="detail-design"
        src={source}
        alt=""
        draggable={false}
        data-testid="detail-image"
        data-scale={scale}
        width={sized ? Math.round(version.width * scale) : undefined}
        height={sized ? Math.round(version.height * scale) : undefined}
        // The small variant shows at once while the full-size file loads over it.
        style={preview ? { backgroundImage: `url("${preview}")` } : undefined}
      />
    );
  }
  return (
    <main
      className="detail-canvas"
      ref={canvasRef}
      data-testid="detail-canvas"
      aria-label={t('detail.canvas')}
    >
      <div className="detail-stage">{content}</div>
    </main>
  );
}

function ProblemState({ problem, onBack }: { problem: CanvasProblem; onBack: () => void }) {
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
