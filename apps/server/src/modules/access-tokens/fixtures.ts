import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DeviceCodeAnswer } from '@ferry/shared';
import { expect } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import type { TestServer } from '../../test/context.js';
import { type BuiltTeam, type BuiltUser, buildTeam, buildUser } from '../../test/factories.js';
import { uploadDesigns } from '../../test/uploads.js';

/** Helpers of the access-token tests: a team with a project, a plugin's sign-in, a real design to push. */

export const OK = '00000';

/** A real design (test-data/SOURCES.md). */
export const designFile = () => ({
  name: 'Explore.svg',
  data: readFileSync(
    path.join(import.meta.dirname, 'test-data', 'wikimediaui-illustrations-colored-background.svg'),
  ),
});

export interface Studio {
  team: BuiltTeam;
  owner: BuiltUser;
  projectId: string;
}

export async function buildStudio(server: TestServer): Promise<Studio> {
  const team = await buildTeam(server.ctx, { owner: await buildUser(server.ctx) });
  const created = await asUser(server.app, team.owner.token).post('/api/project/project_info', {
    team_id: team.id,
    name: 'PluginPushes',
  });
  expect(created.code, created.msg).toBe(OK);
  return { team, owner: team.owner, projectId: created.result.id as string };
}

/** A plugin asks for a device code, as a script would: no session. */
export async function startSignIn(server: TestServer, pluginType = 'figma', pluginUuid = 'plugin-1') {
  const answer = await anonymous(server.app).post<DeviceCodeAnswer>('/api/plugin/device_code', {
    plugin_uuid: pluginUuid,
    plugin_type: pluginType,
  });
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result;
}

export const poll = (server: TestServer, deviceCode: string) =>
  anonymous(server.app).post('/api/plugin/device_token', { device_code: deviceCode });

export const decide = (server: TestServer, user: BuiltUser, userCode: string, approve: boolean) =>
  asUser(server.app, user.token).post('/api/plugin/device/decision', { user_code: userCode, approve });

export const lookUp = (server: TestServer, user: BuiltUser, userCode: string, pluginUuid?: string) =>
  asUser(server.app, user.token).get(
    `/api/plugin/device?${new URLSearchParams({ user_code: userCode, ...(pluginUuid ? { plugin_uuid: pluginUuid } : {}) })}`,
  );

/** Pushes the design with a token, the whole upload path; answers the registration. */
export const pushDesign = (server: TestServer, token: string, studio: Studio) =>
  uploadDesigns(server.app, token, { teamId: studio.team.id, projectId: studio.projectId }, [designFile()]);

export async function stageNames(server: TestServer, studio: Studio): Promise<string[]> {
  const answer = await asUser(server.app, studio.owner.token).get(
    `/api/project/images?project_id=${studio.projectId}&team_id=${studio.team.id}`,
  );
  expect(answer.code, answer.msg).toBe(OK);
  return (answer.result.images as { name: string }[]).map((image) => image.name);
}
