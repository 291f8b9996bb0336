import {
  type CreatedShareLink,
  type CreateShareLinkBody,
  ShareLimits,
  type ShareRights,
} from '@ferry/shared';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { hashPassword } from '../account/passwords.js';
import { designsOfProject } from '../designs/policy.js';
import { versionOf } from '../designs/versions.js';
import { teamOfProject } from '../projects/policy.js';
import { loadArrangement, sectionsOf } from '../sections/arrangement.js';
import { authorizeTeamAdmin } from '../teams/policy.js';
import { newLinkCode, shareAppPath } from './codes.js';
import { linksWhere, projectLinks } from './listing.js';
import {
  capRights,
  creatorAccess,
  type LinkRow,
  managedLink,
  projectLinkManager,
  sharerAccess,
} from './policy.js';
import { shareLinkOpens, shareLinks, shareVisits } from './tables.js';

/** Making, listing, changing and taking back share links (spec 002 §4, §7). */

const expiryOf = (now: Date, days: number) =>
  days === 0 ? null : new Date(now.getTime() + days * 86_400_000);

const rightColumns = (rights: ShareRights) => ({
  canInspect: rights.inspect,
  canDownload: rights.download,
  canSeeComments: rights.see_comments,
  canComment: rights.comment,
});

export const appUrl = (ctx: AppContext, code: string) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}${shareAppPath(code)}`;

/** Every id of the scope must be the project's: another project's or team's id is refused, nothing written. */
async function checkScope(ctx: AppContext, projectId: string, input: CreateShareLinkBody) {
  if (input.scope === 'sections') {
    sectionsOf(await loadArrangement(ctx.db, projectId), [...new Set(input.section_ids)]);
  }
  if (input.scope === 'designs' || input.scope === 'design')
    await designsOfProject(ctx.db, projectId, input.design_ids, 'live');
  if (input.scope === 'design' && input.version_id)
    await versionOf(ctx, input.design_ids[0], input.version_id);
}

export async function createLink(
  ctx: AppContext,
  userId: string,
  input: CreateShareLinkBody,
): Promise<CreatedShareLink> {
  const access = await sharerAccess(ctx.db, userId, input.team_id, input.project_id);
  await checkScope(ctx, access.project.id, input);
  const now = ctx.now();
  const { shortId, code, secretHash } = newLinkCode();
  const [link] = await ctx.db
    .insert(shareLinks)
    .values({
      teamId: access.project.teamId,
      projectId: access.project.id,
      shortId,
      secretHash,
      name: input.name ?? '',
      scope: input.scope,
      sectionIds: input.scope === 'sections' ? [...new Set(input.section_ids)] : [],
      designIds: [...new Set(input.design_ids)],
      versionId: input.scope === 'design' ? (input.version_id ?? null) : null,
      ...rightColumns(capRights(access, userId, input.rights)),
      quick: input.share_type?.includes('quickShare') ?? false,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      expiresAt: expiryOf(now, input.expires_in_days ?? ShareLimits.defaultExpiryDays),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [creator] = await linksWhere(ctx.db, eq(shareLinks.id, link.id), now);
  return { ...creator, code, url: appUrl(ctx, code) };
}

export async function listProjectLinks(ctx: AppContext, userId: string, teamId: string, projectId: string) {
  const { all } = await projectLinkManager(ctx.db, userId, teamId, projectId);
  return { list: await projectLinks(ctx.db, projectId, all ? null : userId, ctx.now()) };
}

export async function listTeamLinks(ctx: AppContext, userId: string, teamId: string) {
  // Every link of a team: its admins and super admin only.
  await authorizeTeamAdmin(ctx.db, userId, teamId);
  return { list: await linksWhere(ctx.db, eq(shareLinks.teamId, teamId), ctx.now()) };
}

export async function updateLink(
  ctx: AppContext,
  userId: string,
  input: {
    link_id: string;
    name?: string;
    rights?: ShareRights;
    expires_in_days?: number;
    password?: string | null;
  },
) {
  const link = await managedLink(ctx.db, userId, input.link_id);
  const now = ctx.now();
  const changes: Partial<LinkRow> = { updatedAt: now };
  if (input.name !== undefined) changes.name = input.name;
  if (input.rights)
    Object.assign(
      changes,
      rightColumns(capRights(await creatorAccess(ctx.db, link), link.createdBy, input.rights)),
    );
  if (input.expires_in_days !== undefined) changes.expiresAt = expiryOf(now, input.expires_in_days);
  const passwordChanged = input.password !== undefined;
  if (passwordChanged) changes.passwordHash = input.password ? await hashPassword(input.password) : null;
  const [updated] = await ctx.db.transaction(async (tx) => {
    // A new password asks everyone for it again.
    if (passwordChanged) await tx.delete(shareVisits).where(eq(shareVisits.linkId, link.id));
    return tx.update(shareLinks).set(changes).where(eq(shareLinks.id, link.id)).returning();
  });
  return (await linksWhere(ctx.db, eq(shareLinks.id, updated.id), now))[0];
}

/** Revokes one link, or every live link of a project; their visitors' tokens go with them. */
export async function revokeLinks(
  ctx: AppContext,
  userId: string,
  input: { link_id: string } | { team_id?: string; project_id: string; all: true },
) {
  const now = ctx.now();
  if ('link_id' in input) {
    const link = await managedLink(ctx.db, userId, input.link_id);
    await revokeWhere(ctx.db, eq(shareLinks.id, link.id), now);
    return { revoked: link.revokedAt ? 0 : 1 };
  }
  const team = input.team_id ?? (await teamOfProject(ctx.db, input.project_id, userId));
  const { all } = await projectLinkManager(ctx.db, userId, team, input.project_id);
  const mine = all ? undefined : eq(shareLinks.createdBy, userId);
  const revoked = await revokeWhere(ctx.db, and(eq(shareLinks.projectId, input.project_id), mine), now);
  return { revoked };
}

async function revokeWhere(db: Db, condition: ReturnType<typeof and>, now: Date): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    const rows = await tx
      .update(shareLinks)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(condition, isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id });
    if (rows.length > 0)
      await tx.delete(shareVisits).where(
        inArray(
          shareVisits.linkId,
          rows.map((row) => row.id),
        ),
      );
    return rows.length;
  });
}

/** A link's open log, newest first. */
export async function linkOpens(
  ctx: AppContext,
  userId: string,
  input: { link_id: string; page: number; page_size: number },
) {
  const link = await managedLink(ctx.db, userId, input.link_id);
  const rows = await ctx.db
    .select()
    .from(shareLinkOpens)
    .where(eq(shareLinkOpens.linkId, link.id))
    .orderBy(desc(shareLinkOpens.at), desc(shareLinkOpens.id))
    .limit(input.page_size + 1)
    .offset((input.page - 1) * input.page_size);
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(shareLinkOpens)
    .where(eq(shareLinkOpens.linkId, link.id));
  return {
    link: (await linksWhere(ctx.db, eq(shareLinks.id, link.id), ctx.now()))[0],
    list: rows.slice(0, input.page_size).map((row) => ({
      at: row.at.toISOString(),
      ip_prefix: row.ipPrefix,
      outcome: row.outcome,
    })),
    total,
    has_next: rows.length > input.page_size,
  };
}
