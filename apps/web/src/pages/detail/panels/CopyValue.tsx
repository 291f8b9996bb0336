import { App, Tooltip } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../copy';

/** Copies `value` and says so; answers whether it was copied. */
export function useCopy() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (value: string) => {
    const copied = await copyText(value);
    if (copied) message.success({ content: t('inspect.copied'), key: 'inspect-copy', duration: 1.2 });
    else message.error({ content: t('inspect.copyFailed'), key: 'inspect-copy' });
    return copied;
  };
}

/** A value of the panel that copies itself on click (Zeplin's "click any value"). */
export function CopyValue({
  value,
  children,
  className = '',
  style,
  testId,
}: {
  value: string;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <Tooltip title={t('inspect.clickToCopy')} mouseEnterDelay={0.6}>
      <button
        type="button"
        className={`inspect-copy ${className}`}
        style={style}
        onClick={() => void copy(value)}
        data-testid={testId}
        data-value={value}
      >
        {children ?? value}
      </button>
    </Tooltip>
  );
}
