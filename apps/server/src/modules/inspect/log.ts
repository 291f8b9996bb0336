import type { LogMsgType } from '@ferry/shared';
import type { AppContext } from '../../context.js';
import { designsOfProject } from '../designs/policy.js';
import { projectAccessFor } from '../projects/policy.js';
import { designLogs } from './tables.js';

/**
 * `POST log/add`: records a page view of a design's inspect page or a copy of its code, as the caller (the
 * session's user), once they may see the project and the design is one of its live designs.
 */
export async function addLog(
  ctx: AppContext,
  userId: string,
  input: { teamId: string; projectId: string; imageId: string; imageName: string; msgType: LogMsgType },
) {
  await projectAccessFor(ctx.db, userId, input.teamId, input.projectId, 'view');
  const [design] = await designsOfProject(ctx.db, input.projectId, [input.imageId], 'live');
  await ctx.db.insert(designLogs).values({
    userId,
    teamId: input.teamId,
    projectId: input.projectId,
    imageId: design.id,
    imageName: input.imageName || design.name,
    msgType: input.msgType,
    createdAt: ctx.now(),
  });
  return {};
}
