import { useCallback, useEffect, useRef, useState } from 'react';
import type { Alignment, WalkthroughScreenshotView } from '../../../api/walkthrough';
import { boundedAlignment, sameAlignment } from './compareGeometry';

/** A drag or a run of arrow presses is saved once it rests this long: one comparison, not one per pixel. */
export const ALIGN_SAVE_DELAY_MS = 500;

type Save = (
  contrastId: string,
  alignment: Alignment,
  auto?: boolean,
) => Promise<WalkthroughScreenshotView | null>;

const alignmentOf = (shot: WalkthroughScreenshotView): Alignment => ({
  scale: shot.scale,
  offset_x: shot.offset_x,
  offset_y: shot.offset_y,
});

/**
 * The screenshot's alignment as the user moves it: shown at once, saved (PUT) once it rests. A draft not
 * saved yet is sent when another screenshot is picked or the view closes; the server's answer replaces the
 * draft unless the user moved on meanwhile.
 */
export function useAlignment(shot: WalkthroughScreenshotView | undefined, save: Save) {
  const [draft, setDraft] = useState<{ id: string; alignment: Alignment } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ id: string; alignment: Alignment } | null>(null);
  const latestSave = useRef(save);
  latestSave.current = save;

  const send = useCallback((id: string, alignment: Alignment, auto = false) => {
    void latestSave.current(id, alignment, auto).then(() => {
      // Only the draft that was sent goes: a newer one waits for its own save.
      setDraft((current) =>
        current && current.id === id && (auto || sameAlignment(current.alignment, alignment))
          ? null
          : current,
      );
    });
  }, []);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const waiting = pending.current;
    pending.current = null;
    if (waiting) send(waiting.id, waiting.alignment);
  }, [send]);

  // Another screenshot (or leaving the page) saves what the last one was given.
  const shotId = shot?.contrast_id;
  useEffect(() => () => flush(), [shotId, flush]);

  const shown = shot ? (draft?.id === shot.contrast_id ? draft.alignment : alignmentOf(shot)) : null;
  // Moves come faster than renders (a drag, held arrow keys): each builds on the last one, not a rendered copy.
  const current = useRef(shown);
  current.current = pending.current?.id === shot?.contrast_id ? (pending.current?.alignment ?? shown) : shown;

  const change = useCallback(
    (next: (alignment: Alignment) => Alignment) => {
      const from = current.current;
      if (!shot || !from) return;
      const alignment = boundedAlignment(next(from));
      if (sameAlignment(alignment, from)) return;
      current.current = alignment;
      setDraft({ id: shot.contrast_id, alignment });
      pending.current = { id: shot.contrast_id, alignment };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, ALIGN_SAVE_DELAY_MS);
    },
    [shot, flush],
  );

  /** The server looks for the best offset near the one shown; its answer replaces the draft. */
  const autoAlign = useCallback(() => {
    if (!shot || !shown) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    send(shot.contrast_id, shown, true);
  }, [shot, shown, send]);

  return { alignment: shown, change, autoAlign };
}
