import type { StageImage } from '@ferry/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShareVisitor } from '../share/visitorContext';
import { detailPath } from '../stage/paths';

/**
 * The previous and next design in stage order. Steps count from the design last asked for, so quick presses
 * each move one further before the page catches up; `pending` holds the designs asked for and not shown yet,
 * to tell them from a navigation from elsewhere.
 */
export function useDesignSteps(teamId: string, projectId: string, imageId: string, list: StageImage[]) {
  const navigate = useNavigate();
  const visitor = useShareVisitor();
  const index = list.findIndex((candidate) => candidate.id === imageId);
  const shown = useRef({ id: imageId, list, pending: [] as string[] });
  shown.current.list = list;
  useEffect(() => {
    const current = shown.current;
    const at = current.pending.indexOf(imageId);
    if (at >= 0) {
      current.pending.splice(0, at + 1);
    } else {
      current.id = imageId;
      current.pending = [];
    }
  }, [imageId]);
  const step = useCallback(
    (delta: number) => {
      const current = shown.current;
      const target = current.list[current.list.findIndex((candidate) => candidate.id === current.id) + delta];
      if (!target) return;
      current.id = target.id;
      current.pending.push(target.id);
      navigate(visitor?.detailPath(target.id) ?? detailPath(teamId, projectId, target.id), { replace: true });
    },
    [navigate, teamId, projectId, visitor],
  );
  return {
    step,
    position: index >= 0 ? { index, total: list.length } : null,
    previous: index > 0 ? () => step(-1) : null,
    next: index >= 0 && index < list.length - 1 ? () => step(1) : null,
  };
}
