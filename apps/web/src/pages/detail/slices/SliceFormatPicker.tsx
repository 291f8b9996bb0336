import { SLICE_FORMATS, type SliceFormat } from '@ferry/shared';
import { Segmented, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Format names are the same in every language. */
const FORMAT_LABELS: Record<SliceFormat, string> = {
  png: 'PNG',
  jpg: 'JPG',
  webp: 'WebP',
  svg: 'SVG',
  pdf: 'PDF',
};

/** The format of the next download; one the design cannot have is shown disabled, with the reason on hover. */
export function SliceFormatPicker({
  value,
  possible,
  onChange,
}: {
  value: SliceFormat;
  possible: readonly SliceFormat[];
  onChange: (format: SliceFormat) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="slices-formats">
      <span className="slices-label">{t('slices.formats')}</span>
      <Segmented<SliceFormat>
        size="small"
        value={value}
        onChange={onChange}
        data-testid="slice-format"
        options={SLICE_FORMATS.map((format) => {
          const disabled = !possible.includes(format);
          const label = (
            <span data-testid={`slice-format-${format}`} aria-disabled={disabled || undefined}>
              {FORMAT_LABELS[format]}
            </span>
          );
          return {
            value: format,
            disabled,
            label: disabled ? (
              <Tooltip title={t(`slices.formatNotPossible.${format}`)}>{label}</Tooltip>
            ) : (
              label
            ),
          };
        })}
      />
    </div>
  );
}
