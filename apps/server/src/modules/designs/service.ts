import { DesignLimits, type ImageDetail, type ImageView } from '@ferry/shared';
import { type AnyColumn, and, asc, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { likePattern } from '../../db/like.js';
import { users } from '../account/tables.js';
import { comments } from '../comments/tables.js';
import { touchProject } from '../projects/counts.js';
import { projectAccessFor } from '../projects/policy.js';
import { type Arrangement, loadArrangement, stageOrder } from '../sections/arrangement.js';
import { changeStage } from '../sections/stage.js';
import { inspectionMarks, withMark } from './inspections.js';
import { type DesignRow, designsOfProject, mayDownload } from './policy.js';
import { presentImage, presentVersion, type StageListOptions, stageImage } from './present.js';
import { designQuota } from './quota.js';
import { designs, designVersions } from './tables.js';

const versionCount = sql<number>`(select count(*) from ${designVersions} where ${designVersions.designId} = ${designs.id})::int`;
/** Open threads (live, unresolved) on a version. */
const openThreadsOn = (versionId: SQL | AnyColumn) =>
  sql<number>`(select count(*) from ${comments} where ${comments.versionId} = ${versionId} and ${comments.parentId} is null and ${comments.deletedAt} is null and ${comments.resolvedAt} is null)::int`;
/** A set's live members, in stored order; null for any other design. */
const setMembers = sql<
  string[] | null
>`case when ${designs.type} = 'set' then (select array_agg(member.id::text order by member.order_index, member.created_at) from ${designs} as member where member.parent_set_id = ${designs.id} and member.deleted_at is null) end`;

/** Designs with their current version, in stage order; one query however many there are. */
export async function loadImages(
  ctx: AppContext,
  db: Db | Tx,
  where: SQL | undefined,
  order: 'stage' | 'deleted' = 'stage',
): Promise<ImageView[]> {
  const rows = await db
    .select({
      design: designs,
      version: designVersions,
      versions: versionCount,
      comments: openThreadsOn(designs.currentVersionId),
      members: setMembers,
    })
    .from(designs)
    .leftJoin(designVersions, eq(designVersions.id, designs.currentVersionId))
    .where(where)
    .orderBy(
      ...(order === 'stage'
        ? [asc(designs.orderIndex), asc(designs.createdAt), asc(designs.id)]
        : [desc(designs.deletedAt), asc(designs.id)]),
    );
  return rows.map((row) =>
    presentImage(ctx, row.design, row.version, {
      versions: row.versions,
      comments: row.comments,
      members: row.members,
    }),
  );
}

export const liveIn = (projectId: string) => and(eq(designs.projectId, projectId), isNull(designs.deletedAt));

/**
 * The caller may see the project's stage. The answer is kept in the read cache like the session: any change
 * clears it, and a refusal is never kept.
 */
export async function assertStageVisible(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string },
) {
  await ctx.cache.remember(`stage-access:${userId}:${input.project_id}:${input.team_id ?? ''}`, async () => {
    await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
    return true;
  });
}

/** The stage's designs in stage order: the same for everyone who may see the project. */
export async function listImages(
  ctx: AppContext,
  projectId: string,
  options: StageListOptions,
  loadedArrangement?: Arrangement,
) {
  const loaded = await loadImages(ctx, ctx.db, liveIn(projectId));
  const arrangement = loadedArrangement ?? (await loadArrangement(ctx.db, projectId));
  // Stage order: ungrouped first, then section by section, each sorted by the project's order type.
  const position = new Map(stageOrder(arrangement).map((id, index) => [id, index]));
  const at = (image: ImageView) => position.get(image.id) ?? position.size;
  const images = loaded.sort((a, b) => at(a) - at(b)).map((image) => stageImage(image, options));
  return {
    images,
    total: images.length,
    slow_warning: images.length > DesignLimits.slownessWarningDesigns,
    stage_revision: arrangement.stage.revision,
  };
}

/**
 * The stage list as one caller reads it: the shared list (kept in the read cache for everyone) with the caller's
 * inspections laid over it, read in one query for the whole stage.
 */
export async function listImagesSeenBy(
  ctx: AppContext,
  userId: string,
  projectId: string,
  options: StageListOptions,
) {
  const listed = await ctx.cache.remember(
    `images-shared:${projectId}:${options.comment}:${options.position}`,
    () => listImages(ctx, projectId, options),
  );
  const marks = await inspectionMarks(ctx.db, userId, liveIn(projectId));
  return { ...listed, images: listed.images.map((image) => withMark(image, marks)) };
}

export async function getImage(
  ctx: AppContext,
  userId: string,
  input: { image_id: string; project_id: string; team_id?: string },
): Promise<ImageDetail> {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  const [design] = await designsOfProject(ctx.db, input.project_id, [input.image_id], 'live');
  const detail = await imageDetail(ctx, design, {
    download: mayDownload(access, userId),
    layers: true,
    userInProject: access.projectRole !== null,
  });
  return withMark(detail, await inspectionMarks(ctx.db, userId, eq(designs.id, design.id)));
}

export interface DetailOptions {
  download: boolean;
  /** Whether the LayerDoc's address is handed out (a share link without inspect rights: no). */
  layers: boolean;
  userInProject: boolean;
  /** Only this version, presented as the current one (a share link fixed to a version, or to the latest). */
  onlyVersionId?: string;
}

/** A design with its versions, for a caller already allowed to see it. */
export async function imageDetail(
  ctx: AppContext,
  design: DesignRow,
  options: DetailOptions,
): Promise<ImageDetail> {
  const only = options.onlyVersionId;
  const versions = await ctx.db
    .select({ version: designVersions, editor: users.name, comments: openThreadsOn(designVersions.id) })
    .from(designVersions)
    .leftJoin(users, eq(users.id, designVersions.uploadedBy))
    .where(and(eq(designVersions.designId, design.id), only ? eq(designVersions.id, only) : undefined))
    .orderBy(desc(designVersions.number));
  const currentId = only ?? design.currentVersionId;
  const [image] = only
    ? [
        presentImage(ctx, design, versions[0]?.version ?? null, {
          versions: versions.length,
          comments: versions[0]?.comments,
        }),
      ]
    : await loadImages(ctx, ctx.db, eq(designs.id, design.id));
  return {
    ...image,
    versions: versions.map((row) => {
      const view = presentVersion(ctx, row.version, {
        currentId,
        editorName: row.editor ?? '',
        comments: row.comments,
        download: options.download,
      });
      return options.layers ? view : { ...view, json_url: '', json_md5: '' };
    }),
    user_in_project: options.userInProject,
  };
}

type ImageChange = {
  image_id?: string;
  id?: string;
  name?: string;
  position_x?: number;
  position_y?: number;
  order?: number;
};

/** Rename, place on the board, reorder: editors only, designs of this project only. */
export async function updateImages(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string; images: ImageChange[]; stage_revision?: number },
) {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const ids = input.images.map((change) => change.image_id ?? change.id ?? '');
  await designsOfProject(ctx.db, input.project_id, ids, 'live');
  const now = ctx.now();
  const movesLayout = input.images.some(
    (change) =>
      change.position_x !== undefined || change.position_y !== undefined || change.order !== undefined,
  );
  await ctx.db.transaction(async (tx) => {
    // Renaming leaves the layout alone; placing and reordering are layout changes (lock, revision).
    if (movesLayout) await changeStage(tx, ctx, input.project_id, userId, input.stage_revision);
    for (const [index, change] of input.images.entries()) {
      await tx
        .update(designs)
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.position_x !== undefined ? { positionX: change.position_x } : {}),
          ...(change.position_y !== undefined ? { positionY: change.position_y } : {}),
          ...(change.order !== undefined ? { orderIndex: change.order } : {}),
          updatedAt: now,
        })
        .where(eq(designs.id, ids[index]));
    }
    await touchProject(tx, input.project_id, now);
  });
  return loadImages(ctx, ctx.db, inArray(designs.id, ids));
}

/** Changes to designs count as changes to their project ("recently updated"). */
export async function searchImages(
  ctx: AppContext,
  userId: string,
  input: { pid: string; keyword: string; types?: string; exact_name: boolean },
) {
  await projectAccessFor(ctx.db, userId, undefined, input.pid, 'view');
  const types = input.types
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const images = await loadImages(
    ctx,
    ctx.db,
    and(
      liveIn(input.pid),
      input.exact_name ? eq(designs.name, input.keyword) : ilike(designs.name, likePattern(input.keyword)),
      types?.length ? inArray(designs.type, types) : undefined,
    ),
  );
  return { images, total: images.length };
}

/** `project/image/cntlimitinfo`: the project's design quota, and whether the stage shows the slowness warning. */
export async function countLimitInfo(ctx: AppContext, userId: string, projectId: string) {
  const access = await projectAccessFor(ctx.db, userId, undefined, projectId, 'view');
  const quota = await designQuota(ctx, ctx.db, access.project.teamId, projectId);
  return {
    project_id: projectId,
    ...quota,
    slow_warning_cnt: DesignLimits.slownessWarningDesigns,
    slow_warning: quota.cur_cnt > DesignLimits.slownessWarningDesigns,
  };
}
