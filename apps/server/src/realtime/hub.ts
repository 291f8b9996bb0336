import type { RealtimeMessage } from '@ferry/shared';
import type { WebSocket } from 'ws';
import type { Signal } from './signals.js';

/** What travels on the bus: an event of the outbox, for the sockets of its rooms. */
export interface Envelope {
  id: string;
  /**
   * `project:<id>` / `team:<id>` rooms for everyone watching; the recipients' own rooms follow from
   * `message.toIds` (naming them here too would double the size of a notice to many people).
   */
  rooms: string[];
  message: RealtimeMessage;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const teamRoom = (teamId: string) => `team:${teamId}`;
export const projectRoom = (projectId: string) => `project:${projectId}`;

/**
 * The `event` frames of an envelope, serialised once: a recipient's frame is the shared text with its own id
 * spliced in as `toIds`, the last field, so a notice to 1,000 people is not serialised 1,000 times.
 */
export function eventFrames({ id, message }: Envelope) {
  const { toIds: _everyone, ...fields } = message;
  const shared = JSON.stringify({ type: 'event', id, message: fields });
  // `shared` ends with the two braces closing `message` and the frame.
  const head = `${shared.slice(0, -2)},"toIds":[`;
  return {
    forWatcher: `${head}]}}`,
    forRecipient: (userId: string) => `${head}${JSON.stringify(userId)}]}}`,
  };
}

/** One open socket: anonymous until its first message authenticates it. */
export interface Client {
  socket: WebSocket;
  userId: string | null;
  rooms: Set<string>;
  /** The project this socket has open (one per tab), joined by a `watch` message. */
  watching: { teamId: string; projectId: string } | null;
  heartbeat: NodeJS.Timeout | null;
  deadline: NodeJS.Timeout | null;
}

export interface HubOptions {
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
  /** Whether a user may still see a project, re-asked after changes that can take that away. */
  maySee(userId: string, teamId: string, projectId: string): Promise<boolean>;
  log: { warn(object: object, message: string): void };
}

/**
 * This instance's sockets and their rooms (user, team, project). Events from the bus go to the sockets of
 * their rooms, each socket once; the membership events then move sockets out of rooms they lost.
 */
export class Hub {
  private readonly clients = new Set<Client>();
  private readonly rooms = new Map<string, Set<Client>>();

  constructor(private readonly options: HubOptions) {}

  get size() {
    return this.clients.size;
  }

  /**
   * A new socket. It has `heartbeatTimeoutMs` to authenticate (`onSilent` decides otherwise). Then a ping
   * goes out every `heartbeatMs`; a socket that neither answers (pong) nor sends anything within
   * `heartbeatTimeoutMs` of a ping is closed.
   */
  add(socket: WebSocket, onSilent: (client: Client) => void): Client {
    const client: Client = {
      socket,
      userId: null,
      rooms: new Set(),
      watching: null,
      heartbeat: null,
      deadline: null,
    };
    this.clients.add(client);
    const answered = () => {
      if (client.userId) this.settle(client);
    };
    socket.on('pong', answered);
    socket.on('message', answered);
    socket.on('close', () => this.remove(client));
    this.arm(client, () => onSilent(client));
    client.heartbeat = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      socket.ping();
      if (client.userId && !client.deadline) this.arm(client, () => socket.terminate());
    }, this.options.heartbeatMs);
    return client;
  }

  private arm(client: Client, expire: () => void) {
    client.deadline = setTimeout(() => {
      client.deadline = null;
      expire();
    }, this.options.heartbeatTimeoutMs);
  }

  /** Heard from in time: no deadline until the next ping. */
  private settle(client: Client) {
    if (client.deadline) clearTimeout(client.deadline);
    client.deadline = null;
  }

  authenticate(client: Client, userId: string, teamIds: string[]) {
    client.userId = userId;
    this.settle(client);
    this.join(client, userRoom(userId));
    for (const teamId of teamIds) this.join(client, teamRoom(teamId));
  }

  watch(client: Client, teamId: string, projectId: string) {
    this.unwatch(client);
    client.watching = { teamId, projectId };
    this.join(client, teamRoom(teamId));
    this.join(client, projectRoom(projectId));
  }

  unwatch(client: Client) {
    if (!client.watching) return;
    this.leave(client, projectRoom(client.watching.projectId));
    client.watching = null;
  }

  private join(client: Client, room: string) {
    client.rooms.add(room);
    let members = this.rooms.get(room);
    if (!members) {
      members = new Set();
      this.rooms.set(room, members);
    }
    members.add(client);
  }

  private leave(client: Client, room: string) {
    client.rooms.delete(room);
    const members = this.rooms.get(room);
    members?.delete(client);
    if (members?.size === 0) this.rooms.delete(room);
  }

  private remove(client: Client) {
    if (client.heartbeat) clearInterval(client.heartbeat);
    if (client.deadline) clearTimeout(client.deadline);
    for (const room of [...client.rooms]) this.leave(client, room);
    this.clients.delete(client);
  }

  private membersOf(rooms: string[]): Set<Client> {
    const found = new Set<Client>();
    for (const room of rooms) for (const client of this.rooms.get(room) ?? []) found.add(client);
    return found;
  }

  /**
   * Sends an event to its recipients' and rooms' sockets, once each; answers how many sockets it went to.
   * Each socket learns only whether its own user is a recipient: the list of everyone told stays on the
   * server (a notice to 1,000 people would otherwise send each of them 1,000 ids).
   */
  deliver(envelope: Envelope): number {
    const frames = eventFrames(envelope);
    const send = (client: Client, frame: string) => {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
    };
    // A recipient's sockets are all in their own room, so a room's other sockets are watchers.
    const reached = new Set<Client>();
    for (const userId of new Set(envelope.message.toIds)) {
      const sockets = this.rooms.get(userRoom(userId));
      if (!sockets) continue;
      const frame = frames.forRecipient(userId);
      for (const client of sockets) {
        reached.add(client);
        send(client, frame);
      }
    }
    for (const room of envelope.rooms) {
      for (const client of this.rooms.get(room) ?? []) {
        if (reached.has(client)) continue;
        reached.add(client);
        send(client, frames.forWatcher);
      }
    }
    this.applyMembership(envelope.message);
    return reached.size;
  }

  /** Sends a signal's frame to the sockets of its rooms; a user who joined a team has their sockets join its room. */
  signal({ rooms, frame, joined }: Signal): void {
    if (joined)
      for (const client of this.membersOf([userRoom(joined.userId)]))
        this.join(client, teamRoom(joined.teamId));
    if (!frame) return;
    const text = JSON.stringify(frame);
    for (const client of this.membersOf(rooms))
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  }

  /** Tells every authenticated socket to fetch what it may have missed (after the bus reconnected). */
  broadcast(frame: object) {
    const text = JSON.stringify(frame);
    for (const client of this.clients)
      if (client.userId && client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  }

  /** Rooms follow the membership events: a socket leaves what its user was removed from. */
  private applyMembership(message: RealtimeMessage) {
    const { teamId, projectId } = message;
    const clientsOf = (userIds: string[]) => this.membersOf(userIds.map(userRoom));
    switch (message.method) {
      case 'removeTeamMemeber':
        for (const client of clientsOf(message.toIds)) this.leaveTeam(client, teamId);
        break;
      case 'dissolutionTeam':
        for (const client of this.membersOf([teamRoom(teamId)])) this.leaveTeam(client, teamId);
        break;
      case 'removeProject':
        for (const client of this.membersOf([projectRoom(projectId)])) this.unwatch(client);
        break;
      case 'removeProjectMemeber':
        this.recheck([...clientsOf(message.toIds)].filter((c) => c.watching?.projectId === projectId));
        break;
      case 'changeProjectPermission':
        this.recheck([...this.membersOf([projectRoom(projectId)])]);
        break;
      default:
    }
  }

  private leaveTeam(client: Client, teamId: string) {
    if (client.watching?.teamId === teamId) this.unwatch(client);
    this.leave(client, teamRoom(teamId));
  }

  /** Sockets watching a project their user may no longer see stop watching it. */
  private recheck(clients: Client[]) {
    for (const client of clients) {
      const watching = client.watching;
      if (!watching || !client.userId) continue;
      this.options
        .maySee(client.userId, watching.teamId, watching.projectId)
        .then((allowed) => {
          if (!allowed && client.watching === watching) this.unwatch(client);
        })
        .catch((error) => this.options.log.warn({ err: error }, 'project access re-check failed'));
    }
  }

  /** Closes every socket (the server is stopping). */
  close() {
    for (const client of [...this.clients]) {
      client.socket.close(1001, 'server stopping');
      this.remove(client);
    }
  }
}
