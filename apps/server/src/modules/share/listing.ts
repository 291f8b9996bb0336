import type { ShareLinkView, ShareScope } from '@ferry/shared';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../account/tables.js';
import { projects } from '../projects/tables.js';
import { teams } from '../teams/tables.js';
import { type LinkRow, refusalOf, rightsOf } from './policy.js';
import { shareLinks } from './tables.js';

/** The share links' list reads: each joins the creator's name, or the team's and project's, in one query. */

export function presentLink(link: LinkRow, creatorName: string | null, now: Date): ShareLinkView {
  return {
    id: link.id,
    short_id: link.shortId,
    team_id: link.teamId,
    project_id: link.projectId,
    name: link.name,
    scope: link.scope as ShareScope,
    section_ids: link.sectionIds,
    design_ids: link.designIds,
    version_id: link.versionId,
    rights: rightsOf(link),
    quick: link.quick,
    has_password: link.passwordHash !== null,
    creator: link.createdBy ? { id: link.createdBy, name: creatorName ?? '' } : null,
    created_at: link.createdAt.toISOString(),
    expires_at: link.expiresAt?.toISOString() ?? null,
    revoked_at: link.revokedAt?.toISOString() ?? null,
    last_opened_at: link.lastOpenedAt?.toISOString() ?? null,
    open_count: link.openCount,
    state: refusalOf(link, now) ?? 'active',
  };
}

/** Links matching the condition, newest first, with their creators' names. */
export async function linksWhere(db: Db | Tx, condition: SQL | undefined, now: Date) {
  const rows = await db
    .select({ link: shareLinks, creatorName: users.name, projectName: projects.name })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(condition)
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((row) => ({
    ...presentLink(row.link, row.creatorName, now),
    project_name: row.projectName,
  }));
}

export const projectLinks = (db: Db | Tx, projectId: string, onlyOf: string | null, now: Date) =>
  linksWhere(
    db,
    and(eq(shareLinks.projectId, projectId), onlyOf ? eq(shareLinks.createdBy, onlyOf) : undefined),
    now,
  );

/** The names a visitor sees on the landing page: the team's and the project's, nothing about people. */
export async function linkNames(db: Db | Tx, link: LinkRow) {
  const [row] = await db
    .select({ teamName: teams.name, projectName: projects.name })
    .from(projects)
    .innerJoin(teams, eq(teams.id, projects.teamId))
    .where(eq(projects.id, link.projectId));
  return { team_name: row?.teamName ?? '', project_name: row?.projectName ?? '' };
}
