import path from 'node:path';
import { Codes, PlanLimits } from '@ferry/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, type BuiltTeam, buildTeam } from '../../test/factories.js';
import { storedKeys } from '../../test/images.js';
import { designs, designVersions } from '../designs/tables.js';
import { projects } from '../projects/tables.js';
import { uploads } from '../uploads/tables.js';

let server: TestServer;
let team: BuiltTeam;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
});
afterAll(async () => server?.close());

const OK = Codes.OK.code;
const filesRoot = () => path.join(server.ctx.config.dataDir, 'files');
const sampleOf = (token: string, teamId: string, lang?: string) =>
  asUser(server.app, token, lang).get(`/api/account/onboard_project?team_id=${teamId}`);
const projectsOf = (teamId: string) =>
  server.ctx.db.select().from(projects).where(eq(projects.teamId, teamId));

/** Files and upload rows of the team: a refusal leaves neither behind. */
async function stored(teamId: string) {
  const keys = await storedKeys(filesRoot());
  const rows = await server.ctx.db.select().from(uploads).where(eq(uploads.teamId, teamId));
  return { files: keys.filter((key) => key.includes(teamId)), rows: rows.length };
}

describe('the sample project', () => {
  it('is made once with real designs, a prototype and a welcome comment, which the jobs render and import', async () => {
    const api = asUser(server.app, team.owner.token);
    const made = await sampleOf(team.owner.token, team.id);
    expect(made.code, made.msg).toBe(OK);
    expect(made.result).toMatchObject({ team_id: team.id, created: true });
    const projectId = made.result.project_id;

    const [project] = await server.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project).toMatchObject({ name: 'Sample project', teamId: team.id, createdBy: team.owner.id });

    const list = await api.get(`/api/project/images?project_id=${projectId}&team_id=${team.id}`);
    expect(list.code, list.msg).toBe(OK);
    const names = list.result.images.map((image: { name: string }) => image.name);
    expect(names).toEqual(['Explore', 'Language picker', 'Text layer']);

    await runJobsOnce(server.ctx);
    const ids = list.result.images.map((image: { id: string }) => image.id);
    const versions = await server.ctx.db
      .select({
        designId: designVersions.designId,
        status: designVersions.status,
        layers: designVersions.layersStatus,
        width: designVersions.width,
        height: designVersions.height,
        type: designVersions.fileType,
      })
      .from(designVersions)
      .where(inArray(designVersions.designId, ids));
    expect(versions.map((version) => version.type).sort()).toEqual(['psd', 'svg', 'svg']);
    for (const version of versions) expect(version).toMatchObject({ status: 'ready', layers: 'ready' });
    // The hotspots' rectangles lie inside the rendered screens.
    const sizeOf = (designId: string) => versions.find((version) => version.designId === designId);
    expect(sizeOf(ids[0])).toMatchObject({ width: 375, height: 667 });
    expect(sizeOf(ids[1])).toMatchObject({ width: 430, height: 788 });
    expect(sizeOf(ids[2])).toMatchObject({ width: 200, height: 200 });

    const hotspots = await api.get(`/api/project/prototype?project_id=${projectId}&team_id=${team.id}`);
    expect(hotspots.result.positions).toHaveLength(2);
    const from = (designId: string) =>
      hotspots.result.positions.find((spot: { image_id: string }) => spot.image_id === designId);
    expect(from(ids[0])).toMatchObject({ next_image: ids[1], broken: false });
    expect(from(ids[1])).toMatchObject({ next_image: 'back' });

    const threads = await api.get(
      `/api/project/comments?project_id=${projectId}&team_id=${team.id}&image_id=${ids[0]}`,
    );
    expect(threads.code, threads.msg).toBe(OK);
    expect(threads.result.threads).toHaveLength(1);
    expect(threads.result.threads[0]).toMatchObject({ position: { x: 300, y: 64 } });
    expect(JSON.stringify(threads.result.threads[0])).toContain('Welcome to your sample project');

    // Later calls answer the same project and make nothing more.
    const before = await stored(team.id);
    const again = await sampleOf(team.owner.token, team.id);
    expect(again.result).toEqual({ project_id: projectId, team_id: team.id, created: false });
    expect(await stored(team.id)).toEqual(before);
    expect(await projectsOf(team.id)).toHaveLength(1);
  });

  it('answers one project to two calls at once, staging its files once', async () => {
    const fresh = await buildTeam(server.ctx);
    const [first, second] = await Promise.all([
      sampleOf(fresh.owner.token, fresh.id),
      sampleOf(fresh.owner.token, fresh.id),
    ]);
    expect(first.code, first.msg).toBe(OK);
    expect(second.code, second.msg).toBe(OK);
    expect(first.result.project_id).toBe(second.result.project_id);
    // The second call shares the first one's making: the same answer, one set of files.
    expect(second.result).toEqual(first.result);
    expect(await projectsOf(fresh.id)).toHaveLength(1);
    const rows = await server.ctx.db.select().from(uploads).where(eq(uploads.teamId, fresh.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.registeredAt !== null)).toBe(true);
    expect((await stored(fresh.id)).files).toHaveLength(3);
  });

  it("is made per person and named in their language, next to a teammate's", async () => {
    const colleague = await addMember(server.ctx, team, 'member');
    const theirs = await sampleOf(colleague.token, team.id, 'zh-CN');
    expect(theirs.code, theirs.msg).toBe(OK);
    expect(theirs.result.created).toBe(true);
    const [project] = await server.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.id, theirs.result.project_id));
    expect(project.name).toBe('示例项目');
    const names = await server.ctx.db
      .select({ name: designs.name })
      .from(designs)
      .where(eq(designs.projectId, project.id));
    expect(names.map((row) => row.name).sort()).toEqual(['探索', '文字图层', '语言选择'].sort());
    // A second person's sample in the same team takes the next free name.
    const english = await buildTeam(server.ctx);
    await sampleOf(english.owner.token, english.id);
    const helper = await addMember(server.ctx, english, 'admin');
    const second = await sampleOf(helper.token, english.id);
    const [named] = await server.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.id, second.result.project_id));
    expect(named.name).toBe('Sample project 2');
  });

  it("refuses another team's id, a viewer, and a team with no project room, leaving nothing behind", async () => {
    const other = await buildTeam(server.ctx);
    const foreign = await sampleOf(team.owner.token, other.id);
    expect(foreign.code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect(await projectsOf(other.id)).toHaveLength(0);

    const viewer = await addMember(server.ctx, other, 'onlooker');
    expect((await sampleOf(viewer.token, other.id)).code).toBe(Codes.NO_PERMISSION.code);

    const full = await buildTeam(server.ctx);
    const owner = asUser(server.app, full.owner.token);
    for (let index = 0; index < PlanLimits[1].projectMax; index += 1) {
      const made = await owner.post('/api/project/project_info', { team_id: full.id, name: `P${index}` });
      expect(made.code, made.msg).toBe(OK);
    }
    const before = await stored(full.id);
    const refused = await sampleOf(full.owner.token, full.id);
    expect(refused.code).toBe(Codes.ONBOARDING_SAMPLE_NO_ROOM.code);
    expect(refused.msg).toContain('no room for another project');
    expect(await stored(full.id)).toEqual(before);
    expect(await projectsOf(full.id)).toHaveLength(PlanLimits[1].projectMax);
  });

  it('makes a new sample once the old one is deleted', async () => {
    const fresh = await buildTeam(server.ctx);
    const first = await sampleOf(fresh.owner.token, fresh.id);
    const removed = await asUser(server.app, fresh.owner.token).delete('/api/project/project_info', {
      team_id: fresh.id,
      project_id: first.result.project_id,
      p_name: 'Sample project',
    });
    expect(removed.code, removed.msg).toBe(OK);
    const next = await sampleOf(fresh.owner.token, fresh.id);
    expect(next.result.created).toBe(true);
    expect(next.result.project_id).not.toBe(first.result.project_id);
  });
});
