import { z } from 'zod';
import { PreferenceLimits } from '../limits.js';

/**
 * Preferences that follow the user from browser to browser (spec 000 §3: "an ordered list of 18 flags plus
 * zoom speed"), kept in the `preferences` profile group. The order is the one the list is shown and stored in.
 */
export const PREFERENCE_FLAGS = [
  /** The settings dialog: Axure prototypes are scaled to fit the window. */
  'axureZoom',
  /** Lab: ESC on the mark page returns to the stage at once (off: it clears the selection first). */
  'escBack',
  /** Lab: traditional box-select on the stage. */
  'boxSelect',
  /** Lab: Ctrl/⌘-wheel zooms continuously instead of by steps. */
  'freeZoom',
  /** Lab: performance priority (the 50 % preview, no hover outlines of groups). */
  'performance',
  /** Inspect: a click selects the deepest layer by default. */
  'inspectDeepSelect',
  /** Inspect: the layer list opens with the view. */
  'inspectLayerTree',
  /** Inspect: code names the linked design tokens rather than raw values. */
  'inspectTokens',
  /** Stage: design names shown under the thumbnails. */
  'stageNames',
  /** Stage: the "new" marker on the latest uploads. */
  'stageNewMarker',
  /** Comments: resolved threads stay listed with the user's own and pinned on the design. */
  'showResolvedComments',
  /** Comments: the pins are drawn on the design. */
  'commentPins',
  /** Prototypes: hotspots flash where a click leads somewhere. */
  'hotspotHints',
  /** Message centre: only unread messages listed. */
  'unreadOnly',
  /** Notices: a toast pops up when one arrives. */
  'noticeToasts',
  /** Notices: a sound when one arrives. */
  'noticeSound',
  /** Notices: the system's desktop notification as well, while the tab is hidden. */
  'desktopNotices',
  /** Search: results include the recycle bin. */
  'searchTrash',
] as const;
export type PreferenceFlag = (typeof PREFERENCE_FLAGS)[number];

/** On: what the app shows unless told otherwise; off: lab options, filters and the extra sound. */
const FLAGS_ON_BY_DEFAULT: readonly PreferenceFlag[] = [
  'inspectTokens',
  'stageNames',
  'stageNewMarker',
  'showResolvedComments',
  'commentPins',
  'hotspotHints',
  'noticeToasts',
  'desktopNotices',
];

export type Preferences = Record<PreferenceFlag, boolean> & { zoomSpeed: number };

export const DEFAULT_PREFERENCES: Preferences = {
  ...(Object.fromEntries(
    PREFERENCE_FLAGS.map((flag) => [flag, FLAGS_ON_BY_DEFAULT.includes(flag)]),
  ) as Record<PreferenceFlag, boolean>),
  zoomSpeed: PreferenceLimits.zoomSpeedDefault,
};

export const zoomSpeedSchema = z
  .number({ message: 'zoomSpeed.range' })
  .int({ message: 'zoomSpeed.range' })
  .min(PreferenceLimits.zoomSpeedMin, { message: 'zoomSpeed.range' })
  .max(PreferenceLimits.zoomSpeedMax, { message: 'zoomSpeed.range' });

/** A change of some preferences: known names only, each of its type. */
export const preferencesPatch = z
  .object({
    ...(Object.fromEntries(PREFERENCE_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<
      PreferenceFlag,
      z.ZodOptional<z.ZodBoolean>
    >),
    zoomSpeed: zoomSpeedSchema.optional(),
  })
  .strict();

/** Stored or cached preferences as the app uses them: defaults filled in, the legacy zoom speed read as today's. */
export function normalisePreferences(stored: Record<string, unknown> | null | undefined): Preferences {
  const result: Preferences = { ...DEFAULT_PREFERENCES };
  for (const flag of PREFERENCE_FLAGS) {
    if (typeof stored?.[flag] === 'boolean') result[flag] = stored[flag] as boolean;
  }
  const speed = stored?.zoomSpeed;
  if (zoomSpeedSchema.safeParse(speed).success && speed !== PreferenceLimits.zoomSpeedLegacy) {
    result.zoomSpeed = speed as number;
  }
  return result;
}

/**
 * First-time guides (spec 000 §3, §7: GET/POST /pangu/onboarding/guide): one flag each per user, `true` while
 * the guide is still to show, the string "false" once dismissed.
 */
export const GUIDE_NAMES = [
  'enterProject',
  'uploadDesign',
  'share',
  'sliceDownload',
  'comment',
  'prototype',
  'inspectLayer',
  'inspectCode',
  'inspectTokens',
  'createProject',
  'createFolder',
  'inviteMember',
  'createSection',
  'arrangeStage',
  'versionHistory',
  'compareVersions',
  'flowMap',
  'hotspotEditor',
  'uploadDocument',
  'bookmarks',
  'search',
  'messageCentre',
  'designSystem',
  'walkthrough',
  'labSettings',
  'projectGroups',
  'recycleBin',
  'shareManage',
  'accessTokens',
  'pluginBind',
] as const;
export type GuideName = (typeof GUIDE_NAMES)[number];

export const GUIDE_DISMISSED = 'false';
export type GuideFlag = true | typeof GUIDE_DISMISSED;

export function isGuideName(value: unknown): value is GuideName {
  return typeof value === 'string' && (GUIDE_NAMES as readonly string[]).includes(value);
}

/** GET /pangu/onboarding/guide: whether this server shows guides at all, and each guide's flag for the caller. */
export interface GuidesAnswer {
  enabled: boolean;
  guides: Record<GuideName, GuideFlag>;
}

export const dismissGuideBody = z.object({ name: z.string().min(1).max(100) });
