import { expect } from 'vitest';
import type { Answer } from '../../test/api.js';
import type { TestServer } from '../../test/context.js';
import type { Person, World } from '../comments/fixtures.js';
import { designVersions } from '../designs/tables.js';
import { seedDesigns } from '../sections/stage-fixtures.js';
import { sectors } from '../sections/tables.js';

/** Helpers of the share-link tests: designs and sections made in the tables, links made through the API. */

export const OK = '00000';

export const seedDesign = async (server: TestServer, projectId: string, name = 'Screen') =>
  (await seedDesigns(server, projectId, [name]))[name];

export async function seedVersion(server: TestServer, designId: string) {
  const [version] = await server.ctx.db
    .insert(designVersions)
    .values({ designId, number: 1, fileKey: 'k', variantDir: 'v', fileType: 'png', size: 1 })
    .returning();
  return version.id;
}

export async function seedSection(server: TestServer, projectId: string, name = 'Flow') {
  const [section] = await server.ctx.db.insert(sectors).values({ projectId, name }).returning();
  return section.id;
}

export function share(who: Person, world: World, projectId: string, body: Record<string, unknown> = {}) {
  return who.api.post('/api/sharesvc/link', {
    team_id: world.team.id,
    project_id: projectId,
    scope: 'project',
    ...body,
  });
}

/** A link that must be made; answers its view with code and URL. */
export async function shared(
  who: Person,
  world: World,
  projectId: string,
  body: Record<string, unknown> = {},
) {
  const answer = await share(who, world, projectId, body);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result as Answer['result'];
}
