import type { Lang, TeamInfo } from '@ferry/shared';
import type { ReadCache } from './cache/read-cache.js';
import type { Config } from './config.js';
import type { Db, Tx } from './db/client.js';
import type { JobSignal } from './jobs/signal.js';
import type { PasswordCipher } from './modules/account/rsa.js';
import type { Secrets } from './modules/account/secrets.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { FileStore } from './modules/storage/files.js';
import type { NoticeRecorder } from './notices.js';
import type { Bus } from './realtime/bus.js';
import type { Envelope } from './realtime/hub.js';

/**
 * The events outbox as services and boot see it (modules/events/outbox.ts implements it): the context names
 * this interface rather than the dispatcher, so the context depends on no domain above it.
 */
export interface NoticePublisher {
  log: { warn(object: object, message: string): void };
  /** Starts the periodic sweep of rows a crash or a bus outage left behind. */
  start(): void;
  /** Keeps a recorded event's envelope in memory, so publishing it after commit reads nothing back. */
  hold(envelope: Envelope): void;
  /** Publishes what is waiting, without making the caller wait (after a commit). */
  wake(): void;
  /** Publishes everything waiting; answers how many were published. */
  flush(): Promise<number>;
  /** Stops the sweep and waits for a flush under way. */
  stop(): Promise<void>;
}

/**
 * What the teams domain asks of the domains that live inside a team (projects, designs). boot.ts wires their
 * functions in, so teams, below them in the order of docs/ARCHITECTURE.md, never imports them.
 */
export interface TeamContents {
  /** Projects per team, for the team list. */
  projectCounts(db: Db | Tx, teamIds: string[]): Promise<Map<string, number>>;
  /** The designs outside the bin of the team's fullest project (the team quota's `cur_cnt`). */
  fullestProjectDesigns(db: Db | Tx, teamId: string): Promise<number>;
  /** Someone who leaves a team leaves its projects too, in the transaction of the departure. */
  dropMemberships(tx: Tx, userId: string, teamId: string): Promise<void>;
}

/**
 * What designs tells the domains above it (prototypes) when designs move to another project: boot.ts wires
 * their functions in, so designs never imports them.
 */
export interface DesignMoves {
  /**
   * In the move's transaction: what the old project keeps about the moved designs (hotspots, links, cards, design
   * QA pages) goes.
   */
  forget(tx: Tx, fromProjectId: string, designIds: string[]): Promise<void>;
  /** After that commit: open screens of the old project re-read what went. */
  announce(fromProject: { id: string; teamId: string }): Promise<void>;
}

/** What every service needs, built once by boot.ts (or by a test) and handed to buildApp. */
export interface AppContext {
  db: Db;
  config: Config;
  cipher: PasswordCipher;
  secrets: Secrets;
  files: FileStore;
  mailer: Mailer;
  bus: Bus;
  /** Publishes the notices services recorded (the events outbox) on the bus. */
  events: NoticePublisher;
  /** Records notices in the transaction of a change (the notice port of notices.ts). */
  notices: NoticeRecorder;
  cache: ReadCache;
  teamContents: TeamContents;
  designMoves: DesignMoves;
  /**
   * The teams of a user, for the session summary of sign-in: account sits below teams in the order of
   * docs/ARCHITECTURE.md, so boot.ts wires teams' list in here.
   */
  teamsOfUser(userId: string, lang: Lang): Promise<TeamInfo[]>;
  /** A user's chat-app bindings as the user object shows them (spec 000 §3), from chat-accounts, above account. */
  chatFieldsOfUser(userId: string): Promise<{ bind_wechat: 0 | 1; wechat_nickname: string; open_id: string }>;
  /** Wakes this instance's job worker after work was queued. */
  jobs: JobSignal;
  /** The time, injectable so lock and expiry rules can be tested without waiting. */
  now: () => Date;
}
