import { type ChangedFrame, type MaintenanceNotice, RealtimeLimits } from '@ferry/shared';
import { isNoticeMethod, messageKey, normaliseMessage, type RealtimeMessage } from './message';

/**
 * The real-time connection of spec 002 §4 (protocol in docs/api.md "Real-time"): one socket per signed-in
 * session, authenticated by its first frame; a heartbeat every 15 s answered within 5 s; up to 5 reconnects
 * 5 s apart, ×2 each time, at most 15 s; a notice arriving twice within 2 s is delivered once; after a
 * reconnect, what the message centre received meanwhile is delivered as if it had come live.
 */
export interface RealtimeTiming {
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
  reconnectAttempts: number;
  reconnectDelayMs: number;
  reconnectDelayMaxMs: number;
  reconnectDecay: number;
  duplicateWindowMs: number;
}

export const DEFAULT_TIMING: RealtimeTiming = {
  heartbeatMs: RealtimeLimits.heartbeatMs,
  heartbeatTimeoutMs: RealtimeLimits.heartbeatTimeoutMs,
  reconnectAttempts: RealtimeLimits.reconnectAttempts,
  reconnectDelayMs: RealtimeLimits.reconnectDelayMs,
  reconnectDelayMaxMs: RealtimeLimits.reconnectDelayMaxMs,
  reconnectDecay: RealtimeLimits.reconnectDecay,
  duplicateWindowMs: RealtimeLimits.duplicateWindowMs,
};

/** The clock the connection waits on; tests pass one that records what was asked. */
export interface RealtimeClock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const systemClock: RealtimeClock = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * `connecting` before the first `ready`; `open` while authenticated; `lost` from a drop until the next
 * `ready` (reconnects under way); `stopped` after `stop()`, a refused session or the last failed reconnect.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'lost' | 'stopped';

export type Delivery = 'live' | 'missed';

/** Which notice it was: the socket event's id, or the message centre's id of a missed one. */
export interface NoticeRef {
  eventId?: string;
  messageId?: string;
}

export interface MissedNotice {
  message: RealtimeMessage;
  messageId: string;
}

/** Where the missed notices come from (the message centre): see realtime/missed.ts. */
export interface MissedSource {
  /** At the first connection: remembers how far the message centre goes. */
  mark(): Promise<void>;
  /** After a reconnect or a resync: the notices stored since, oldest first. */
  fetch(): Promise<MissedNotice[]>;
}

export interface RealtimeSocketOptions {
  url: string;
  token: string;
  onMessage(message: RealtimeMessage, delivery: Delivery, ref: NoticeRef): void;
  /** Something on open screens changed with no notice (a `changed` frame): re-read it. */
  onChanged?(frame: ChangedFrame): void;
  /** The operator set (or, with null, cleared) the maintenance notice. */
  onMaintenance?(notice: MaintenanceNotice | null): void;
  missed: MissedSource;
  /** Every status change; `restored` is true when `open` follows a loss. */
  onStatus?(status: ConnectionStatus, detail: { restored: boolean; reason?: string }): void;
  timing?: Partial<RealtimeTiming>;
  clock?: RealtimeClock;
  createSocket?(url: string): WebSocket;
  log?: Pick<Console, 'error' | 'warn'>;
}

function isMaintenanceNotice(value: unknown): value is MaintenanceNotice {
  const notice = value as MaintenanceNotice | undefined;
  return typeof notice?.id === 'string' && typeof notice.message === 'string';
}

/** The close code the server refuses a session with (no reconnect: the session itself is gone). */
const CLOSE_UNAUTHORIZED = RealtimeLimits.closeUnauthorized;
/** Missed notices already handled live are recognised among this many recent ones. */
const SEEN_KEEP = 500;

interface ServerFrame {
  type?: unknown;
  id?: unknown;
  message?: unknown;
  code?: unknown;
  what?: unknown;
  teamId?: unknown;
  projectId?: unknown;
  notice?: unknown;
}

export class RealtimeSocket {
  private readonly timing: RealtimeTiming;
  private readonly clock: RealtimeClock;
  private readonly log: Pick<Console, 'error' | 'warn'>;
  private socket: WebSocket | null = null;
  private status: ConnectionStatus = 'connecting';
  private attempts = 0;
  private everOpen = false;
  /** Stopped by `stop()` or a refused session: `revive()` leaves it stopped. */
  private stoppedForGood = false;
  private reconnectTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private deadlineTimer: unknown = null;
  private watching: { teamId: string; projectId: string } | null = null;
  /** The project the server says this socket's room is, from its `watching` answer. */
  private confirmedProject: string | null = null;
  private readonly recent = new Map<string, number>();
  private readonly seen: string[] = [];

  constructor(private readonly options: RealtimeSocketOptions) {
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? console;
  }

  get state(): ConnectionStatus {
    return this.status;
  }

  /** The project whose room the server has joined this socket to (null before its answer, or none). */
  get watchedProject(): string | null {
    return this.confirmedProject;
  }

  /** Whether a connection was ever open (a first connection failing is not "disconnected"). */
  get hasOpened(): boolean {
    return this.everOpen;
  }

  /** The wait before reconnect number `attempt` (0-based): 5 s, 10 s, 15 s, 15 s, 15 s. */
  delayOf(attempt: number): number {
    const { reconnectDelayMs, reconnectDecay, reconnectDelayMaxMs } = this.timing;
    return Math.min(reconnectDelayMs * reconnectDecay ** attempt, reconnectDelayMaxMs);
  }

  start(): void {
    if (this.socket) return;
    this.open();
  }

  /** Closes for good (sign-out, another user); nothing reconnects. */
  stop(): void {
    this.stoppedForGood = true;
    this.clearTimers();
    this.detach();
    this.setStatus('stopped', false);
  }

  /** After giving up: try again from the first attempt (the browser is back online, the tab is shown). */
  revive(): void {
    if (this.status !== 'stopped' || this.socket || this.stoppedForGood) return;
    this.attempts = 0;
    this.setStatus('lost', false);
    this.open();
  }

  /** The project this tab has open, so notices of its room reach it; null leaves it. */
  watch(target: { teamId: string; projectId: string } | null): void {
    this.watching = target;
    this.sendWatch();
  }

  private open(): void {
    let socket: WebSocket;
    try {
      socket = this.options.createSocket
        ? this.options.createSocket(this.options.url)
        : new WebSocket(this.options.url);
    } catch (error) {
      this.log.warn('real-time socket could not be opened', error);
      this.lose();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'auth', token: this.options.token });
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      if (event.code === CLOSE_UNAUTHORIZED) {
        this.stoppedForGood = true;
        this.clearTimers();
        this.setStatus('stopped', false, event.reason);
        return;
      }
      this.lose();
    };
    socket.onerror = () => {
      // The close event follows and decides.
    };
  }

  private send(frame: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private sendWatch(): void {
    if (this.status !== 'open') return;
    this.send(this.watching ? { type: 'watch', ...this.watching } : { type: 'unwatch' });
  }

  private receive(data: unknown): void {
    this.settleHeartbeat();
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(data)) as ServerFrame;
    } catch {
      this.log.warn('real-time frame is not JSON');
      return;
    }
    switch (frame.type) {
      case 'ready':
        this.ready();
        return;
      case 'event':
        this.deliver(frame.message, 'live', typeof frame.id === 'string' ? { eventId: frame.id } : {});
        return;
      case 'resync':
        void this.catchUp();
        return;
      case 'changed':
        if (typeof frame.what === 'string' && typeof frame.teamId === 'string')
          this.options.onChanged?.(frame as ChangedFrame);
        return;
      case 'maintenance':
        if (frame.notice === null || isMaintenanceNotice(frame.notice))
          this.options.onMaintenance?.(frame.notice);
        return;
      case 'error':
        this.log.warn('real-time socket refused a frame', frame.code);
        return;
      case 'watching':
        this.confirmedProject = typeof frame.projectId === 'string' ? frame.projectId : null;
        return;
      default:
        // pong: the heartbeat above already counted it.
        return;
    }
  }

  private ready(): void {
    const restored = this.everOpen;
    this.everOpen = true;
    this.attempts = 0;
    this.setStatus('open', restored);
    this.sendWatch();
    this.beat();
    if (restored) void this.catchUp();
    else this.options.missed.mark().catch((error) => this.log.warn('message centre not reached', error));
  }

  /** Hands a notice on unless it is unknown or came again within the duplicate window. */
  private deliver(raw: unknown, delivery: Delivery, ref: NoticeRef): void {
    const method = (raw as { method?: unknown } | null)?.method;
    if (!isNoticeMethod(method)) {
      this.log.error('unknown notification method', method);
      return;
    }
    const message = normaliseMessage({ ...(raw as Partial<RealtimeMessage>), method });
    const key = messageKey(message);
    const now = this.clock.now();
    for (const [known, at] of this.recent)
      if (now - at >= this.timing.duplicateWindowMs) this.recent.delete(known);
    // The same event id, or the same notice, again within the window.
    const ids = ref.eventId ? [key, `id:${ref.eventId}`] : [key];
    if (ids.some((id) => this.recent.has(id))) return;
    if (delivery === 'missed' && this.seen.includes(key)) return;
    for (const id of ids) this.recent.set(id, now);
    this.seen.push(key);
    if (this.seen.length > SEEN_KEEP) this.seen.shift();
    this.options.onMessage(message, delivery, ref);
  }

  private async catchUp(): Promise<void> {
    let missed: MissedNotice[];
    try {
      missed = await this.options.missed.fetch();
    } catch (error) {
      this.log.warn('missed notices could not be fetched', error);
      return;
    }
    for (const notice of missed) this.deliver(notice.message, 'missed', { messageId: notice.messageId });
  }

  private beat(): void {
    if (this.heartbeatTimer !== null) this.clock.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = this.clock.setTimeout(() => {
      this.heartbeatTimer = null;
      if (this.status !== 'open') return;
      this.send({ type: 'ping' });
      this.deadlineTimer = this.clock.setTimeout(() => {
        this.deadlineTimer = null;
        // No answer in time: the connection is dead even if the browser has not noticed.
        this.detach();
        this.lose();
      }, this.timing.heartbeatTimeoutMs);
      this.beat();
    }, this.timing.heartbeatMs);
  }

  private settleHeartbeat(): void {
    if (this.deadlineTimer !== null) this.clock.clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
  }

  private clearHeartbeat(): void {
    if (this.heartbeatTimer !== null) this.clock.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.settleHeartbeat();
  }

  private clearTimers(): void {
    this.clearHeartbeat();
    if (this.reconnectTimer !== null) this.clock.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** Forgets the socket without waiting for its close event. */
  private detach(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close();
    } catch {
      // already closing
    }
  }

  /** The connection dropped or could not be made: wait and try again, until the attempts run out. */
  private lose(): void {
    this.clearTimers();
    if (this.status === 'stopped') return;
    if (this.attempts >= this.timing.reconnectAttempts) {
      this.setStatus('stopped', false, 'gave-up');
      return;
    }
    this.setStatus('lost', false);
    const delay = this.delayOf(this.attempts);
    this.attempts += 1;
    this.reconnectTimer = this.clock.setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  private setStatus(status: ConnectionStatus, restored: boolean, reason?: string): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status, { restored, reason });
  }
}
