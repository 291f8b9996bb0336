import { roleRank, type ShareRights, type ShareScope } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fail } from '../../http/errors.js';
import { hashToken } from '../account/sessions.js';
import { mayDownload } from '../designs/policy.js';
import {
  type ProjectAccess,
  type ProjectRow,
  projectAccess,
  requireEdit,
  teamOfProject,
} from '../projects/policy.js';
import { isUuid, roleInTeam } from '../teams/policy.js';
import { shareLinks, shareVisits } from './tables.js';

/** Who may make, see and take back share links, and what a visitor's token covers: the one place for it. */

export type LinkRow = typeof shareLinks.$inferSelect;

const isTeamAdmin = (role: Parameters<typeof roleRank>[0]) => roleRank(role) >= roleRank('admin');

/**
 * Sharing a project (`project:share`, spec 000 §6 / 001 §6) needs seeing it and editing it: onlookers
 * (of the team, or of a mode-B project) never share.
 */
export async function sharerAccess(db: Db | Tx, userId: string, teamId: string, projectId: string) {
  const access = await projectAccess(db, userId, teamId, projectId);
  requireEdit(access);
  return access;
}

/**
 * A link never grants more than its creator has: download only where the download setting lets them; comment
 * only with see comments.
 */
export function capRights(
  access: ProjectAccess | null,
  userId: string | null,
  rights: ShareRights,
): ShareRights {
  if (!access || !userId || !access.abilities.can_view)
    return { inspect: false, download: false, see_comments: false, comment: false };
  return {
    ...rights,
    download: rights.download && mayDownload(access, userId),
    // Posting into threads one cannot read would be writing blind.
    comment: rights.comment && rights.see_comments,
  };
}

/** The creator's access today, or null when they can no longer see the project. */
export async function creatorAccess(db: Db | Tx, link: LinkRow): Promise<ProjectAccess | null> {
  if (!link.createdBy) return null;
  return projectAccess(db, link.createdBy, link.teamId, link.projectId).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
}

/**
 * Whose links of a project the caller may manage: every link for team admins, the super admin and the
 * project's admins; their own for anyone else who sees the project.
 */
export async function projectLinkManager(
  db: Db | Tx,
  userId: string,
  teamId: string,
  projectId: string,
): Promise<{ all: boolean }> {
  const teamRole = await roleInTeam(db, userId, teamId);
  if (isTeamAdmin(teamRole)) {
    if ((await teamOfProject(db, projectId, userId)) !== teamId) throw fail('PROJECT_NOT_FOUND');
    return { all: true };
  }
  const access = await projectAccess(db, userId, teamId, projectId);
  return { all: access.abilities.can_manage };
}

/**
 * A link the caller may manage. A link of a team the caller is not in does not exist for them; within
 * the team, its creator, team admins and the project's admins manage it.
 */
export async function managedLink(db: Db | Tx, userId: string, linkId: string): Promise<LinkRow> {
  if (!isUuid(linkId)) throw fail('SHARE_NOT_FOUND');
  const [link] = await db.select().from(shareLinks).where(eq(shareLinks.id, linkId));
  if (!link) throw fail('SHARE_NOT_FOUND');
  await requireLinkManager(db, userId, link);
  return link;
}

export async function requireLinkManager(db: Db | Tx, userId: string, link: LinkRow) {
  const teamRole = await roleInTeam(db, userId, link.teamId).catch(() => {
    throw fail('SHARE_NOT_FOUND');
  });
  if (isTeamAdmin(teamRole) || link.createdBy === userId) return;
  const access = await projectAccess(db, userId, link.teamId, link.projectId);
  if (!access.abilities.can_manage) throw fail('NO_PERMISSION');
}

/** When a link stops working, or null while it is usable (before any password). */
export function refusalOf(link: LinkRow, now: Date): 'revoked' | 'expired' | null {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** What an anonymous visitor's token covers. */
export interface ShareVisitor {
  project: ProjectRow;
  linkId: string;
  teamId: string;
  projectId: string;
  scope: ShareScope;
  sectionIds: string[];
  designIds: string[];
  versionId: string | null;
  rights: ShareRights;
}

export const rightsOf = (link: LinkRow): ShareRights => ({
  inspect: link.canInspect,
  download: link.canDownload,
  see_comments: link.canSeeComments,
  comment: link.canComment,
});

/** What a link grants today: the creator's access and the link's rights capped by it. */
export interface LinkGrant {
  access: ProjectAccess;
  rights: ShareRights;
}

/** The link's grant, or null once its creator can no longer see the project (left, mode B, dissolved). */
export async function linkGrant(db: Db | Tx, link: LinkRow): Promise<LinkGrant | null> {
  const access = await creatorAccess(db, link);
  if (!access) return null;
  return { access, rights: capRights(access, link.createdBy, rightsOf(link)) };
}

/**
 * The visitor a token stands for, or the refusal the visitor's page shows: a revoked link's tokens are
 * deleted (so it stops at once), an expired link says so, a token past its day asks to open the link again,
 * and a link whose creator can no longer see the project grants nothing.
 */
export async function visitorOf(db: Db | Tx, token: string, now: Date): Promise<ShareVisitor> {
  const [row] = await db
    .select({ link: shareLinks, expiresAt: shareVisits.expiresAt })
    .from(shareVisits)
    .innerJoin(shareLinks, eq(shareLinks.id, shareVisits.linkId))
    .where(eq(shareVisits.tokenHash, hashToken(token)));
  if (!row) throw fail('SHARE_REVOKED');
  const { link } = row;
  const refusal = refusalOf(link, now);
  if (refusal) throw fail(refusal === 'revoked' ? 'SHARE_REVOKED' : 'SHARE_EXPIRED');
  if (row.expiresAt.getTime() <= now.getTime()) throw fail('SHARE_VISIT_ENDED');
  const grant = await linkGrant(db, link);
  if (!grant) throw fail('SHARE_REVOKED');
  return {
    project: grant.access.project,
    linkId: link.id,
    teamId: link.teamId,
    projectId: link.projectId,
    scope: link.scope as ShareScope,
    sectionIds: link.sectionIds,
    designIds: link.designIds,
    versionId: link.versionId,
    rights: grant.rights,
  };
}
