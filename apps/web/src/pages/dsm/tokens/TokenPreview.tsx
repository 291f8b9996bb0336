import {
  type BorderValue,
  pxOf,
  type ShadowValue,
  type TokenKind,
  type TypographyValue,
} from '@ferry/shared';
import { useTranslation } from 'react-i18next';
import { typographySpecs, typographyStyle } from '../library/typography';

const shadowCss = (value: ShadowValue) =>
  `${value.inset ? 'inset ' : ''}${value.offsetX} ${value.offsetY} ${value.blur} ${value.spread} ${value.color}`;

/** The style's face at a size the table row holds (its specs show the real size). */
const sampleStyle = (value: TypographyValue) => ({
  ...typographyStyle(value),
  fontSize: Math.min(pxOf(value.fontSize) || 16, 24),
  lineHeight: 1.2,
});

/** A token's value as a reader sees it: a swatch, a text sample, a box with the radius or shadow. */
export function TokenPreview({ kind, value }: { kind: TokenKind; value: unknown }) {
  const { t } = useTranslation();
  if (kind === 'color') {
    return (
      <span
        className="dsm-token-swatch"
        data-testid="dsm-token-swatch"
        style={{ background: String(value) }}
      />
    );
  }
  if (kind === 'typography') {
    return (
      <span className="dsm-token-sample" style={sampleStyle(value as TypographyValue)}>
        {t('dsm.file.sampleShort')}
      </span>
    );
  }
  if (kind === 'radius') return <span className="dsm-token-box" style={{ borderRadius: String(value) }} />;
  if (kind === 'spacing') return <span className="dsm-token-spacing" style={{ width: String(value) }} />;
  if (kind === 'shadow') {
    return (
      <span className="dsm-token-box is-shadow" style={{ boxShadow: shadowCss(value as ShadowValue) }} />
    );
  }
  const border = value as BorderValue;
  return (
    <span className="dsm-token-box" style={{ border: `${border.width} ${border.style} ${border.color}` }} />
  );
}

/** A token's value as text for the table. */
export function valueText(kind: TokenKind, value: unknown): string {
  if (typeof value === 'string') return value;
  if (kind === 'typography') return typographySpecs(value as TypographyValue);
  if (kind === 'shadow') return shadowCss(value as ShadowValue);
  if (kind === 'border') {
    const border = value as BorderValue;
    return `${border.width} ${border.style} ${border.color}`;
  }
  return JSON.stringify(value);
}
