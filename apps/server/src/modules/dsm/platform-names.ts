import { type TokenKind, tokenNames } from '@ferry/shared';
import { fail } from '../../http/errors.js';

interface Named {
  name: string;
  kind: TokenKind;
}

/** Android keeps colours, dimensions and styles apart (R.color, R.dimen, R.style); shadows and borders have none. */
const ANDROID_RESOURCE: Record<TokenKind, string | null> = {
  color: 'color',
  radius: 'dimen',
  spacing: 'dimen',
  typography: 'style',
  shadow: null,
  border: null,
};

/** Each export's name of a token, keyed so that two keys alike are one name in that file. */
const PLATFORM_KEYS: { platform: string; key: (token: Named) => string | null }[] = [
  { platform: 'CSS', key: (token) => tokenNames.css(token.name) },
  { platform: 'SCSS', key: (token) => tokenNames.scss(token.name) },
  {
    platform: 'Android',
    key: (token) => {
      const resource = ANDROID_RESOURCE[token.kind];
      return resource && `${resource}:${tokenNames.android(token.name, token.kind)}`;
    },
  },
  { platform: 'Swift', key: (token) => tokenNames.swift(token.name) },
];

/**
 * Two tokens the exports would write under one name (`brand-primary` and `brandPrimary` are both
 * `--brand-primary`): the first such pair, the platform and the name, or null.
 */
export function platformClash(tokens: Iterable<Named>) {
  const all = [...tokens];
  for (const { platform, key } of PLATFORM_KEYS) {
    const seen = new Map<string, string>();
    for (const token of all) {
      const written = key(token);
      if (written === null) continue;
      const other = seen.get(written);
      if (other !== undefined && other !== token.name) {
        return { first: other, second: token.name, platform, written: written.replace(/^\w+:/, '') };
      }
      seen.set(written, token.name);
    }
  }
  return null;
}

/** 19119 naming both tokens when the exports would give them one name. */
export function requireNoPlatformClash(tokens: Iterable<Named>) {
  const clash = platformClash(tokens);
  if (!clash) return;
  const { first, second, platform, written } = clash;
  throw fail(
    'DSM_TOKEN_NAME_EXISTS',
    {
      zh: `令牌“${first}”和“${second}”在 ${platform} 中同名（${written}），请改名其中一个`,
      en: `The tokens "${first}" and "${second}" would have one name in ${platform} (${written}): rename one`,
    },
    { name: second, clashes_with: first, platform },
  );
}
