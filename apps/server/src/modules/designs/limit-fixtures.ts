import { Codes, PlanLimits } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { asUser } from '../../test/api.js';
import type { TestServer } from '../../test/context.js';
import { buildTeam } from '../../test/factories.js';
import { uploadDesigns } from '../../test/uploads.js';
import { designs } from './tables.js';

/**
 * A file that makes `made` designs (artboards, pages) counts each against the design limit: in a free team's
 * project with one place too few it is refused (11023); with one design fewer it goes in, all of them.
 */
export async function expectEachDesignCounted(
  server: TestServer,
  file: { name: string; data: Buffer },
  made: number,
) {
  const free = await buildTeam(server.ctx);
  const project = (
    await asUser(server.app, free.owner.token).post('/api/project/project_info', { team_id: free.id })
  ).result.id as string;
  const limit = PlanLimits[1].imageMax;
  await server.ctx.db
    .insert(designs)
    .values(Array.from({ length: limit - made + 1 }, (_, i) => ({ projectId: project, name: `d${i}` })));
  const ids = { teamId: free.id, projectId: project };
  const refused = await uploadDesigns(server.app, free.owner.token, ids, [file]);
  expect(refused.code).toBe(Codes.IMAGE_LIMIT_REACHED.code);
  await server.ctx.db.delete(designs).where(and(eq(designs.projectId, project), eq(designs.name, 'd0')));
  const fits = await uploadDesigns(server.app, free.owner.token, ids, [file]);
  expect(fits.code, fits.msg).toBe('00000');
  expect(fits.result.images).toHaveLength(made);
}
