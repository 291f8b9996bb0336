import type { HotspotView } from '@ferry/shared';
import { expect } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { type Design, newDesign, OK, type Person, type World } from '../comments/fixtures.js';

/** Helpers of the prototype tests: drawn designs (40 × 30 px) and hotspots on them. */

/** Designs of the project, drawn (their size known) before hotspots go on them. */
export async function designsIn(world: World, project: string, n: number) {
  const made: Design[] = [];
  for (let index = 0; index < n; index += 1) made.push(await newDesign(world, project));
  await runJobsOnce(world.server.ctx);
  return made;
}

export const box = { p_x: 2, p_y: 3, p_w: 10, p_h: 8 };

export const spot = (from: Design, to: Design | 'back', extra: Record<string, unknown> = {}) => ({
  image_id: from.imageId,
  next_image: to === 'back' ? 'back' : to.imageId,
  ...box,
  ...extra,
});

export function createHotspots(world: World, who: Person, project: string, positions: unknown[]) {
  return who.api.post<{ positions: HotspotView[] }>('/api/project/prototype', {
    team_id: world.team.id,
    project_id: project,
    positions,
  });
}

export async function createdHotspots(world: World, who: Person, project: string, positions: unknown[]) {
  const answer = await createHotspots(world, who, project, positions);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.positions;
}

/** Puts a design in the recycle bin, or takes it out. */
export const binDesign = (world: World, design: Design) =>
  world.owner.api.delete('/api/project/image', { project_id: design.projectId, image_ids: design.imageId });

export const recoverDesign = (world: World, design: Design) =>
  world.owner.api.put('/api/project/image_recovery', {
    project_id: design.projectId,
    images: [design.imageId],
  });

/** `position_count` of each design on the project's stage (asked for with `position=1`). */
export async function positionCounts(world: World, project: string): Promise<Record<string, number>> {
  const answer = await world.owner.api.get(
    `/api/project/images?project_id=${project}&team_id=${world.team.id}&position=1`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return Object.fromEntries(
    answer.result.images.map((image: { id: string; position_count: number }) => [
      image.id,
      image.position_count,
    ]),
  );
}
