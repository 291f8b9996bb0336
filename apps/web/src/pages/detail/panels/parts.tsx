import type { DesignToken, Fill, Rgba } from '@ferry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColorFormat, fillCss, fillSwatch, formatColor, percent } from '../colors';
import { CopyValue } from './CopyValue';
import { TokenName, useTokens } from './tokens';

/** A titled block of the properties panel. */
export function Section({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="inspect-section">
      <header className="inspect-section-title">
        <span>{title}</span>
        {extra}
      </header>
      {children}
    </section>
  );
}

/**
 * A label and its copyable value; `exact` is the unrounded length behind a rounded one, `token` the linked
 * design token the value is, named before it.
 */
export function Row({
  label,
  value,
  exact,
  display,
  testId,
  token,
}: {
  label: string;
  value: string;
  exact?: string;
  display?: ReactNode;
  testId?: string;
  token?: DesignToken | null;
}) {
  return (
    <div className="inspect-row">
      <span className="inspect-row-label">{label}</span>
      <span className="inspect-row-values">
        <TokenName token={token} testId={testId ? `${testId}-token` : undefined} />
        <CopyValue value={value} exact={exact} testId={testId}>
          {display ?? value}
        </CopyValue>
      </span>
    </div>
  );
}

/** Two short values side by side: X and Y, W and H. */
export function Pair({ children }: { children: ReactNode }) {
  return <div className="inspect-pair">{children}</div>;
}

export function Swatch({ background }: { background: string }) {
  return (
    <span className="inspect-swatch">
      <span style={{ background }} />
    </span>
  );
}

/** A colour in the chosen format, copyable, with its swatch; a linked colour token's name before it. */
export function ColorValue({ color, format, testId }: { color: Rgba; format: ColorFormat; testId?: string }) {
  const value = formatColor(color, format);
  const token = useTokens().color(color);
  const swatch = (
    <CopyValue value={value} className="inspect-color" testId={testId}>
      <Swatch background={formatColor(color, 'rgba')} />
      <span className="inspect-color-value">{value}</span>
    </CopyValue>
  );
  if (!token) return swatch;
  return (
    <span className="inspect-row-values">
      <TokenName token={token} testId={testId ? `${testId}-token` : undefined} />
      {swatch}
    </span>
  );
}

/** One fill: a colour, a gradient with its stops, or a bitmap. */
export function FillValue({ fill, format }: { fill: Fill; format: ColorFormat }) {
  const { t } = useTranslation();
  if (fill.type === 'solid') return <ColorValue color={fill.color} format={format} testId="inspect-fill" />;
  if (fill.type === 'image') {
    return (
      <div className="inspect-fill-kind">
        <Swatch background="repeating-linear-gradient(45deg, #d9dce1 0 4px, #fff 4px 8px)" />
        {t('inspect.fillImage')}
      </div>
    );
  }
  const css = fillCss(fill, format) as string;
  return (
    <div className="inspect-gradient">
      <CopyValue value={css} className="inspect-color" testId="inspect-fill">
        <Swatch background={fillSwatch(fill)} />
        <span className="inspect-color-value">
          {t(`inspect.gradient.${fill.type}`)}
          {fill.type === 'linear' ? ` ${fill.angle}°` : ''}
        </span>
      </CopyValue>
      {fill.stops.map((stop, index) => (
        <div className="inspect-stop" key={index}>
          <span className="inspect-stop-position">{percent(stop.position)}</span>
          <ColorValue color={stop.color} format={format} />
        </div>
      ))}
    </div>
  );
}
