import type { Frame, LayerType } from '../layers.js';

/**
 * What changed between two versions of one design, layer by layer (diffLayerDocs). Lengths are the LayerDoc's
 * design pixels; before/after values are the LayerDoc's own shapes (Fill[], Border[], Shadow[], radius tuple,
 * TextRun style fields), so the inspect view can show them with the formatters it already has.
 */
export type ChangedProperty =
  | 'position'
  | 'size'
  | 'name'
  | 'textContent'
  | 'textStyle'
  | 'fills'
  | 'borders'
  | 'radius'
  | 'shadows'
  | 'opacity'
  | 'blendMode';

export interface PropertyChange {
  property: ChangedProperty;
  before: unknown;
  after: unknown;
}

export type LayerChangeKind = 'added' | 'removed' | 'changed';

export interface LayerChange {
  kind: LayerChangeKind;
  /** The layer's id in the older version; null when added. */
  beforeId: string | null;
  /** The layer's id in the newer version; null when removed. */
  afterId: string | null;
  /** The newer version's name (the older one's when removed). */
  name: string;
  type: LayerType;
  beforeFrame: Frame | null;
  afterFrame: Frame | null;
  /** Empty for added and removed layers. */
  properties: PropertyChange[];
}

/** Counts a message can say in a line ("3 texts, 1 colour changed"). */
export interface LayerDiffSummary {
  added: number;
  removed: number;
  /** Layers whose position changed (resized ones may be moved too). */
  moved: number;
  resized: number;
  /** Text layers whose content or style changed. */
  texts: number;
  /** Layers whose fill or border colours changed. */
  colours: number;
  /** Radius, shadow, opacity, blend or border-width changes. */
  styles: number;
  /** Layers whose name changed (only seen when paired by id). */
  renamed: number;
  /** Layers with any change at all (each counted once). */
  total: number;
}

export interface LayerDiff {
  /** How layers were paired: by their ids (sources that keep ids) or by name and position. */
  matchedBy: 'id' | 'name-position';
  /**
   * Changed and added layers in the newer version's tree order, then removed ones in the older version's. An
   * added or removed group stands for its children too (they are not listed on their own).
   */
  changes: LayerChange[];
  summary: LayerDiffSummary;
}
