import type { Frame, HotspotView } from '@ferry/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PrototypeScope, prototypeKeys, prototypesApi } from '../../../api/prototypes';
import { useFailureToast } from '../../../components/useFailureToast';
import { frameOf, geometryOf, sameFrame } from './geometry';

/** Arrow-key nudges are saved once the keys rest this long, not once per press. */
const NUDGE_SAVE_DELAY_MS = 400;

export interface HotspotChange {
  id: string;
  frame?: Frame;
  next_image?: string;
}

/**
 * The project's hotspots and the editor's changes to them. A moved or resized hotspot shows its new frame at
 * once (`edited`) until the server's answer replaces it; a refusal puts it back and shows the server's words.
 */
export function useHotspotEdits(scope: PrototypeScope, enabled: boolean) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const showFailure = useFailureToast(message);
  const key = prototypeKeys.hotspots(scope.team_id, scope.project_id);
  const query = useQuery({ queryKey: key, queryFn: () => prototypesApi.hotspots(scope), enabled });
  const [edited, setEdited] = useState<ReadonlyMap<string, Frame>>(new Map());
  const latest = useRef({ scope, key, list: query.data ?? [], edited });
  latest.current = { scope, key, list: query.data ?? [], edited };

  const patchList = useCallback(
    (change: (list: HotspotView[]) => HotspotView[]) =>
      queryClient.setQueryData<HotspotView[]>(latest.current.key, (list) => change(list ?? [])),
    [queryClient],
  );

  const showEdited = useCallback((frames: ReadonlyMap<string, Frame>) => {
    setEdited((current) => new Map([...current, ...frames]));
  }, []);

  /** Drops a shown frame once saved or refused, unless a later edit has replaced it meanwhile. */
  const settle = useCallback((id: string, frame: Frame | undefined) => {
    setEdited((current) => {
      if (!frame || current.get(id) !== frame) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);

  /** PUTs each change (frame, target or both); the first refusal is shown. */
  const save = useCallback(
    async (changes: HotspotChange[]) => {
      const { scope, list, edited } = latest.current;
      const frames = new Map<string, Frame>();
      for (const change of changes) if (change.frame) frames.set(change.id, change.frame);
      if (frames.size > 0) showEdited(frames);
      const outcomes = await Promise.allSettled(
        changes.map(async (change) => {
          const stored = list.find((hotspot) => hotspot.id === change.id);
          if (!stored) return;
          const frame = change.frame ?? edited.get(change.id) ?? frameOf(stored);
          try {
            const saved = await prototypesApi.updateHotspot(scope, {
              pos_id: stored.id,
              next_image: change.next_image ?? stored.next_image,
              ...geometryOf(frame),
            });
            patchList((current) => current.map((hotspot) => (hotspot.id === saved.id ? saved : hotspot)));
          } finally {
            settle(change.id, change.frame);
          }
        }),
      );
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      if (refused) showFailure(refused.reason);
    },
    [patchList, settle, showEdited, showFailure],
  );

  // Nudged frames wait for the keys to rest, then are saved together; leaving the editor saves them at once.
  const nudged = useRef(new Map<string, Frame>());
  const nudgeTimer = useRef<number | null>(null);
  const flushNudges = useCallback(() => {
    if (nudgeTimer.current !== null) window.clearTimeout(nudgeTimer.current);
    nudgeTimer.current = null;
    const frames = [...nudged.current];
    nudged.current.clear();
    if (frames.length > 0) void save(frames.map(([id, frame]) => ({ id, frame })));
  }, [save]);
  const nudge = useCallback(
    (frames: ReadonlyMap<string, Frame>) => {
      showEdited(frames);
      for (const [id, frame] of frames) nudged.current.set(id, frame);
      if (nudgeTimer.current !== null) window.clearTimeout(nudgeTimer.current);
      nudgeTimer.current = window.setTimeout(flushNudges, NUDGE_SAVE_DELAY_MS);
    },
    [flushNudges, showEdited],
  );
  const flushRef = useRef(flushNudges);
  flushRef.current = flushNudges;
  useEffect(() => () => flushRef.current(), []);

  /** Frames changed by a drag: saved at once, only those that did change. */
  const saveFrames = useCallback(
    (frames: ReadonlyMap<string, Frame>) => {
      const { list } = latest.current;
      const changed = [...frames].filter(([id, frame]) => {
        const stored = list.find((hotspot) => hotspot.id === id);
        return stored && !sameFrame(frameOf(stored), frame);
      });
      if (changed.length > 0) void save(changed.map(([id, frame]) => ({ id, frame })));
    },
    [save],
  );

  const create = useCallback(
    async (imageId: string, frame: Frame, nextImage: string): Promise<HotspotView | null> => {
      try {
        const { positions } = await prototypesApi.createHotspots(latest.current.scope, [
          { image_id: imageId, next_image: nextImage, ...geometryOf(frame) },
        ]);
        patchList((current) => [
          ...current.filter((hotspot) => !positions.some((made) => made.id === hotspot.id)),
          ...positions,
        ]);
        return positions[0] ?? null;
      } catch (error) {
        showFailure(error);
        return null;
      }
    },
    [patchList, showFailure],
  );

  const remove = useCallback(
    async (ids: string[]) => {
      if (ids.length === 0) return false;
      try {
        const { position_ids } = await prototypesApi.deleteHotspots(latest.current.scope, ids);
        const gone = new Set(position_ids);
        patchList((current) => current.filter((hotspot) => !gone.has(hotspot.id)));
        return true;
      } catch (error) {
        showFailure(error);
        return false;
      }
    },
    [patchList, showFailure],
  );

  const relink = useCallback(
    (ids: string[], nextImage: string) => save(ids.map((id) => ({ id, next_image: nextImage }))),
    [save],
  );

  return { query, hotspots: query.data ?? [], edited, saveFrames, nudge, create, remove, relink };
}
