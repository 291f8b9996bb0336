import type { StageImage } from '@ferry/shared';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { TargetSelect } from './TargetSelect';

interface TargetPickerProps {
  targets: StageImage[];
  onPick: (next: string) => void;
  onCancel: () => void;
}

/** Shown under a rectangle just drawn: the hotspot is made once its target is picked. */
export function TargetPicker({ targets, onPick, onCancel }: TargetPickerProps) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Esc anywhere in the picker drops the drawn rectangle.
    <div
      className="proto-picker"
      data-testid="proto-target-picker"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      {/* Cancel sits above the select: its open list covers what is below. */}
      <div className="proto-picker-title">
        {t('protoEditor.pickTarget')}
        <Button size="small" type="text" onClick={onCancel} data-testid="proto-picker-cancel">
          {t('common.cancel')}
        </Button>
      </div>
      <TargetSelect
        designs={targets}
        value={undefined}
        placeholder={t('protoEditor.pickPlaceholder')}
        onChange={onPick}
        defaultOpen
        testId="proto-picker-target"
      />
    </div>
  );
}
