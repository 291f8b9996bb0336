import { createHash } from 'node:crypto';
import {
  BACKGROUND_THEMES,
  DEFAULT_PROJECT_NAME,
  Limits,
  type ProjectType,
  rootFolderId,
  type StageOrderType,
} from '@ferry/shared';
import { and, eq, inArray, like, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { fail } from '../../http/errors.js';
import { enqueue } from '../../jobs/queue.js';
import { REMOVE_FILES_JOB } from '../../jobs/remove-files.js';
import { withNotices } from '../../notices.js';
import { designs, designVersions } from '../designs/tables.js';
import { folders } from '../folders/tables.js';
import { readStage } from '../sections/stage.js';
import { renderPicture } from '../storage/pictures.js';
import { type TeamRow, teamForMember, teamMemberIds } from '../teams/policy.js';
import { reserveProjectRoom } from './counts.js';
import { visibleTo } from './listing.js';
import {
  type ProjectAccess,
  projectAccess,
  requireEdit,
  requireManage,
  requireTeamEditor,
  seesEveryProject,
} from './policy.js';
import { presentProject } from './present.js';
import { projectMembers, projects, projectVisits } from './tables.js';

async function renameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('PROJECT_NAME_EXISTS');
    throw error;
  }
}

/** A folder of this team, or null for the root; another team's folder does not exist. */
export async function folderInTeam(
  db: Db | Tx,
  teamId: string,
  folderId: string | null | undefined,
): Promise<string | null> {
  if (!folderId || folderId === rootFolderId(teamId) || folderId === 'all') return null;
  if (!/^[0-9a-f-]{36}$/i.test(folderId)) throw fail('FOLDER_NOT_FOUND');
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.teamId, teamId)));
  if (!row) throw fail('FOLDER_NOT_FOUND');
  return row.id;
}

/**
 * `base` when the team has no project of that name, else the first free `<base><separator><n>` from 1 (2 with a
 * separator): 未命名, 未命名1, 未命名2 … so a project is never refused for lacking a name.
 */
async function freeProjectName(db: Db | Tx, teamId: string, base: string, separator = ''): Promise<string> {
  const taken = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.teamId, teamId), like(projects.name, `${base.replace(/[\\%_]/g, '\\$&')}%`)));
  const names = new Set(taken.map((row) => row.name));
  if (!names.has(base)) return base;
  for (let n = separator ? 2 : 1; ; n++)
    if (!names.has(`${base}${separator}${n}`)) return `${base}${separator}${n}`;
}

export async function createProject(
  ctx: AppContext,
  userId: string,
  input: {
    team_id: string;
    name?: string;
    type: ProjectType;
    folder_id?: string | null;
    order_index?: number;
  },
) {
  const teamRole = await requireTeamEditor(ctx.db, userId, input.team_id);
  const { team } = await teamForMember(ctx.db, userId, input.team_id);
  const folderId = await folderInTeam(ctx.db, input.team_id, input.folder_id);
  const project = await renameGuard(() =>
    ctx.db.transaction(async (tx) =>
      insertProject(ctx, tx, team, userId, {
        name: input.name ?? { free: DEFAULT_PROJECT_NAME },
        type: input.type,
        folderId,
        orderIndex: input.order_index ?? 1,
      }),
    ),
  );
  return presentProject(ctx, project, teamRole, 'admin');
}

/**
 * A new project in the caller's transaction, its creator its admin, within the plan's project room
 * (PROJECT_COUNT_FULL otherwise). The name is given, or the first free one from a base, chosen under the
 * team's lock; a given name the team holds already is a unique violation the caller words.
 */
export async function insertProject(
  ctx: AppContext,
  tx: Tx,
  team: TeamRow,
  userId: string,
  fields: {
    name: string | { free: string; separator?: string };
    type: ProjectType;
    folderId: string | null;
    orderIndex: number;
  },
) {
  await reserveProjectRoom(ctx, tx, team);
  const { name } = fields;
  const now = ctx.now();
  const [created] = await tx
    .insert(projects)
    .values({
      teamId: team.id,
      folderId: fields.folderId,
      name: typeof name === 'string' ? name : await freeProjectName(tx, team.id, name.free, name.separator),
      type: fields.type,
      orderIndex: fields.orderIndex,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(projectMembers).values({ projectId: created.id, userId, role: 'admin', addedAt: now });
  return created;
}

/** Opening a project records the visit: the "recently used" tab. */
export async function openProject(ctx: AppContext, userId: string, teamId: string, projectId: string) {
  const access = await projectAccess(ctx.db, userId, teamId, projectId);
  const now = ctx.now();
  await ctx.db
    .insert(projectVisits)
    .values({ projectId, userId, visitedAt: now })
    .onConflictDoUpdate({ target: [projectVisits.userId, projectVisits.projectId], set: { visitedAt: now } });
  const stage = await readStage(ctx.db, projectId);
  return {
    ...presentProject(ctx, access.project, access.teamRole, access.projectRole),
    order_type: stage.orderType as StageOrderType,
    sector_ids: stage.sectorIds,
  };
}

export async function updateProject(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; name?: string; permission_mode?: 'A' | 'B' },
) {
  const access = await projectAccess(ctx.db, userId, input.team_id, input.project_id);
  if (input.permission_mode !== undefined) requireManage(access);
  if (input.name !== undefined) requireEdit(access);
  const changes = {
    ...(input.name ? { name: input.name } : {}),
    ...(input.permission_mode ? { permissionMode: input.permission_mode } : {}),
  };
  const modeChanged = input.permission_mode && input.permission_mode !== access.project.permissionMode;
  const updated = await renameGuard(() =>
    withNotices(ctx, async (tx) => {
      const [row] = await tx
        .update(projects)
        .set({ ...changes, updatedAt: ctx.now() })
        .where(eq(projects.id, access.project.id))
        .returning();
      if (input.permission_mode && modeChanged) {
        const change = { actorId: userId, teamId: input.team_id, projectId: row.id };
        await ctx.notices.projectPermissionChanged(tx, { ...change, mode: input.permission_mode });
      }
      return row;
    }),
  );
  return presentProject(ctx, updated, access.teamRole, access.projectRole);
}

/**
 * The storage folder of files that other domains keep for a project (bookmarks' uploads): removed with the
 * project, so a domain above projects needs no hook of its own.
 */
export const projectFilesDir = (projectId: string) => `project-files/${projectId}/`;

/** Deleted only when its name is typed exactly (spec 001 §5). */
export async function deleteProject(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; p_name: string },
) {
  const access = await projectAccess(ctx.db, userId, input.team_id, input.project_id);
  if (!access.abilities.can_delete) throw fail('NO_PERMISSION');
  if (input.p_name !== access.project.name) throw fail('PROJECT_NAME_MISMATCH');
  const files = await ctx.db
    .selectDistinct({ fileKey: designVersions.fileKey })
    .from(designVersions)
    .innerJoin(designs, eq(designs.id, designVersions.designId))
    .where(eq(designs.projectId, access.project.id));
  // The designs go with the project's row; their files go after, once no copy elsewhere names them.
  await withNotices(ctx, async (tx) => {
    await ctx.notices.projectRemoved(tx, {
      actorId: userId,
      teamId: input.team_id,
      projectId: access.project.id,
    });
    await tx.delete(projects).where(eq(projects.id, access.project.id));
    if (files.length > 0) {
      await enqueue(tx, ctx.config.jobQueue, REMOVE_FILES_JOB, {
        fileKeys: files.map((file) => file.fileKey),
      });
    }
  });
  ctx.jobs.wake();
  // The project is gone: a file storage fails to remove is logged and left, never a failed deletion.
  const { coverKey } = access.project;
  const filesDir = projectFilesDir(access.project.id);
  const logged = (key: string) => (error: unknown) =>
    ctx.events.log.warn({ err: error, key }, 'file of a deleted project not removed');
  await Promise.all([
    coverKey ? ctx.files.remove(coverKey).catch(logged(coverKey)) : undefined,
    ctx.files.removeUnder(filesDir).catch(logged(filesDir)),
  ]);
}

/**
 * Whether a project the caller can see already has this name (the create and rename dialogs ask before
 * sending): a mode-B project hidden from them is not named to them, not even by this yes or no.
 */
export async function isNameRepeated(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; name: string; project_id?: string },
) {
  const { role } = await teamForMember(ctx.db, userId, input.team_id);
  const others =
    input.project_id && /^[0-9a-f-]{36}$/i.test(input.project_id)
      ? ne(projects.id, input.project_id)
      : undefined;
  const [row] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(
      and(
        eq(projects.teamId, input.team_id),
        eq(projects.name, input.name),
        others,
        visibleTo(seesEveryProject(role)),
      ),
    )
    .limit(1);
  return { repeated: Boolean(row) };
}

/** Any common image, made into the 480×360 cover; the original is not kept. */
export async function setCover(
  ctx: AppContext,
  userId: string,
  teamId: string,
  projectId: string,
  data: Buffer,
) {
  const access = await projectAccess(ctx.db, userId, teamId, projectId);
  requireEdit(access);
  const { rendered: cover } = await renderPicture(data, ['png', 'jpeg', 'webp', 'gif'], (image) =>
    image.rotate().resize(480, 360, { fit: 'cover' }).png().toBuffer(),
  );
  const key = `project-covers/${projectId}/${createHash('sha256').update(cover).digest('hex')}.png`;
  await ctx.files.put(key, cover);
  const [updated] = await ctx.db
    .update(projects)
    .set({ coverKey: key, updatedAt: ctx.now() })
    .where(eq(projects.id, projectId))
    .returning();
  if (access.project.coverKey && access.project.coverKey !== key)
    await ctx.files.remove(access.project.coverKey);
  return presentProject(ctx, updated, access.teamRole, access.projectRole);
}

/** A palette colour keeps its theme; anything else falls back to the default background (spec 001 §3). */
export async function setBackground(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; background: string },
) {
  const access = await projectAccess(ctx.db, userId, input.team_id, input.project_id);
  requireEdit(access);
  const normalised = input.background.replace(/\s+/g, '');
  const background = BACKGROUND_THEMES[normalised] ? normalised : Limits.defaultTheme;
  const [updated] = await ctx.db
    .update(projects)
    .set({ background })
    .where(eq(projects.id, access.project.id))
    .returning();
  return presentProject(ctx, updated, access.teamRole, access.projectRole);
}

/** Every id must be a project of this team the caller may edit; one that is not refuses the whole call. */
async function editableProjects(
  ctx: AppContext,
  userId: string,
  teamId: string,
  projectIds: string[],
): Promise<ProjectAccess[]> {
  const accesses: ProjectAccess[] = [];
  for (const projectId of new Set(projectIds)) {
    const access = await projectAccess(ctx.db, userId, teamId, projectId);
    requireEdit(access);
    accesses.push(access);
  }
  return accesses;
}

/** The default order, first to last: under the default descending order the first gets the highest index. */
export async function reorderProjects(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_ids: string[] },
) {
  await editableProjects(ctx, userId, input.team_id, input.project_ids);
  const ids = [...new Set(input.project_ids)];
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of ids.entries()) {
      await tx
        .update(projects)
        .set({ orderIndex: ids.length - position })
        .where(eq(projects.id, id));
    }
  });
}

export async function moveProjects(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_ids: string[]; folder_id: string | null },
) {
  const folderId = await folderInTeam(ctx.db, input.team_id, input.folder_id);
  await editableProjects(ctx, userId, input.team_id, input.project_ids);
  await ctx.db
    .update(projects)
    .set({ folderId, updatedAt: ctx.now() })
    .where(and(eq(projects.teamId, input.team_id), inArray(projects.id, [...new Set(input.project_ids)])));
}

export async function setDownloadSetting(
  ctx: AppContext,
  userId: string,
  teamId: string,
  input: { project_id: string; download_type: string; user_ids: string[] },
) {
  const access = await projectAccess(ctx.db, userId, teamId, input.project_id);
  requireManage(access);
  const chosen =
    input.download_type === 'specified' ? await teamMemberIds(ctx.db, teamId, input.user_ids) : [];
  await ctx.db
    .update(projects)
    .set({ downloadType: input.download_type, downloadUserIds: chosen })
    .where(eq(projects.id, access.project.id));
  return downloadSetting(ctx, userId, teamId, input.project_id);
}

/** Everyone who sees the project sees the rule; the chosen people only those who may change it (or oneself). */
export async function downloadSetting(ctx: AppContext, userId: string, teamId: string, projectId: string) {
  const { project, abilities } = await projectAccess(ctx.db, userId, teamId, projectId);
  const chosen = project.downloadUserIds;
  return {
    project_id: project.id,
    download_type: project.downloadType,
    user_ids: abilities.can_manage ? chosen : chosen.filter((id) => id === userId),
  };
}
