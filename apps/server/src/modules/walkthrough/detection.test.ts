import type { WalkthroughRect } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildWorld, newProject, OK, type World } from '../comments/fixtures.js';
import {
  addPage,
  CHANGED_SVG,
  comparedScreenshot,
  FIXTURE_SVG,
  fixtureDesign,
  pageView,
  scope,
  screenshot,
  screenshotOf,
} from './fixtures.js';
import { walkthroughScreenshots } from './tables.js';

/** Design QA's automatic checks: a screenshot of the built product against the real SVG design it was made from. */

let server: TestServer;
let world: World;
let projectId: string;
let pageId: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
  pageId = await addPage(world, world.member, projectId, await fixtureDesign(world, projectId));
});
afterAll(() => server.close());

/** The recoloured button's outline (with its 1 px stroke) in the design's pixels. */
const BLUE_BUTTON = { x: 321, y: 225, width: 56, height: 32 };

/** Within 2 px on every side: a screenshot resized to the design is blurred a little before comparing. */
const near = (box: WalkthroughRect, to: WalkthroughRect) =>
  Math.abs(box.x - to.x) <= 2 &&
  Math.abs(box.y - to.y) <= 2 &&
  Math.abs(box.x + box.width - (to.x + to.width)) <= 2 &&
  Math.abs(box.y + box.height - (to.y + to.height)) <= 2;

const byArea = (a: { width: number; height: number }, b: { width: number; height: number }) =>
  b.width * b.height - a.width * a.height;

describe('differences proposed as issues', () => {
  it('proposes the three changes of a @2x screenshot, each with what the design expects there', async () => {
    const shot = await comparedScreenshot(
      world,
      world.member,
      projectId,
      pageId,
      await screenshotOf(CHANGED_SVG, 2),
    );
    expect(shot.diff_status).toBe('ready');
    expect(shot.detected_scale).toBe(2);
    expect([shot.offset_x, shot.offset_y]).toEqual([0, 0]);
    expect(shot.candidates).toHaveLength(3);
    const [moved, recoloured, retexted] = [...shot.candidates].sort(byArea);
    // The disabled group moved 12 px down: the box spans where it was and where it is.
    expect(moved).toMatchObject({ x: 192, width: 256 });
    expect(moved.y).toBeGreaterThanOrEqual(280);
    expect(moved.y + moved.height).toBeGreaterThanOrEqual(280 + 12 + 32);
    expect(moved.expected_text).toContain('expected “bg” 255 × 31 px, fill #C8CCD1');
    expect(near(recoloured, BLUE_BUTTON)).toBe(true);
    expect(recoloured.expected_text).toMatch(
      /^expected “Mediawiki\.Progressive\.Hover-8-Copy” 55 × 31 px, fill #2A4B8D/,
    );
    expect(retexted.expected_text).toMatch(/^expected text 16 px #202122 Helvetica Neue Bold “Other”/);
    expect(retexted.expected_text).toMatch(/expected \d+(\.\d)? px gap to ‘/);
    // The difference mask is the design's size.
    const mask = await server.app.inject({ method: 'GET', url: shot.diff_url });
    expect(mask.statusCode).toBe(200);
    expect(await sharp(mask.rawPayload).metadata()).toMatchObject({ width: 449, height: 336 });
  });

  it('finds the same three in a screenshot of an Android ratio (2.75), resampled to the design', async () => {
    const shot = await comparedScreenshot(
      world,
      world.member,
      projectId,
      pageId,
      await screenshotOf(CHANGED_SVG, 2.75),
    );
    expect(shot.candidates).toHaveLength(3);
    const texts = shot.candidates.map((candidate) => candidate.expected_text);
    expect(texts.some((text) => text.startsWith('expected “bg” 255 × 31 px'))).toBe(true);
    expect(texts.some((text) => text.startsWith('expected “Mediawiki.Progressive.Hover-8-Copy”'))).toBe(true);
    expect(
      texts.some((text) => text.startsWith('expected text 16 px #202122 Helvetica Neue Bold “Other”')),
    ).toBe(true);
  });

  it('says the same in Chinese for a reader who asks in Chinese', async () => {
    const [shot] = (await pageView(world, world.member, projectId, pageId)).contrast_images;
    const zh = await world.server.app.inject({
      method: 'GET',
      url: `/api/pangu/walkthrough/page/contrast_image?project_id=${projectId}&contrast_id=${shot.contrast_id}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${world.member.token}:`).toString('base64')}`,
        'accept-language': 'zh-CN',
      },
    });
    const texts = zh
      .json()
      .data.candidates.map((candidate: { expected_text: string }) => candidate.expected_text);
    expect(
      texts.some((text: string) => text.startsWith('应为文字 16 px #202122 Helvetica Neue Bold「Other」')),
    ).toBe(true);
  });

  it('proposes nothing for an unchanged screenshot at another device pixel ratio, an Android one’s too', async () => {
    for (const ratio of [3, 1, 2.625]) {
      const shot = await comparedScreenshot(
        world,
        world.member,
        projectId,
        pageId,
        await screenshotOf(FIXTURE_SVG, ratio),
      );
      expect(shot.diff_status).toBe('ready');
      expect(shot.detected_scale).toBeCloseTo(ratio, 2);
      expect(shot.candidates, `@${ratio}x`).toEqual([]);
    }
  });

  it('finds the offset of a screenshot that starts lower (a status bar above the page)', async () => {
    const page = await screenshotOf(FIXTURE_SVG, 2);
    const withBar = await sharp(page)
      .extend({ top: 14, background: '#000000' })
      .extract({ left: 0, top: 0, width: 898, height: 672 })
      .png()
      .toBuffer();
    const shot = await comparedScreenshot(world, world.member, projectId, pageId, withBar);
    // The screenshot lies 7 design pixels up, its bar above the design's top: nothing differs once aligned.
    expect([shot.offset_x, shot.offset_y]).toEqual([0, -7]);
    expect(shot.candidates).toEqual([]);
  });

  it('does not propose again a region dismissed on the page, in a later screenshot', async () => {
    const first = await comparedScreenshot(
      world,
      world.member,
      projectId,
      pageId,
      await screenshotOf(CHANGED_SVG, 2),
    );
    const recoloured = first.candidates.find((candidate) => near(candidate, BLUE_BUTTON));
    const dismissed = await world.member.api.delete('/api/pangu/walkthrough/candidate', {
      ...scope(world, projectId),
      contrast_id: first.contrast_id,
      candidate_id: recoloured?.id,
    });
    expect(dismissed.code, dismissed.msg).toBe(OK);
    expect((await screenshot(world.member, projectId, first.contrast_id)).candidates).toHaveLength(2);
    const again = await comparedScreenshot(
      world,
      world.member,
      projectId,
      pageId,
      await screenshotOf(CHANGED_SVG, 3),
    );
    expect(again.candidates).toHaveLength(2);
    expect(again.candidates.some((candidate) => near(candidate, BLUE_BUTTON))).toBe(false);
  });

  it('compares again at a new alignment, and an older comparison stores nothing over it', async () => {
    const shot = await comparedScreenshot(
      world,
      world.member,
      projectId,
      pageId,
      await screenshotOf(FIXTURE_SVG, 2),
    );
    const aligned = await world.member.api.put('/api/pangu/walkthrough/page/contrast_image', {
      ...scope(world, projectId),
      contrast_id: shot.contrast_id,
      scale: 2,
      offset_x: 20,
      offset_y: 0,
      auto: false,
    });
    expect(aligned.code, aligned.msg).toBe(OK);
    expect(aligned.result.diff_status).toBe('pending');
    await runJobsOnce(server.ctx);
    const shifted = await screenshot(world.member, projectId, shot.contrast_id);
    expect(shifted.offset_x).toBe(20);
    expect(shifted.candidates.length).toBeGreaterThan(0);
    const [row] = await server.ctx.db
      .select({ revision: walkthroughScreenshots.revision })
      .from(walkthroughScreenshots)
      .where(eq(walkthroughScreenshots.id, shot.contrast_id));
    expect(row.revision).toBe(2);
  });
});
