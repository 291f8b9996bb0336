import type { CardView, HotspotView, LinkView } from '@ferry/shared';
import { api } from './client';

/**
 * Prototypes (docs/api.md "Prototype hotspots", "Flow links"): hotspots drawn on designs, the flow links
 * between designs and where the flow map's cards sit. Every call names the project.
 */
export interface PrototypeScope {
  team_id: string;
  project_id: string;
}

export interface HotspotGeometry {
  p_x: number;
  p_y: number;
  p_w: number;
  p_h: number;
}

export type { CardView, LinkView };

export interface NewHotspot extends HotspotGeometry {
  image_id: string;
  /** A design id of the project, or `back` (HOTSPOT_BACK). */
  next_image: string;
}

/** Query keys under the project, so a `changed`/`prototype` frame refreshes them all at once. */
export const prototypeKeys = {
  all: (teamId: string, projectId: string) => ['team', teamId, 'project', projectId, 'prototype'] as const,
  hotspots: (teamId: string, projectId: string) =>
    [...prototypeKeys.all(teamId, projectId), 'hotspots'] as const,
  links: (teamId: string, projectId: string) => [...prototypeKeys.all(teamId, projectId), 'links'] as const,
};

export const prototypesApi = {
  hotspots: (scope: PrototypeScope) =>
    api
      .get<{ positions: HotspotView[] }>('project/prototype', { ...scope })
      .then((answer) => answer.positions),
  createHotspots: (scope: PrototypeScope, positions: NewHotspot[]) =>
    api.post<{ positions: HotspotView[] }>('project/prototype', { ...scope, positions }),
  updateHotspot: (scope: PrototypeScope, change: HotspotGeometry & { pos_id: string; next_image: string }) =>
    api.put<HotspotView>('project/prototype', { ...scope, ...change }),
  deleteHotspots: (scope: PrototypeScope, ids: string[]) =>
    api.delete<{ position_ids: string[] }>('project/prototype', { ...scope, position_ids: ids }),

  links: (scope: PrototypeScope) =>
    api.get<{ links: LinkView[]; cards: CardView[] }>('project/link', { ...scope }),
  createLinks: (scope: PrototypeScope, links: { parent: string; son: string }[]) =>
    api.post<{ links: LinkView[] }>('project/link', { ...scope, links }),
  updateLink: (scope: PrototypeScope, change: { link_id: string; parent: string; son: string }) =>
    api.put<LinkView>('project/link', { ...scope, ...change }),
  deleteLinks: (scope: PrototypeScope, ids: string[]) =>
    api.delete<{ links: string[] }>('project/link', { ...scope, links: ids }),
  saveCards: (scope: PrototypeScope, cards: CardView[]) =>
    api.put<{ cards: CardView[] }>('project/link/cards', { ...scope, cards }),
};
