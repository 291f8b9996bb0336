import type {
  DsmProjectDetail,
  DsmProjectSummary,
  DsmStandard,
  dsmProjectQuery,
  UserInDsmList,
} from '@ferry/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { visibleTo } from '../projects/listing.js';
import { signedCover } from '../projects/present.js';
import { projectMembers, projects } from '../projects/tables.js';
import { roleInTeam } from '../teams/policy.js';
import { loadLibrary } from './library.js';
import { dsmAccess, dsmEnabled, requireDsmEnabled } from './policy.js';
import { loadPeople, presentFile, presentFolders } from './present.js';
import { dsmFiles, dsmFolders, dsmTokens } from './tables.js';

const countOf = (table: typeof dsmFolders | typeof dsmFiles | typeof dsmTokens, type?: string) =>
  sql<number>`(select count(*)::int from ${table} where ${table.projectId} = ${projects.id}${
    type ? sql` and ${dsmFiles.type} = ${type}` : sql``
  })`;

/**
 * The team's dsm projects the caller sees, newest change first, by the project list's rule: every mode-A
 * project, mode-B ones only for their members and the super admin.
 */
async function visibleDsmProjects(ctx: AppContext, userId: string, teamId: string) {
  const teamRole = await roleInTeam(ctx.db, userId, teamId);
  return ctx.db
    .select({
      project: projects,
      folders: countOf(dsmFolders),
      files: countOf(dsmFiles),
      tokens: countOf(dsmTokens),
      components: countOf(dsmFiles, 'component'),
      colors: countOf(dsmFiles, 'color'),
      textStyles: countOf(dsmFiles, 'text_style'),
      icons: countOf(dsmFiles, 'icon'),
      docs: countOf(dsmFiles, 'doc'),
    })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(and(eq(projects.teamId, teamId), eq(projects.type, 'dsm'), visibleTo(teamRole === 'superadmin')))
    .orderBy(sql`${projects.updatedAt} desc`, projects.id);
}

type ProjectRow = typeof projects.$inferSelect;

function summary(
  ctx: AppContext,
  project: ProjectRow,
  counts: { folders: number; files: number; tokens: number },
): DsmProjectSummary {
  return {
    id: project.id,
    name: project.name,
    cover: signedCover(ctx, project.coverKey),
    folders: Number(counts.folders),
    files: Number(counts.files),
    tokens: Number(counts.tokens),
    updateTime: project.updatedAt.getTime(),
  };
}

/**
 * `GET project/dsm_project`: without `project_id` the team's dsm projects the caller sees, with counts;
 * with it that project's library (`info_type` folder or file: only that part). 10007 for a project that
 * is not a dsm project of the team.
 */
export async function dsmProjects(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof dsmProjectQuery>,
): Promise<DsmProjectSummary[] | DsmProjectDetail> {
  if (!input.project_id) {
    await roleInTeam(ctx.db, userId, input.team_id);
    await requireDsmEnabled(ctx.db, input.team_id);
    const rows = await visibleDsmProjects(ctx, userId, input.team_id);
    return rows.map((row) => summary(ctx, row.project, row));
  }
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'view');
  const { folders, files } = await loadLibrary(ctx.db, access.project.id);
  const [tokens] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(dsmTokens)
    .where(eq(dsmTokens.projectId, access.project.id));
  const project = summary(ctx, access.project, {
    folders: folders.length,
    files: files.length,
    tokens: tokens.n,
  });
  const people = input.info_type === 'file' ? new Map() : await loadPeople(ctx.db, folders);
  return {
    project,
    dsm_folders: input.info_type === 'file' ? [] : presentFolders(folders, files, people),
    dsm_files: input.info_type === 'folder' ? [] : files.map((file) => presentFile(ctx, file)),
  };
}

/** `GET dsm_service/api/dsm/standards/list`: the dsm projects the caller sees, counted by kind; none while off. */
export async function dsmStandards(ctx: AppContext, userId: string, teamId: string): Promise<DsmStandard[]> {
  await roleInTeam(ctx.db, userId, teamId);
  if (!(await dsmEnabled(ctx.db, teamId))) return [];
  const rows = await visibleDsmProjects(ctx, userId, teamId);
  return rows.map((row) => ({
    project_id: row.project.id,
    name: row.project.name,
    cover: signedCover(ctx, row.project.coverKey),
    components: Number(row.components),
    colors: Number(row.colors),
    text_styles: Number(row.textStyles),
    icons: Number(row.icons),
    docs: Number(row.docs),
    tokens: Number(row.tokens),
    updateTime: row.project.updatedAt.getTime(),
  }));
}

/** `GET account/user_in_dsm_list`: whether the caller sees a dsm project of the team, and whether it is on. */
export async function userInDsmList(ctx: AppContext, userId: string, teamId: string): Promise<UserInDsmList> {
  await roleInTeam(ctx.db, userId, teamId);
  const enabled = await dsmEnabled(ctx.db, teamId);
  if (!enabled) return { in_list: false, enabled };
  const rows = await visibleDsmProjects(ctx, userId, teamId);
  return { in_list: rows.length > 0, enabled };
}
