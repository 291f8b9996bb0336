import { DEFAULT_DEPARTMENT_NAME, type Department, UNGROUPED_DEPARTMENT } from '@ferry/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { fail } from '../../http/errors.js';
import { users } from '../account/tables.js';
import { isUuid, roleInTeam, teamForAdmin } from './policy.js';
import { departments, teamMembers } from './tables.js';

async function withNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('DEPARTMENT_NAME_EXISTS');
    throw error;
  }
}

/** Departments in order, each with its members, ending with the ungrouped pseudo-department (order -999). */
export async function listDepartments(
  ctx: AppContext,
  actorId: string,
  teamId: string,
  departmentId?: string,
) {
  await roleInTeam(ctx.db, actorId, teamId);
  const rows = await ctx.db
    .select()
    .from(departments)
    .where(eq(departments.teamId, teamId))
    .orderBy(asc(departments.orderIndex), asc(departments.createdAt));
  const members = await ctx.db
    .select({
      userId: users.id,
      name: users.name,
      color: users.color,
      departmentId: teamMembers.departmentId,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt));
  const usersOf = (id: string | null) =>
    members
      .filter((member) => member.departmentId === id)
      .map(({ userId, name, color }) => ({ user_id: userId, name, color }));
  const list: Department[] = rows.map((row) => {
    const inside = usersOf(row.id);
    return {
      id: row.id,
      name: row.name,
      type: 'normal',
      order_index: row.orderIndex,
      user_count: inside.length,
      users: inside,
    };
  });
  const ungrouped = usersOf(null);
  list.push({
    id: UNGROUPED_DEPARTMENT.id,
    name: UNGROUPED_DEPARTMENT.name,
    type: 'ungrouped',
    order_index: UNGROUPED_DEPARTMENT.order,
    user_count: ungrouped.length,
    users: ungrouped,
  });
  if (departmentId === undefined) return list;
  const one = list.find((department) => department.id === departmentId);
  if (!one) throw fail('DEPARTMENT_NOT_FOUND');
  return [one];
}

export async function createDepartment(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; name?: string; order_index?: number },
) {
  await teamForAdmin(ctx.db, actorId, input.team_id);
  const [created] = await withNameCheck(() =>
    ctx.db
      .insert(departments)
      .values({
        teamId: input.team_id,
        name: input.name ?? DEFAULT_DEPARTMENT_NAME,
        orderIndex: input.order_index ?? 0,
      })
      .returning(),
  );
  return { id: created.id, name: created.name, order_index: created.orderIndex };
}

/** Rename, reorder and move members, all in one transaction: one bad entry changes nothing. */
export async function updateDepartments(
  ctx: AppContext,
  actorId: string,
  input: {
    team_id: string;
    departments: {
      department_id: string;
      name?: string;
      order_index?: number;
      add_users: string[];
      rm_users: string[];
    }[];
  },
) {
  await teamForAdmin(ctx.db, actorId, input.team_id);
  await withNameCheck(() =>
    ctx.db.transaction(async (tx) => {
      for (const change of input.departments) {
        if (!isUuid(change.department_id)) throw fail('DEPARTMENT_NOT_FOUND');
        const [found] = await tx
          .select({ id: departments.id })
          .from(departments)
          .where(and(eq(departments.id, change.department_id), eq(departments.teamId, input.team_id)));
        if (!found) throw fail('DEPARTMENT_NOT_FOUND');
        const fields: { name?: string; orderIndex?: number } = {};
        if (change.name !== undefined) fields.name = change.name;
        if (change.order_index !== undefined) fields.orderIndex = change.order_index;
        if (Object.keys(fields).length > 0)
          await tx.update(departments).set(fields).where(eq(departments.id, found.id));
        await moveMembers(tx, input.team_id, change.add_users, found.id);
        await moveMembers(tx, input.team_id, change.rm_users, null, found.id);
      }
    }),
  );
  return listDepartments(ctx, actorId, input.team_id);
}

/** Moves members of this team (every id must be one) into a department, or out of `from` to ungrouped. */
async function moveMembers(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  teamId: string,
  userIds: string[],
  to: string | null,
  from?: string,
) {
  if (userIds.length === 0) return;
  if (!userIds.every(isUuid)) throw fail('NOT_FOUND');
  const where = and(
    eq(teamMembers.teamId, teamId),
    inArray(teamMembers.userId, userIds),
    from ? eq(teamMembers.departmentId, from) : undefined,
  );
  const moved = await tx
    .update(teamMembers)
    .set({ departmentId: to })
    .where(where)
    .returning({ id: teamMembers.userId });
  if (moved.length !== new Set(userIds).size) throw fail('NOT_FOUND');
}

/** Its members go back to ungrouped. */
export async function deleteDepartment(
  ctx: AppContext,
  actorId: string,
  input: { team_id: string; department_id: string },
) {
  await teamForAdmin(ctx.db, actorId, input.team_id);
  if (!isUuid(input.department_id)) throw fail('DEPARTMENT_NOT_FOUND');
  const deleted = await ctx.db
    .delete(departments)
    .where(and(eq(departments.id, input.department_id), eq(departments.teamId, input.team_id)))
    .returning({ id: departments.id });
  if (deleted.length === 0) throw fail('DEPARTMENT_NOT_FOUND');
}
