import type { Frame } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentsApi } from '../../../api/comments';
import { usePreferences } from '../../../state/preferences';
import { isSearchPaletteOpen } from '../../../state/searchPalette';
import { MentionComposer } from './MentionComposer';
import { type DesignPoint, designPointOf, frameCentre, popoverPlace } from './pinGeometry';
import {
  type CommentTarget,
  scopeOf,
  threadHolding,
  useCommentFailure,
  useRefreshComments,
  useThreads,
} from './useComments';
import './comments.css';

/** The composer's distance from the point its pin marks (the pin is 28 px, enlarged while drafting), CSS px. */
const DRAFT_CLEARANCE = { right: 40, left: 8, up: 32 };
/** Room kept between the composer and the canvas's edges. */
const DRAFT_MARGIN = 8;

/** Where a new thread goes: a point on the design, and the layer it is about when it came from one. */
interface Draft extends DesignPoint {
  layerId: string | null;
}

interface Posting {
  point: Draft;
  content: string;
  mentions: string[];
  guestName?: string;
}

/**
 * The version's threads as numbered pins over the design (this layer fills the scaled design; 0,0 is its
 * top-left). In `placing` mode the next click puts a draft pin there with a composer; `pendingLayer` does the
 * same at a layer's centre. Sending creates the thread and focuses it; cancel or Escape leaves (onPlaced).
 */
export function CommentPins({
  teamId,
  projectId,
  imageId,
  versionId,
  scale,
  placing,
  pendingLayer,
  onPlaced,
  focusId,
  onFocus,
}: CommentTarget & {
  scale: number;
  placing: boolean;
  pendingLayer: { id: string; frame: Frame } | null;
  onPlaced: () => void;
  focusId: string | null;
  onFocus: (commentId: string | null) => void;
}) {
  const { t } = useTranslation();
  const target: CommentTarget = { teamId, projectId, imageId, versionId };
  const threads = useThreads(target, 'all');
  const [draft, setDraft] = useState<Draft | null>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const refresh = useRefreshComments(target);
  const failed = useCommentFailure();
  const focusedThread = threadHolding(threads.data, focusId)?.id ?? null;
  const { commentPins, showResolvedComments } = usePreferences();
  // The user's preferences may leave pins out; the thread they opened keeps its pin, to show where it is.
  const pinned = (threads.data ?? []).filter(
    (thread) => thread.id === focusedThread || (commentPins && (showResolvedComments || !thread.resolved)),
  );
  const draftRef = useRef<HTMLDivElement>(null);
  const [draftAt, setDraftAt] = useState<{ left: number; top: number } | null>(null);
  const [, remeasure] = useReducer((count: number) => count + 1, 0);

  // "Comment on this layer" opens the composer at the layer's centre; leaving comment mode drops a click's draft.
  useEffect(() => {
    if (pendingLayer) setDraft({ ...frameCentre(pendingLayer.frame), layerId: pendingLayer.id });
    else setDraft((current) => (current?.layerId ? null : current));
  }, [pendingLayer]);
  useEffect(() => {
    if (!placing) setDraft((current) => (current && !current.layerId ? null : current));
  }, [placing]);

  const leave = () => {
    setDraft(null);
    onPlaced();
  };
  const leaveRef = useRef(leave);
  leaveRef.current = leave;
  const active = placing || draft !== null;
  // Escape leaves comment mode before the page sees it (there Escape would go back to the stage).
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      // The search palette's Esc closes the palette.
      if (event.key !== 'Escape' || isSearchPaletteOpen()) return;
      event.stopPropagation();
      leaveRef.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active]);

  // A pin focused from the list scrolls into view.
  useEffect(() => {
    if (!focusedThread) return;
    const pin = Array.from(layerRef.current?.querySelectorAll<HTMLElement>('.comment-pin') ?? []).find(
      (element) => element.dataset.threadId === focusedThread,
    );
    pin?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [focusedThread]);

  const create = useMutation({
    mutationFn: ({ point, content, mentions, guestName }: Posting) =>
      commentsApi.create(scopeOf(target), {
        image_id: imageId,
        version_id: versionId,
        content,
        position: { x: point.x, y: point.y },
        ...(point.layerId ? { layer_id: point.layerId } : {}),
        mentions,
        guest_name: guestName,
      }),
    onSuccess: (created) => {
      refresh();
      leave();
      onFocus(created.id);
    },
    onError: failed,
  });

  const place = (event: MouseEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    // From the keyboard (no pointer) the pin goes to the middle of the design.
    const client =
      event.detail === 0
        ? { clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2 }
        : event;
    setDraft({ ...designPointOf(client, rect, scale), layerId: null });
  };

  const at = (point: DesignPoint) => ({ left: point.x * scale, top: point.y * scale });

  // The composer grows as text is typed: place it again.
  const drafting = draft !== null;
  useEffect(() => {
    const box = draftRef.current;
    if (!drafting || !box) return;
    const observer = new ResizeObserver(remeasure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [drafting]);
  // The composer stays whole inside the visible canvas (clear of the sidebar), wherever the design is panned or
  // zoomed: measured after every render (panning and zooming re-render the pins), before paint.
  useLayoutEffect(() => {
    const layer = layerRef.current;
    const box = draftRef.current;
    const canvas = layer?.closest<HTMLElement>('.inspect-canvas');
    if (!draft) setDraftAt(null);
    if (!draft || !layer || !box || !canvas) return;
    const layerRect = layer.getBoundingClientRect();
    const canvasRect = canvas.getBoundingClientRect();
    const origin = { x: layerRect.left - canvasRect.left, y: layerRect.top - canvasRect.top };
    const place = popoverPlace(
      { x: origin.x + draft.x * scale, y: origin.y + draft.y * scale },
      { width: box.offsetWidth, height: box.offsetHeight },
      { width: canvas.clientWidth, height: canvas.clientHeight },
      DRAFT_CLEARANCE,
      DRAFT_MARGIN,
    );
    const next = { left: place.left - origin.x, top: place.top - origin.y };
    setDraftAt((current) =>
      current && current.left === next.left && current.top === next.top ? current : next,
    );
  });
  const draftStyle = (point: DesignPoint) =>
    draftAt ?? {
      left: point.x * scale + DRAFT_CLEARANCE.right,
      top: point.y * scale - DRAFT_CLEARANCE.up,
    };
  return (
    <div className="comment-pins" ref={layerRef} data-testid="comment-pins">
      {pinned.map((thread) =>
        thread.position ? (
          <button
            key={thread.id}
            type="button"
            className={`comment-pin${thread.resolved ? ' is-resolved' : ''}${thread.id === focusedThread ? ' is-focused' : ''}`}
            style={at(thread.position)}
            onClick={() => onFocus(thread.id === focusedThread ? null : thread.id)}
            aria-label={t('comments.pinLabel', { number: thread.number })}
            data-testid="comment-pin"
            data-thread-id={thread.id}
          >
            <span>{thread.number}</span>
          </button>
        ) : null,
      )}
      {placing ? (
        <button
          type="button"
          className="comment-place-layer"
          onClick={place}
          aria-label={t('comments.placeHere')}
          data-testid="comment-place-layer"
        />
      ) : null}
      {draft ? (
        <>
          <span className="comment-pin is-draft" style={at(draft)} data-testid="comment-draft-pin" />
          <div className="comment-draft" ref={draftRef} style={draftStyle(draft)} data-testid="comment-draft">
            <MentionComposer
              teamId={teamId}
              projectId={projectId}
              placeholderKey="newPlaceholder"
              submitLabel={t('comments.post')}
              onSubmit={(content, mentions, guestName) =>
                create.mutateAsync({ point: draft, content, mentions, guestName })
              }
              onCancel={leave}
              busy={create.isPending}
              autoFocus
              testId="comment-new"
            />
          </div>
        </>
      ) : null}
    </div>
  );
}
