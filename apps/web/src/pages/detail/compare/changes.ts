import type { Frame } from '@ferry/shared';
import type { ChangedProperty, LayerChange, LayerChangeKind } from '@ferry/shared/compare/types';

/** The compare list's groups, in the order shown. */
export const CHANGE_KINDS: readonly LayerChangeKind[] = ['added', 'removed', 'changed'];

/** A change's stable name in the list and on the canvas (a layer has an id in at least one version). */
export const changeKey = (change: LayerChange) => `${change.beforeId ?? ''}>${change.afterId ?? ''}`;

/** Where a change is drawn over the newer picture: a removed layer at its old place. */
export const shownFrame = (change: LayerChange): Frame | null =>
  change.kind === 'removed' ? change.beforeFrame : (change.afterFrame ?? change.beforeFrame);

/** The changes of each kind, keeping the diff's order within a kind. */
export function groupChanges(changes: readonly LayerChange[]) {
  return CHANGE_KINDS.map((kind) => ({
    kind,
    changes: changes.filter((change) => change.kind === kind),
  })).filter((group) => group.changes.length > 0);
}

/** The properties a row names, position and size first (the order a reader checks them in). */
const PROPERTY_ORDER: readonly ChangedProperty[] = [
  'position',
  'size',
  'name',
  'textContent',
  'textStyle',
  'fills',
  'borders',
  'radius',
  'shadows',
  'opacity',
  'blendMode',
];

export const orderedProperties = (change: LayerChange) =>
  [...change.properties].sort(
    (a, b) => PROPERTY_ORDER.indexOf(a.property) - PROPERTY_ORDER.indexOf(b.property),
  );
