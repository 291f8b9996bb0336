import { MaintenanceLimits } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli.js';
import { MemoryBus } from '../../realtime/bus.js';
import { anonymous } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildUser } from '../../test/factories.js';
import { TestSocket } from '../../test/sockets.js';

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.listen();
});
afterAll(() => server.close());

const shown = async () => (await anonymous(server.app).get('/api/common/configuration')).result.maintenance;
const maintenanceFrames = (socket: TestSocket) =>
  socket.frames.filter((frame) => frame.type === 'maintenance');
/** The maintenance frame after the `seen` ones already received. */
const maintenanceFrame = async (socket: TestSocket, seen: number) => {
  await socket.next(() => maintenanceFrames(socket).length > seen, 'maintenance frame');
  return maintenanceFrames(socket)[seen];
};

describe('maintenance notice', () => {
  it('reaches an open page at once over the bus, and pages opened later read it', async () => {
    const socket = await TestSocket.signedIn(url, (await buildUser(server.ctx)).token);
    const started = Date.now();
    const said = await runCommand(server.ctx.db, ['maintenance:set', 'Upgrade tonight at 22:00'], {
      bus: server.ctx.bus,
    });
    expect(said).toContain('Upgrade tonight at 22:00');
    const frame = await maintenanceFrame(socket, 0);
    expect(Date.now() - started).toBeLessThan(MaintenanceLimits.serverPollMs);
    expect(frame.notice).toMatchObject({ message: 'Upgrade tonight at 22:00', until: null });
    expect(await shown()).toEqual(frame.notice);

    await runCommand(server.ctx.db, ['maintenance:clear'], { bus: server.ctx.bus });
    expect((await maintenanceFrame(socket, 1)).notice).toBeNull();
    expect(await shown()).toBeNull();
    socket.close();
  });

  it('reaches an open page within seconds from a command line that cannot reach the server', async () => {
    const socket = await TestSocket.signedIn(url, (await buildUser(server.ctx)).token);
    // Another process on an in-memory bus: nothing it publishes arrives here.
    const elsewhere = new MemoryBus();
    const started = Date.now();
    await runCommand(server.ctx.db, ['maintenance:set', 'Read-only for ten minutes'], { bus: elsewhere });
    const frame = await maintenanceFrame(socket, 0);
    // One poll, and room for a busy machine: a notice only the next page load would show fails this.
    expect(Date.now() - started).toBeLessThan(MaintenanceLimits.serverPollMs + 5_000);
    expect(frame.notice.message).toBe('Read-only for ten minutes');

    // A new message is a new notice (a banner closed for the old one shows again).
    await runCommand(server.ctx.db, ['maintenance:set', 'Read-only for five more minutes'], {
      bus: elsewhere,
    });
    const next = await maintenanceFrame(socket, 1);
    expect(next.notice.id).not.toBe(frame.notice.id);
    await runCommand(server.ctx.db, ['maintenance:clear']);
    expect((await maintenanceFrame(socket, 2)).notice).toBeNull();
    expect(maintenanceFrames(socket)).toHaveLength(3);
    socket.close();
  });

  it('clears itself after --until', async () => {
    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const said = await runCommand(server.ctx.db, ['maintenance:set', 'Back at noon', '--until', until]);
    expect(said).toContain(`until ${until}`);
    expect(await shown()).toMatchObject({ message: 'Back at noon', until });
    server.advance(61 * 60 * 1000);
    expect(await shown()).toBeNull();
    expect(await runCommand(server.ctx.db, ['maintenance:clear'])).toBe('no maintenance notice was set');
  });

  it('refuses a missing or too long message and a bad or past --until', async () => {
    await expect(runCommand(server.ctx.db, ['maintenance:set'])).rejects.toThrow('usage');
    const tooLong = 'x'.repeat(MaintenanceLimits.messageMaxLength + 1);
    await expect(runCommand(server.ctx.db, ['maintenance:set', tooLong])).rejects.toThrow('1 to 200');
    await expect(
      runCommand(server.ctx.db, ['maintenance:set', 'Soon', '--until', 'tomorrow']),
    ).rejects.toThrow('--until wants a time');
    await expect(
      runCommand(server.ctx.db, ['maintenance:set', 'Soon', '--until', '2001-01-01T00:00:00Z']),
    ).rejects.toThrow('already past');
    expect(await shown()).toBeNull();
  });
});
