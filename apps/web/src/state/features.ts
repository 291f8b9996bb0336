/**
 * Features of the spec that are not built yet. Their settings stay hidden until the feature exists: turn its
 * flag on when it ships and every setting of it shows again.
 */
const FEATURES = {
  /** Axure prototypes: the settings dialog's Axure zoom. */
  axurePrototypes: true,
  /** Product documents: a project's document-download setting. */
  documents: false,
} satisfies Record<string, boolean>;

export type Feature = keyof typeof FEATURES;

export function isBuilt(feature: Feature): boolean {
  return FEATURES[feature];
}
