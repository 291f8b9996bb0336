import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { isUuid, roleInTeam } from '../teams/policy.js';
import { requireTeamEditor } from './policy.js';
import { isUniqueViolation } from './service.js';
import { projectGroupItems, projectGroups, projects } from './tables.js';

async function nameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('PROJECT_GROUP_EXISTS');
    throw error;
  }
}

/** Every id must be a project of the team; one that is not refuses the call. */
async function assertTeamProjects(tx: Tx, teamId: string, projectIds: string[]) {
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return ids;
  if (!ids.every(isUuid)) throw fail('PROJECT_NOT_FOUND');
  const found = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.teamId, teamId), inArray(projects.id, ids)));
  if (found.length !== ids.length) throw fail('PROJECT_NOT_FOUND');
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

export async function listGroups(ctx: AppContext, userId: string, teamId: string) {
  await roleInTeam(ctx.db, userId, teamId);
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
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    team_id: group.teamId,
    order: group.orderIndex,
    project_ids: items.filter((item) => item.groupId === group.id).map((item) => item.projectId),
  }));
}

export async function createGroup(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; name: string; project_ids: string[] },
) {
  await requireTeamEditor(ctx.db, userId, input.team_id);
  const id = await nameGuard(() =>
    ctx.db.transaction(async (tx) => {
      const ids = await assertTeamProjects(tx, input.team_id, input.project_ids);
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
  await requireTeamEditor(ctx.db, userId, input.team_id);
  await nameGuard(() =>
    ctx.db.transaction(async (tx) => {
      const group = await groupOf(tx, input.team_id, input.group_id);
      const changes = {
        ...(input.name ? { name: input.name } : {}),
        ...(input.order !== undefined ? { orderIndex: input.order } : {}),
      };
      if (Object.keys(changes).length > 0)
        await tx.update(projectGroups).set(changes).where(eq(projectGroups.id, group.id));
      for (const projectId of await assertTeamProjects(tx, input.team_id, input.add_projects)) {
        await tx.insert(projectGroupItems).values({ groupId: group.id, projectId }).onConflictDoNothing();
      }
      const removed = await assertTeamProjects(tx, input.team_id, input.rm_projects);
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
