import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPIRY_CHOICES } from './target';

/** The expiry as a row of choices: 1, 7, 14, 30 days or never; editing adds "keep as it is" first. */
export function ExpiryChoice({
  value,
  onChange,
  keep,
}: {
  value?: number;
  onChange?: (days: number) => void;
  keep?: { value: number; label: string };
}) {
  const { t } = useTranslation();
  const choices = EXPIRY_CHOICES.map((days) => ({
    value: days,
    label: (
      <span data-testid={`share-expiry-${days}`}>
        {days === 0 ? t('shareManage.expiryNever') : t('shareManage.expiryDays', { count: days })}
      </span>
    ),
  }));
  return (
    <Radio.Group
      optionType="button"
      className="share-expiry"
      value={value}
      onChange={(event) => onChange?.(event.target.value as number)}
      data-testid="share-expiry"
      options={
        keep
          ? [
              { value: keep.value, label: <span data-testid="share-expiry-keep">{keep.label}</span> },
              ...choices,
            ]
          : choices
      }
    />
  );
}
