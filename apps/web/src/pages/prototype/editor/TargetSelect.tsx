import { RollbackOutlined } from '@ant-design/icons';
import { HOTSPOT_BACK, type StageImage } from '@ferry/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { thumbnailUrl } from '../../stage/stageModel';

interface TargetSelectProps {
  /** The designs a hotspot may open: the project's others. */
  designs: StageImage[];
  /** undefined: several targets (or none yet). */
  value: string | undefined;
  onChange: (next: string) => void;
  disabled?: boolean;
  defaultOpen?: boolean;
  placeholder?: string;
  testId: string;
}

/** Where a hotspot leads: "Back" (the design shown before), or one of the project's other designs. */
export function TargetSelect(props: TargetSelectProps) {
  const { t } = useTranslation();
  const options = [
    {
      value: HOTSPOT_BACK,
      name: t('protoEditor.back'),
      label: (
        <span className="proto-target-option">
          <span className="proto-target-thumb is-back">
            <RollbackOutlined />
          </span>
          <span className="proto-target-name">{t('protoEditor.back')}</span>
        </span>
      ),
    },
    ...props.designs.map((design) => {
      const thumb = thumbnailUrl(design);
      return {
        value: design.id,
        name: design.name,
        label: (
          <span className="proto-target-option">
            <span className="proto-target-thumb">
              {thumb ? <img src={thumb} alt="" draggable={false} /> : null}
            </span>
            <span className="proto-target-name">{design.name}</span>
          </span>
        ),
      };
    }),
  ];
  // A target outside the list (in the recycle bin) shows as such instead of its bare id.
  const known = props.value === undefined || options.some((option) => option.value === props.value);
  return (
    <Select
      className="proto-target-select"
      data-testid={props.testId}
      value={known ? props.value : undefined}
      placeholder={known ? props.placeholder : t('protoEditor.brokenTarget')}
      onChange={props.onChange}
      disabled={props.disabled}
      defaultOpen={props.defaultOpen}
      autoFocus={props.defaultOpen}
      showSearch={{ optionFilterProp: 'name' }}
      options={options}
      popupMatchSelectWidth={false}
      listHeight={320}
    />
  );
}
