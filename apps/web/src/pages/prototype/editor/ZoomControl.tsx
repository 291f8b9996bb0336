import { CompressOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useViewport } from '../../detail/canvas/useViewport';
import { canZoomIn, canZoomOut, percentOf } from '../../detail/zoom';

/** The canvas's zoom at its corner: − the percentage + and fit. */
export function ZoomControl({ viewport }: { viewport: ReturnType<typeof useViewport> }) {
  const { t } = useTranslation();
  const { scale, fitted, step, zoomTo } = viewport;
  return (
    // Presses here are the control's, not the start of a drawn rectangle.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the canvas's mouse-down
    <div className="proto-zoom" onMouseDown={(event) => event.stopPropagation()} data-testid="proto-zoom">
      <Tooltip title={t('protoEditor.zoomOut')}>
        <Button
          size="small"
          type="text"
          icon={<MinusOutlined />}
          aria-label={t('protoEditor.zoomOut')}
          disabled={!canZoomOut(scale)}
          onClick={() => step(-1)}
          data-testid="proto-zoom-out"
        />
      </Tooltip>
      <span className="proto-zoom-value" data-testid="proto-zoom-value">
        {percentOf(scale)}
      </span>
      <Tooltip title={t('protoEditor.zoomIn')}>
        <Button
          size="small"
          type="text"
          icon={<PlusOutlined />}
          aria-label={t('protoEditor.zoomIn')}
          disabled={!canZoomIn(scale)}
          onClick={() => step(1)}
          data-testid="proto-zoom-in"
        />
      </Tooltip>
      <Tooltip title={t('protoEditor.fit')}>
        <Button
          size="small"
          type="text"
          icon={<CompressOutlined />}
          aria-label={t('protoEditor.fit')}
          className={fitted ? 'is-active' : undefined}
          onClick={() => zoomTo('fit')}
          data-testid="proto-zoom-fit"
        />
      </Tooltip>
    </div>
  );
}
