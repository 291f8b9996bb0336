import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../account/tables.js';
import { projectMembers, projects } from '../projects/tables.js';
import { teamMembers, teams } from '../teams/tables.js';

/** Names a notice carries: the team, the project, and the sender with their team nickname. */
export async function noticeNames(
  tx: Tx,
  input: { teamId: string; actorId: string; projectId?: string },
): Promise<{
  teamName: string;
  projectName: string;
  fromUserId: string;
  fromUserName: string;
  fromNickName: string;
}> {
  const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, input.teamId));
  // No actor: a share link's guest, named by the caller.
  const [sender] = input.actorId
    ? await tx
        .select({ name: users.name, remark: teamMembers.remark })
        .from(users)
        .leftJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, input.teamId)))
        .where(eq(users.id, input.actorId))
    : [];
  let projectName = '';
  if (input.projectId) {
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, input.projectId));
    projectName = project?.name ?? '';
  }
  return {
    teamName: team?.name ?? '',
    projectName,
    fromUserId: input.actorId,
    fromUserName: sender?.name ?? '',
    fromNickName: sender?.remark ?? '',
  };
}

/**
 * The people of a project, as its member list shows them: those added to it and the team's super admin
 * (in every project). Project-wide notices go to them; a mode-A project's other viewers see project
 * events through the project room while they have it open.
 */
export async function projectPeople(tx: Tx, teamId: string, projectId: string): Promise<string[]> {
  const added = await tx
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.userId, projectMembers.userId), eq(teamMembers.teamId, teamId)),
    )
    .where(eq(projectMembers.projectId, projectId));
  const owners = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'superadmin')));
  return [...new Set([...added, ...owners].map((row) => row.userId))];
}

/** Everyone but the one who acted: nobody is told of their own change. */
export const othersThan = (actorId: string, ids: string[]) =>
  [...new Set(ids)].filter((id) => id !== actorId);
