import { bookmarkKeys } from '../api/bookmarks';
import { documentKeys } from '../api/documents';
import { dsmKeys } from '../api/dsm';
import { prototypeKeys } from '../api/prototypes';
import { walkthroughKeys } from '../api/walkthrough';
import { queryClient } from '../queryClient';
import { showMaintenance } from '../state/maintenance';
import { reportSocketDown, reportSocketUp } from '../state/network';
import { refreshPeople } from '../state/teamQueries';
import { handleNotice } from './dispatch';
import { createMissedSource } from './missed';
import { type RealtimeClock, RealtimeSocket, type RealtimeTiming } from './socket';

/**
 * The one real-time connection of the signed-in session: started with the session's token, stopped at
 * sign-out, its drops shown by the network banner, its notices handed to the dispatcher.
 */
let current: { token: string; socket: RealtimeSocket } | null = null;
let watching: { teamId: string; projectId: string } | null = null;
let defaults: RealtimeStartOptions = {};

/** `/ws` on the page's own host (the dev server proxies it like /api). */
export function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

export interface RealtimeStartOptions {
  url?: string;
  timing?: Partial<RealtimeTiming>;
  clock?: RealtimeClock;
}

/** Where and how connections are made from now on (tests: a local server, a manual clock). */
export function setRealtimeDefaults(options: RealtimeStartOptions): void {
  defaults = options;
}

export function startRealtime(token: string, overrides: RealtimeStartOptions = {}): RealtimeSocket {
  if (current?.token === token) return current.socket;
  stopRealtime();
  const options = { ...defaults, ...overrides };
  const socket = new RealtimeSocket({
    url: options.url ?? socketUrl(),
    token,
    timing: options.timing,
    clock: options.clock,
    missed: createMissedSource(),
    onMessage: (message, delivery, ref) => {
      void handleNotice(message, delivery, ref).catch((error) => console.error('notice not handled', error));
    },
    onChanged: (frame) => {
      if (frame.what === 'team_people') refreshPeople(frame.teamId);
      // Another member changed the project's hotspots or bookmarks: screens showing them read again.
      if (frame.what === 'prototype' && frame.projectId)
        void queryClient.invalidateQueries({ queryKey: prototypeKeys.all(frame.teamId, frame.projectId) });
      if (frame.what === 'bookmarks' && frame.projectId)
        void queryClient.invalidateQueries({ queryKey: bookmarkKeys.list(frame.teamId, frame.projectId) });
      if (frame.what === 'documents' && frame.projectId)
        void queryClient.invalidateQueries({ queryKey: documentKeys.all(frame.teamId, frame.projectId) });
      // The design system's library or tokens: its screen reads them again (tokens sit under the library's key).
      if (frame.what === 'dsm' && frame.projectId)
        void queryClient.invalidateQueries({ queryKey: dsmKeys.project(frame.teamId, frame.projectId) });
      // Design QA: pages, screenshots (a comparison finished too) and issues are read again.
      if (frame.what === 'walkthrough' && frame.projectId)
        void queryClient.invalidateQueries({ queryKey: walkthroughKeys.all(frame.teamId, frame.projectId) });
    },
    onMaintenance: showMaintenance,
    onStatus: (status, { restored }) => {
      // Only a connection that was open can be "disconnected"; a first one failing retries quietly.
      if (status === 'lost' && socket.hasOpened) reportSocketDown();
      else if (status === 'open' && restored) reportSocketUp(true);
      else if (status === 'stopped') reportSocketUp(false);
    },
  });
  current = { token, socket };
  socket.start();
  if (watching) socket.watch(watching);
  return socket;
}

export function stopRealtime(): void {
  if (!current) return;
  current.socket.stop();
  current = null;
  reportSocketUp(false);
}

/** After the reconnects ran out: the browser is back online or the tab is shown again. */
export function reviveRealtime(): void {
  current?.socket.revive();
}

/** The project this tab shows (its room's notices reach it), or null. */
export function watchProject(target: { teamId: string; projectId: string } | null): void {
  if (watching?.teamId === target?.teamId && watching?.projectId === target?.projectId) return;
  watching = target;
  current?.socket.watch(target);
}

export function realtimeSocket(): RealtimeSocket | null {
  return current?.socket ?? null;
}
