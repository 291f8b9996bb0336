import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { type Answer, asUser } from '../../test/api.js';
import { pngOf } from '../../test/images.js';
import {
  type Caller,
  matrix,
  OK,
  projectRow,
  type Row,
  runMatrix,
  useMatrix,
} from '../../test/project-matrix.js';
import { fetchUptoken, postToStorage } from '../../test/uploads.js';
import { designs, designVersions } from './tables.js';

/**
 * Who may make each design call: the project matrix (test/project-matrix.ts) of team role × project role ×
 * permission mode, a stranger to the team, and another team's project id given with one's own team id.
 * Calls that change designs work on designs made for the call, and a refused call must leave them as they were.
 */
useMatrix();

let png: Buffer;
beforeAll(async () => {
  png = await pngOf(8, 8);
});

/** A ready design with one version, made straight in the tables. */
async function design(projectId: string, deleted = false) {
  const db = matrix.server.ctx.db;
  const [row] = await db
    .insert(designs)
    .values({ projectId, name: 'Fixture', ...(deleted ? { deletedAt: new Date() } : {}) })
    .returning();
  const [version] = await db
    .insert(designVersions)
    .values({
      designId: row.id,
      number: 1,
      fileKey: `uploads/x/${row.id}.png`,
      variantDir: 'variants/x',
      fileType: 'png',
      size: 1,
      status: 'ready',
    })
    .returning();
  await db.update(designs).set({ currentVersionId: version.id }).where(eq(designs.id, row.id));
  return { id: row.id, versionId: version.id };
}

const rowOf = async (id: string) =>
  (await matrix.server.ctx.db.select().from(designs).where(eq(designs.id, id)))[0];

/** Runs a changing call on a fresh design; a refusal must leave the design untouched. */
async function onFreshDesign(
  caller: Caller,
  call: (id: string, versionId: string) => Promise<Answer>,
  deleted = false,
) {
  const made = await design(caller.ids.projectId, deleted);
  const before = await rowOf(made.id);
  const answer = await call(made.id, made.versionId);
  if (answer.code !== OK) expect(await rowOf(made.id)).toEqual(before);
  return answer;
}

const q = ({ ids }: Caller) => `team_id=${ids.teamId}&project_id=${ids.projectId}`;
const ref = ({ ids }: Caller) => ({ team_id: ids.teamId, project_id: ids.projectId });

/** The browser's upload: a token for the team, the file to storage, then the registration. */
async function register(caller: Caller): Promise<Answer> {
  const granted = await caller.api.get(`/api/oss/token?team_id=${caller.ids.teamId}`);
  if (granted.code !== OK) {
    // No token (an onlooker everywhere in the team): the registration itself must still refuse them.
    const key = `uploads/${caller.ids.teamId}/${caller.me}/none.png`;
    return caller.api.post('/api/project/image', { ...ref(caller), images: [{ key, name: 'm.png' }] });
  }
  const token = await fetchUptoken(matrix.server.app, caller.token, caller.ids.teamId);
  const stored = await postToStorage(matrix.server.app, token, { name: 'm.png', data: png });
  return caller.api.post('/api/project/image', {
    ...ref(caller),
    images: [{ key: stored.key, name: 'm.png' }],
  });
}

const rows: Row[] = [
  projectRow('GET project/images', 'view', (caller) => caller.api.get(`/api/project/images?${q(caller)}`)),
  projectRow(
    'GET project/image',
    'view',
    async (caller) => {
      const made = await design(caller.ids.projectId);
      return caller.api.get(`/api/project/image?${q(caller)}&image_id=${made.id}`);
    },
    { check: (answer) => expect(answer.result.versions).toHaveLength(1) },
  ),
  projectRow(
    'GET project/image/cntlimitinfo',
    'view',
    (caller) => caller.api.get(`/api/project/image/cntlimitinfo?project_id=${caller.ids.projectId}`),
    { pidOnly: true, foreign: [] },
  ),
  projectRow(
    'GET project/search_image',
    'view',
    (caller) => caller.api.get(`/api/project/search_image?pid=${caller.ids.projectId}&keyword=Fix`),
    { pidOnly: true, foreign: [] },
  ),
  projectRow('GET project/sketch_field', 'view', (caller) =>
    caller.api.get(`/api/project/sketch_field?${q(caller)}`),
  ),
  projectRow('GET project/recycle_bin', 'view', (caller) =>
    caller.api.get(`/api/project/recycle_bin?${q(caller)}`),
  ),
  projectRow('POST project/image (upload and register)', 'edit', register),
  projectRow('PUT project/image (rename)', 'edit', (caller) =>
    onFreshDesign(caller, (id) =>
      caller.api.put('/api/project/image', { ...ref(caller), images: [{ image_id: id, name: 'Renamed' }] }),
    ),
  ),
  projectRow('DELETE project/image', 'edit', (caller) =>
    onFreshDesign(caller, (id) => caller.api.delete('/api/project/image', { ...ref(caller), image_ids: id })),
  ),
  projectRow('PUT project/image_recovery', 'edit', (caller) =>
    onFreshDesign(
      caller,
      (id) => caller.api.put('/api/project/image_recovery', { ...ref(caller), images: [id] }),
      true,
    ),
  ),
  projectRow('POST project/copyimage (within the project)', 'edit', (caller) =>
    onFreshDesign(caller, (id) =>
      caller.api.post('/api/project/copyimage', { ...ref(caller), images: [{ [id]: null }] }),
    ),
  ),
  projectRow('PUT project/image_version (switch)', 'edit', (caller) =>
    onFreshDesign(caller, (id, versionId) =>
      caller.api.put('/api/project/image_version', { ...ref(caller), image_id: id, version_id: versionId }),
    ),
  ),
  projectRow('DELETE project/image_version (the only one)', 'edit', (caller) =>
    onFreshDesign(caller, (id, versionId) =>
      caller.api.delete('/api/project/image_version', {
        ...ref(caller),
        image_id: id,
        version_id: versionId,
      }),
    ),
  ),
];

runMatrix(rows);

it('answers an image id of another team’s project, named in one’s own project, as deleted (10083)', async () => {
  const theirs = await design(matrix.other.ids.projectId);
  const api = asUser(matrix.server.app, matrix.owner.token);
  const ours = (await api.post('/api/project/project_info', { team_id: matrix.teamId })).result.id;
  const body = { team_id: matrix.teamId, project_id: ours };
  expect((await api.delete('/api/project/image', { ...body, image_ids: theirs.id })).code).toBe(
    Codes.IMAGE_DELETED.code,
  );
  expect((await api.get(`/api/project/image?project_id=${ours}&image_id=${theirs.id}`)).code).toBe(
    Codes.IMAGE_DELETED.code,
  );
  const copied = await api.post('/api/project/copyimage', { ...body, images: [{ [theirs.id]: null }] });
  expect(copied.body.errIds).toEqual([theirs.id]);
  expect(await rowOf(theirs.id)).toMatchObject({ deletedAt: null, projectId: matrix.other.ids.projectId });
});
