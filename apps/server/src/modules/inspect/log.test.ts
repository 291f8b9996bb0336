import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, buildTeam } from '../../test/factories.js';
import { uploadDesigns } from '../../test/uploads.js';
import { designLogs } from './tables.js';

let server: TestServer;
let team: BuiltTeam;
let projectId: string;
let imageId: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  const owner = asUser(server.app, team.owner.token);
  projectId = (await owner.post('/api/project/project_info', { team_id: team.id })).result.id;
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
    { name: 'Home.png', data: png },
  ]);
  imageId = answer.result.images[0].id;
});
afterAll(() => server.close());

const logs = () => server.ctx.db.select().from(designLogs).where(eq(designLogs.imageId, imageId));

describe('POST log/add', () => {
  it('records a page view and a code copy as the signed-in member, whatever user the body names', async () => {
    const member = await addMember(server.ctx, team, 'member');
    const api = asUser(server.app, member.token);
    const base = { projectId, teamId: team.id, imageId, userId: team.owner.id };
    const view = await api.post('/api/log/add', {
      ...base,
      msgType: 'measurepage_pageview',
      imageName: 'Home',
    });
    expect(view.code, view.msg).toBe('00000');
    const copy = await api.post('/api/log/add', { ...base, msgType: 'code_copy' });
    expect(copy.code, copy.msg).toBe('00000');
    const rows = await logs();
    expect(rows.map((row) => [row.userId, row.teamId, row.projectId, row.msgType, row.imageName])).toEqual([
      [member.id, team.id, projectId, 'measurepage_pageview', 'Home'],
      [member.id, team.id, projectId, 'code_copy', 'Home'],
    ]);
  });

  it('refuses a caller of another team, a design of another project, and an unknown kind', async () => {
    const before = (await logs()).length;
    const other = await buildTeam(server.ctx);
    const outsider = asUser(server.app, other.owner.token);
    const body = { projectId, teamId: other.id, imageId, msgType: 'code_copy' };
    expect((await outsider.post('/api/log/add', body)).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    const owner = asUser(server.app, team.owner.token);
    const elsewhere = (await owner.post('/api/project/project_info', { team_id: team.id })).result.id;
    const wrongProject = await owner.post('/api/log/add', { ...body, teamId: team.id, projectId: elsewhere });
    expect(wrongProject.code).toBe(Codes.IMAGE_DELETED.code);
    const badKind = await owner.post('/api/log/add', { ...body, teamId: team.id, msgType: 'download' });
    expect(badKind.code).toBe(Codes.INVALID_INPUT.code);
    expect(await logs()).toHaveLength(before);
  });
});
