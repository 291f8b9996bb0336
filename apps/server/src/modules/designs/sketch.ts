import { type CodeName, Codes, DesignLimits, isSketchFileName, sketchHeadOf } from '@ferry/shared';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { listSketchArtboards, type SketchArtboard } from '../../design/import.js';
import { AppError, fail } from '../../http/errors.js';
import { projectAccessFor } from '../projects/policy.js';
import { isTooLarge } from '../storage/dimensions.js';
import type { Placement } from './artboards.js';
import type { UploadedFile } from './inspect.js';
import { designs } from './tables.js';

export type { SketchArtboard };

/**
 * Why a file that is no design type is refused: one named `.sketch` is either an SQLite database (Sketch before
 * 43, SKETCH_TOO_OLD) or a ZIP without a Sketch document's entries (SKETCH_NOT_SKETCH); anything else is an
 * unsupported format.
 */
export function refusalOfUntyped(data: Uint8Array, names: string[]): AppError {
  if (names.some(isSketchFileName)) {
    const head = sketchHeadOf(data);
    if (head === 'sqlite') return fail('SKETCH_TOO_OLD');
    if (head === 'zip') return fail('SKETCH_NOT_SKETCH');
  }
  return fail('IMAGE_FORMAT_UNSUPPORTED');
}

/** A refusal of the importer's (a catalogue code by name, or UndecodableDesign without one) as the API's. */
function refusalOfImporter(error: unknown): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in Codes) return fail(code as CodeName);
  return fail('DESIGN_UNREADABLE');
}

/**
 * A Sketch file's artboards, read before anything is written: one the importer refuses (too old, a ZIP bomb,
 * symbol cycles, past its limits) is refused with its code, as are a file with no artboard and an artboard
 * larger than 16384 px a side.
 */
export async function sketchArtboardsOf(data: Buffer): Promise<SketchArtboard[]> {
  let artboards: SketchArtboard[];
  try {
    artboards = await listSketchArtboards(data);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusalOfImporter(error);
  }
  if (artboards.length === 0) throw fail('SKETCH_EMPTY');
  if (artboards.some((artboard) => isTooLarge(artboard, DesignLimits.maxSidePx))) {
    throw fail('IMAGE_TOO_BIG_TO_PROCESS');
  }
  return artboards;
}

/** The placement of one Sketch artboard: a design named after it, in a section named after its page. */
export const sketchPlacementOf = (file: UploadedFile, artboard: SketchArtboard): Placement => ({
  file,
  name: artboard.name.trim() || file.name,
  artboard: {
    index: artboard.index,
    name: artboard.name,
    x: 0,
    y: 0,
    width: artboard.width,
    height: artboard.height,
  },
  page: null,
  sketch: { id: artboard.id, pageName: artboard.pageName.trim() || file.name },
});

/** Which design a placement becomes a version of: a Sketch artboard by its id, anything else by its name. */
export const designKeyOf = (placement: Pick<Placement, 'name' | 'sketch'>) =>
  placement.sketch ? `sketch:${placement.sketch.id}` : `name:${placement.name}`;

/** The live designs of a project showing these Sketch artboards, by design key. */
export async function designsOfSketchIds(db: Db | Tx, projectId: string, sketchIds: string[]) {
  if (sketchIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: designs.id, sketchId: designs.sketchId })
    .from(designs)
    .where(
      and(
        eq(designs.projectId, projectId),
        isNull(designs.deletedAt),
        inArray(designs.sketchId, [...new Set(sketchIds)]),
      ),
    )
    .orderBy(asc(designs.createdAt));
  const found = new Map<string, string>();
  for (const row of rows) {
    const key = designKeyOf({ name: '', sketch: { id: row.sketchId as string, pageName: '' } });
    // Copies of a design keep no Sketch id, so one id names one design; the oldest wins if not.
    if (!found.has(key)) found.set(key, row.id);
  }
  return found;
}

/**
 * `GET project/sketch_field`: which design shows which Sketch artboard in a project, for design-tool plugins
 * that upload an artboard again as a new version. Anyone who may see the project's stage may read it.
 */
export async function sketchField(
  ctx: AppContext,
  userId: string,
  input: { project_id: string; team_id?: string },
) {
  await projectAccessFor(ctx.db, userId, input.team_id, input.project_id, 'view');
  const rows = await ctx.db
    .select({ sketchId: designs.sketchId, imageId: designs.id, name: designs.name })
    .from(designs)
    .where(
      and(eq(designs.projectId, input.project_id), isNull(designs.deletedAt), isNotNull(designs.sketchId)),
    )
    .orderBy(asc(designs.orderIndex), asc(designs.createdAt));
  return {
    list: rows.map((row) => ({ sketch_id: row.sketchId as string, image_id: row.imageId, name: row.name })),
  };
}
