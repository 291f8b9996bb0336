import { App, Tooltip } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/copy';

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

/**
 * A value of the panel that copies itself on click (Zeplin's "click any value"). A rounded length names its
 * `exact` value on hover when the two differ.
 */
export function CopyValue({
  value,
  exact,
  children,
  className = '',
  style,
  testId,
}: {
  value: string;
  exact?: string;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  const title =
    exact && exact !== value ? (
      <span data-testid="inspect-exact-value">
        {t('inspect.exactValue', { value: exact })}
        <br />
        {t('inspect.clickToCopy')}
      </span>
    ) : (
      t('inspect.clickToCopy')
    );
  return (
    <Tooltip title={title} mouseEnterDelay={0.6}>
      <button
        type="button"
        className={`inspect-copy ${className}`}
        style={style}
        onClick={() => void copy(value)}
        data-testid={testId}
        data-value={value}
        data-exact={exact}
      >
        {children ?? value}
      </button>
    </Tooltip>
  );
}
