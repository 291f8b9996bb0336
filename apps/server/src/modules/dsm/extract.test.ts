import { Codes, type TokenProposals } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { uploadDesigns } from '../../test/uploads.js';
import { OK, type Person } from '../comments/fixtures.js';
import { designs } from '../designs/tables.js';
import { fixture } from '../inspect/slices.fixture.js';
import { mergeColors } from './extract.js';
import { color, startTokensWorld, type TokensWorld } from './tokens.fixture.js';

/**
 * Tokens proposed from what real designs use (apps/server/test-data/SOURCES.md): the Wikimedia button sheet
 * (SVG: dark-grey text, white buttons, Helvetica Neue 16 bold labels, 2px corners, two drop shadows) and three
 * PSDs (coloured shapes with 10px and 71.5px corners, an Arial 13 text, layer effects with inner shadows).
 */

let t: TokensWorld;
let source: string;
let svgDesign: string;
beforeAll(async () => {
  t = await startTokensWorld();
  source = await t.newProject();
  const upload = async (name: string, file: string) => {
    const answer = await uploadDesigns(
      t.server.app,
      t.world.owner.token,
      { teamId: t.world.team.id, projectId: source },
      [{ name, data: fixture(file) }],
    );
    expect(answer.code, answer.msg).toBe(OK);
    return answer.result.images[0].id as string;
  };
  svgDesign = await upload('Buttons.svg', 'wikimediaui-button_groups_states.svg');
  await upload('Shapes.psd', 'agpsd-shapes.psd');
  await upload('Text.psd', 'psdtools-text.psd');
  await upload('Effects.psd', 'agpsd-effects.psd');
  await runJobsOnce(t.server.ctx);
});
afterAll(() => t.server.close());

const extract = (who: Person, dsm: string, sources: string[], baseScale?: number) =>
  who.api.post<TokenProposals>('/api/project/dsm_token/extract', {
    project_id: dsm,
    source_project_ids: sources,
    ...(baseScale ? { base_scale: baseScale } : {}),
  });

describe('extracting tokens from designs', () => {
  it('proposes the colours, text styles, radii and shadows the designs use, the most used first', async () => {
    const dsm = await t.newDsm();
    await t.created(t.world.member, dsm, [color('color/text', '#202122')]);
    const answer = await extract(t.world.member, dsm, [source]);
    expect(answer.code, answer.msg).toBe(OK);
    const { proposals } = answer.result;
    expect(answer.result).toMatchObject({ designs_read: 4, truncated: false });

    // Body text is #202122 (17 runs and fills); white (#fff) folds in the near-white #f8f9fa (ΔE ≈ 1.4).
    expect(proposals.color[0]).toMatchObject({
      value: '#202122',
      count: 17,
      designs: 1,
      existing: 'color/text',
    });
    expect(proposals.color[0].suggested_name).toBe('color/gray');
    expect(proposals.color[1]).toMatchObject({ value: '#ffffff', merged: ['#f8f9fa'], existing: null });
    expect(proposals.color[1].suggested_name).toBe('color/white');
    expect(proposals.color.map((proposal) => proposal.value)).toEqual(
      expect.arrayContaining(['#e03f4b', '#fd9e00', '#52cf5b', '#33a3c3']),
    );
    const colorNames = proposals.color.map((proposal) => proposal.suggested_name);
    expect(new Set(colorNames).size).toBe(colorNames.length);
    expect(colorNames).not.toContain('color/text');

    expect(proposals.typography[0]).toMatchObject({
      value: { fontFamily: 'Helvetica Neue', fontSize: '16px', fontWeight: 700, lineHeight: null },
      count: 24,
      suggested_name: 'font/16-700',
    });
    expect(proposals.typography[1]).toMatchObject({
      value: { fontFamily: 'Lato', fontSize: '14px', fontWeight: 400 },
      suggested_name: 'font/14-400',
    });
    expect(proposals.typography.map((proposal) => proposal.suggested_name)).toContain('font/13-400');

    expect(proposals.radius.map((proposal) => [proposal.value, proposal.suggested_name])).toEqual([
      ['2px', 'radius/2'],
      ['10px', 'radius/10'],
      ['71.5px', 'radius/71_5'],
    ]);
    expect(proposals.radius[0].count).toBe(6);

    expect(proposals.shadow.slice(0, 2).map((proposal) => proposal.count)).toEqual([3, 3]);
    expect(proposals.shadow.some((proposal) => (proposal.value as { inset?: boolean }).inset === true)).toBe(
      true,
    );
    expect(proposals.shadow.map((proposal) => proposal.suggested_name)).toEqual(
      proposals.shadow.map((_, index) => `shadow/${index + 1}`),
    );
  });

  it('proposes code pixels: lengths of @2x designs halved, colours and weights as they are', async () => {
    const dsm = await t.newDsm();
    const answer = await extract(t.world.member, dsm, [source], 2);
    expect(answer.code, answer.msg).toBe(OK);
    const { proposals } = answer.result;
    expect(proposals.radius.map((proposal) => proposal.value)).toEqual(['1px', '5px', '35.75px']);
    expect(proposals.typography[0].value).toMatchObject({ fontSize: '8px', fontWeight: 700 });
    expect(proposals.color[0].value).toBe('#202122');
    expect((await extract(t.world.member, dsm, [source], 4)).code).toBe(Codes.INVALID_INPUT.code);
  });

  it('reads only live designs', async () => {
    const dsm = await t.newDsm();
    await t.server.ctx.db.update(designs).set({ deletedAt: new Date() }).where(eq(designs.id, svgDesign));
    try {
      const answer = await extract(t.world.member, dsm, [source]);
      expect(answer.result.designs_read).toBe(3);
      expect(answer.result.proposals.color.map((proposal) => proposal.value)).not.toContain('#202122');
      expect(answer.result.proposals.radius.map((proposal) => proposal.value)).toEqual(['10px', '71.5px']);
    } finally {
      await t.server.ctx.db.update(designs).set({ deletedAt: null }).where(eq(designs.id, svgDesign));
    }
  });

  it('refuses those who may not change the set, and projects they may not see', async () => {
    const dsm = await t.newDsm();
    expect((await extract(t.world.viewer, dsm, [source])).code).toBe(Codes.NO_PERMISSION.code);
    const strangers = await t.newDsm('Theirs', true);
    expect((await extract(t.world.member, dsm, [strangers])).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect((await extract(t.world.stranger, strangers, [source])).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect((await extract(t.world.member, dsm, [crypto.randomUUID()])).code).toBe(
      Codes.PROJECT_NOT_FOUND.code,
    );
  });
});

describe('folding near colours', () => {
  it('keeps the most used as the representative and lists the others; far or differently clear colours stay', () => {
    const tally = (value: string, count: number, design = 'd1') => ({
      value,
      count,
      designs: new Set([design]),
      merged: [],
    });
    const merged = mergeColors([
      tally('#3467cb', 2, 'd2'),
      tally('#3366cc', 5),
      tally('#3366cc80', 4),
      tally('#cc3333', 1),
    ]);
    expect(merged.map((entry) => [entry.value, entry.count, entry.designs.size, entry.merged])).toEqual([
      ['#3366cc', 7, 2, ['#3467cb']],
      ['#3366cc80', 4, 1, []],
      ['#cc3333', 1, 1, []],
    ]);
  });
});
