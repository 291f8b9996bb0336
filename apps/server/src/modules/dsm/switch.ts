import type { DsmSwitch, dsmSwitchBody } from '@ferry/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authorizeTeamAdmin, roleInTeam } from '../teams/policy.js';
import { dsmEnabled } from './policy.js';
import { dsmTeamSwitches } from './tables.js';

/** `GET permission/dsm_auth_switch`: any member of the team reads it. */
export async function getDsmSwitch(ctx: AppContext, userId: string, teamId: string): Promise<DsmSwitch> {
  await roleInTeam(ctx.db, userId, teamId);
  return { team_id: teamId, enabled: await dsmEnabled(ctx.db, teamId) };
}

/** `PUT permission/dsm_auth_switch`: team admins and the super admin turn the design system on or off. */
export async function setDsmSwitch(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof dsmSwitchBody>,
): Promise<DsmSwitch> {
  await authorizeTeamAdmin(ctx.db, userId, input.team_id);
  const change = { enabled: input.enabled, updatedBy: userId, updatedAt: ctx.now() };
  await ctx.db
    .insert(dsmTeamSwitches)
    .values({ teamId: input.team_id, ...change })
    .onConflictDoUpdate({ target: dsmTeamSwitches.teamId, set: change });
  return { team_id: input.team_id, enabled: input.enabled };
}
