import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Codes, type TokenExport, tokenNames } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OK } from '../comments/fixtures.js';
import { color, startTokensWorld, type TokensWorld } from './tokens.fixture.js';

/**
 * What the token calls refuse so that every export stays right and the server stays whole: names two
 * platforms would write alike, names that are JavaScript's own machinery, files built to exhaust the
 * parser, values Style Dictionary would read as references; and the export ZIP kept once per project.
 */

let t: TokensWorld;
beforeAll(async () => {
  t = await startTokensWorld();
});
afterAll(() => t.server.close());

const spacing = (name: string, value: string) => ({ name, kind: 'spacing', value });
const typography = (name: string, fontFamily: string) => ({
  name,
  kind: 'typography',
  value: { fontFamily, fontSize: '14px', fontWeight: 400 },
});

async function exported(projectId: string, format: string) {
  const answer = await t.tokenApi(t.world.member, projectId).exported(format);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result as Extract<TokenExport, { content: string }>;
}

/** The answer's message in Chinese, for the same call. */
async function inChinese(url: string, payload: Record<string, unknown>) {
  const response = await t.server.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Basic ${Buffer.from(`${t.world.member.token}:`).toString('base64')}`,
      'accept-language': 'zh-CN',
    },
    payload,
  });
  return response.json() as { code: string; msg: string };
}

describe('export names', () => {
  it('writes every platform under the shared tokenNames, digits and nesting included', async () => {
    const set = await t.newDsm();
    await t.created(t.world.member, set, [
      color('color/brand/primary', '#3366cc'),
      spacing('spacing/2xl', '48px'),
    ]);
    const css = (await exported(set, 'css')).content;
    const scss = (await exported(set, 'scss')).content;
    const android = (await exported(set, 'android')).content;
    const swift = (await exported(set, 'ios')).content;
    expect(tokenNames.css('spacing/2xl')).toBe('--spacing-2xl');
    expect(css).toContain(`  ${tokenNames.css('color/brand/primary')}: #3366cc;`);
    expect(css).toContain(`  ${tokenNames.css('spacing/2xl')}: 48px;`);
    expect(scss).toContain(`${tokenNames.scss('color/brand/primary')}: #3366cc;`);
    expect(scss).toContain(`${tokenNames.scss('spacing/2xl')}: 48px;`);
    expect(android).toContain(
      `<color name="${tokenNames.android('color/brand/primary', 'color')}">#FF3366CC</color>`,
    );
    expect(android).toContain(`<dimen name="${tokenNames.android('spacing/2xl', 'spacing')}">48dp</dimen>`);
    expect(swift).toContain(`static let ${tokenNames.swift('color/brand/primary')}: UIColor`);
    expect(swift).toContain(`static let ${tokenNames.swift('spacing/2xl')}: CGFloat = 48`);
  });

  it('refuses two tokens one platform would name alike (19119), naming both in both languages', async () => {
    const set = await t.newDsm();
    const api = t.tokenApi(t.world.member, set);
    const together = await api.create([color('brand-primary', '#111111'), color('brandPrimary', '#222222')]);
    expect(together.code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    expect(together.msg).toContain('"brand-primary" and "brandPrimary"');
    expect(together.msg).toContain('--brand-primary');
    const zh = await inChinese('/api/project/dsm_token', {
      project_id: set,
      tokens: [color('brand-primary', '#111111'), color('brandPrimary', '#222222')],
    });
    expect(zh.msg).toContain('“brand-primary”和“brandPrimary”');

    const [ab] = await t.created(t.world.member, set, [color('a/b', '#111111')]);
    expect((await api.create([color('a-b', '#222222')])).code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    // Only Swift joins `a/1b` and `a1b` alike; only Android drops a colour's leading `color`.
    const swiftOnly = await api.create([spacing('gap/1b', '1px'), spacing('gap1b', '2px')]);
    expect(swiftOnly.msg).toContain('Swift');
    const androidOnly = await api.create([color('color/primary', '#000000'), color('primary', '#ffffff')]);
    expect(androidOnly.msg).toContain('Android');
    // Android keeps a colour and a dimension of one name apart: no clash there.
    await t.created(t.world.member, set, [color('color/accent', '#ff0000'), spacing('accent', '4px')]);

    const [other] = await t.created(t.world.member, set, [color('c/d', '#333333')]);
    const renamed = await api.update({ token_id: other.id, name: 'aB' });
    expect(renamed.code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    expect(renamed.msg).toContain('"a/b" and "aB"');
    // Renaming a token to a spelling of its own platform name is no clash with itself.
    expect((await api.update({ token_id: ab.id, name: 'aB' })).code).toBe(OK);

    const file = JSON.stringify({
      x: { $type: 'color', y: { $value: '#000000' } },
      'x-y': { $type: 'color', $value: '#fff' },
    });
    const imported = await api.imported(file);
    expect(imported.code).toBe(Codes.DSM_TOKEN_NAME_EXISTS.code);
    expect(imported.msg).toContain('x/y');
    expect((await t.listed(t.world.member, set)).map((token) => token.name)).toEqual([
      'aB',
      'color/accent',
      'accent',
      'c/d',
    ]);
  });
});

describe('names and values that are JavaScript’s or Style Dictionary’s own', () => {
  it('refuses __proto__, constructor and prototype as parts of a name, leaving objects as they were', async () => {
    const set = await t.newDsm();
    const api = t.tokenApi(t.world.member, set);
    for (const name of ['__proto__/polluted', 'a/constructor', 'prototype']) {
      expect((await api.create([color(name, '#000000')])).code, name).toBe(Codes.INVALID_INPUT.code);
    }
    const file = '{\n  "__proto__": {\n    "polluted": { "$type": "color", "$value": "#000000" }\n  }\n}';
    const answer = await api.imported(file);
    expect(answer.code).toBe(Codes.DSM_IMPORT_INVALID.code);
    expect(answer.result).toEqual({ line: 3, column: 17, path: '__proto__.polluted' });
    const weight = await api.imported(
      JSON.stringify({
        f: { $type: 'typography', $value: { fontFamily: 'A', fontSize: '4px', fontWeight: 'constructor' } },
      }),
    );
    expect(weight.code).toBe(Codes.DSM_IMPORT_INVALID.code);
    expect(weight.msg).toMatch(/font weight/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await t.listed(t.world.member, set)).toEqual([]);
  });

  it('exports values holding braces as they are: Style Dictionary never reads them as references', async () => {
    const set = await t.newDsm();
    await t.created(t.world.member, set, [
      { ...typography('font/odd', '{brand}'), description: 'See {font.two}' },
      typography('font/two', 'A\\B\nC'),
    ]);
    const css = (await exported(set, 'css')).content;
    expect(css).toContain('--font-odd: 400 14px "{brand}";');
    expect(css).toContain('--font-two: 400 14px "A\\\\B\\a C";');
    expect((await exported(set, 'ios')).content).toContain('UIFont(name: "{brand}"');
  });
});

describe('import limits', () => {
  it('refuses files nested past the limit and alias chains past theirs, with where', async () => {
    const set = await t.newDsm();
    const api = t.tokenApi(t.world.member, set);
    const deep = `{\n  "a": ${'['.repeat(200_000)}${']'.repeat(200_000)}\n}`;
    const tooDeep = await api.imported(deep);
    expect(tooDeep.code).toBe(Codes.DSM_IMPORT_INVALID.code);
    expect(tooDeep.result).toEqual({ line: 2, column: 39, path: '' });

    const chain: Record<string, unknown> = { t0: { $type: 'color', $value: '#000000' } };
    for (let n = 1; n <= 40; n += 1) chain[`t${n}`] = { $value: `{t${n - 1}}` };
    const reversed = Object.fromEntries(Object.entries(chain).reverse());
    const long = await api.imported(JSON.stringify(reversed, null, 1));
    expect(long.code).toBe(Codes.DSM_IMPORT_INVALID.code);
    expect(long.msg).toMatch(/chain more than 32/);
  });

  it('resolves aliases once each: doubling lists level after level answer at once', async () => {
    const set = await t.newDsm();
    const bomb: Record<string, unknown> = { f0: { $type: 'fontFamily', $value: 'Inter' } };
    for (let n = 1; n <= 30; n += 1)
      bomb[`f${n}`] = { $type: 'fontFamily', $value: [`{f${n - 1}}`, `{f${n - 1}}`] };
    bomb.body = { $type: 'typography', $value: { fontFamily: '{f30}', fontSize: '14px', fontWeight: 400 } };
    const started = Date.now();
    const answer = await t.tokenApi(t.world.member, set).imported(JSON.stringify(bomb));
    // Written out, f30 would be 2^30 names; shared, it is read at once and refused for what it is.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.code).toBe(Codes.DSM_IMPORT_INVALID.code);
    expect(answer.msg).toMatch(/lacks a font family/);
  });

  it('refuses more tokens than a set holds (19122), and takes a file past the 1 MiB body limit', async () => {
    const set = await t.newDsm();
    const api = t.tokenApi(t.world.member, set);
    const many: Record<string, unknown> = { $type: 'dimension' };
    for (let n = 0; n <= 2_000; n += 1) many[`s${n}`] = { $value: `${n}px` };
    expect((await api.imported(JSON.stringify({ space: many }))).code).toBe(Codes.DSM_LIMIT.code);
    const padded = `${JSON.stringify({ c: { $type: 'color', $value: '#123456' } })}${' '.repeat(1_500_000)}`;
    const big = await api.imported(padded);
    expect(big.code, big.msg).toBe(OK);
    expect(big.result).toEqual({ created: 1, updated: 0, removed: 0 });
  });

  it('deletes tokens named comma-joined in the query', async () => {
    const set = await t.newDsm();
    const made = await t.created(t.world.member, set, [color('a', '#000000'), color('b', '#111111')]);
    const answer = await t.world.member.api.delete(
      `/api/project/dsm_token?project_id=${set}&token_ids=${made.map((token) => token.id).join(',')}`,
    );
    expect(answer.code, answer.msg).toBe(OK);
    expect(await t.listed(t.world.member, set)).toEqual([]);
  });
});

describe('the export ZIP', () => {
  it('is made once per set of tokens, replaces the last one, and goes with the project', async () => {
    const set = await t.newDsm('ZipKit');
    await t.created(t.world.member, set, [color('a', '#000000')]);
    const folder = path.join(t.server.ctx.config.dataDir, 'files', 'project-files', set, 'dsm-tokens');
    const kept = () => (existsSync(folder) ? readdirSync(folder) : []);
    const zip = async () =>
      (await t.tokenApi(t.world.member, set).exported('zip')).result as { url: string; size: number };
    const first = await zip();
    const [stored] = kept();
    expect((await zip()).size).toBe(first.size);
    expect(kept()).toEqual([stored]);
    await t.created(t.world.member, set, [color('b', '#111111')]);
    await zip();
    expect(kept()).toHaveLength(1);
    expect(kept()[0]).not.toBe(stored);
    const deleted = await t.world.owner.api.delete('/api/project/project_info', {
      team_id: t.world.team.id,
      project_id: set,
      p_name: 'ZipKit',
    });
    expect(deleted.code, deleted.msg).toBe(OK);
    expect(kept()).toEqual([]);
  });
});
