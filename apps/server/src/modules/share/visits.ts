import {
  commentRef,
  commentsQuery,
  globalSearchQuery,
  guestCommentBody,
  imageQuery,
  imagesQuery,
  type Lang,
  projectSectorsQuery,
  prototypeQuery,
  ShareLimits,
  sliceExportBody,
} from '@ferry/shared';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { ok, requestLang } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import { type CommentRow, liveCommentOfProject, readerAccess } from '../comments/policy.js';
import { postComment, threadToJoin } from '../comments/service.js';
import { presentThreads, threadsOf } from '../comments/threads.js';
import { designsOfProject } from '../designs/policy.js';
import { stageImage } from '../designs/present.js';
import { imageDetail, listImages } from '../designs/service.js';
import { sliceExport } from '../inspect/service.js';
import { presentProject } from '../projects/present.js';
import { shownHotspots } from '../prototypes/service.js';
import { searchWithin } from '../search/service.js';
import { type Arrangement, loadArrangement, presentSections } from '../sections/arrangement.js';
import { readStage } from '../sections/stage.js';
import { type ShareVisitor, visitorOf } from './policy.js';
import { shareGuestComments } from './tables.js';

/**
 * The calls a share link's visitor may make, each answered only inside the link's scope and rights. Every
 * other call refuses a visitor (app.ts). An object outside the scope answers as if it did not exist.
 */
type VisitorCall = (ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) => Promise<unknown>;

function requireProject(visitor: ShareVisitor, input: { project_id?: string; team_id?: string }) {
  const teamMatches = input.team_id === undefined || input.team_id === visitor.teamId;
  if (input.project_id !== visitor.projectId || !teamMatches) throw fail('PROJECT_NOT_FOUND');
}

/** The live designs the link shows: its designs or sections (with sub-sections), and the members of its sets. */
function visibleIds(visitor: ShareVisitor, arrangement: Arrangement): Set<string> {
  const live = [...arrangement.designs.values()];
  if (visitor.scope === 'project') return new Set(live.map((design) => design.id));
  let picked: Set<string>;
  if (visitor.scope === 'sections') {
    const sections = new Set(visitor.sectionIds);
    for (const section of arrangement.sections)
      if (section.parentId && sections.has(section.parentId)) sections.add(section.id);
    picked = new Set(live.filter((d) => d.sectorId && sections.has(d.sectorId)).map((d) => d.id));
  } else {
    picked = new Set(visitor.designIds.filter((id) => arrangement.designs.has(id)));
  }
  for (const design of live) if (design.parentSetId && picked.has(design.parentSetId)) picked.add(design.id);
  return picked;
}

async function visibleDesigns(ctx: AppContext, visitor: ShareVisitor) {
  const arrangement = await loadArrangement(ctx.db, visitor.projectId);
  return { arrangement, ids: visibleIds(visitor, arrangement) };
}

/** A design of the scope, and the one version the visitor sees of it: the link's, or the latest. */
async function visibleDesign(ctx: AppContext, visitor: ShareVisitor, designId: string) {
  const { ids } = await visibleDesigns(ctx, visitor);
  if (!ids.has(designId)) throw fail('IMAGE_DELETED');
  const [design] = await designsOfProject(ctx.db, visitor.projectId, [designId], 'live');
  const versionId = visitor.versionId ?? design.currentVersionId;
  return { design, versionId };
}

function requireVersion(seen: string | null, asked: string | undefined) {
  if (asked !== undefined && asked !== seen) throw fail('VERSION_NOT_FOUND');
}

const requireRight = (allowed: boolean) => {
  if (!allowed) throw fail('SHARE_VISITOR_REFUSED');
};

async function projectCard(ctx: AppContext, visitor: ShareVisitor) {
  const stage = await readStage(ctx.db, visitor.projectId);
  const card = presentProject(ctx, visitor.project, 'onlooker', null);
  return {
    ...card,
    folder_id: null,
    abilities: { can_view: true, can_edit: false, can_manage: false, can_delete: false },
    order_type: stage.orderType,
    sector_ids: stage.sectorIds,
  };
}

async function stageImages(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  const input = parse(imagesQuery, request.query);
  requireProject(visitor, input);
  const { arrangement, ids } = await visibleDesigns(ctx, visitor);
  const options = { comment: visitor.rights.see_comments, position: false };
  const listed = await listImages(ctx, visitor.projectId, options, arrangement);
  let images = listed.images.filter((image) => ids.has(image.id));
  const pinnedId = visitor.versionId ? visitor.designIds[0] : null;
  if (pinnedId && ids.has(pinnedId)) {
    // A link fixed to one version shows that version's pictures, whatever was uploaded since.
    const [design] = await designsOfProject(ctx.db, visitor.projectId, [pinnedId], 'live');
    const detail = await imageDetail(ctx, design, detailOptions(visitor, visitor.versionId));
    images = images.map((image) => (image.id === pinnedId ? stageImage(detail, options) : image));
  }
  return { ...listed, images, total: images.length };
}

/** The detail as a visitor sees it: one version, the layers and the file by the link's rights. */
const detailOptions = (visitor: ShareVisitor, versionId: string | null) => ({
  download: visitor.rights.download,
  layers: visitor.rights.inspect,
  userInProject: false,
  onlyVersionId: versionId ?? undefined,
});

async function stageSections(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  requireProject(visitor, parse(projectSectorsQuery, request.query));
  const { arrangement, ids } = await visibleDesigns(ctx, visitor);
  const lang: Lang = requestLang(request);
  const keep = visitor.scope === 'project' ? undefined : (id: string) => ids.has(id);
  return { sectors: presentSections(arrangement, lang, keep), stage_revision: arrangement.stage.revision };
}

async function designDetail(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  const input = parse(imageQuery, request.query);
  requireProject(visitor, input);
  const { design, versionId } = await visibleDesign(ctx, visitor, input.image_id);
  return imageDetail(ctx, design, detailOptions(visitor, versionId));
}

async function slices(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  const input = parse(sliceExportBody, request.body);
  requireProject(visitor, input);
  requireRight(visitor.rights.inspect && visitor.rights.download);
  const { design, versionId } = await visibleDesign(ctx, visitor, input.image_id);
  requireVersion(versionId, input.version_id);
  return sliceExport(ctx, design, { ...input, version_id: versionId ?? undefined });
}

async function threads(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  const input = parse(commentsQuery, request.query);
  requireProject(visitor, input);
  requireRight(visitor.rights.see_comments);
  const { design, versionId } = await visibleDesign(ctx, visitor, input.image_id);
  requireVersion(versionId, input.version_id);
  const scope = { ...input, version_id: versionId ?? undefined, mine: false };
  return threadsOf(ctx, readerAccess(visitor.project), design, scope);
}

async function thread(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  const input = parse(commentRef, request.query);
  requireProject(visitor, input);
  requireRight(visitor.rights.see_comments);
  const { thread: row } = await liveCommentOfProject(ctx.db, visitor.projectId, input.comment_id);
  const { versionId } = await visibleDesign(ctx, visitor, row.designId);
  // A thread on another version of a shared design is outside what the link shows.
  if (row.versionId !== versionId) throw fail('NOT_FOUND');
  const [view] = await presentThreads(ctx.db, readerAccess(visitor.project), [row]);
  return view;
}

/**
 * Records a visitor's comment against their link, in the comment's transaction, and refuses it (taking the
 * comment back) past the link's hourly cap: anonymous writes are limited per link, whoever holds it.
 */
async function recordGuestComment(ctx: AppContext, tx: Tx, linkId: string, row: CommentRow) {
  const now = ctx.now();
  const [recent] = await tx
    .select({ n: count() })
    .from(shareGuestComments)
    .where(
      and(
        eq(shareGuestComments.linkId, linkId),
        gt(shareGuestComments.at, new Date(now.getTime() - ShareLimits.guestCommentWindowMs)),
      ),
    );
  if (recent.n >= ShareLimits.guestCommentsPerHour) throw fail('RATE_LIMITED');
  await tx.insert(shareGuestComments).values({ commentId: row.id, linkId, at: now });
}
/** A new thread on the version the visitor sees, or a reply in one of its threads, signed with their name. */
async function guestComment(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  const { guest_name: guestName, ...input } = parse(guestCommentBody, request.body);
  requireProject(visitor, input);
  requireRight(visitor.rights.comment);
  const { design, versionId } = await visibleDesign(ctx, visitor, input.image_id);
  if (input.parent_id === undefined) requireVersion(versionId, input.version_id);
  else if ((await threadToJoin(ctx, visitor.projectId, design.id, input.parent_id)).versionId !== versionId)
    throw fail('NOT_FOUND');
  return postComment(
    ctx,
    readerAccess(visitor.project),
    { guestName },
    { ...input, version_id: versionId ?? undefined },
    (tx, row) => recordGuestComment(ctx, tx, visitor.linkId, row),
  );
}

/** The hotspots drawn on the designs the link shows; one opening a design it does not show is `broken`. */
async function visibleHotspots(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  requireProject(visitor, parse(prototypeQuery, request.query));
  const { ids } = await visibleDesigns(ctx, visitor);
  return { positions: await shownHotspots(ctx.db, visitor.projectId, ids) };
}

/** Search inside the link: the names and text layers of the designs it shows, nothing else (no bin). */
async function searchLink(ctx: AppContext, visitor: ShareVisitor, request: FastifyRequest) {
  const input = parse(globalSearchQuery, request.query);
  if (input.team_id !== visitor.teamId) throw fail('TEAM_NOT_FOUND');
  requireProject(visitor, { project_id: input.project_id ?? visitor.projectId });
  const { ids } = await visibleDesigns(ctx, visitor);
  const scope = {
    teamId: visitor.teamId,
    userId: null,
    seesEveryProject: true,
    projectId: visitor.projectId,
    designIds: [...ids],
    // A link fixed to a version is searched in that version, as its pages show it.
    pinned: visitor.versionId ? { designId: visitor.designIds[0], versionId: visitor.versionId } : undefined,
    trash: false,
    kinds: input.type === 'all' || input.type === 'image' ? (['image'] as const) : [],
  };
  return searchWithin(ctx, scope, { ...input, trash: false });
}

export const visitorCalls: Record<string, VisitorCall> = {
  'GET /api/project/project_info': async (ctx, visitor, request) => {
    const query = request.query as { pid?: string; project_id?: string; team_id?: string };
    requireProject(visitor, { project_id: query.pid ?? query.project_id, team_id: query.team_id });
    return projectCard(ctx, visitor);
  },
  'GET /api/project/images': stageImages,
  'GET /api/project/project_sectors': stageSections,
  'GET /api/project/image': designDetail,
  'POST /api/project/slices': slices,
  'GET /api/project/comments': threads,
  'GET /api/project/comment': thread,
  'POST /api/project/comment': guestComment,
  'GET /api/project/prototype': visibleHotspots,
  'GET /api/global/search': searchLink,
};

/**
 * Answers a visitor's call (before the route's own handler, which is for members): a call not listed
 * above is refused, then the token is checked (a revoked link stops at once), then the scope.
 */
export async function answerVisitor(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  const call = visitorCalls[`${request.method} ${request.routeOptions.url}`];
  if (!call) throw fail('SHARE_VISITOR_REFUSED');
  const visitor = await visitorOf(ctx.db, token, ctx.now());
  reply.send(ok(request, await call(ctx, visitor, request)));
  return reply;
}
