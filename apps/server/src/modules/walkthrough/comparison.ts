import { randomUUID } from 'node:crypto';
import { type LayerDoc, type WalkthroughCandidate, WalkthroughLimits } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { signalProjectChange } from '../../realtime/signals.js';
import { compareScreenshot, coveredShare, rasterOf } from './compare.js';
import { versionOfPage } from './design-reads.js';
import { expectationFor } from './expectations.js';
import { diffKeyOf } from './files.js';
import { walkthroughDismissals, walkthroughScreenshots } from './tables.js';

/** The design's picture is not drawn yet (or its layers not read): the job tries again later. */
export class DesignNotReady extends Error {}

async function readLayerDoc(ctx: AppContext, key: string | null): Promise<LayerDoc | null> {
  if (!key) return null;
  const stored = await ctx.files.read(key);
  try {
    return stored ? (JSON.parse(stored.toString('utf8')) as LayerDoc) : null;
  } catch {
    return null;
  }
}

/**
 * The `walkthrough-compare` job: one screenshot against its page's design at the alignment of `revision`.
 * The boxes that differ become proposals with the design's expectation, except where the page dismissed a
 * region before; the mask and proposals are stored only if the screenshot was not aligned again meanwhile.
 */
export async function compareScreenshotJob(ctx: AppContext, payload: Record<string, unknown>) {
  const screenshotId = String(payload.screenshotId);
  const revision = Number(payload.revision);
  const project = { id: '', teamId: String(payload.teamId) };
  const [shot] = await ctx.db
    .select()
    .from(walkthroughScreenshots)
    .where(eq(walkthroughScreenshots.id, screenshotId));
  if (!shot || shot.revision !== revision) return;
  const version = await versionOfPage(ctx.db, shot.pageId);
  if (!version) return;
  const fail = async (message: string) => {
    await ctx.db
      .update(walkthroughScreenshots)
      .set({ diffStatus: 'failed', diffError: message })
      .where(and(eq(walkthroughScreenshots.id, shot.id), eq(walkthroughScreenshots.revision, revision)));
    await signalProjectChange(ctx, { ...project, id: shot.projectId }, 'walkthrough');
  };
  if (version.status === 'failed') return fail('design picture failed');
  const org = version.variants.org;
  if (version.status !== 'ready' || !org || version.layersStatus === 'processing')
    throw new DesignNotReady(`design version ${version.id} is not ready`);
  const [designData, shotData, doc, dismissed] = await Promise.all([
    ctx.files.read(org.key),
    ctx.files.read(shot.fileKey),
    readLayerDoc(ctx, version.layersStatus === 'ready' ? version.layersKey : null),
    ctx.db.select().from(walkthroughDismissals).where(eq(walkthroughDismissals.pageId, shot.pageId)),
  ]);
  if (!designData || !shotData) return fail('file missing');
  const design = await rasterOf(designData);
  const result = await compareScreenshot(
    design,
    shotData,
    { scale: shot.scale, offsetX: shot.offsetX, offsetY: shot.offsetY },
    shot.autoAlign === 1,
  );
  const candidates: WalkthroughCandidate[] = result.boxes
    .filter(
      (box) => !dismissed.some((region) => coveredShare(box, region) >= WalkthroughLimits.dismissedOverlap),
    )
    .slice(0, WalkthroughLimits.candidatesMax)
    .map((box) => ({
      id: randomUUID(),
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      pixels: box.pixels,
      expectation: expectationFor(doc, design.width, box),
      expected_text: '',
    }));
  const diffKey = diffKeyOf(shot.projectId, shot.id, revision);
  await ctx.files.put(diffKey, result.mask);
  const [stored] = await ctx.db
    .update(walkthroughScreenshots)
    .set({
      offsetX: result.alignment.offsetX,
      offsetY: result.alignment.offsetY,
      autoAlign: 0,
      diffStatus: 'ready',
      diffError: '',
      diffRatio: result.differing / (design.width * design.height),
      diffKey,
      candidates,
    })
    .where(and(eq(walkthroughScreenshots.id, shot.id), eq(walkthroughScreenshots.revision, revision)))
    .returning({ id: walkthroughScreenshots.id });
  if (!stored) {
    await ctx.files.remove(diffKey);
    return;
  }
  if (shot.diffKey && shot.diffKey !== diffKey) await ctx.files.remove(shot.diffKey);
  await signalProjectChange(ctx, { ...project, id: shot.projectId }, 'walkthrough');
}
