import type {
  DsmLink,
  dsmLinksBody,
  dsmLinksQuery,
  ProjectTokenSet,
  projectTokensQuery,
} from '@ferry/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fail } from '../../http/errors.js';
import { type ProjectAccess, projectAccessFor } from '../projects/policy.js';
import { dsmAccess, dsmEnabled } from './policy.js';
import { projectDsmLinks } from './tables.js';
import { presentToken, tokensOf } from './tokens.js';

/** 10007 for a dsm project (the links are of design projects). */
function requireDesignProject(access: ProjectAccess) {
  if (access.project.type === 'dsm') throw fail('PROJECT_NOT_FOUND');
}

const linkedIds = async (db: Db | Tx, projectId: string) =>
  (
    await db
      .select({ id: projectDsmLinks.dsmProjectId })
      .from(projectDsmLinks)
      .where(eq(projectDsmLinks.projectId, projectId))
      .orderBy(asc(projectDsmLinks.sortOrder))
  ).map((row) => row.id);

/** The linked dsm projects the caller may still see, in order; the others (gone, hidden, switched off) left out. */
async function visibleLinks(ctx: AppContext, userId: string, teamId: string, projectId: string) {
  const seen: ProjectAccess[] = [];
  for (const id of await linkedIds(ctx.db, projectId)) {
    try {
      seen.push(await dsmAccess(ctx.db, userId, teamId, id, 'view'));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return seen;
}

const linkOf = (access: ProjectAccess): DsmLink => ({
  project_id: access.project.id,
  name: access.project.name,
});

/** `GET project/dsm_links`: the dsm projects whose tokens the project's inspect view uses, in order. */
export async function listDsmLinks(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof dsmLinksQuery>,
): Promise<DsmLink[]> {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  return (await visibleLinks(ctx, userId, access.project.teamId, access.project.id)).map(linkOf);
}

/**
 * `PUT project/dsm_links`: the whole list, in order. The caller edits the project and sees each dsm project
 * (of the same team, its design system on); links to dsm projects they cannot see are kept as they were.
 */
export async function setDsmLinks(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof dsmLinksBody>,
): Promise<DsmLink[]> {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  requireDesignProject(access);
  const teamId = access.project.teamId;
  const chosen: ProjectAccess[] = [];
  for (const id of new Set(input.dsm_project_ids))
    chosen.push(await dsmAccess(ctx.db, userId, teamId, id, 'view'));
  const projectId = access.project.id;
  const visible = new Set((await visibleLinks(ctx, userId, teamId, projectId)).map((dsm) => dsm.project.id));
  const ids = chosen.map((dsm) => dsm.project.id);
  const hidden = (await linkedIds(ctx.db, projectId)).filter((id) => !visible.has(id) && !ids.includes(id));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(projectDsmLinks).where(eq(projectDsmLinks.projectId, projectId));
    const all = [...ids, ...hidden];
    if (all.length === 0) return;
    await tx
      .insert(projectDsmLinks)
      .values(all.map((dsmProjectId, index) => ({ projectId, dsmProjectId, sortOrder: index + 1 })));
  });
  return chosen.map(linkOf);
}

/** `GET project/design_tokens`: the tokens of the linked dsm projects the caller sees; none while switched off. */
export async function projectTokens(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof projectTokensQuery>,
): Promise<ProjectTokenSet[]> {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  if (!(await dsmEnabled(ctx.db, access.project.teamId))) return [];
  const sets: ProjectTokenSet[] = [];
  for (const dsm of await visibleLinks(ctx, userId, access.project.teamId, access.project.id)) {
    const rows = await tokensOf(ctx.db, dsm.project.id);
    sets.push({ project_id: dsm.project.id, name: dsm.project.name, tokens: rows.map(presentToken) });
  }
  return sets;
}
