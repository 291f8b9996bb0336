import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type GlobalSearchAnswer, type LayerDoc, type SearchHit, walkLayers } from '@ferry/shared';
import { expect } from 'vitest';
import type { Answer } from '../../test/api.js';
import { uploadDesigns } from '../../test/uploads.js';
import { type Design, OK, type Person, type World } from '../comments/fixtures.js';

/** Helpers of the search tests: the call, its hits, and real design files uploaded with their layers read. */

type Params = Record<string, string | number | boolean | undefined>;

/** `GET /api/global/search` as someone (a member or a share link's visitor), in the world's team unless told. */
export function search(
  who: Pick<Person, 'api'>,
  world: World,
  params: Params,
): Promise<Answer<GlobalSearchAnswer>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ team_id: world.team.id, ...params }))
    if (value !== undefined) query.set(key, String(value));
  return who.api.get<GlobalSearchAnswer>(`/api/global/search?${query}`);
}

/** The hits of a search that must succeed. */
export async function hitsOf(who: Pick<Person, 'api'>, world: World, params: Params): Promise<SearchHit[]> {
  const answer = await search(who, world, params);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result.list;
}

/** Each hit as "kind:title", to compare whole answers at a glance. */
export const labels = (hits: SearchHit[]) => hits.map((hit) => `${hit.kind}:${hit.title}`);

/** A real design file made by other people (apps/server/test-data/SOURCES.md). */
export const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../test-data', name));

/** Uploads a real design file the browser's way; the caller runs the jobs that read its layers. */
export async function uploadFile(
  world: World,
  projectId: string,
  name: string,
  data: Buffer,
): Promise<Design> {
  const answer = await uploadDesigns(
    world.server.app,
    world.team.owner.token,
    { teamId: world.team.id, projectId },
    [{ name, data }],
  );
  expect(answer.code, answer.msg).toBe(OK);
  const [image] = answer.result.images;
  return { projectId, imageId: image.id, versionIds: [image.version_id] };
}

/** The id of the design's text layer whose text is `text`, read from the LayerDoc the server stored. */
export async function textLayerId(world: World, design: Design, text: string): Promise<string> {
  const detail = await world.owner.api.get(
    `/api/project/image?project_id=${design.projectId}&image_id=${design.imageId}`,
  );
  expect(detail.code, detail.msg).toBe(OK);
  const url = detail.result.versions[0].json_url as string;
  const doc = (await world.server.app.inject({ method: 'GET', url })).json() as LayerDoc;
  const layer = [...walkLayers(doc.layers)].find((one) => one.text?.content.trim() === text);
  if (!layer) throw new Error(`no text layer "${text}"`);
  return layer.id;
}
