import { BASE_SCALES, type BaseScale, type PreferenceFlag, type Preferences } from '@ferry/shared';
import { useCallback, useMemo, useState } from 'react';
import { readPreferences, usePreferences, writePreferences } from '../../state/preferences';
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

const DEFAULTS = {
  platform: 'web',
  colorFormat: 'hex',
} as const satisfies Partial<InspectPrefs>;

/** The switches that follow the user (account preferences) until set for a project. */
type AccountSwitch = 'deep' | 'tree' | 'tokens';
const ACCOUNT_FLAG = {
  deep: 'inspectDeepSelect',
  tree: 'inspectLayerTree',
  tokens: 'inspectTokens',
} as const satisfies Record<AccountSwitch, PreferenceFlag>;

const oneOf = <T>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

type StoredPrefs = Record<string, Partial<InspectPrefs>>;
const storedOf = (projectId: string): Partial<InspectPrefs> =>
  readJson<StoredPrefs>(StorageKeys.inspectPrefs, {})[projectId] ?? {};

/**
 * The prefs of a project, each value checked (the browser's storage is anyone's to edit); a switch the user
 * never set for this project is the account's preference.
 */
export function readInspectPrefs(projectId: string, account: Preferences = readPreferences()): InspectPrefs {
  const stored = storedOf(projectId);
  const accountSwitch = (name: AccountSwitch) =>
    typeof stored[name] === 'boolean' ? (stored[name] as boolean) : account[ACCOUNT_FLAG[name]];
  return {
    platform: oneOf(PLATFORMS, stored.platform, DEFAULTS.platform),
    baseScale: oneOf<BaseScale | null>(BASE_SCALES, stored.baseScale, null),
    colorFormat: oneOf(COLOR_FORMATS, stored.colorFormat, DEFAULTS.colorFormat),
    code: oneOf<CodeLanguage | null>(CODE_LANGUAGES, stored.code, null),
    deep: accountSwitch('deep'),
    tree: accountSwitch('tree'),
    tokens: accountSwitch('tokens'),
  };
}

/** Stores only what changed, so the switches left alone keep following the account. */
function writeInspectPrefs(projectId: string, change: Partial<InspectPrefs>) {
  const all = readJson<StoredPrefs>(StorageKeys.inspectPrefs, {});
  writeJson(StorageKeys.inspectPrefs, { ...all, [projectId]: { ...all[projectId], ...change } });
}

/** The prefs with what they resolve to for a design: its base scale and code language. */
export function useInspectPrefs(projectId: string, designWidth: number) {
  const account = usePreferences();
  // Bumped on each change, which the browser's storage holds: the stored prefs are read again.
  const [changes, setChanges] = useState(0);
  const prefs = useMemo(() => readInspectPrefs(projectId, account), [projectId, account, changes]);
  const update = useCallback(
    (change: Partial<InspectPrefs>) => {
      writeInspectPrefs(projectId, change);
      // The user's latest choice becomes theirs everywhere: the default of projects they have not set.
      const flags: Partial<Preferences> = {};
      for (const name of Object.keys(ACCOUNT_FLAG) as AccountSwitch[]) {
        if (typeof change[name] === 'boolean') flags[ACCOUNT_FLAG[name]] = change[name];
      }
      if (Object.keys(flags).length) writePreferences(flags);
      setChanges((count) => count + 1);
    },
    [projectId],
  );
  return {
    prefs,
    update,
    baseScale: prefs.baseScale ?? guessBaseScale(designWidth),
    code: prefs.code ?? LANGUAGE_OF[prefs.platform],
  };
}
