import { AimOutlined, BgColorsOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { BASE_SCALES, type BaseScale, type Layer, type LayerDoc } from '@ferry/shared';
import { Alert, Segmented, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeContext } from '../code';
import { COLOR_FORMATS, type ColorFormat } from '../colors';
import { lengthValue, PLATFORMS, type UnitContext } from '../units';
import type { useInspectPrefs } from '../useInspectPrefs';
import type { LayersStatus } from '../useLayerDoc';
import { CodePanel } from './CodePanel';
import { Properties } from './Properties';
import { Pair, Row, Section } from './parts';

export interface InspectTabProps {
  prefs: ReturnType<typeof useInspectPrefs>;
  design: { width: number; height: number };
  doc: LayerDoc | null;
  status: LayersStatus;
  selected: Layer | null;
  onComment: ((layer: Layer) => void) | null;
  onCodeCopied: () => void;
  /** Whether the plain picture's colour picker can read it (null: not known yet). */
  pickerAvailable: boolean | null;
}

/** The unit, base scale and colour format, shown above everything else of the tab. */
function UnitBar({ prefs }: { prefs: InspectTabProps['prefs'] }) {
  const { t } = useTranslation();
  return (
    <div className="inspect-unit-bar">
      <Select
        size="small"
        value={prefs.prefs.platform}
        onChange={(platform) => prefs.update({ platform, code: null })}
        options={PLATFORMS.map((platform) => ({ value: platform, label: t(`inspect.platform.${platform}`) }))}
        popupMatchSelectWidth={false}
        aria-label={t('inspect.unit')}
        data-testid="inspect-platform"
      />
      <Select
        size="small"
        value={prefs.baseScale}
        onChange={(baseScale: BaseScale) => prefs.update({ baseScale })}
        options={BASE_SCALES.map((scale) => ({ value: scale, label: `@${scale}x` }))}
        aria-label={t('inspect.baseScale')}
        data-testid="inspect-base-scale"
      />
      <Segmented
        size="small"
        block
        value={prefs.prefs.colorFormat}
        onChange={(colorFormat) => prefs.update({ colorFormat: colorFormat as ColorFormat })}
        options={COLOR_FORMATS.map((format) => ({
          value: format,
          label: t(`inspect.colorFormat.${format}`),
        }))}
        aria-label={t('inspect.colorFormatLabel')}
        data-testid="inspect-color-format"
      />
    </div>
  );
}

/** Nothing selected: the design's size in the chosen unit, and how to use the view. */
function DesignInfo({ props, units }: { props: InspectTabProps; units: UnitContext }) {
  const { t } = useTranslation();
  const { design, doc, status, prefs } = props;
  const layerCount = useMemo(() => {
    let count = 0;
    const walk = (layers: LayerDoc['layers']) => {
      for (const layer of layers) {
        count++;
        if (layer.children) walk(layer.children);
      }
    };
    if (doc) walk(doc.layers);
    return count;
  }, [doc]);
  const plain = status === 'none' || status === 'failed';
  return (
    <div className="inspect-design" data-testid="inspect-design">
      <Section title={t('inspect.designSize')}>
        <Pair>
          <Row label="W" {...lengthValue(design.width, units)} testId="inspect-design-width" />
          <Row label="H" {...lengthValue(design.height, units)} testId="inspect-design-height" />
        </Pair>
        {doc ? (
          <Row label={t('inspect.layers')} value={String(layerCount)} testId="inspect-layer-count" />
        ) : null}
      </Section>
      {doc?.truncated ? <Alert type="warning" showIcon message={t('inspect.truncated')} /> : null}
      {plain ? (
        <div className="inspect-hint-card" data-testid="inspect-plain-hint">
          <BgColorsOutlined className="inspect-hint-icon" />
          <span>
            {props.pickerAvailable === false ? t('inspect.pickerUnavailable') : t('inspect.plainHint')}
          </span>
        </div>
      ) : (
        <div className="inspect-hint-card">
          <AimOutlined className="inspect-hint-icon" />
          <span>{t('inspect.selectHint')}</span>
        </div>
      )}
      {doc ? (
        <div className="inspect-switch">
          <Switch
            id="inspect-deep-select"
            size="small"
            checked={prefs.prefs.deep}
            onChange={(deep) => prefs.update({ deep })}
            data-testid="inspect-deep-select"
          />
          <label htmlFor="inspect-deep-select">{t('inspect.deepSelect')}</label>
          <InfoCircleOutlined className="inspect-switch-info" title={t('inspect.deepSelectHint')} />
        </div>
      ) : null}
    </div>
  );
}

/** The Inspect tab: units on top, then the design or the selected layer's properties and code. */
export function InspectTab(props: InspectTabProps) {
  const { prefs, selected } = props;
  const units: UnitContext = { platform: prefs.prefs.platform, baseScale: prefs.baseScale };
  const context: CodeContext = useMemo(
    () => ({ baseScale: prefs.baseScale, colorFormat: prefs.prefs.colorFormat }),
    [prefs.baseScale, prefs.prefs.colorFormat],
  );
  return (
    <div className="inspect-tab">
      <UnitBar prefs={prefs} />
      <div className="inspect-scroll">
        {selected ? (
          <>
            <Properties
              layer={selected}
              units={units}
              colorFormat={prefs.prefs.colorFormat}
              onComment={props.onComment ? () => props.onComment?.(selected) : null}
            />
            <CodePanel
              layer={selected}
              language={prefs.code}
              onLanguage={(code) => prefs.update({ code })}
              context={context}
              onCopied={props.onCodeCopied}
            />
          </>
        ) : (
          <DesignInfo props={props} units={units} />
        )}
      </div>
    </div>
  );
}
