import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  Codes,
  HOTSPOT_BACK,
  isContributor,
  type Lang,
  Limits,
  type OnboardProjectView,
  SAMPLE_PROJECT_NAME,
} from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { AppError, fail } from '../../http/errors.js';
import { addPinnedThread } from '../comments/service.js';
import { placeFiles } from '../designs/artboards.js';
import { setHotspotCounts } from '../designs/hotspots.js';
import { inspectUploads } from '../designs/inspect.js';
import { writePlacements } from '../designs/register.js';
import { projectCount } from '../projects/counts.js';
import { insertProject } from '../projects/service.js';
import { insertHotspots } from '../prototypes/service.js';
import { planLimits } from '../teams/plans.js';
import { teamForMember } from '../teams/policy.js';
import { forgetUpload, storeServerUpload } from '../uploads/service.js';
import { onboardingSamples } from './tables.js';

/** The product's own sample designs (apps/server/assets/sample, sources in its SOURCES.md). */
const SAMPLE_DIR = path.resolve(import.meta.dirname, '../../../assets/sample');

/** Each sample file, the design it becomes (named in the caller's language), in stage order. */
const SAMPLE_FILES = [
  { file: 'explore.svg', name: { en: 'Explore', zh: '探索' } },
  { file: 'language-picker.svg', name: { en: 'Language picker', zh: '语言选择' } },
  { file: 'text-layer.psd', name: { en: 'Text layer', zh: '文字图层' } },
] as const;

/**
 * The prototype: "Explore feed" on the first screen opens the language picker, whose header goes back; the
 * rectangles are in the designs' own pixels (375 × 667 and 430 × 788).
 */
const SAMPLE_HOTSPOTS = [
  { from: 0, to: 1, rect: { p_x: 24, p_y: 385, p_w: 327, p_h: 70 } },
  { from: 1, to: 'back', rect: { p_x: 0, p_y: 0, p_w: 430, p_h: 64 } },
] as const;

const WELCOME = {
  design: 0,
  position: { x: 300, y: 64 },
  text: {
    en: 'Welcome to your sample project! Click a layer to see its size, colours and text in the inspect panel, open the prototype to follow the hotspots, and reply here to try comments.',
    zh: '欢迎来到示例项目！点击任意图层，即可在标注面板查看尺寸、颜色和文字；打开原型可以体验热区跳转；在这里回复即可试用评论。',
  },
};

const langKey = (lang: Lang) => (lang === 'zh-CN' ? 'zh' : 'en');

async function sampleOf(db: Db | Tx, teamId: string, userId: string) {
  const [row] = await db
    .select({ projectId: onboardingSamples.projectId })
    .from(onboardingSamples)
    .where(and(eq(onboardingSamples.teamId, teamId), eq(onboardingSamples.userId, userId)));
  return row?.projectId ?? null;
}

/** Removes staged files no design took: their files and their upload rows. */
async function dropStaged(ctx: AppContext, keys: string[]) {
  for (const key of keys) {
    await ctx.files.remove(key);
    await forgetUpload(ctx.db, key);
  }
}

/**
 * The sample files stored as the caller's uploads to the team, then checked and placed the way an upload's
 * registration does it. Any failure removes what was staged.
 */
async function stageSampleFiles(ctx: AppContext, teamId: string, userId: string, lang: Lang) {
  const keys: string[] = [];
  try {
    const files = [];
    for (const sample of SAMPLE_FILES) {
      const data = await readFile(path.join(SAMPLE_DIR, sample.file));
      const key = await storeServerUpload(ctx, { teamId, userId }, path.extname(sample.file).slice(1), data);
      keys.push(key);
      files.push({ key, name: `${sample.name[langKey(lang)]}${path.extname(sample.file)}` });
    }
    const { accepted, dropped } = await inspectUploads(ctx, userId, teamId, files);
    if (dropped.length > 0) throw fail('ONBOARDING_SAMPLE_UNAVAILABLE');
    return { keys, placements: await placeFiles(ctx, accepted) };
  } catch (error) {
    await dropStaged(ctx, keys);
    throw error instanceof AppError ? error : fail('ONBOARDING_SAMPLE_UNAVAILABLE');
  }
}

/**
 * `GET account/onboard_project`: the caller's sample project in the team, made on the first call: the sample
 * designs registered like an upload (their pictures and layers then made by the jobs), two prototype hotspots
 * and a welcome comment, all rows in one transaction. Later calls, and a second call racing the first (it
 * waits on the lock, then finds the row), answer the same project. It is a project like any other: it needs an
 * editing team role and room in the plan (19223 says so).
 */
export function sampleProject(
  ctx: AppContext,
  userId: string,
  teamId: string,
  lang: Lang,
): Promise<OnboardProjectView> {
  // Calls side by side (a double click, two tabs) share one making: the files are staged once.
  const key = `${teamId}:${userId}`;
  let making = inFlight.get(key);
  if (!making) {
    making = makeSampleProject(ctx, userId, teamId, lang).finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}

const inFlight = new Map<string, Promise<OnboardProjectView>>();

async function makeSampleProject(
  ctx: AppContext,
  userId: string,
  teamId: string,
  lang: Lang,
): Promise<OnboardProjectView> {
  const { team, role } = await teamForMember(ctx.db, userId, teamId);
  if (!isContributor(role)) throw fail('NO_PERMISSION');
  const existing = await sampleOf(ctx.db, teamId, userId);
  if (existing) return { project_id: existing, team_id: teamId, created: false };
  // A full plan is told before any file is staged; the transaction checks again under the team's lock.
  const { projectMax } = planLimits(ctx, team);
  if (projectMax !== Limits.unlimited && (await projectCount(ctx.db, teamId)) >= projectMax)
    throw fail('ONBOARDING_SAMPLE_NO_ROOM');
  const { keys, placements } = await stageSampleFiles(ctx, teamId, userId, lang);
  const now = ctx.now();
  let made: { projectId: string; created: boolean };
  try {
    made = await ctx.db.transaction(async (tx) => {
      await lockUntilCommit(tx, `onboarding-sample:${teamId}:${userId}`);
      const earlier = await sampleOf(tx, teamId, userId);
      if (earlier) return { projectId: earlier, created: false };
      const project = await insertProject(ctx, tx, team, userId, {
        name: { free: SAMPLE_PROJECT_NAME[langKey(lang)], separator: ' ' },
        type: 'mobile',
        folderId: null,
        orderIndex: 1,
      }).catch((error) => {
        if (error instanceof AppError && error.entry === Codes.PROJECT_COUNT_FULL)
          throw fail('ONBOARDING_SAMPLE_NO_ROOM');
        throw error;
      });
      const change = { userId, now, queue: ctx.config.jobQueue };
      const written = await writePlacements(tx, change, project.id, placements);
      await seedPrototype(tx, project.id, userId, written, now);
      const { designId, versionId } = written[WELCOME.design];
      const content = WELCOME.text[langKey(lang)];
      const thread = { projectId: project.id, designId, versionId, authorId: userId, content };
      await addPinnedThread(tx, thread, WELCOME.position, now);
      await tx.insert(onboardingSamples).values({ teamId, userId, projectId: project.id, createdAt: now });
      return { projectId: project.id, created: true };
    });
  } catch (error) {
    await dropStaged(ctx, keys);
    throw error;
  }
  if (made.created) {
    ctx.jobs.wake();
    // A GET that makes a project: the read cache's project lists must not miss it (writes bump it on send).
    await ctx.cache.bump().catch(() => {});
  } else await dropStaged(ctx, keys);
  return { project_id: made.projectId, team_id: teamId, created: made.created };
}

async function seedPrototype(
  tx: Tx,
  projectId: string,
  userId: string,
  written: { designId: string }[],
  now: Date,
) {
  const positions = SAMPLE_HOTSPOTS.map(({ from, to, rect }) => ({
    image_id: written[from].designId,
    next_image: to === 'back' ? HOTSPOT_BACK : written[to].designId,
    ...rect,
  }));
  await insertHotspots(tx, projectId, userId, positions, now);
  const counts = new Map<string, number>();
  for (const position of positions) counts.set(position.image_id, (counts.get(position.image_id) ?? 0) + 1);
  await setHotspotCounts(tx, counts);
}
