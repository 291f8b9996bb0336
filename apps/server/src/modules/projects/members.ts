import {
  type ProjectMember,
  type ProjectRoleValue,
  projectActorRank,
  projectRoleRank,
  type TeamRole,
} from '@ferry/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { users } from '../account/tables.js';
import { withNotices } from '../events/outbox.js';
import {
  noticeProjectMembersAdded,
  noticeProjectPermissionChanged,
  noticeProjectRoleChanged,
  noticeRemovedFromProject,
} from '../events/project-notices.js';
import { isUuid } from '../teams/policy.js';
import { teamMembers } from '../teams/tables.js';
import { type ProjectAccess, projectAccess, requireManage } from './policy.js';
import { projectMembers, projects } from './tables.js';

const actorRank = (access: ProjectAccess) =>
  projectActorRank(access.teamRole, access.projectRole, access.abilities.can_manage);

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
  const mine = actorRank(access);
  return rows.map((row): ProjectMember => {
    const automatic = row.teamRole === 'superadmin';
    const projectRole = (automatic ? 'admin' : row.projectRole) as ProjectRoleValue;
    const theirs = automatic ? 4 : projectRoleRank(projectRole);
    const allowed = access.abilities.can_manage && row.user.id !== userId && theirs < mine;
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
  if (projectRoleRank(input.role) >= actorRank(access)) throw fail('NO_PERMISSION');
  const ids = [...new Set(input.user_ids)];
  if (!ids.every(isUuid)) throw fail('NOT_FOUND');
  const inTeam = await ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, input.team_id), inArray(teamMembers.userId, ids)));
  if (inTeam.length !== ids.length) throw fail('NOT_FOUND');
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
    await noticeProjectMembersAdded(ctx, tx, { ...change, userIds: added, role: input.role });
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
  const mine = actorRank(access);
  if (projectRoleRank(current) >= mine || projectRoleRank(input.role) >= mine) throw fail('NO_PERMISSION');
  const change = { actorId: userId, teamId: input.team_id, projectId: input.project_id };
  await withNotices(ctx, async (tx) => {
    await tx
      .update(projectMembers)
      .set({ role: input.role })
      .where(and(eq(projectMembers.projectId, input.project_id), eq(projectMembers.userId, input.user_id)));
    if (current !== input.role) {
      await noticeProjectRoleChanged(ctx, tx, { ...change, userId: input.user_id, role: input.role });
    }
    if (input.permission_mode) {
      await tx
        .update(projects)
        .set({ permissionMode: input.permission_mode })
        .where(eq(projects.id, input.project_id));
      if (input.permission_mode !== access.project.permissionMode) {
        await noticeProjectPermissionChanged(ctx, tx, { ...change, mode: input.permission_mode });
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
  if (projectRoleRank(current) >= actorRank(access)) throw fail('NO_PERMISSION');
  await withNotices(ctx, async (tx) => {
    await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, input.project_id), eq(projectMembers.userId, input.user_id)));
    await noticeRemovedFromProject(ctx, tx, {
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
  if (!access.projectRole || access.teamRole === 'superadmin') throw fail('NO_PERMISSION');
  await ctx.db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, input.project_id), eq(projectMembers.userId, userId)));
}

/** When someone leaves a team, they leave its projects too. */
export async function dropProjectMemberships(tx: Tx, teamId: string, userId: string) {
  await tx
    .delete(projectMembers)
    .where(
      and(
        eq(projectMembers.userId, userId),
        sql`${projectMembers.projectId} in (select ${projects.id} from ${projects} where ${projects.teamId} = ${teamId})`,
      ),
    );
}
