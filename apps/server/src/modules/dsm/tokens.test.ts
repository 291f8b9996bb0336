import { Codes, DsmLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OK } from '../comments/fixtures.js';
import { dsmTokens } from './tables.js';
import { color, everyKind, startTokensWorld, type TokensWorld } from './tokens.fixture.js';

/** Design tokens of a dsm project (issue 19): made, renamed, revalued, reordered and removed. */

let t: TokensWorld;
beforeAll(async () => {
  t = await startTokensWorld();
});
afterAll(() => t.server.close());

describe('making and listing tokens', () => {
  it('adds tokens of every kind last, in order, normalised, and lists them to anyone who sees the set', async () => {
    const dsm = await t.newDsm();
    const { member, viewer } = t.world;
    const made = await t.created(member, dsm, everyKind);
    expect(made.map((token) => token.order)).toEqual(everyKind.map((_, index) => index + 1));
    expect(made[0]).toMatchObject({
      project_id: dsm,
      kind: 'color',
      name: 'color/brand/primary',
      value: '#3366cc',
      description: 'Links and buttons',
    });
    expect(made[3].value).toEqual({
      fontFamily: 'Helvetica Neue',
      fontSize: '16px',
      fontWeight: 400,
      lineHeight: 1.5,
    });
    const more = await t.created(member, dsm, [color('color/extra', '#ffffff')]);
    expect(more[0].order).toBe(everyKind.length + 1);
    expect(await t.listed(viewer, dsm)).toEqual([...made, ...more]);
    const radii = await t.tokenApi(viewer, dsm).list('radius');
    expect(radii.result.tokens.map((token) => token.name)).toEqual(['radius/card']);
  });

  it('refuses a value that does not fit its kind with the rule in both languages, writing nothing', async () => {
    const dsm = await t.newDsm();
    const api = t.tokenApi(t.world.member, dsm);
    const wrong = [
      color('color/a', 'blue'),
      color('color/a', '#12345'),
      { name: 'radius/a', kind: 'radius', value: '8' },
      { name: 'radius/a', kind: 'radius', value: '1rem' },
      { name: 'font/a', kind: 'typography', value: { fontFamily: 'Inter', fontSize: '16px' } },
      { name: 'border/a', kind: 'border', value: { color: '#000000', width: '1px', style: 'groove' } },
    ];
    for (const token of wrong) {
      const answer = await api.create([color('color/ok', '#000000'), token]);
      expect(answer.code, JSON.stringify(token)).toBe(Codes.INVALID_INPUT.code);
      expect(answer.msg).toBe("The token's value does not fit its kind");
      expect(answer.result).toEqual({ field: 'tokens.1.value' });
    }
    const zh = await t.world.server.app.inject({
      method: 'POST',
      url: '/api/project/dsm_token',
      headers: {
        authorization: `Basic ${Buffer.from(`${t.world.member.token}:`).toString('base64')}`,
        'accept-language': 'zh-CN',
      },
      payload: { project_id: dsm, tokens: [color('color/a', 'blue')] },
    });
    expect(zh.json().msg).toBe('令牌的值与它的类型不符');
    for (const name of ['', 'color//a', 'color/a b', 'a/b/c/d/e/f/g/h/i', 'color.a', `c/${'x'.repeat(65)}`]) {
      const answer = await api.create([color(name, '#000000')]);
      expect(answer.code, name).toBe(Codes.INVALID_INPUT.code);
    }
    expect(await t.listed(t.world.member, dsm)).toEqual([]);
  });

  it('keeps names unique in the set and in one batch (19119)', async () => {
    const dsm = await t.newDsm();
    const api = t.tokenApi(t.world.member, dsm);
    await t.created(t.world.member, dsm, [color('color/text', '#202122')]);
    const again = await api.create([color('color/new', '#ffffff'), color('color/text', '#000000')]);
    expect(again.code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    expect(again.msg).toContain('color/text');
    const twice = await api.create([color('color/x', '#ffffff'), color('color/x', '#000000')]);
    expect(twice.code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    expect((await t.listed(t.world.member, dsm)).map((token) => token.name)).toEqual(['color/text']);
  });

  it('refuses a name that would also be the group of another token (DTCG keeps them apart)', async () => {
    const dsm = await t.newDsm();
    const api = t.tokenApi(t.world.member, dsm);
    const [brand] = await t.created(t.world.member, dsm, [color('color/brand', '#3366cc')]);
    const under = await api.create([color('color/brand/dark', '#224488')]);
    expect(under.code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    expect(under.msg).toBe('"color/brand" would be both a token and the group of other tokens');
    expect((await api.create([color('space', '#000000'), color('space/1', '#000000')])).code).toBe(
      Codes.DSM_TOKEN_NAME_EXISTS.code,
    );
    await t.created(t.world.member, dsm, [color('color/brand-dark', '#224488')]);
    expect((await api.update({ token_id: brand.id, name: 'color' })).code).toBe(
      Codes.DSM_TOKEN_NAME_EXISTS.code,
    );
    const file = JSON.stringify({ color: { brand: { dark: { $type: 'color', $value: '#000000' } } } });
    expect((await api.imported(file)).code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    expect((await api.imported(file, 'replace')).result).toEqual({ created: 1, updated: 0, removed: 2 });
  });

  it('refuses passing the set limit (19122)', async () => {
    const dsm = await t.newDsm();
    const now = new Date();
    await t.server.ctx.db.insert(dsmTokens).values(
      Array.from({ length: DsmLimits.tokensPerProject - 1 }, (_, index) => ({
        projectId: dsm,
        kind: 'spacing' as const,
        name: `space/${index}`,
        value: `${index}px`,
        sortOrder: index + 1,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const api = t.tokenApi(t.world.member, dsm);
    const two = await api.create([color('color/a', '#000000'), color('color/b', '#ffffff')]);
    expect(two.code).toBe(Codes.DSM_LIMIT.code);
    const one = await api.create([color('color/a', '#000000')]);
    expect(one.code, one.msg).toBe(OK);
    expect(one.result.tokens[0].order).toBe(DsmLimits.tokensPerProject);
  });
});

describe('changing and removing tokens', () => {
  it('renames, revalues within the kind, describes and moves a token, renumbering the rest', async () => {
    const dsm = await t.newDsm();
    const { member } = t.world;
    const api = t.tokenApi(member, dsm);
    const [a, b, c] = await t.created(member, dsm, [
      color('color/a', '#111111'),
      color('color/b', '#222222'),
      { name: 'radius/c', kind: 'radius', value: '4px' },
    ]);
    const renamed = await api.update({
      token_id: a.id,
      name: 'color/ink',
      value: '#ABCDEF',
      description: 'Ink',
    });
    expect(renamed.code, renamed.msg).toBe(OK);
    expect(renamed.result).toMatchObject({
      id: a.id,
      name: 'color/ink',
      value: '#abcdef',
      description: 'Ink',
    });
    const wrongKind = await api.update({ token_id: c.id, value: '#000000' });
    expect(wrongKind.code).toBe(Codes.INVALID_INPUT.code);
    expect((await api.update({ token_id: b.id, name: 'color/ink' })).code).toBe(
      Codes.DSM_TOKEN_NAME_EXISTS.code,
    );
    const moved = await api.update({ token_id: c.id, index: 1 });
    expect(moved.result.order).toBe(1);
    const order = (await t.listed(member, dsm)).map((token) => [token.name, token.order]);
    expect(order).toEqual([
      ['radius/c', 1],
      ['color/ink', 2],
      ['color/b', 3],
    ]);
    await api.update({ token_id: c.id, index: 99 });
    expect((await t.listed(member, dsm)).map((token) => token.name)).toEqual([
      'color/ink',
      'color/b',
      'radius/c',
    ]);
  });

  it('removes tokens (19120 for an id not of the set, removing nothing) and renumbers 1…n', async () => {
    const dsm = await t.newDsm();
    const other = await t.newDsm();
    const { member } = t.world;
    const [a, b, c] = await t.created(member, dsm, [
      color('color/a', '#111111'),
      color('color/b', '#222222'),
      color('color/c', '#333333'),
    ]);
    const [foreign] = await t.created(member, other, [color('color/a', '#111111')]);
    const api = t.tokenApi(member, dsm);
    for (const ids of [[a.id, foreign.id], [a.id, 'not-an-id'], [crypto.randomUUID()]]) {
      expect((await api.remove(ids)).code).toBe(Codes.DSM_TOKEN_NOT_FOUND.code);
    }
    expect((await api.update({ token_id: foreign.id, name: 'color/z' })).code).toBe(
      Codes.DSM_TOKEN_NOT_FOUND.code,
    );
    expect((await t.listed(member, dsm)).length).toBe(3);
    expect((await api.remove([b.id])).code).toBe(OK);
    expect((await t.listed(member, dsm)).map((token) => [token.id, token.order])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
  });
});

describe('who may use the tokens', () => {
  it('lets viewers read but not change, and hides the set from other teams and plain projects', async () => {
    const dsm = await t.newDsm();
    const { viewer, stranger, member } = t.world;
    const [token] = await t.created(member, dsm, [color('color/a', '#111111')]);
    const asViewer = t.tokenApi(viewer, dsm);
    expect((await asViewer.list()).code).toBe(OK);
    expect((await asViewer.create([color('color/b', '#000000')])).code).toBe(Codes.NO_PERMISSION.code);
    expect((await asViewer.update({ token_id: token.id, name: 'color/b' })).code).toBe(
      Codes.NO_PERMISSION.code,
    );
    expect((await asViewer.remove([token.id])).code).toBe(Codes.NO_PERMISSION.code);
    expect((await asViewer.imported('{}')).code).toBe(Codes.NO_PERMISSION.code);
    const asStranger = t.tokenApi(stranger, dsm);
    expect((await asStranger.list()).code).toBe(Codes.DSM_PROJECT_NOT_FOUND.code);
    expect((await asStranger.create([color('color/b', '#000000')])).code).toBe(
      Codes.DSM_PROJECT_NOT_FOUND.code,
    );
    const plain = await t.newProject();
    expect((await t.tokenApi(member, plain).list()).code).toBe(Codes.DSM_PROJECT_NOT_FOUND.code);
    expect((await t.tokenApi(member, plain).create([color('color/b', '#000000')])).code).toBe(
      Codes.DSM_PROJECT_NOT_FOUND.code,
    );
  });

  it('answers 19117 for every token call while the team has its design system off', async () => {
    const dsm = await t.newDsm();
    const { member } = t.world;
    const [token] = await t.created(member, dsm, [color('color/a', '#111111')]);
    await t.switchDsm(false);
    try {
      const api = t.tokenApi(member, dsm);
      const answers = [
        await api.list(),
        await api.create([color('color/b', '#000000')]),
        await api.update({ token_id: token.id, name: 'color/b' }),
        await api.remove([token.id]),
        await api.exported('css'),
        await api.imported('{}'),
      ];
      for (const answer of answers) expect(answer.code).toBe(Codes.DSM_SWITCHED_OFF.code);
    } finally {
      await t.switchDsm(true);
    }
    const rows = await t.server.ctx.db.select().from(dsmTokens).where(eq(dsmTokens.projectId, dsm));
    expect(rows.map((row) => row.name)).toEqual(['color/a']);
  });
});
