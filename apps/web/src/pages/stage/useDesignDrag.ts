import { type DragEvent, useRef, useState } from 'react';
import type { DropSide } from './DesignCard';
import type { DropTarget } from './StageGrid';
import type { PlaceTarget } from './useStageActions';

/** The type a dragged set of stage designs carries (files dragged in from the desktop do not). */
export const DESIGNS_MIME = 'application/x-ferry-designs';

const sameTarget = (a: DropTarget | null, b: DropTarget | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.kind === b.kind &&
    a.id === b.id &&
    (a.kind !== 'card' || b.kind !== 'card' || a.side === b.side));

/**
 * Reordering by drag: a card carries the whole selection when it is part of it. Dropped on a card's left or
 * right half it lands before or after that card (in that card's section); dropped on a section's header or
 * empty area, at that section's end. Drags that did not start on a card (files) are left to the uploader.
 */
export function useDesignDrag({
  canEdit,
  dragged,
  sectionOf,
  place,
  hold,
}: {
  canEdit: boolean;
  /** The ids a drag starting on this card moves. */
  dragged: (id: string) => string[];
  sectionOf: (imageId: string) => string | undefined;
  place: (ids: string[], target: PlaceTarget) => void;
  /** Holds the stage while designs are dragged, so nobody rearranges it under the drop (image_lock). */
  hold: (held: boolean) => void;
}) {
  const moving = useRef<string[] | null>(null);
  const [dropTarget, setDropTargetState] = useState<DropTarget | null>(null);
  const setDropTarget = (next: DropTarget | null) =>
    setDropTargetState((current) => (sameTarget(current, next) ? current : next));

  const finish = () => {
    if (moving.current) hold(false);
    moving.current = null;
    setDropTarget(null);
  };
  const accept = (event: DragEvent) => {
    if (!moving.current) return false;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    return true;
  };

  return {
    dropTarget,
    onDragStart: (id: string, event: DragEvent) => {
      if (!canEdit) {
        event.preventDefault();
        return;
      }
      const ids = dragged(id);
      moving.current = ids;
      hold(true);
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(DESIGNS_MIME, JSON.stringify(ids));
    },
    onDragEnd: finish,
    onDragOverCard: (id: string, side: DropSide, event: DragEvent) => {
      if (!accept(event)) return;
      setDropTarget(moving.current?.includes(id) ? null : { kind: 'card', id, side });
    },
    onDropOnCard: (id: string, side: DropSide, event: DragEvent) => {
      const ids = moving.current;
      const sectionId = sectionOf(id);
      if (!accept(event) || !ids) return;
      finish();
      if (ids.includes(id) || !sectionId) return;
      place(ids, side === 'before' ? { sectionId, before: id } : { sectionId, after: id });
    },
    onSectionDragOver: (sectionId: string, event: DragEvent) => {
      if (accept(event)) setDropTarget({ kind: 'section', id: sectionId });
    },
    onSectionDrop: (sectionId: string, event: DragEvent) => {
      const ids = moving.current;
      if (!accept(event) || !ids) return;
      finish();
      place(ids, { sectionId });
    },
  };
}
