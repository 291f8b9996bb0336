import { z } from 'zod';
import { PrototypeLimits } from '../limits.js';
import { commaList } from '../validation.js';

/** Prototype hotspots: a rectangle on a design that opens another design, or goes back (spec 001 §3, §7). */
const id = z.string().min(1);

/** `next_image` that returns to the design shown before, instead of naming one. */
export const HOTSPOT_BACK = 'back';

/** Design pixels of the design's current version; `next_image` is a design id of the same project or `back`. */
const geometry = {
  p_x: z.number().finite(),
  p_y: z.number().finite(),
  p_w: z.number().finite(),
  p_h: z.number().finite(),
};

/** `GET project/prototype`: the spec names the project `pid`; `project_id` is taken too. */
export const prototypeQuery = z
  .object({ pid: id.optional(), project_id: id.optional(), team_id: id.optional() })
  .refine((value) => value.pid ?? value.project_id, { message: 'Required', path: ['project_id'] })
  .transform(({ pid, project_id, team_id }) => ({
    project_id: (project_id ?? pid) as string,
    team_id,
  }));

export const createHotspotsBody = z.object({
  team_id: id,
  project_id: id,
  positions: z
    .array(z.object({ image_id: id, next_image: id, ...geometry }))
    .min(1)
    .max(PrototypeLimits.batchMax),
});

export const updateHotspotBody = z.object({
  team_id: id.optional(),
  project_id: id,
  pos_id: id,
  next_image: id,
  ...geometry,
});

/** Ids as `a,b,c` or a list, at least one and at most `max`. */
const idList = (max: number) => commaList.pipe(z.array(id).min(1).max(max));

export const deleteHotspotsBody = z.object({
  team_id: id.optional(),
  project_id: id,
  position_ids: idList(PrototypeLimits.batchMax),
});

export type HotspotInput = z.infer<typeof createHotspotsBody>['positions'][number];

export interface HotspotView {
  pos_id: string;
  id: string;
  project_id: string;
  /** The design the hotspot is drawn on. */
  image_id: string;
  /** The design it opens, or `back`; '' for a visitor when the link does not show that design. */
  next_image: string;
  p_x: number;
  p_y: number;
  p_w: number;
  p_h: number;
  /**
   * The design it opens is in the recycle bin (the link leads nowhere until it is recovered), or, for a share
   * link's visitor, outside what the link shows (then `next_image` is '').
   */
  broken: boolean;
  create_time: string;
  update_time: string;
}

/**
 * Flow links (spec 001 §7 `project/link`): arrows between designs on the flow map. A link is drawn by hand
 * (`manual`) or stands for the hotspots of one design that open another (`hotspot`, never stored: its id is
 * `hotspot:<parent>:<son>`).
 */
export const HOTSPOT_LINK_PREFIX = 'hotspot:';

/** `GET project/link`: one link (`link_id`) or all of them (`all_link`, the default); `pid` stands for `project_id`. */
export const linksQuery = z
  .object({
    pid: id.optional(),
    project_id: id.optional(),
    team_id: id.optional(),
    link_id: id.optional(),
    all_link: z.string().optional(),
  })
  .refine((value) => value.pid ?? value.project_id, { message: 'Required', path: ['project_id'] })
  .transform(({ pid, project_id, team_id, link_id }) => ({
    project_id: (project_id ?? pid) as string,
    team_id,
    link_id,
  }));

const pair = { parent: id, son: id };

/** Items may carry the spec's `id`, `project_id` and `team_id`; the call's own project counts. */
export const createLinksBody = z.object({
  team_id: id,
  project_id: id,
  links: z.array(z.object(pair)).min(1).max(PrototypeLimits.linkBatchMax),
});

export const updateLinkBody = z.object({ team_id: id.optional(), project_id: id, link_id: id, ...pair });

export const deleteLinksBody = z.object({
  team_id: id.optional(),
  project_id: id,
  links: idList(PrototypeLimits.linkBatchMax),
});

const coordinate = z
  .number()
  .finite()
  .min(-PrototypeLimits.cardCoordinateMax)
  .max(PrototypeLimits.cardCoordinateMax);

export const saveCardsBody = z.object({
  team_id: id.optional(),
  project_id: id,
  cards: z
    .array(z.object({ image_id: id, x: coordinate, y: coordinate }))
    .min(1)
    .max(PrototypeLimits.cardsBatchMax),
});

export type LinkInput = z.infer<typeof createLinksBody>['links'][number];

export interface LinkView {
  /** A stored link's id, or `hotspot:<parent>:<son>` for one derived from hotspots. */
  id: string;
  /** The design the arrow leaves. */
  parent: string;
  /** The design it points at. */
  son: string;
  project_id: string;
  team_id: string;
  /** `manual` when drawn by hand (a pair with hotspots too is listed once, as manual). */
  source: 'manual' | 'hotspot';
  /** Hotspots on `parent` that open `son`. */
  hotspot_count: number;
  /** An end is in the recycle bin: the link leads nowhere until it is recovered. */
  broken: boolean;
  create_time: string;
}

/** Where a design's card sits on the flow map; designs without one are laid out by the client. */
export interface CardView {
  image_id: string;
  x: number;
  y: number;
}
