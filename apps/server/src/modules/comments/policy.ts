import { isTeamRole, projectAbilities } from '@ferry/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { users } from '../account/tables.js';
import type { ProjectAccess, ProjectRow } from '../projects/policy.js';
import { projectAccessFor } from '../projects/policy.js';
import { projectMembers } from '../projects/tables.js';
import { isUuid } from '../teams/policy.js';
import { teamMembers, teams } from '../teams/tables.js';
import { comments } from './tables.js';

export type CommentRow = typeof comments.$inferSelect;
/** What the rules below read of a comment: design comments' and document comments' rows both have it. */
type Authored = Pick<CommentRow, 'authorId'>;

export interface CommentAccess extends ProjectAccess {
  userId: string;
  /** The tenant owner (spec 000 §6: whoever holds the transfer permission). */
  teamOwnerId: string;
}

/**
 * The caller's standing in a project's comments. Everyone who may see the project may read and write
 * comments (docs/api.md, "Comments"): a refusal here is the project's own (19029, HTTP 418).
 */
export async function commentAccess(
  db: Db | Tx,
  userId: string,
  teamId: string | undefined,
  projectId: string,
): Promise<CommentAccess> {
  const access = await projectAccessFor(db, userId, teamId, projectId, 'view');
  const [team] = await db
    .select({ ownerId: teams.ownerId })
    .from(teams)
    .where(eq(teams.id, access.project.teamId));
  return { ...access, userId, teamOwnerId: team.ownerId };
}

/**
 * A reader who is nobody in the team (a share link's visitor): edits, deletes and resolves nothing. Its ids
 * match no author and no owner (never equal to each other either, or the owner's rule would let it delete).
 */
export const readerAccess = (project: ProjectRow): CommentAccess => ({
  project,
  teamRole: 'onlooker',
  projectRole: null,
  abilities: { can_view: true, can_edit: false, can_manage: false, can_delete: false },
  userId: 'reader',
  teamOwnerId: 'no owner',
});

export const mayEdit = (access: CommentAccess, comment: Authored) => comment.authorId === access.userId;

/** The author, the tenant owner, the super admin, or whoever manages the project (a project admin's role). */
export function mayDelete(access: CommentAccess, comment: Authored): boolean {
  return (
    comment.authorId === access.userId ||
    access.teamOwnerId === access.userId ||
    access.teamRole === 'superadmin' ||
    access.abilities.can_manage
  );
}

/** The thread's author, or anyone who may edit the project. */
export function mayResolve(access: CommentAccess, thread: Authored): boolean {
  return thread.authorId === access.userId || access.abilities.can_edit;
}

/**
 * A comment of this project by id, deleted or not. An id of another project or team, or a made-up one, is
 * "not found" whatever it names, so ids cannot be probed.
 */
export async function commentOfProject(db: Db | Tx, projectId: string, commentId: string) {
  if (!isUuid(commentId)) throw fail('NOT_FOUND');
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.projectId, projectId)));
  if (!row) throw fail('NOT_FOUND');
  return row;
}

/** The comment with the thread holding it; a deleted comment, or one of a deleted thread, answers 19051. */
export async function liveCommentOfProject(db: Db | Tx, projectId: string, commentId: string) {
  const comment = await commentOfProject(db, projectId, commentId);
  const thread = comment.parentId ? await commentOfProject(db, projectId, comment.parentId) : comment;
  if (comment.deletedAt || thread.deletedAt) throw fail('COMMENT_DELETED');
  return { comment, thread };
}

/**
 * The team's members who see the project (all of them, or only `userIds`), by the projects' own rule: team role
 * × project role × permission mode (projectAbilities). In mode A that is the whole team; in mode B the super admin
 * and the project's members.
 */
export async function peopleWhoSee(db: Db | Tx, project: ProjectRow, userIds?: string[]) {
  const ids = userIds ? [...new Set(userIds)].filter(isUuid) : null;
  if (ids?.length === 0) return [];
  const rows = await db
    .select({
      userId: teamMembers.userId,
      teamRole: teamMembers.role,
      remark: teamMembers.remark,
      projectRole: projectMembers.role,
      name: users.name,
      email: users.email,
      color: users.color,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.userId, teamMembers.userId), eq(projectMembers.projectId, project.id)),
    )
    .where(and(eq(teamMembers.teamId, project.teamId), ids ? inArray(teamMembers.userId, ids) : undefined))
    .orderBy(asc(users.name));
  const mode = project.permissionMode as 'A' | 'B';
  return rows.filter((row) => {
    if (!isTeamRole(row.teamRole)) return false;
    const projectRole = row.projectRole as 'admin' | 'member' | 'onlooker' | null;
    return projectAbilities(row.teamRole, projectRole, mode).can_view;
  });
}

/** Of the given users, those who may see the project. */
export async function usersWhoSee(db: Db | Tx, project: ProjectRow, userIds: string[]): Promise<Set<string>> {
  return new Set((await peopleWhoSee(db, project, userIds)).map((row) => row.userId));
}

/** Mentions must name people who see the project; otherwise nothing is written (19053). */
export async function checkMentions(db: Db | Tx, project: ProjectRow, mentions: string[]): Promise<string[]> {
  const unique = [...new Set(mentions)];
  const seeing = await usersWhoSee(db, project, unique);
  if (unique.some((id) => !seeing.has(id))) throw fail('MENTION_NOT_MEMBER');
  return unique;
}

/**
 * Who hears of a comment: the mentioned (checked already), and of the thread's participants those who still
 * see the project (guests, with no account, have no id here).
 */
export async function commentAudience(
  db: Db | Tx,
  project: ProjectRow,
  mentions: string[],
  participants: (string | null | undefined)[],
): Promise<string[]> {
  const ids = participants.filter((id): id is string => !!id);
  const seeing = await usersWhoSee(db, project, ids);
  return [...mentions, ...ids.filter((id) => seeing.has(id))];
}
