import type { GuideName } from '@ferry/shared';
import { Button, Popover, type PopoverProps } from 'antd';
import type { ReactElement, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuide } from './useGuide';
import './guides.css';

const stopBubbling = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A first-time guide beside its anchor (a DOM element or a component that takes a ref, such as antd's Button):
 * a short explanation and "Got it", which dismisses it for good. The anchor renders untouched when no guide shows.
 */
export function GuidePopover({
  name,
  placement = 'bottom',
  children,
}: {
  name: GuideName;
  placement?: PopoverProps['placement'];
  children: ReactElement;
}) {
  const { open, dismiss } = useGuide(name);
  const { t } = useTranslation();
  if (!open) return children;
  return (
    <Popover
      open
      placement={placement}
      title={t(`guides.${name}.title`)}
      content={
        // The popover belongs to its anchor's React tree: a click or key in it ("Got it") must not also reach
        // the anchor's own handlers, such as a tab's, which would switch the tab.
        // biome-ignore lint/a11y/noStaticElementInteractions: only keeps events from bubbling, acts on none
        <div
          className="guide-popover"
          data-testid={`guide-${name}`}
          onClick={stopBubbling}
          onKeyDown={stopBubbling}
        >
          <p>{t(`guides.${name}.text`)}</p>
          <Button type="primary" size="small" onClick={dismiss} data-testid={`guide-${name}-ok`}>
            {t('guides.gotIt')}
          </Button>
        </div>
      }
    >
      {children}
    </Popover>
  );
}
