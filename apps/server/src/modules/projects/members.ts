import { type ProjectMember, type ProjectRoleValue, projectRoleRank, type TeamRole } from '@ferry/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { withNotices } from '../../notices.js';
import { users } from '../account/tables.js';
import { isUuid, teamMemberIds } from '../teams/policy.js';
import { teamMembers } from '../teams/tables.js';
import {
  mayChangeProjectMember,
  mayGiveProjectRole,
  memberRank,
  projectAccess,
  requireManage,
  requireQuit,
  seesEveryProject,
} from './policy.js';
import { projectMembers, projects } from './tables.js';

/** Members of a project: those added, plus the team's super admin, who is in every project as its admin. */
export async function listProjectMembers(ctx: AppContext, userId: string, teamId: string, projectId: string) {
  const access = await projectAccess(ctx.db, userId, teamId, projectId);
  const rows = await ctx.db
    .select({
      user: users,
      teamRole: teamMembers.role,
      remark: teamMembers.remark,
      projectRole: projectMembers.role,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.userId, teamMembers.userId), eq(projectMembers.projectId, projectId)),
    )
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        sql`(${projectMembers.userId} is not null or ${teamMembers.role} = 'superadmin')`,
      ),
    )
    .orderBy(asc(sql`coalesce(${projectMembers.addedAt}, ${teamMembers.joinedAt})`));
  return rows.map((row): ProjectMember => {
    const teamRole = row.teamRole as TeamRole;
    const automatic = seesEveryProject(teamRole);
    const projectRole = (automatic ? 'admin' : row.projectRole) as ProjectRoleValue;
    const theirs = memberRank(teamRole, projectRole);
    const allowed = mayChangeProjectMember(access, theirs, row.user.id === userId);
    return {
      user_id: row.user.id,
      name: row.user.name,
      email: row.user.email,
      color: row.user.color,
      remark: row.remark,
      team_role: row.teamRole as TeamRole,
      project_role: projectRole,
      automatic,
      abilities: { can_change_role: allowed, can_remove: allowed && Boolean(row.projectRole) },
    };
  });
}

/** Managers add members of the team, with a role below their own. */
export async function addProjectMembers(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; user_ids: string[]; role: ProjectRoleValue },
) {
  const access = await projectAccess(ctx.db, userId, input.team_id, input.project_id);
  requireManage(access);
  if (!mayGiveProjectRole(access, input.role)) throw fail('NO_PERMISSION');
  // Only members of the team can be added; anyone else is "not found".
  const ids = await teamMemberIds(ctx.db, input.team_id, input.user_ids);
  await withNotices(ctx, async (tx) => {
    const added: string[] = [];
    for (const id of ids) {
      const inserted = await tx
        .insert(projectMembers)
        .values({ projectId: input.project_id, userId: id, role: input.role, addedAt: ctx.now() })
        .onConflictDoNothing()
        .returning({ userId: projectMembers.userId });
      added.push(...inserted.map((row) => row.userId));
    }
    const change = { actorId: userId, teamId: input.team_id, projectId: input.project_id };
    await ctx.notices.projectMembersAdded(tx, { ...change, userIds: added, role: input.role });
  });
  return listProjectMembers(ctx, userId, input.team_id, input.project_id);
}

async function memberRow(ctx: AppContext, projectId: string, memberId: string) {
  if (!isUuid(memberId)) throw fail('NOT_FOUND');
  const [row] = await ctx.db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, memberId)));
  if (!row) throw fail('NOT_FOUND');
  return row.role as ProjectRoleValue;
}

/** Only members below yourself, only to a role below your own, never yourself (spec 001 §6). */
export async function changeProjectRole(
  ctx: AppContext,
  userId: string,
  input: {
    team_id: string;
    project_id: string;
    user_id: string;
    role: ProjectRoleValue;
    permission_mode?: 'A' | 'B';
  },
) {
  const access = await projectAccess(ctx.db, userId, input.team_id, input.project_id);
  requireManage(access);
  // Never one's own role, whether or not one was added (the super admin is in every project without a row).
  if (input.user_id === userId) throw fail('NO_PERMISSION');
  const current = await memberRow(ctx, input.project_id, input.user_id);
  if (!mayChangeProjectMember(access, projectRoleRank(current), false)) throw fail('NO_PERMISSION');
  if (!mayGiveProjectRole(access, input.role)) throw fail('NO_PERMISSION');
  const change = { actorId: userId, teamId: input.team_id, projectId: input.project_id };
  await withNotices(ctx, async (tx) => {
    await tx
      .update(projectMembers)
      .set({ role: input.role })
      .where(and(eq(projectMembers.projectId, input.project_id), eq(projectMembers.userId, input.user_id)));
    if (current !== input.role) {
      await ctx.notices.projectRoleChanged(tx, { ...change, userId: input.user_id, role: input.role });
    }
    if (input.permission_mode) {
      await tx
        .update(projects)
        .set({ permissionMode: input.permission_mode })
        .where(eq(projects.id, input.project_id));
      if (input.permission_mode !== access.project.permissionMode) {
        await ctx.notices.projectPermissionChanged(tx, { ...change, mode: input.permission_mode });
      }
    }
  });
}

export async function removeProjectMember(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; user_id: string },
) {
  const access = await projectAccess(ctx.db, userId, input.team_id, input.project_id);
  requireManage(access);
  if (input.user_id === userId) throw fail('NO_PERMISSION');
  const current = await memberRow(ctx, input.project_id, input.user_id);
  if (!mayChangeProjectMember(access, projectRoleRank(current), false)) throw fail('NO_PERMISSION');
  await withNotices(ctx, async (tx) => {
    await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, input.project_id), eq(projectMembers.userId, input.user_id)));
    await ctx.notices.removedFromProject(tx, {
      actorId: userId,
      teamId: input.team_id,
      projectId: input.project_id,
      userId: input.user_id,
    });
  });
}

/** Leaving a project you were added to; nothing to leave for the super admin, who is in every project. */
export async function quitProject(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string },
) {
  const access = await projectAccess(ctx.db, userId, input.team_id, input.project_id);
  requireQuit(access);
  await ctx.db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, input.project_id), eq(projectMembers.userId, userId)));
}
