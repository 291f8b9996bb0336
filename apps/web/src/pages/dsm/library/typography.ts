import type { TypographyValue } from '@ferry/shared';
import type { CSSProperties } from 'react';

/** A typography value as CSS, for a sample line in that style. */
export function typographyStyle(value: Partial<TypographyValue>): CSSProperties {
  return {
    // The named font when the machine has it, else a sans-serif like the product's, never the browser's serif.
    fontFamily: value.fontFamily ? `"${value.fontFamily.replace(/["\\]/g, '')}", sans-serif` : undefined,
    fontSize: value.fontSize,
    fontWeight: value.fontWeight,
    lineHeight: value.lineHeight ?? undefined,
    letterSpacing: value.letterSpacing,
  };
}

/** `Inter · 16px · 600 · 1.5` */
export function typographySpecs(value: Partial<TypographyValue>): string {
  return [value.fontFamily, value.fontSize, value.fontWeight, value.lineHeight, value.letterSpacing]
    .filter((part) => part !== undefined && part !== null && part !== '')
    .join(' · ');
}

/** The default of a new text style. */
export const NEW_TEXT_STYLE: TypographyValue = {
  fontFamily: 'Inter',
  fontSize: '16px',
  fontWeight: 400,
  lineHeight: 1.5,
};
