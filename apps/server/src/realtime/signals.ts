import type { ChangedFrame } from '@ferry/shared';
import type { AppContext } from '../context.js';
import { projectRoom, teamRoom } from './hub.js';

/**
 * Signals tell open screens to re-read something that changed without a notice: nobody is told and the
 * message centre keeps nothing (spec 002 §4's methods are all notices to people). Being best effort, a signal
 * goes on the bus after the change committed and a failed publish is only logged: the screen is right again
 * on its next read.
 */
export const SIGNALS_CHANNEL = 'signals';

export interface Signal {
  rooms: string[];
  /** Nothing to send when the signal only moves sockets into a room (the creator of a new team). */
  frame?: ChangedFrame;
  /** The user who joined or created the team: their open sockets join its room, so its notices reach them. */
  joined?: { userId: string; teamId: string };
}

export async function publishSignal(ctx: AppContext, signal: Signal): Promise<void> {
  try {
    await ctx.bus.publish(SIGNALS_CHANNEL, JSON.stringify(signal));
  } catch (error) {
    // The app's logger, which the outbox's publisher is given at start.
    ctx.events.log.warn({ err: error }, 'a signal could not be published');
  }
}

/** The member list, seats and applications of a team changed. */
export function signalTeamPeople(ctx: AppContext, teamId: string, joinedUserId?: string) {
  return publishSignal(ctx, {
    rooms: [teamRoom(teamId)],
    frame: { type: 'changed', what: 'team_people', teamId },
    joined: joinedUserId ? { userId: joinedUserId, teamId } : undefined,
  });
}

/** After a change of a project commits: its open screens re-read its hotspots, links and cards, bookmarks, documents or design system. */
export function signalProjectChange(
  ctx: AppContext,
  project: { id: string; teamId: string },
  what: Exclude<ChangedFrame['what'], 'team_people'>,
) {
  return publishSignal(ctx, {
    rooms: [projectRoom(project.id)],
    frame: { type: 'changed', what, teamId: project.teamId, projectId: project.id },
  });
}
