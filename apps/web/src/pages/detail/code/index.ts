import type { Layer } from '@ferry/shared';
import type { Platform } from '../units';
import { androidCode } from './android';
import type { CodeContext, CodeLanguage } from './context';
import { cssCode, wxssCode } from './css';
import { swiftCode } from './swift';

export type { CodeContext, CodeLanguage } from './context';
export { CODE_LANGUAGES } from './context';

const GENERATORS: Record<CodeLanguage, (layer: Layer, context: CodeContext) => string> = {
  css: cssCode,
  swift: swiftCode,
  android: androidCode,
  wxss: wxssCode,
};

export function generateCode(language: CodeLanguage, layer: Layer, context: CodeContext): string {
  return GENERATORS[language](layer, context);
}

/** The code language a platform reads, until the user picks another. */
export const LANGUAGE_OF: Record<Platform, CodeLanguage> = {
  web: 'css',
  ios: 'swift',
  android: 'android',
  wxss: 'wxss',
};
