import { BASE_SCALES, type BaseScale } from '@ferry/shared';
import { useCallback, useState } from 'react';
import { readJson, StorageKeys, writeJson } from '../../state/storage';
import { CODE_LANGUAGES, type CodeLanguage, LANGUAGE_OF } from './code';
import { COLOR_FORMATS, type ColorFormat } from './colors';
import { guessBaseScale, PLATFORMS, type Platform } from './units';

/** What the inspect view remembers per project (StorageKeys.inspectPrefs: project id → prefs). */
export interface InspectPrefs {
  platform: Platform;
  /** null: not picked yet, guessed from each design's width. */
  baseScale: BaseScale | null;
  colorFormat: ColorFormat;
  /** null: the platform's own language. */
  code: CodeLanguage | null;
  /** Clicks select the deepest layer (as Alt/⌘-click does). */
  deep: boolean;
  /** The layer list is open on the left. */
  tree: boolean;
  /** Code names the linked design tokens (false: raw values); the switch shows only when the project links some. */
  tokens: boolean;
}

const DEFAULTS: InspectPrefs = {
  platform: 'web',
  baseScale: null,
  colorFormat: 'hex',
  code: null,
  deep: false,
  tree: false,
  tokens: true,
};

const oneOf = <T>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** The stored prefs of a project, each value checked (the browser's storage is anyone's to edit). */
export function readInspectPrefs(projectId: string): InspectPrefs {
  const stored =
    readJson<Record<string, Partial<InspectPrefs>>>(StorageKeys.inspectPrefs, {})[projectId] ?? {};
  return {
    platform: oneOf(PLATFORMS, stored.platform, DEFAULTS.platform),
    baseScale: oneOf<BaseScale | null>(BASE_SCALES, stored.baseScale, null),
    colorFormat: oneOf(COLOR_FORMATS, stored.colorFormat, DEFAULTS.colorFormat),
    code: oneOf<CodeLanguage | null>(CODE_LANGUAGES, stored.code, null),
    deep: stored.deep === true,
    tree: stored.tree === true,
    tokens: stored.tokens !== false,
  };
}

function writeInspectPrefs(projectId: string, prefs: InspectPrefs) {
  const all = readJson<Record<string, Partial<InspectPrefs>>>(StorageKeys.inspectPrefs, {});
  writeJson(StorageKeys.inspectPrefs, { ...all, [projectId]: prefs });
}

/** The prefs with what they resolve to for a design: its base scale and code language. */
export function useInspectPrefs(projectId: string, designWidth: number) {
  const [prefs, setPrefs] = useState(() => readInspectPrefs(projectId));
  const [shownFor, setShownFor] = useState(projectId);
  if (shownFor !== projectId) {
    setShownFor(projectId);
    setPrefs(readInspectPrefs(projectId));
  }
  const update = useCallback(
    (change: Partial<InspectPrefs>) =>
      setPrefs((current) => {
        const next = { ...current, ...change };
        writeInspectPrefs(projectId, next);
        return next;
      }),
    [projectId],
  );
  return {
    prefs,
    update,
    baseScale: prefs.baseScale ?? guessBaseScale(designWidth),
    code: prefs.code ?? LANGUAGE_OF[prefs.platform],
  };
}
