import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fail } from '../../http/errors.js';
import { type ProjectAccess, projectAccessFor, requireEdit } from '../projects/policy.js';
import { dsmTeamSwitches } from './tables.js';

/** Whether a team's design system is on (`permission/dsm_auth_switch`); a team never switched has it on. */
export async function dsmEnabled(db: Db | Tx, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: dsmTeamSwitches.enabled })
    .from(dsmTeamSwitches)
    .where(eq(dsmTeamSwitches.teamId, teamId));
  return row?.enabled ?? true;
}

/** 19117 while the team has switched its design system off. */
export async function requireDsmEnabled(db: Db | Tx, teamId: string): Promise<void> {
  if (!(await dsmEnabled(db, teamId))) throw fail('DSM_SWITCHED_OFF');
}

/**
 * The caller's access to a dsm project: its team found from the project when the call names none, the
 * project's own rules (team role × project role × permission mode), the team's switch (19117), and 10007
 * for a project of another team, one that does not exist, or one that is not a dsm project. `edit` refuses
 * those who may only look (NO_PERMISSION), as uploading designs does.
 */
export async function dsmAccess(
  db: Db | Tx,
  userId: string,
  teamId: string | undefined,
  projectId: string,
  need: 'view' | 'edit',
): Promise<ProjectAccess> {
  let access: ProjectAccess;
  try {
    access = await projectAccessFor(db, userId, teamId, projectId, 'view');
  } catch (error) {
    throw isMissingProject(error) ? fail('DSM_PROJECT_NOT_FOUND') : error;
  }
  if (access.project.type !== 'dsm') throw fail('DSM_PROJECT_NOT_FOUND');
  await requireDsmEnabled(db, access.project.teamId);
  if (need === 'edit') requireEdit(access);
  return access;
}

const isMissingProject = (error: unknown) =>
  error instanceof AppError && error.entry === Codes.PROJECT_NOT_FOUND;
