import { AimOutlined, BorderOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { WalkthroughLimits } from '@ferry/shared';
import { Button, InputNumber, Segmented, Slider, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Alignment, WalkthroughScreenshotView } from '../../../api/walkthrough';
import { COMPARE_MODES, type CompareMode } from './compareGeometry';
import { ComparisonState } from './ScreenshotStrip';

interface CompareToolbarProps {
  mode: CompareMode;
  onMode: (mode: CompareMode) => void;
  opacity: number;
  onOpacity: (opacity: number) => void;
  showMask: boolean;
  onShowMask: (shown: boolean) => void;
  shot: WalkthroughScreenshotView | undefined;
  alignment: Alignment | null;
  /** Editors only: the scale, auto-align and drawing a new issue. */
  canEdit: boolean;
  onScale: (scale: number) => void;
  onAutoAlign: () => void;
  drawing: boolean;
  onDrawing: (drawing: boolean) => void;
}

/**
 * Above the comparison: the mode (and the overlay's opacity), the difference mask, the screenshot's scale
 * (its device pixel ratio, the detected one beside it), auto-align, the comparison's state, and "New issue".
 */
export function CompareToolbar(props: CompareToolbarProps) {
  const { t } = useTranslation();
  const { shot, alignment } = props;
  return (
    <div className="wt-compare-bar" data-testid="wt-compare-bar">
      {shot && alignment ? (
        <>
          <Segmented
            size="small"
            value={props.mode}
            onChange={(mode) => props.onMode(mode as CompareMode)}
            options={COMPARE_MODES.map((mode) => ({
              value: mode,
              label: <span data-testid={`wt-mode-${mode}`}>{t(`walkthrough.mode.${mode}`)}</span>,
            }))}
          />
          {props.mode === 'overlay' ? (
            <span className="wt-bar-field">
              {t('walkthrough.compare.opacity')}
              <Slider
                className="wt-opacity"
                min={0}
                max={1}
                step={0.05}
                value={props.opacity}
                onChange={props.onOpacity}
                tooltip={{ formatter: (value) => `${Math.round((value ?? 0) * 100)}%` }}
                data-testid="wt-opacity"
              />
            </span>
          ) : null}
          {shot.diff_url ? (
            <Button
              size="small"
              type={props.showMask ? 'primary' : 'default'}
              ghost={props.showMask}
              icon={props.showMask ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              onClick={() => props.onShowMask(!props.showMask)}
              aria-pressed={props.showMask}
              data-testid="wt-mask-toggle"
            >
              {t('walkthrough.compare.mask')}
            </Button>
          ) : null}
          <span className="wt-bar-field">
            <Tooltip title={t('walkthrough.compare.scaleHint')}>{t('walkthrough.compare.scale')}</Tooltip>
            <InputNumber
              size="small"
              min={WalkthroughLimits.scaleMin}
              max={WalkthroughLimits.scaleMax}
              step={0.5}
              precision={2}
              value={alignment.scale}
              disabled={!props.canEdit}
              onChange={(value) => {
                if (typeof value === 'number' && value > 0) props.onScale(value);
              }}
              style={{ width: 76 }}
              data-testid="wt-scale"
            />
            <span className="wt-muted" data-testid="wt-detected-scale">
              {/* 1235 px over 449 is 2.7505…: said as @2.75x. */}
              {t('walkthrough.compare.detected', { scale: Number(shot.detected_scale.toFixed(2)) })}
            </span>
          </span>
          <span className="wt-muted" data-testid="wt-offset">
            {t('walkthrough.compare.offset', { x: alignment.offset_x, y: alignment.offset_y })}
          </span>
          {props.canEdit ? (
            <Tooltip title={t('walkthrough.compare.autoAlignHint')}>
              <Button
                size="small"
                icon={<AimOutlined />}
                onClick={props.onAutoAlign}
                data-testid="wt-auto-align"
              >
                {t('walkthrough.compare.autoAlign')}
              </Button>
            </Tooltip>
          ) : null}
          <ComparisonState shot={shot} />
        </>
      ) : null}
      <span className="wt-bar-spacer" />
      {props.canEdit ? (
        <Tooltip title={t('walkthrough.issue.drawHint')}>
          <Button
            size="small"
            type={props.drawing ? 'primary' : 'default'}
            icon={<BorderOutlined />}
            onClick={() => props.onDrawing(!props.drawing)}
            aria-pressed={props.drawing}
            data-testid="wt-new-issue"
          >
            {t('walkthrough.issue.new')}
          </Button>
        </Tooltip>
      ) : null}
    </div>
  );
}
