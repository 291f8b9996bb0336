import { randomUUID } from 'node:crypto';
import {
  DsmLimits,
  type dsmHostObjectSchema,
  findLayer,
  type Layer,
  type LayerDoc,
  sliceFormatsFor,
} from '@ferry/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { designsOfProject, requireDownload } from '../designs/policy.js';
import { versionOf } from '../designs/versions.js';
import type { SliceFile } from '../inspect/plan.js';
import { sliceSize } from '../inspect/plan.js';
import { drawSlices } from '../inspect/render.js';
import { layerDocOf } from '../inspect/service.js';
import { projectAccess } from '../projects/policy.js';
import { projectFilesDir } from '../projects/service.js';
import type { FileRow } from './present.js';

type HostObject = z.infer<typeof dsmHostObjectSchema>;

/** Where a library file's pictures live: under its project's files, so deleting the project removes them. */
const picturesDir = (projectId: string, fileId: string) => `${projectFilesDir(projectId)}dsm/${fileId}/`;

/** What a component or icon was drawn as: its row's picture columns, sizes and facts. */
export interface DrawnComponent {
  id: string;
  designType: string;
  hostObject: HostObject;
  packageInfo: Record<string, unknown>;
  previewObject: { sizes: Record<string, { width: number; height: number }> };
  image1x: string;
  image2x: string;
  image4x: string;
  imageSvg: string | null;
}

/** The layer's facts a library keeps: its name, size, and its fills and text styles when it has any. */
function layerFacts(layer: Layer): Record<string, unknown> {
  return {
    name: layer.name,
    layer_type: layer.type,
    width: layer.frame.width,
    height: layer.frame.height,
    ...(layer.fills.length ? { fills: layer.fills } : {}),
    ...(layer.text ? { text_styles: layer.text.runs } : {}),
  };
}

/**
 * Reads the layer a component or icon names. The source must be a project of the same team the caller
 * sees and may download from (DOWNLOAD_NOT_ALLOWED otherwise), the design live in it.
 */
async function sourceLayer(ctx: AppContext, userId: string, teamId: string, host: HostObject) {
  const source = await projectAccess(ctx.db, userId, teamId, host.project_id);
  requireDownload(source, userId);
  const [design] = await designsOfProject(ctx.db, source.project.id, [host.image_id], 'live');
  const versionId = host.version_id ?? design.currentVersionId;
  if (!versionId) throw fail('NO_LAYERS');
  const version = await versionOf(ctx, design.id, versionId);
  const doc: LayerDoc = await layerDocOf(ctx, version);
  const layer = findLayer(doc, host.layer_id);
  if (!layer) throw fail('LAYER_NOT_FOUND');
  return { version, doc, layer, host: { ...host, version_id: version.id } };
}

/**
 * Draws a component's pictures at 1x, 2x and 4x (PNG), plus SVG for a vector layer, and stores them under
 * the dsm project. Answers the row's fields; the caller writes the row or removes the pictures.
 */
export async function drawComponent(
  ctx: AppContext,
  userId: string,
  dsmProject: { id: string; teamId: string },
  hostObject: HostObject,
): Promise<DrawnComponent> {
  const { version, doc, layer, host } = await sourceLayer(ctx, userId, dsmProject.teamId, hostObject);
  const plan: SliceFile[] = DsmLimits.componentScales.map((scale) => ({
    path: `${scale}x.png`,
    layer,
    format: 'png',
    ...sliceSize(layer.frame, scale, 1),
  }));
  if (sliceFormatsFor(doc.source, layer).includes('svg')) {
    plan.push({ path: 'image.svg', layer, format: 'svg', ...sliceSize(layer.frame, 1, 1) });
  }
  const drawn = await drawSlices(ctx, version, plan);
  const id = randomUUID();
  const dir = picturesDir(dsmProject.id, id);
  const keys = new Map<string, string>();
  try {
    for (const file of drawn) {
      const key = `${dir}${file.path}`;
      await ctx.files.put(key, Buffer.from(file.data));
      keys.set(file.path, key);
    }
  } catch (error) {
    await removePictures(ctx, dsmProject.id, [id]);
    throw error;
  }
  const sizeOf = (path: string) => {
    const file = plan.find((planned) => planned.path === path) as SliceFile;
    return { width: file.width, height: file.height };
  };
  const sizes: Record<string, { width: number; height: number }> = {
    '1x': sizeOf('1x.png'),
    '2x': sizeOf('2x.png'),
    '4x': sizeOf('4x.png'),
  };
  if (keys.has('image.svg')) sizes.svg = sizeOf('image.svg');
  return {
    id,
    designType: doc.source,
    hostObject: host,
    packageInfo: layerFacts(layer),
    previewObject: { sizes },
    image1x: keys.get('1x.png') as string,
    image2x: keys.get('2x.png') as string,
    image4x: keys.get('4x.png') as string,
    imageSvg: keys.get('image.svg') ?? null,
  };
}

/** Removes the stored pictures of these files; a failed removal is logged, the rows being gone already. */
export async function removePictures(ctx: AppContext, projectId: string, fileIds: string[]) {
  for (const id of fileIds) {
    const dir = picturesDir(projectId, id);
    await ctx.files
      .removeUnder(dir)
      .catch((error) => ctx.events.log.warn({ err: error, key: dir }, 'file not removed'));
  }
}

/** The pictures of the files that had any. */
export const removeFilePictures = (ctx: AppContext, projectId: string, files: FileRow[]) =>
  removePictures(
    ctx,
    projectId,
    files.filter((file) => file.image1x || file.imageSvg).map((file) => file.id),
  );
