import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { TestSocket } from '../../test/sockets.js';
import { buildWorld, type World } from '../comments/fixtures.js';
import { newDsmProject } from './library.fixtures.js';

let server: TestServer;
let world: World;
beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
});
afterAll(() => server.close());

describe('real-time', () => {
  it('tells the sockets watching a design system that its library or tokens changed, and no one else', async () => {
    const library = await newDsmProject(world);
    const other = await newDsmProject(world);
    const url = await server.listen();
    const watcher = await TestSocket.signedIn(url, world.viewer.token);
    const elsewhere = await TestSocket.signedIn(url, world.admin.token);
    watcher.send({ type: 'watch', teamId: world.team.id, projectId: library.projectId });
    elsewhere.send({ type: 'watch', teamId: world.team.id, projectId: other.projectId });
    await watcher.next((frame) => frame.type === 'watching');
    await elsewhere.next((frame) => frame.type === 'watching');

    const changed = { type: 'changed', what: 'dsm', teamId: world.team.id, projectId: library.projectId };
    const scope = { team_id: world.team.id, project_id: library.projectId };
    const folder = await world.member.api.post('/api/project/dsm_folder', {
      ...scope,
      dsm_folders: [{ name: 'Colours' }],
    });
    expect(await watcher.next((f) => f.type === 'changed', 'the folder frame')).toEqual(changed);
    const token = await world.member.api.post('/api/project/dsm_token', {
      ...scope,
      tokens: [{ name: 'color/brand', kind: 'color', value: '#3366cc' }],
    });
    expect(token.code, token.msg).toBe('00000');
    await world.member.api.post('/api/project/dsm_token/import', {
      ...scope,
      content: JSON.stringify({ space: { md: { $type: 'dimension', $value: '16px' } } }),
    });
    // Reading and exporting change nothing, so tell no one.
    await world.member.api.get(`/api/project/dsm_token?project_id=${library.projectId}`);
    await world.member.api.get(`/api/project/dsm_token/export?project_id=${library.projectId}&format=css`);
    await world.member.api.delete('/api/project/dsm_folder', {
      ...scope,
      dsm_folder_ids: [folder.result[0].id],
    });
    await watcher.roundTrip();
    expect(watcher.frames.filter((f) => f.type === 'changed')).toEqual([changed, changed, changed, changed]);
    await elsewhere.roundTrip();
    expect(elsewhere.frames.some((f) => f.type === 'changed')).toBe(false);
    watcher.close();
    elsewhere.close();
  });
});
