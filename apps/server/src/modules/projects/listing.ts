import {
  type ProjectCard,
  type ProjectRoleValue,
  type ProjectTab,
  type ProjectType,
  rootFolderId,
} from '@ferry/shared';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { likePattern } from '../../db/like.js';
import { fail } from '../../http/errors.js';
import { designs, designVersions } from '../designs/tables.js';
import { roleInTeam } from '../teams/policy.js';
import { groupOf } from './groups.js';
import { presentProject, signedCover } from './present.js';
import { projectGroupItems, projectMembers, projects, projectVisits } from './tables.js';

export interface ListOptions {
  team_id: string;
  folder_id?: string;
  group_id?: string;
  tab: ProjectTab;
  type?: ProjectType;
  default_order?: 'asc' | 'desc';
  name_order?: 'asc' | 'desc';
  time_order?: 'asc' | 'desc';
  keyword?: string;
  pageNo: number;
  pageSize: number;
}

/**
 * Projects the caller may see: every mode-A project, and mode-B ones where they are a member (all for the
 * owner). The query must left-join projectMembers on the caller's own membership row.
 */
export function visibleTo(isSuperAdmin: boolean): SQL | undefined {
  if (isSuperAdmin) return undefined;
  return or(eq(projects.permissionMode, 'A'), sql`${projectMembers.userId} is not null`);
}

/** A folder filter: the root id (or none) means every project; otherwise that folder's own projects. */
export function folderFilter(teamId: string, folderId?: string): SQL | undefined {
  if (!folderId || folderId === 'all' || folderId === rootFolderId(teamId)) return undefined;
  if (folderId === 'root') return isNull(projects.folderId);
  if (!/^[0-9a-f-]{36}$/i.test(folderId)) throw fail('FOLDER_NOT_FOUND');
  return eq(projects.folderId, folderId);
}

/**
 * The cover variant of the project's latest design whose current version is ready, for a card without a
 * cover of its own. It reads the designs' tables here, in the list's one query, rather than once per card.
 */
const latestDesignCover = sql<string | null>`case when ${projects.coverKey} = '' then (
  select ${designVersions.variants}->'cover'->>'key' from ${designs}
  join ${designVersions} on ${designVersions.id} = ${designs.currentVersionId}
  where ${designs.projectId} = ${projects.id} and ${designs.deletedAt} is null and ${designVersions.status} = 'ready'
  order by ${designs.createdAt} desc limit 1) end`;

/** The project list of spec 001 §4: one page at a time, `has_next` telling whether another follows. */
export async function listProjects(ctx: AppContext, userId: string, options: ListOptions) {
  const teamRole = await roleInTeam(ctx.db, userId, options.team_id);
  const membership = and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId));
  const conditions: (SQL | undefined)[] = [
    eq(projects.teamId, options.team_id),
    visibleTo(teamRole === 'superadmin'),
    folderFilter(options.team_id, options.folder_id),
  ];
  if (options.type) conditions.push(eq(projects.type, options.type));
  if (options.keyword) conditions.push(ilike(projects.name, likePattern(options.keyword)));
  if (options.tab === 'join') conditions.push(sql`${projectMembers.userId} is not null`);
  if (options.tab === 'use') conditions.push(sql`${projectVisits.visitedAt} is not null`);
  if (options.group_id) {
    await groupOf(ctx.db, options.team_id, options.group_id);
    conditions.push(
      sql`exists (select 1 from ${projectGroupItems} where ${projectGroupItems.projectId} = ${projects.id} and ${projectGroupItems.groupId} = ${options.group_id})`,
    );
  }
  const where = and(...conditions);
  const base = (db: Db | Tx) =>
    db
      .select({ project: projects, role: projectMembers.role, designCover: latestDesignCover })
      .from(projects)
      .leftJoin(projectMembers, membership)
      .leftJoin(
        projectVisits,
        and(eq(projectVisits.projectId, projects.id), eq(projectVisits.userId, userId)),
      )
      .where(where);

  const rows = await base(ctx.db)
    .orderBy(...orderOf(options))
    .limit(options.pageSize + 1)
    .offset((options.pageNo - 1) * options.pageSize);
  // The joins only matter to the count when a condition reads them; without, it is an index-only count.
  const needsJoins = teamRole !== 'superadmin' || options.tab === 'join' || options.tab === 'use';
  const counted = ctx.db.select({ total: count() }).from(projects);
  const [{ total }] = needsJoins
    ? await counted
        .leftJoin(projectMembers, membership)
        .leftJoin(
          projectVisits,
          and(eq(projectVisits.projectId, projects.id), eq(projectVisits.userId, userId)),
        )
        .where(where)
    : await counted.where(where);
  const list: ProjectCard[] = rows.slice(0, options.pageSize).map((row) => ({
    ...presentProject(ctx, row.project, teamRole, (row.role ?? null) as ProjectRoleValue | null),
    design_cover: signedCover(ctx, row.designCover ?? ''),
  }));
  return {
    list,
    total: Number(total),
    has_next: rows.length > options.pageSize,
    pageNo: options.pageNo,
    pageSize: options.pageSize,
  };
}

function orderOf(options: ListOptions) {
  if (options.tab === 'use') return [desc(projectVisits.visitedAt)];
  if (options.tab === 'update') return [desc(projects.updatedAt)];
  if (options.name_order) return [options.name_order === 'asc' ? asc(projects.name) : desc(projects.name)];
  if (options.time_order)
    return [options.time_order === 'asc' ? asc(projects.createdAt) : desc(projects.createdAt)];
  const direction = options.default_order === 'asc' ? asc : desc;
  return [direction(projects.orderIndex), direction(projects.createdAt)];
}
