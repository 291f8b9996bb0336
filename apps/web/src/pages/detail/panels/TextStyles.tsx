import type { Layer, TextInfo } from '@ferry/shared';
import { useTranslation } from 'react-i18next';
import { distinctRuns, runText } from '../code/context';
import type { ColorFormat } from '../colors';
import { lengthValue, type UnitContext } from '../units';
import { CopyValue } from './CopyValue';
import { ColorValue, Row, Section } from './parts';
import { TokenName, useTokens } from './tokens';

/** A text layer's content and each of its styles: font, PostScript name, weight, size, spacing, alignment, colour. */
export function TextStyles({
  layer,
  text,
  units,
  colorFormat,
}: {
  layer: Layer;
  text: TextInfo;
  units: UnitContext;
  colorFormat: ColorFormat;
}) {
  const { t } = useTranslation();
  const tokens = useTokens();
  const font = (value: number) => lengthValue(value, units, 'font');
  const styles = distinctRuns(text.runs);
  return (
    <Section title={t('inspect.text')}>
      <CopyValue value={text.content} className="inspect-text-content" testId="inspect-text-content" />
      {styles.map((run, index) => (
        <div className="inspect-text-style" key={`${run.start}-${run.end}`} data-testid="inspect-text-style">
          {styles.length > 1 ? (
            <div className="inspect-text-style-title">
              {t('inspect.style', { number: index + 1 })}
              <span>“{runText(layer, run)}”</span>
            </div>
          ) : null}
          {tokens.typography(run) ? (
            <div className="inspect-row">
              <span className="inspect-row-label">{t('inspect.textToken')}</span>
              <TokenName token={tokens.typography(run)} testId="inspect-text-token" />
            </div>
          ) : null}
          <Row label={t('inspect.font')} value={run.fontFamily} testId="inspect-font-family" />
          {run.postScriptName ? (
            <Row label={t('inspect.postScript')} value={run.postScriptName} testId="inspect-postscript" />
          ) : null}
          <Row label={t('inspect.weight')} value={String(run.fontWeight)} testId="inspect-font-weight" />
          <Row label={t('inspect.fontSize')} {...font(run.fontSize)} testId="inspect-font-size" />
          <Row
            label={t('inspect.lineHeight')}
            {...(run.lineHeight === null ? { value: t('inspect.auto') } : font(run.lineHeight))}
            testId="inspect-line-height"
          />
          <Row
            label={t('inspect.letterSpacing')}
            {...lengthValue(run.letterSpacing, units, 'spacing')}
            testId="inspect-letter-spacing"
          />
          <Row label={t('inspect.align')} value={t(`inspect.alignment.${text.align}`)} />
          {run.fontStyle === 'italic' ? (
            <Row label={t('inspect.fontStyle')} value={t('inspect.italic')} />
          ) : null}
          {run.underline || run.strikethrough ? (
            <Row
              label={t('inspect.decoration')}
              value={[
                run.underline ? t('inspect.underline') : '',
                run.strikethrough ? t('inspect.strikethrough') : '',
              ]
                .filter(Boolean)
                .join(', ')}
            />
          ) : null}
          <div className="inspect-row">
            <span className="inspect-row-label">{t('inspect.color')}</span>
            <ColorValue color={run.color} format={colorFormat} testId="inspect-text-color" />
          </div>
        </div>
      ))}
    </Section>
  );
}
