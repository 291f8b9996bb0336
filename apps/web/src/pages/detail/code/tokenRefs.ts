import { type DesignToken, SWIFT_TOKENS_CLASS, tokenNames } from '@ferry/shared';

/**
 * How each language's code names a token, by the same rules as the design system's export, so code copied
 * from inspect compiles against the exported files.
 */
export const cssTokenRef = (token: DesignToken) => `var(${tokenNames.css(token.name)})`;

export const swiftTokenRef = (token: DesignToken) => `${SWIFT_TOKENS_CLASS}.${tokenNames.swift(token.name)}`;

const ANDROID_RESOURCE: Record<DesignToken['kind'], string> = {
  color: 'color',
  radius: 'dimen',
  spacing: 'dimen',
  typography: 'style',
  shadow: 'style',
  border: 'style',
};

/** `@color/brand_primary`, `@dimen/radius_md`: the resource the Android export defines for the token. */
export const androidTokenRef = (token: DesignToken) =>
  `@${ANDROID_RESOURCE[token.kind]}/${tokenNames.android(token.name, token.kind)}`;
