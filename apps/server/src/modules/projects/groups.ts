import { type ProjectRoleValue, projectAbilities, type TeamRole } from '@ferry/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { fail } from '../../http/errors.js';
import { isUuid, roleInTeam } from '../teams/policy.js';
import { requireTeamEditor } from './policy.js';
import { projectGroupItems, projectGroups, projectMembers, projects } from './tables.js';

async function nameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('PROJECT_GROUP_EXISTS');
    throw error;
  }
}

interface GroupCaller {
  userId: string;
  teamRole: TeamRole;
}

/** The caller's projects of the team among `ids`, each with whether they may see it (mode B: its members). */
async function projectsSeenBy(
  db: Tx | Db,
  userId: string,
  teamRole: TeamRole,
  teamId: string,
  ids: string[],
) {
  const rows = await db
    .select({ id: projects.id, mode: projects.permissionMode, role: projectMembers.role })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(and(eq(projects.teamId, teamId), inArray(projects.id, ids)));
  return rows.map((row) => ({
    id: row.id,
    visible: projectAbilities(teamRole, row.role as ProjectRoleValue | null, row.mode as 'A' | 'B').can_view,
  }));
}

/**
 * Every id must be a project of the team the caller may see; one that is not refuses the call, as opening
 * it would (another team's: 10007; a hidden mode-B project: 418).
 */
async function assertTeamProjects(tx: Tx, caller: GroupCaller, teamId: string, projectIds: string[]) {
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return ids;
  if (!ids.every(isUuid)) throw fail('PROJECT_NOT_FOUND');
  const found = await projectsSeenBy(tx, caller.userId, caller.teamRole, teamId, ids);
  if (found.length !== ids.length) throw fail('PROJECT_NOT_FOUND');
  if (!found.every((project) => project.visible)) throw fail('NOT_ALLOWED');
  return ids;
}

/** A group of this team; another team's group, or a malformed id, does not exist (19007). */
export async function groupOf(tx: Tx | AppContext['db'], teamId: string, groupId: string) {
  if (!isUuid(groupId)) throw fail('NOT_FOUND');
  const [group] = await tx
    .select()
    .from(projectGroups)
    .where(and(eq(projectGroups.id, groupId), eq(projectGroups.teamId, teamId)));
  if (!group) throw fail('NOT_FOUND');
  return group;
}

/** The team's groups; each lists only the projects the caller may see. */
export async function listGroups(ctx: AppContext, userId: string, teamId: string) {
  const teamRole = await roleInTeam(ctx.db, userId, teamId);
  const groups = await ctx.db
    .select()
    .from(projectGroups)
    .where(eq(projectGroups.teamId, teamId))
    .orderBy(asc(projectGroups.orderIndex), asc(projectGroups.createdAt));
  const items = groups.length
    ? await ctx.db
        .select()
        .from(projectGroupItems)
        .where(
          inArray(
            projectGroupItems.groupId,
            groups.map((group) => group.id),
          ),
        )
    : [];
  const itemIds = [...new Set(items.map((item) => item.projectId))];
  const seen = itemIds.length ? await projectsSeenBy(ctx.db, userId, teamRole, teamId, itemIds) : [];
  const visible = new Set(seen.filter((project) => project.visible).map((project) => project.id));
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    team_id: group.teamId,
    order: group.orderIndex,
    project_ids: items
      .filter((item) => item.groupId === group.id && visible.has(item.projectId))
      .map((item) => item.projectId),
  }));
}

export async function createGroup(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; name: string; project_ids: string[] },
) {
  const caller = { userId, teamRole: await requireTeamEditor(ctx.db, userId, input.team_id) };
  const id = await nameGuard(() =>
    ctx.db.transaction(async (tx) => {
      const ids = await assertTeamProjects(tx, caller, input.team_id, input.project_ids);
      const [group] = await tx
        .insert(projectGroups)
        .values({ teamId: input.team_id, name: input.name })
        .returning();
      for (const projectId of ids)
        await tx.insert(projectGroupItems).values({ groupId: group.id, projectId });
      return group.id;
    }),
  );
  return (await listGroups(ctx, userId, input.team_id)).find((group) => group.id === id);
}

export async function updateGroup(
  ctx: AppContext,
  userId: string,
  input: {
    team_id: string;
    group_id: string;
    name?: string;
    order?: number;
    add_projects: string[];
    rm_projects: string[];
  },
) {
  const caller = { userId, teamRole: await requireTeamEditor(ctx.db, userId, input.team_id) };
  await nameGuard(() =>
    ctx.db.transaction(async (tx) => {
      const group = await groupOf(tx, input.team_id, input.group_id);
      const changes = {
        ...(input.name ? { name: input.name } : {}),
        ...(input.order !== undefined ? { orderIndex: input.order } : {}),
      };
      if (Object.keys(changes).length > 0)
        await tx.update(projectGroups).set(changes).where(eq(projectGroups.id, group.id));
      for (const projectId of await assertTeamProjects(tx, caller, input.team_id, input.add_projects)) {
        await tx.insert(projectGroupItems).values({ groupId: group.id, projectId }).onConflictDoNothing();
      }
      const removed = await assertTeamProjects(tx, caller, input.team_id, input.rm_projects);
      if (removed.length > 0) {
        await tx
          .delete(projectGroupItems)
          .where(and(eq(projectGroupItems.groupId, group.id), inArray(projectGroupItems.projectId, removed)));
      }
    }),
  );
  return (await listGroups(ctx, userId, input.team_id)).find((group) => group.id === input.group_id);
}

export async function deleteGroup(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; group_id: string },
) {
  await requireTeamEditor(ctx.db, userId, input.team_id);
  const group = await groupOf(ctx.db, input.team_id, input.group_id);
  await ctx.db.delete(projectGroups).where(eq(projectGroups.id, group.id));
}
