/** Which designs of the stage are selected, and the anchor a shift-click extends from. */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export interface ClickModifiers {
  /** Shift: the range from the anchor. */
  range: boolean;
  /** Ctrl or Cmd: add or remove one. */
  toggle: boolean;
}

/**
 * A click on a card. Plain: only it. Ctrl/Cmd: toggles it. Shift: the range from the anchor to it in the order
 * shown (added to the selection when Ctrl/Cmd is held too); the anchor stays, as in file managers.
 */
export function clickSelect(
  selection: Selection,
  id: string,
  modifiers: ClickModifiers,
  ordered: readonly string[],
): Selection {
  if (modifiers.range && selection.anchor) {
    const from = ordered.indexOf(selection.anchor);
    const to = ordered.indexOf(id);
    if (from >= 0 && to >= 0) {
      const range = ordered.slice(Math.min(from, to), Math.max(from, to) + 1);
      const ids = new Set(modifiers.toggle ? selection.ids : []);
      for (const each of range) ids.add(each);
      return { ids, anchor: selection.anchor };
    }
  }
  if (modifiers.toggle) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  return { ids: new Set([id]), anchor: id };
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box between where a drag started and where the pointer is now. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    right: Math.max(a.x, b.x),
    bottom: Math.max(a.y, b.y),
  };
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** A box drag: the cards it touches, added to what was selected before when Shift or Ctrl/Cmd is held. */
export function boxSelect(before: Selection, hits: readonly string[], additive: boolean): Selection {
  const ids = new Set(additive ? before.ids : []);
  for (const id of hits) ids.add(id);
  return { ids, anchor: hits[0] ?? before.anchor };
}

/** Drops ids that are no longer on the stage (deleted, moved away, filtered out). */
export function keepOnly(selection: Selection, present: ReadonlySet<string>): Selection {
  const ids = [...selection.ids].filter((id) => present.has(id));
  if (ids.length === selection.ids.size) return selection;
  return {
    ids: new Set(ids),
    anchor: selection.anchor && present.has(selection.anchor) ? selection.anchor : null,
  };
}
