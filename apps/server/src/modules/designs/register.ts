import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { touchProject } from '../projects/counts.js';
import { projectAccessFor } from '../projects/policy.js';
import { sectionsNamed } from '../sections/named.js';
import { markRegistered } from '../uploads/service.js';
import { artboardForDesign, type Placement, placeFiles } from './artboards.js';
import { batchRefusal, type DroppedFile, inspectUploads, type UploadedFile } from './inspect.js';
import { artboardDirOf, pageDirOf, variantDirOf } from './keys.js';
import { designsOfProject, requireDesignProject } from './policy.js';
import { layersStatusOf, queueFileWork } from './processing.js';
import { assertDesignRoom } from './quota.js';
import { loadImages } from './service.js';
import { designKeyOf, designsOfSketchIds } from './sketch.js';
import { designs, designVersions } from './tables.js';

type FileInput = { key: string; name?: string; position_x?: number; position_y?: number };

/** Who makes a change, when, and the job queue its work goes to. */
export interface Change {
  userId: string;
  now: Date;
  queue: string;
}

/** Where a placement's picture and variants live: the file's folder, or its artboard's or page's. */
function folderOf({ file, artboard, page }: Omit<Placement, 'name'>) {
  if (artboard) return artboardDirOf(file.key, artboard.index);
  if (page) return pageDirOf(file.key, page);
  return variantDirOf(file.key);
}

/**
 * Makes an uploaded file (or one artboard or page of it) the newest version of a design, and queues its variants and
 * layers in the same transaction: the version is "processing" until the jobs mark it ready.
 */
async function addVersion(tx: Tx, change: Change, designId: string, placement: Omit<Placement, 'name'>) {
  const { userId, now, queue } = change;
  const { file, artboard, page } = placement;
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${designVersions.number}), 0)::int + 1` })
    .from(designVersions)
    .where(eq(designVersions.designId, designId));
  const [version] = await tx
    .insert(designVersions)
    .values({
      designId,
      number: next,
      fileKey: file.key,
      variantDir: folderOf(placement),
      fileType: file.fileType,
      size: file.size,
      layersStatus: layersStatusOf(file.fileType),
      artboard,
      pdfPage: page,
      uploadedBy: userId,
      createdAt: now,
    })
    .returning();
  await tx
    .update(designs)
    .set({ currentVersionId: version.id, updatedAt: now })
    .where(eq(designs.id, designId));
  await markRegistered(tx, file.key, now);
  await queueFileWork(tx, queue, version);
  return version.id;
}

const typeOfDesign = (file: UploadedFile) => (file.fileType === 'pdf' ? 'pdf' : 'image');

/**
 * Writes checked placements into a project in the caller's transaction: a placement whose design key
 * (designKeyOf: its name, or a Sketch artboard's id) is in `byKey` becomes that design's new version, any other a
 * new design after the last (a Sketch artboard in the section named after its page, made when missing); all of
 * one call share a batch. Answers each placement's design and version, in order. The caller wakes the job
 * worker after the commit.
 */
export async function writePlacements(
  tx: Tx,
  change: Change,
  projectId: string,
  placements: Placement[],
  byKey = new Map<string, string>(),
): Promise<{ designId: string; versionId: string; name: string }[]> {
  const { userId, now } = change;
  const batch = randomUUID();
  const [{ top }] = await tx
    .select({ top: sql<number>`coalesce(max(${designs.orderIndex}), 0)::int` })
    .from(designs)
    .where(eq(designs.projectId, projectId));
  const pagesOfNew = placements.flatMap((placement) =>
    placement.sketch && !byKey.has(designKeyOf(placement)) ? [placement.sketch.pageName] : [],
  );
  const sectionOfPage = await sectionsNamed(tx, projectId, pagesOfNew, now);
  let order = top;
  const written = [];
  for (const placement of placements) {
    const { file, name, sketch } = placement;
    const key = designKeyOf(placement);
    let designId = byKey.get(key);
    if (!designId) {
      const [created] = await tx
        .insert(designs)
        .values({
          projectId,
          name,
          type: typeOfDesign(file),
          sketchId: sketch?.id ?? null,
          sectorId: sketch ? sectionOfPage.get(sketch.pageName) : null,
          orderIndex: ++order,
          positionX: file.position_x ?? 0,
          positionY: file.position_y ?? 0,
          batch,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: designs.id });
      designId = created.id;
      byKey.set(key, designId);
    }
    written.push({ designId, versionId: await addVersion(tx, change, designId, placement), name });
  }
  await touchProject(tx, projectId, now);
  return written;
}

/** The live designs of a project that placements become versions of, by design key (designKeyOf). */
async function designsPlacedOn(ctx: AppContext, projectId: string, placements: Placement[]) {
  const names = [
    ...new Set(placements.filter((placement) => !placement.sketch).map((placement) => placement.name)),
  ];
  const existing =
    names.length === 0
      ? []
      : await ctx.db
          .select({ id: designs.id, name: designs.name })
          .from(designs)
          .where(
            and(eq(designs.projectId, projectId), isNull(designs.deletedAt), inArray(designs.name, names)),
          );
  const sketchIds = placements.flatMap((placement) => (placement.sketch ? [placement.sketch.id] : []));
  const byKey = await designsOfSketchIds(ctx.db, projectId, sketchIds);
  for (const row of existing) byKey.set(designKeyOf({ name: row.name }), row.id);
  return byKey;
}

/**
 * `POST project/image`: uploaded files become designs. A file named like a design already in the project
 * becomes that design's new version; a PSD with artboards becomes one design per artboard, named after it
 * (the same rule by artboard name), a PDF one design per page (`<name> - p<k>`, the same rule; a one-page PDF
 * is `<name>`), a Sketch file one design per artboard in a section per page (a new version of the design
 * showing the same artboard id), each counting against the design limit; refused files are dropped from the
 * batch (and removed); the quota counts only the new designs.
 */
export async function registerImages(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; images: FileInput[] },
): Promise<{ images: Awaited<ReturnType<typeof loadImages>>; dropped: DroppedFile[] }> {
  const access = await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  requireDesignProject(access);
  const { accepted, dropped } = await inspectUploads(ctx, userId, input.team_id, input.images);
  if (accepted.length === 0) throw batchRefusal(dropped);
  const placements = await placeFiles(ctx, accepted);
  const byKey = await designsPlacedOn(ctx, input.project_id, placements);
  const adding = new Set(placements.map(designKeyOf).filter((key) => !byKey.has(key))).size;
  await assertDesignRoom(ctx, ctx.db, input.team_id, input.project_id, adding);
  const change = { userId, now: ctx.now(), queue: ctx.config.jobQueue };
  const touched = await ctx.db.transaction(async (tx) => {
    const written = await writePlacements(tx, change, input.project_id, placements, byKey);
    return [...new Set(written.map((design) => design.designId))];
  });
  ctx.jobs.wake();
  return { images: await loadImages(ctx, ctx.db, inArray(designs.id, touched)), dropped };
}

/**
 * `PUT project/version`: `images[i]` becomes the newest version of `image_ids[i]`; a PSD with artboards shows
 * the artboard named like the design, a Sketch file the artboard of the design's Sketch id (else by name), a PDF
 * its first page.
 */
export async function addVersions(
  ctx: AppContext,
  userId: string,
  input: { team_id: string; project_id: string; image_ids: string[]; images: FileInput[] },
) {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'edit');
  if (input.image_ids.length !== input.images.length) {
    throw fail('INVALID_INPUT', {
      zh: 'image_ids 与 images 的数量须一致',
      en: 'image_ids and images must have the same length',
    });
  }
  const targets = await designsOfProject(ctx.db, input.project_id, input.image_ids, 'live');
  const { accepted, dropped } = await inspectUploads(ctx, userId, input.team_id, input.images);
  if (dropped.length > 0) throw batchRefusal(dropped);
  const designOf = new Map(targets.map((design) => [design.id, design]));
  const placed: (Omit<Placement, 'name'> & { designId: string })[] = [];
  for (const [index, file] of accepted.entries()) {
    const designId = input.image_ids[index];
    const design = designOf.get(designId);
    const artboard = await artboardForDesign(ctx, file, {
      name: design?.name ?? '',
      sketchId: design?.sketchId ?? null,
    });
    placed.push({ designId, file, artboard, page: file.fileType === 'pdf' ? 1 : null });
  }
  const now = ctx.now();
  const change = { userId, now, queue: ctx.config.jobQueue };
  await ctx.db.transaction(async (tx) => {
    for (const { designId, ...placement } of placed) await addVersion(tx, change, designId, placement);
    await touchProject(tx, input.project_id, now);
  });
  ctx.jobs.wake();
  return loadImages(ctx, ctx.db, inArray(designs.id, [...new Set(targets.map((design) => design.id))]));
}
