import { AimOutlined, BgColorsOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { BASE_SCALES, type BaseScale, type Layer, type LayerDoc } from '@ferry/shared';
import { Alert, Segmented, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeContext } from '../code';
import { COLOR_FORMATS, type ColorFormat } from '../colors';
import { lengthValue, PLATFORMS, type UnitContext } from '../units';
import type { useInspectPrefs } from '../useInspectPrefs';
import type { LayersStatus } from '../useLayerDoc';
import { useProjectTokens } from '../useProjectTokens';
import { AddToDsmDialog, type LayerSource } from './AddToDsmDialog';
import { CodePanel } from './CodePanel';
import { Properties } from './Properties';
import { Pair, Row, Section } from './parts';
import { TokensContext } from './tokens';

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
  /**
   * The design shown, for the project's linked tokens and "Add to design system" (null for a share link's
   * visitor: neither).
   */
  source?: LayerSource | null;
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
  const { prefs, selected, source } = props;
  const units: UnitContext = { platform: prefs.prefs.platform, baseScale: prefs.baseScale };
  const tokens = useProjectTokens(source?.teamId ?? '', source?.projectId ?? '', prefs.baseScale);
  const codeTokens = tokens.linked && prefs.prefs.tokens;
  const context: CodeContext = useMemo(
    () => ({
      baseScale: prefs.baseScale,
      colorFormat: prefs.prefs.colorFormat,
      ...(codeTokens ? { tokens: tokens.matcher } : {}),
    }),
    [prefs.baseScale, prefs.prefs.colorFormat, codeTokens, tokens.matcher],
  );
  const [adding, setAdding] = useState(false);
  return (
    <TokensContext.Provider value={tokens.matcher}>
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
                onAddToDsm={source ? () => setAdding(true) : null}
              />
              <CodePanel
                layer={selected}
                language={prefs.code}
                onLanguage={(code) => prefs.update({ code })}
                context={context}
                onCopied={props.onCodeCopied}
                writeTokens={tokens.linked ? prefs.prefs.tokens : null}
                onWriteTokens={(writeTokens) => prefs.update({ tokens: writeTokens })}
              />
            </>
          ) : (
            <DesignInfo props={props} units={units} />
          )}
        </div>
        {source && selected ? (
          <AddToDsmDialog layer={selected} source={source} open={adding} onClose={() => setAdding(false)} />
        ) : null}
      </div>
    </TokensContext.Provider>
  );
}
