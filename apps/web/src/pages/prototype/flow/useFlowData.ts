import { PrototypeLimits } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type CardView, type LinkView, prototypeKeys, prototypesApi } from '../../../api/prototypes';
import { useCachedChanges } from '../../../components/useCachedChanges';
import { stageQueries } from '../../stage/stageQueries';
import type { Point } from './flowLayout';

type LinksAnswer = { links: LinkView[]; cards: CardView[] };

/** What the flow map reads: the project (for the right to edit), its designs, its links and card places. */
export function useFlowData(teamId: string, projectId: string) {
  const enabled = Boolean(teamId && projectId);
  const queries = stageQueries(teamId, projectId);
  const project = useQuery({ ...queries.project, enabled });
  const images = useQuery({ ...queries.images, enabled });
  const links = useQuery({
    queryKey: prototypeKeys.links(teamId, projectId),
    queryFn: () => prototypesApi.links({ team_id: teamId, project_id: projectId }),
    enabled,
  });
  return { project, images, links };
}

/** Splits a list into runs of at most `size`. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}

/**
 * What an editor changes on the flow map. Each change shows at once (the cached answer is updated first),
 * then the links are read again; a refusal shows the server's message.
 */
export function useFlowActions(teamId: string, projectId: string) {
  const { t } = useTranslation();
  const scope = { team_id: teamId, project_id: projectId };
  const { message, patch, attempt } = useCachedChanges<LinksAnswer>(prototypeKeys.links(teamId, projectId));
  const keepCards = (cards: CardView[]) =>
    patch((old) => {
      const moved = new Map(cards.map((card) => [card.image_id, card]));
      const kept = old.cards.filter((card) => !moved.has(card.image_id));
      return { ...old, cards: [...kept, ...cards] };
    });

  return {
    link: (parent: string, son: string) => attempt(() => prototypesApi.createLinks(scope, [{ parent, son }])),

    /** A link from hotspots is not removed here: the user is told to remove its hotspots instead. */
    remove: (link: LinkView) => {
      if (link.source === 'hotspot') {
        void message.warning(t('flowMap.hotspotLinkHint', { count: link.hotspot_count }));
        return Promise.resolve(false);
      }
      patch((old) => ({ ...old, links: old.links.filter((each) => each.id !== link.id) }));
      return attempt(() => prototypesApi.deleteLinks(scope, [link.id]));
    },

    moveCard: (imageId: string, at: Point) => {
      const card = { image_id: imageId, x: at.x, y: at.y };
      keepCards([card]);
      return attempt(() => prototypesApi.saveCards(scope, [card]));
    },

    /** Every card to the place given (the automatic layout), kept for everyone. */
    placeAll: (positions: ReadonlyMap<string, Point>) => {
      const cards = [...positions].map(([image_id, { x, y }]) => ({ image_id, x, y }));
      keepCards(cards);
      return attempt(async () => {
        for (const run of chunks(cards, PrototypeLimits.cardsBatchMax))
          await prototypesApi.saveCards(scope, run);
      });
    },
  };
}

export type FlowActions = ReturnType<typeof useFlowActions>;
