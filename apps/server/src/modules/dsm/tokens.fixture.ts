import type { DesignToken } from '@ferry/shared';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildWorld, newProject, OK, type Person, type World } from '../comments/fixtures.js';

/** A test server with the comments' world (owner, admin, member, viewer, stranger) and dsm projects to fill. */
export async function startTokensWorld() {
  const server: TestServer = await startTestServer();
  const world: World = await buildWorld(server);

  /** A dsm project of the team (or the stranger's team), made by its owner. */
  const newDsm = async (name = `Kit-${Math.floor(Math.random() * 1e6)}`, stranger = false) => {
    const team = stranger ? world.strangerTeam : world.team;
    const who = stranger ? world.stranger : world.owner;
    const created = await who.api.post('/api/project/project_info', { team_id: team.id, name, type: 'dsm' });
    expect(created.code, created.msg).toBe(OK);
    return created.result.id as string;
  };

  const tokenApi = (who: Person, projectId: string) => ({
    list: (kind?: string) =>
      who.api.get<{ tokens: DesignToken[] }>(
        `/api/project/dsm_token?project_id=${projectId}${kind ? `&kind=${kind}` : ''}`,
      ),
    create: (tokens: unknown[]) =>
      who.api.post<{ tokens: DesignToken[] }>('/api/project/dsm_token', { project_id: projectId, tokens }),
    update: (body: Record<string, unknown>) =>
      who.api.put<DesignToken>('/api/project/dsm_token', { project_id: projectId, ...body }),
    remove: (tokenIds: string[]) =>
      who.api.delete('/api/project/dsm_token', { project_id: projectId, token_ids: tokenIds }),
    exported: (format: string) =>
      who.api.get(`/api/project/dsm_token/export?project_id=${projectId}&format=${format}`),
    imported: (content: string, mode = 'merge') =>
      who.api.post('/api/project/dsm_token/import', { project_id: projectId, content, mode }),
  });

  /** Tokens made, answered in order; the call must succeed. */
  const created = async (who: Person, projectId: string, tokens: unknown[]) => {
    const answer = await tokenApi(who, projectId).create(tokens);
    expect(answer.code, answer.msg).toBe(OK);
    return answer.result.tokens;
  };

  const listed = async (who: Person, projectId: string) => {
    const answer = await tokenApi(who, projectId).list();
    expect(answer.code, answer.msg).toBe(OK);
    return answer.result.tokens;
  };

  /** The team's design system on or off, through `permission/dsm_auth_switch` as its super admin. */
  const switchDsm = async (enabled: boolean) => {
    const answer = await world.owner.api.put('/api/permission/dsm_auth_switch', {
      team_id: world.team.id,
      enabled,
    });
    expect(answer.code, answer.msg).toBe(OK);
    expect(answer.result).toEqual({ team_id: world.team.id, enabled });
  };

  return {
    server,
    world,
    newDsm,
    newProject: () => newProject(world),
    tokenApi,
    created,
    listed,
    switchDsm,
  };
}

export type TokensWorld = Awaited<ReturnType<typeof startTokensWorld>>;

export const color = (name: string, value: string) => ({ name, kind: 'color', value });
export const radius = (name: string, value: string) => ({ name, kind: 'radius', value });

/** One of each kind, as a set would hold them. */
export const everyKind = [
  { name: 'color/brand/primary', kind: 'color', value: '#3366CC', description: 'Links and buttons' },
  color('color/text', '#202122'),
  { name: 'color/overlay', kind: 'color', value: '#00000080' },
  {
    name: 'font/body',
    kind: 'typography',
    value: { fontFamily: 'Helvetica Neue', fontSize: '16px', fontWeight: 400, lineHeight: 1.5 },
  },
  {
    name: 'font/caption',
    kind: 'typography',
    value: { fontFamily: 'Lato', fontSize: '12px', fontWeight: 700, letterSpacing: '0.5px' },
  },
  radius('radius/card', '8px'),
  { name: 'space/2', kind: 'spacing', value: '16px' },
  {
    name: 'shadow/raised',
    kind: 'shadow',
    value: { color: '#00000040', offsetX: '0px', offsetY: '2px', blur: '3px', spread: '1px' },
  },
  {
    name: 'shadow/pressed',
    kind: 'shadow',
    value: { color: '#0000001a', offsetX: '0px', offsetY: '1px', blur: '2px', spread: '0px', inset: true },
  },
  { name: 'border/field', kind: 'border', value: { color: '#a2a9b1', width: '1px', style: 'solid' } },
];
