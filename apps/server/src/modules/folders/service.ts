import { FOLDER_DEPTH_LIMIT, type FolderNode, ROOT_FOLDER_NAME, rootFolderId } from '@ferry/shared';
import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { likePattern } from '../../db/like.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { fail } from '../../http/errors.js';
import { visibleTo } from '../projects/listing.js';
import { requireTeamEditor, seesEveryProject } from '../projects/policy.js';
import { folderInTeam } from '../projects/service.js';
import { projectMembers, projects } from '../projects/tables.js';
import { roleInTeam } from '../teams/policy.js';
import { folders } from './tables.js';

type FolderRow = typeof folders.$inferSelect;

async function nameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('FOLDER_NAME_EXISTS');
    throw error;
  }
}

async function teamFolders(db: AppContext['db'] | Tx, teamId: string): Promise<FolderRow[]> {
  return db
    .select()
    .from(folders)
    .where(eq(folders.teamId, teamId))
    .orderBy(asc(folders.orderIndex), asc(folders.createdAt));
}

/** Depth of a folder counted from the root's children (1), and the height of the subtree under it. */
function depthOf(all: FolderRow[], id: string | null): number {
  let depth = 0;
  for (
    let current = all.find((folder) => folder.id === id);
    current;
    current = all.find((folder) => folder.id === current?.parentId)
  ) {
    depth++;
    if (depth > FOLDER_DEPTH_LIMIT + 1) break;
  }
  return depth;
}

function heightOf(all: FolderRow[], id: string): number {
  const children = all.filter((folder) => folder.parentId === id);
  return 1 + Math.max(0, ...children.map((child) => heightOf(all, child.id)));
}

function isInside(all: FolderRow[], candidate: string | null, ancestor: string): boolean {
  for (
    let current = all.find((folder) => folder.id === candidate);
    current;
    current = all.find((folder) => folder.id === current?.parentId)
  ) {
    if (current.id === ancestor) return true;
  }
  return false;
}

/** The whole tree under the root node, with each folder's project counts (all, and those the caller sees). */
export async function folderTree(ctx: AppContext, userId: string, teamId: string) {
  const teamRole = await roleInTeam(ctx.db, userId, teamId);
  const all = await teamFolders(ctx.db, teamId);
  const counts = await ctx.db
    .select({
      folderId: projects.folderId,
      all: count(),
      visible: sql<number>`count(*) filter (where ${visibleTo(seesEveryProject(teamRole)) ?? sql`true`})`,
    })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(eq(projects.teamId, teamId))
    .groupBy(projects.folderId);
  const countOf = (id: string | null) => counts.find((row) => row.folderId === id);
  const build = (parentId: string | null, depth: number): FolderNode[] =>
    all
      .filter((folder) => folder.parentId === parentId)
      .map((folder) => ({
        id: folder.id,
        folder_id: folder.id,
        name: folder.name,
        order: folder.orderIndex,
        parentId: folder.parentId ?? rootFolderId(teamId),
        depth,
        allProjectLength: Number(countOf(folder.id)?.all ?? 0),
        visibleProjectLength: Number(countOf(folder.id)?.visible ?? 0),
        folders: build(folder.id, depth + 1),
      }));
  const root = countOf(null);
  return {
    id: rootFolderId(teamId),
    folder_id: rootFolderId(teamId),
    name: ROOT_FOLDER_NAME,
    order: -999,
    parentId: null,
    depth: 0,
    allProjectLength: counts.reduce((sum, row) => sum + Number(row.all), 0),
    visibleProjectLength: counts.reduce((sum, row) => sum + Number(row.visible), 0),
    rootProjectLength: Number(root?.visible ?? 0),
    folders: build(null, 1),
  };
}

export async function createFolder(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; name: string; parent_id?: string | null },
) {
  await requireTeamEditor(ctx.db, userId, input.team_id);
  const parentId = await folderInTeam(ctx.db, input.team_id, input.parent_id);
  const all = await teamFolders(ctx.db, input.team_id);
  if (depthOf(all, parentId) + 1 > FOLDER_DEPTH_LIMIT) throw fail('FOLDER_TOO_DEEP');
  const [created] = await nameGuard(() =>
    ctx.db
      .insert(folders)
      .values({
        teamId: input.team_id,
        parentId,
        name: input.name,
        createdBy: userId,
        orderIndex: all.length,
      })
      .returning(),
  );
  return {
    id: created.id,
    folder_id: created.id,
    name: created.name,
    parentId: created.parentId ?? rootFolderId(input.team_id),
  };
}

/** Rename and move; a folder never moves into itself or its own child, nor below depth 20. */
export async function updateFolder(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; folder_id: string; name?: string; parent_id?: string | null },
) {
  await requireTeamEditor(ctx.db, userId, input.team_id);
  const folderId = await folderInTeam(ctx.db, input.team_id, input.folder_id);
  if (!folderId) throw fail('FOLDER_NOT_FOUND');
  const changes: Partial<FolderRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.parent_id !== undefined) {
    const parentId = await folderInTeam(ctx.db, input.team_id, input.parent_id);
    const all = await teamFolders(ctx.db, input.team_id);
    if (parentId === folderId || isInside(all, parentId, folderId)) throw fail('FOLDER_CYCLE');
    if (depthOf(all, parentId) + heightOf(all, folderId) > FOLDER_DEPTH_LIMIT) throw fail('FOLDER_TOO_DEEP');
    changes.parentId = parentId;
  }
  if (Object.keys(changes).length > 0) {
    await nameGuard(() => ctx.db.update(folders).set(changes).where(eq(folders.id, folderId)));
  }
  return folderTree(ctx, userId, input.team_id);
}

/** Its projects and folders move up to its parent; a child folder whose name is taken there gets a suffix. */
export async function deleteFolder(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; folder_id: string },
) {
  await requireTeamEditor(ctx.db, userId, input.team_id);
  const folderId = await folderInTeam(ctx.db, input.team_id, input.folder_id);
  if (!folderId) throw fail('FOLDER_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    const [folder] = await tx.select().from(folders).where(eq(folders.id, folderId));
    const siblings = await tx
      .select({ name: folders.name })
      .from(folders)
      .where(
        and(
          eq(folders.teamId, input.team_id),
          folder.parentId ? eq(folders.parentId, folder.parentId) : isNull(folders.parentId),
        ),
      );
    const taken = new Set(siblings.map((row) => row.name));
    const children = await tx.select().from(folders).where(eq(folders.parentId, folderId));
    for (const child of children) {
      let name = child.name;
      for (let n = 2; taken.has(name); n++) name = `${child.name}-${n}`.slice(0, 50);
      taken.add(name);
      await tx.update(folders).set({ parentId: folder.parentId, name }).where(eq(folders.id, child.id));
    }
    await tx.update(projects).set({ folderId: folder.parentId }).where(eq(projects.folderId, folderId));
    await tx.delete(folders).where(eq(folders.id, folderId));
  });
}

export async function reorderFolders(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; folder_ids: string[] },
) {
  await requireTeamEditor(ctx.db, userId, input.team_id);
  const ids = [...new Set(input.folder_ids)];
  if (!ids.every((id) => /^[0-9a-f-]{36}$/i.test(id))) throw fail('FOLDER_NOT_FOUND');
  const found = await ctx.db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.teamId, input.team_id), inArray(folders.id, ids)));
  if (found.length !== ids.length) throw fail('FOLDER_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of ids.entries())
      await tx.update(folders).set({ orderIndex: position }).where(eq(folders.id, id));
  });
}

export async function searchFolders(ctx: AppContext, userId: string, teamId: string, keyword: string) {
  await roleInTeam(ctx.db, userId, teamId);
  const rows = await ctx.db
    .select()
    .from(folders)
    .where(and(eq(folders.teamId, teamId), ilike(folders.name, likePattern(keyword))))
    .orderBy(asc(folders.name))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    folder_id: row.id,
    name: row.name,
    parentId: row.parentId ?? rootFolderId(teamId),
  }));
}

/**
 * Folder permission model type 2: a folder that holds projects of which the caller may see none is closed to
 * them (19036, and the web app shows the no-folder-permission page).
 */
export async function assertFolderOpen(
  ctx: AppContext,
  userId: string,
  teamId: string,
  folderId: string | undefined,
) {
  // 'root' asks for the projects outside any folder (the list's own filter); the top is open to every member.
  if (folderId === 'root') return;
  const id = await folderInTeam(ctx.db, teamId, folderId);
  if (!id) return;
  const teamRole = await roleInTeam(ctx.db, userId, teamId);
  if (seesEveryProject(teamRole)) return;
  const [row] = await ctx.db
    .select({
      all: count(),
      visible: sql<number>`count(*) filter (where ${visibleTo(false) ?? sql`true`})`,
    })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(eq(projects.folderId, id));
  if (Number(row.all) > 0 && Number(row.visible) === 0) throw fail('FOLDER_NO_PERMISSION');
}
