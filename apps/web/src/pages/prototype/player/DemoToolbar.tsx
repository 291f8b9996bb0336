import { CloseOutlined, LeftOutlined, MobileOutlined, RedoOutlined, RightOutlined } from '@ant-design/icons';
import type { StageImage } from '@ferry/shared';
import { Button, Segmented, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FITS, type Fit } from './demoModel';

export interface DemoToolbarProps {
  designs: readonly StageImage[];
  current: StageImage | undefined;
  onLeave: () => void;
  onBack: (() => void) | null;
  onForward: (() => void) | null;
  onRestart: () => void;
  fit: Fit;
  onFit: (fit: Fit) => void;
  /** Mobile projects only: whether the picture sits in a phone's bezel. */
  deviceFrame: boolean | null;
  onDeviceFrame: (on: boolean) => void;
  onPick: (designId: string) => void;
}

function ToolButton({
  title,
  icon,
  onClick,
  disabled,
  active,
  testId,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  active?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        size="small"
        className={`demo-tool${active ? ' is-active' : ''}`}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        aria-label={title}
        aria-pressed={active}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/**
 * The player's compact bar: leave, the design and its place in the project, back / forward / restart, the
 * fit, the phone bezel (mobile projects) and a list to jump to any design.
 */
export function DemoToolbar(props: DemoToolbarProps) {
  const { t } = useTranslation();
  const { designs, current } = props;
  const index = current ? designs.indexOf(current) : -1;
  return (
    <header className="demo-bar" data-testid="demo-bar">
      <div className="demo-bar-side">
        <ToolButton
          title={t('demo.leave')}
          icon={<CloseOutlined />}
          onClick={props.onLeave}
          testId="demo-leave"
        />
        <h1 className="demo-name" title={current?.name} data-testid="demo-name">
          {current?.name}
        </h1>
        <span className="demo-position" data-testid="demo-position">
          {index >= 0 ? `${index + 1} / ${designs.length}` : ''}
        </span>
      </div>
      <div className="demo-bar-center">
        <ToolButton
          title={t('demo.back')}
          icon={<LeftOutlined />}
          onClick={() => props.onBack?.()}
          disabled={!props.onBack}
          testId="demo-back"
        />
        <ToolButton
          title={t('demo.forward')}
          icon={<RightOutlined />}
          onClick={() => props.onForward?.()}
          disabled={!props.onForward}
          testId="demo-forward"
        />
        <ToolButton
          title={t('demo.restart')}
          icon={<RedoOutlined />}
          onClick={props.onRestart}
          testId="demo-restart"
        />
      </div>
      <div className="demo-bar-side is-end">
        <Segmented<Fit>
          size="small"
          className="demo-fit"
          value={props.fit}
          onChange={props.onFit}
          options={FITS.map((fit) => ({
            value: fit,
            label: <span data-testid={`demo-fit-${fit}`}>{t(`demo.fit.${fit}`)}</span>,
          }))}
        />
        {props.deviceFrame !== null ? (
          <ToolButton
            title={t('demo.deviceFrame')}
            icon={<MobileOutlined />}
            active={props.deviceFrame}
            onClick={() => props.onDeviceFrame(!props.deviceFrame)}
            testId="demo-device-frame"
          />
        ) : null}
        <Select
          className="demo-picker"
          size="small"
          showSearch={{ optionFilterProp: 'label' }}
          value={current?.id}
          onChange={props.onPick}
          popupMatchSelectWidth={false}
          placeholder={t('demo.pick')}
          aria-label={t('demo.pick')}
          data-testid="demo-picker"
          options={designs.map((design, at) => ({ value: design.id, label: `${at + 1}. ${design.name}` }))}
        />
      </div>
    </header>
  );
}
