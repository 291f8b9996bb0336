import { Codes, FOLDER_DEPTH_LIMIT } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, buildTeam } from '../../test/factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function ownerClient() {
  const team = await buildTeam(server.ctx);
  const client = asUser(server.app, team.owner.token);
  const folder = async (name: string, parent?: string) =>
    (await client.post('/api/project/folder', { team_id: team.id, name, parent_id: parent ?? null })).result
      .id as string;
  const project = async (name: string, folderId?: string) =>
    (await client.post('/api/project/project_info', { team_id: team.id, name, folder_id: folderId ?? null }))
      .result.id as string;
  return { team, client, folder, project };
}

describe('the folder tree', () => {
  it('hangs under the root node 全部项目 with its counts', async () => {
    const { team, client, folder, project } = await ownerClient();
    const design = await folder('Design');
    const mobile = await folder('Mobile', design);
    await project('App', mobile);
    await project('Loose');
    const tree = await client.get(`/api/project/folder?team_id=${team.id}`);
    expect(tree.result).toMatchObject({
      id: `teamFolder-${team.id}`,
      name: '全部项目',
      order: -999,
      allProjectLength: 2,
    });
    expect(tree.result.folders[0]).toMatchObject({
      id: design,
      name: 'Design',
      depth: 1,
      allProjectLength: 0,
    });
    expect(tree.result.folders[0].folders[0]).toMatchObject({
      id: mobile,
      depth: 2,
      allProjectLength: 1,
      visibleProjectLength: 1,
    });
  });

  it('refuses a name taken at the same level but allows it elsewhere', async () => {
    const { team, client, folder } = await ownerClient();
    const design = await folder('Design');
    expect((await client.post('/api/project/folder', { team_id: team.id, name: 'Design' })).code).toBe(
      Codes.FOLDER_NAME_EXISTS.code,
    );
    expect(
      (await client.post('/api/project/folder', { team_id: team.id, name: 'Design', parent_id: design }))
        .code,
    ).toBe('00000');
  });

  it('never moves a folder into itself or its own child', async () => {
    const { team, client, folder } = await ownerClient();
    const top = await folder('Top');
    const child = await folder('Child', top);
    const grandchild = await folder('Grand', child);
    for (const target of [top, child, grandchild]) {
      const answer = await client.put('/api/project/folder', {
        team_id: team.id,
        folder_id: top,
        parent_id: target,
      });
      expect(answer.code).toBe(Codes.FOLDER_CYCLE.code);
    }
    const moved = await client.put('/api/project/folder', {
      team_id: team.id,
      folder_id: grandchild,
      parent_id: null,
    });
    expect(moved.result.folders.map((f: { name: string }) => f.name).sort()).toEqual(['Grand', 'Top']);
  });

  it(`refuses nesting deeper than ${FOLDER_DEPTH_LIMIT}, by creating or by moving a subtree`, async () => {
    const { team, client, folder } = await ownerClient();
    let parent: string | undefined;
    const chain: string[] = [];
    for (let depth = 1; depth <= FOLDER_DEPTH_LIMIT; depth++) {
      parent = await folder(`L${depth}`, parent);
      chain.push(parent);
    }
    const tooDeep = await client.post('/api/project/folder', {
      team_id: team.id,
      name: 'L21',
      parent_id: parent,
    });
    expect(tooDeep.code).toBe(Codes.FOLDER_TOO_DEEP.code);
    const pair = await folder('Pair');
    await folder('PairChild', pair);
    const moveTooDeep = await client.put('/api/project/folder', {
      team_id: team.id,
      folder_id: pair,
      parent_id: chain[18],
    });
    expect(moveTooDeep.code).toBe(Codes.FOLDER_TOO_DEEP.code);
    expect(
      (await client.put('/api/project/folder', { team_id: team.id, folder_id: pair, parent_id: chain[17] }))
        .code,
    ).toBe('00000');
  });

  it('deleting a folder keeps its projects and folders, moving them up to its parent', async () => {
    const { team, client, folder, project } = await ownerClient();
    const outer = await folder('Outer');
    const inner = await folder('Inner', outer);
    await folder('Inner');
    const kept = await project('Kept', inner);
    await folder('Deep', inner);
    expect((await client.delete('/api/project/folder', { team_id: team.id, folder_id: inner })).code).toBe(
      '00000',
    );
    const card = await client.get(`/api/project/project_info?pid=${kept}&team_id=${team.id}`);
    expect(card.result.folder_id).toBe(outer);
    const tree = await client.get(`/api/project/folder?team_id=${team.id}`);
    const outerNode = tree.result.folders.find((f: { id: string }) => f.id === outer);
    expect(outerNode.folders.map((f: { name: string }) => f.name)).toEqual(['Deep']);
    expect(outerNode.allProjectLength).toBe(1);
  });

  it('lists the projects outside any folder with folder_id=root', async () => {
    const { team, client, folder, project } = await ownerClient();
    await project('Filed', await folder('Box'));
    await project('Loose');
    const top = await client.get(`/api/account/user_projects?team_id=${team.id}&folder_id=root`);
    expect(top.code).toBe('00000');
    expect(top.result.list.map((card: { name: string }) => card.name)).toEqual(['Loose']);
  });

  it('orders sibling folders as given, and finds folders by part of their name', async () => {
    const { team, client, folder } = await ownerClient();
    const a = await folder('Alpha');
    const b = await folder('Beta');
    const c = await folder('Gamma');
    await client.post('/api/project/update_folder_order', { team_id: team.id, folder_ids: [c, a, b] });
    const tree = await client.get(`/api/project/folder?team_id=${team.id}`);
    expect(tree.result.folders.map((f: { name: string }) => f.name)).toEqual(['Gamma', 'Alpha', 'Beta']);
    const found = await client.get(`/api/project/search_folder?team_id=${team.id}&keyword=amm`);
    expect(found.result.map((f: { id: string }) => f.id)).toEqual([c]);
  });

  it('closes a folder whose every project the caller may not see (folder permission model type 2)', async () => {
    const { team, client, folder, project } = await ownerClient();
    const member = await addMember(server.ctx, team, 'member');
    const secret = await folder('Secret');
    const hidden = await project('Hidden', secret);
    await client.put('/api/project/project_info', {
      team_id: team.id,
      project_id: hidden,
      permission_mode: 'B',
    });
    const refused = await asUser(server.app, member.token).get(
      `/api/account/folder_projects?team_id=${team.id}&folder_id=${secret}`,
    );
    expect(refused.code).toBe(Codes.FOLDER_NO_PERMISSION.code);
    const open = await client.get(`/api/account/folder_projects?team_id=${team.id}&folder_id=${secret}`);
    expect(open.result.list.map((p: { name: string }) => p.name)).toEqual(['Hidden']);
  });

  it('lets a viewer read the tree but not change it', async () => {
    const { team, folder } = await ownerClient();
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const id = await folder('ReadOnly');
    const as = asUser(server.app, viewer.token);
    expect((await as.get(`/api/project/folder?team_id=${team.id}`)).result.folders).toHaveLength(1);
    expect((await as.post('/api/project/folder', { team_id: team.id, name: 'Nope' })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect((await as.delete('/api/project/folder', { team_id: team.id, folder_id: id })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
  });
});
