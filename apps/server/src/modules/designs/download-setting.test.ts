import { Codes } from '@ferry/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, type BuiltUser, buildTeam } from '../../test/factories.js';
import { pngOf } from '../../test/images.js';
import { uploadDesigns } from '../../test/uploads.js';
import { teams } from '../teams/tables.js';
import { designs, designVersions } from './tables.js';

/**
 * The project's download setting keeps original files from those it leaves out, whichever call asks for
 * them: copying or moving designs to a project of their own, signing the file's URL. Its managers always may.
 */
let server: TestServer;
let team: BuiltTeam;
let owner: ReturnType<typeof asUser>;
let editor: BuiltUser;
let asEditor: ReturnType<typeof asUser>;
let png: Buffer;
const DOWNLOAD_NOT_ALLOWED = Codes.DOWNLOAD_NOT_ALLOWED.code;
const SETTING = '/api/dayu/design/project/doc_download_setting';

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  // Signed URLs on request are an enterprise service.
  await server.ctx.db.update(teams).set({ type: 'enterprise' }).where(eq(teams.id, team.id));
  owner = asUser(server.app, team.owner.token);
  // A team member edits every mode-A project but manages none.
  editor = await addMember(server.ctx, team, 'member');
  asEditor = asUser(server.app, editor.token);
  png = await pngOf(20, 10);
});
afterAll(() => server.close());

/** A project holding one ready design, whose download setting leaves the editor out. */
async function restrictedProject(downloadType = 'none') {
  const projectId = (await owner.post('/api/project/project_info', { team_id: team.id })).result.id as string;
  const uploaded = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
    { name: 'Original.png', data: png },
  ]);
  expect(uploaded.code, uploaded.msg).toBe('00000');
  await runJobsOnce(server.ctx);
  const setting = await owner.put(SETTING, { project_id: projectId, download_type: downloadType });
  expect(setting.code, setting.msg).toBe('00000');
  const designId = uploaded.result.images[0].id as string;
  const [version] = await server.ctx.db
    .select()
    .from(designVersions)
    .where(eq(designVersions.designId, designId));
  return { projectId, designId, version };
}

/** A project the editor made, and so manages and may download from. */
async function editorsOwnProject() {
  return (await asEditor.post('/api/project/project_info', { team_id: team.id })).result.id as string;
}

const liveDesigns = async (projectId: string) =>
  Number(
    (
      await server.ctx.db
        .select({ n: count() })
        .from(designs)
        .where(and(eq(designs.projectId, projectId), isNull(designs.deletedAt)))
    )[0].n,
  );

describe('copying designs out of a project', () => {
  it('refuses with 19058 to one the setting leaves out, and copies nothing', async () => {
    const source = await restrictedProject();
    const target = await editorsOwnProject();
    const copied = await asEditor.post('/api/project/copyimage', {
      team_id: team.id,
      project_id: target,
      images: [{ [source.designId]: null }],
    });
    expect(copied.code).toBe(DOWNLOAD_NOT_ALLOWED);
    expect(await liveDesigns(target)).toBe(0);
  });

  it('copies for the project’s manager, and within the project for anyone who edits it', async () => {
    const source = await restrictedProject();
    const within = await asEditor.post('/api/project/copyimage', {
      team_id: team.id,
      project_id: source.projectId,
      images: [{ [source.designId]: null }],
    });
    expect(within.code, within.msg).toBe('00000');
    expect(within.body.doneIds).toEqual([source.designId]);

    const target = (await owner.post('/api/project/project_info', { team_id: team.id })).result.id;
    const byManager = await owner.post('/api/project/copyimage', {
      team_id: team.id,
      project_id: target,
      images: [{ [source.designId]: null }],
    });
    expect(byManager.body.doneIds).toEqual([source.designId]);
  });

  it('lets in the people the setting names', async () => {
    const source = await restrictedProject('specified');
    await owner.put(SETTING, {
      project_id: source.projectId,
      download_type: 'specified',
      user_ids: [editor.id],
    });
    const copied = await asEditor.post('/api/project/copyimage', {
      team_id: team.id,
      project_id: await editorsOwnProject(),
      images: [{ [source.designId]: null }],
    });
    expect(copied.body.doneIds).toEqual([source.designId]);
  });
});

describe('moving designs out of a project', () => {
  it('refuses with 19058 an editor the setting leaves out, and the design stays', async () => {
    const source = await restrictedProject();
    const target = await editorsOwnProject();
    const moved = await asEditor.put('/api/project/image_move', {
      project_id: source.projectId,
      target_project_id: target,
      image_ids: [source.designId],
    });
    expect(moved.code).toBe(DOWNLOAD_NOT_ALLOWED);
    const [row] = await server.ctx.db.select().from(designs).where(eq(designs.id, source.designId));
    expect(row.projectId).toBe(source.projectId);
  });

  it('moves for the project’s manager', async () => {
    const source = await restrictedProject();
    const target = await editorsOwnProject();
    const moved = await owner.put('/api/project/image_move', {
      project_id: source.projectId,
      target_project_id: target,
      image_ids: [source.designId],
    });
    expect(moved.code, moved.msg).toBe('00000');
    expect(moved.result.images[0].project_id).toBe(target);
  });
});

describe('signing URLs of original files', () => {
  for (const call of ['sign_url', 'sts_sign_url']) {
    it(`${call}: refuses the original with 19058 to one the setting leaves out, signs it for a manager`, async () => {
      const { version } = await restrictedProject();
      const body = { team_id: team.id, urls: [version.fileKey] };
      const refused = await asEditor.post(`/api/project/${call}`, body);
      expect(refused.code).toBe(DOWNLOAD_NOT_ALLOWED);
      expect(JSON.stringify(refused.body)).not.toContain('sig=');

      const signed = await owner.post(`/api/project/${call}`, body);
      expect(signed.code, signed.msg).toBe('00000');
      expect(signed.result.urls[0]).toMatch(/sig=/);
    });
  }

  it('still signs the pictures made for viewing, for everyone who sees the project', async () => {
    const { version } = await restrictedProject();
    const p25 = version.variants.p25?.key as string;
    expect(p25).not.toBe(version.fileKey);
    const signed = await asEditor.post('/api/project/sign_url', { team_id: team.id, urls: [p25] });
    expect(signed.code, signed.msg).toBe('00000');
    expect(signed.result.urls[0]).toMatch(/sig=/);
    const asOrg = await asEditor.post('/api/project/sign_url', {
      team_id: team.id,
      urls: [p25],
      style: 'org',
    });
    // A PNG's `org` is its original file.
    expect(asOrg.code).toBe(DOWNLOAD_NOT_ALLOWED);
  });
});

describe('reading the download setting', () => {
  it('names the chosen people only to those who may change it (and tells each whether they are chosen)', async () => {
    const { projectId } = await restrictedProject();
    const chosen = await addMember(server.ctx, team, 'member');
    const onlooker = await addMember(server.ctx, team, 'onlooker');
    await owner.put(SETTING, {
      project_id: projectId,
      download_type: 'specified',
      user_ids: [editor.id, chosen.id],
    });
    const read = (user: BuiltUser | BuiltTeam['owner']) =>
      asUser(server.app, user.token).get(`${SETTING}?project_id=${projectId}`);

    expect((await read(team.owner)).result).toMatchObject({
      download_type: 'specified',
      user_ids: [editor.id, chosen.id],
    });
    expect((await read(onlooker)).result).toEqual({
      project_id: projectId,
      download_type: 'specified',
      user_ids: [],
    });
    expect((await read(editor)).result.user_ids).toEqual([editor.id]);
  });
});
