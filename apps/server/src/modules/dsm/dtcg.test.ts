import { Codes, DTCG_TYPE_OF, SWIFT_TOKENS_CLASS, type TokenExport, tokenNames } from '@ferry/shared';
import postcss from 'postcss';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OK } from '../comments/fixtures.js';
import { unzipFiles } from '../inspect/zip.js';
import { color, everyKind, startTokensWorld, type TokensWorld } from './tokens.fixture.js';

/** Design tokens out as W3C DTCG JSON, CSS, SCSS, Android resources and Swift, and back in from DTCG. */

let t: TokensWorld;
let dsm: string;
beforeAll(async () => {
  t = await startTokensWorld();
  dsm = await t.newDsm('Kit');
  await t.created(t.world.member, dsm, everyKind);
});
afterAll(() => t.server.close());

const exported = async (format: string) => {
  const answer = await t.tokenApi(t.world.viewer, dsm).exported(format);
  expect(answer.code, answer.msg).toBe(OK);
  return answer.result as Extract<TokenExport, { content: string }>;
};

type Tree = { [key: string]: unknown };
/** Every token of a DTCG tree with the `$type` it has or inherits. */
function dtcgTokens(
  tree: Tree,
  path: string[] = [],
  inherited?: string,
): { path: string; type?: string; node: Tree }[] {
  const type = (tree.$type as string | undefined) ?? inherited;
  if ('$value' in tree) return [{ path: path.join('/'), type, node: tree }];
  return Object.entries(tree)
    .filter(([key]) => !key.startsWith('$'))
    .flatMap(([key, child]) => dtcgTokens(child as Tree, [...path, key], type));
}

describe('export', () => {
  it('writes DTCG: nested groups, a $type for every token, its $value, description and kind', async () => {
    const file = await exported('dtcg');
    expect(file).toMatchObject({ format: 'dtcg', name: 'tokens.json', mime: 'application/json' });
    const tree = JSON.parse(file.content);
    expect(Object.keys(tree)).toEqual(['color', 'font', 'radius', 'space', 'shadow', 'border']);
    const tokens = dtcgTokens(tree);
    expect(tokens.map((token) => token.path)).toEqual(everyKind.map((token) => token.name));
    for (const [index, token] of tokens.entries()) {
      const kind = everyKind[index].kind as keyof typeof DTCG_TYPE_OF;
      expect(token.type).toBe(DTCG_TYPE_OF[kind]);
      expect(token.node.$value).toBeDefined();
      expect(token.node.$extensions).toEqual({ 'app.ferry': { kind } });
    }
    expect(tree.color.brand.primary).toMatchObject({ $value: '#3366cc', $description: 'Links and buttons' });
    expect(tree.font.body.$value).toEqual({
      fontFamily: 'Helvetica Neue',
      fontSize: '16px',
      fontWeight: 400,
      lineHeight: 1.5,
    });
  });

  it('writes CSS and SCSS that parse, with the shared names and values', async () => {
    const css = await exported('css');
    expect(css.name).toBe('tokens.css');
    const declarations: Record<string, string> = {};
    postcss.parse(css.content).walkDecls((decl) => {
      declarations[decl.prop] = decl.value;
    });
    expect(Object.keys(declarations)).toEqual(everyKind.map((token) => tokenNames.css(token.name)));
    expect(declarations['--color-brand-primary']).toBe('#3366cc');
    expect(declarations['--font-body']).toBe('400 16px/1.5 "Helvetica Neue"');
    expect(declarations['--radius-card']).toBe('8px');
    expect(declarations['--shadow-pressed']).toBe('inset 0px 1px 2px 0px #0000001a');
    expect(declarations['--border-field']).toBe('1px solid #a2a9b1');
    const scss = await exported('scss');
    expect(scss.name).toBe('_tokens.scss');
    const lines = scss.content.split('\n').filter((line) => line.startsWith('$'));
    expect(lines.map((line) => line.split(':')[0])).toEqual(
      everyKind.map((token) => tokenNames.scss(token.name)),
    );
    for (const line of lines) expect(line).toMatch(/^\$[a-z0-9-]+: [^;]+;$/);
  });

  it('writes well-formed Android resources: ARGB colours, dp dimensions, text styles in sp', async () => {
    const android = await exported('android');
    expect(android.name).toBe('colors.xml');
    type Element = { name: string; attributes: Record<string, string>; text: string };
    const elements: Element[] = [];
    const open: Element[] = [];
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      const element = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: '' };
      elements.push(element);
      open.push(element);
    });
    parser.on('closetag', () => open.pop());
    parser.on('text', (text) => {
      if (open.length) open[open.length - 1].text += text;
    });
    parser.write(android.content).close();
    const named = (name: string) => elements.find((element) => element.attributes.name === name);
    expect(named(tokenNames.android('color/brand/primary', 'color'))).toMatchObject({
      name: 'color',
      text: '#FF3366CC',
    });
    expect(tokenNames.android('color/overlay', 'color')).toBe('overlay');
    expect(named('overlay')?.text).toBe('#80000000');
    expect(named('radius_card')).toMatchObject({ name: 'dimen', text: '8dp' });
    expect(named('space_2')).toMatchObject({ name: 'dimen', text: '16dp' });
    expect(named('font_body')?.name).toBe('style');
    expect(named('android:textSize')?.text).toBe('16sp');
  });

  it('writes a Swift type of the tokens', async () => {
    const swift = await exported('ios');
    expect(swift.name).toBe(`${SWIFT_TOKENS_CLASS}.swift`);
    expect(swift.content).toContain(`public final class ${SWIFT_TOKENS_CLASS} {`);
    for (const token of everyKind)
      expect(swift.content).toContain(`static let ${tokenNames.swift(token.name)}:`);
    expect(swift.content).toContain(
      'colorBrandPrimary: UIColor = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)',
    );
    expect(swift.content).toContain('radiusCard: CGFloat = 8');
  });

  it('puts every file in one ZIP kept with the project, behind a signed URL', async () => {
    const answer = await t.tokenApi(t.world.viewer, dsm).exported('zip');
    expect(answer.code, answer.msg).toBe(OK);
    expect(answer.result).toMatchObject({ format: 'zip', name: 'Kit-tokens.zip' });
    const response = await t.server.app.inject({ method: 'GET', url: answer.result.url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(answer.result.size);
    const files = unzipFiles(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      ['tokens.json', 'tokens.css', '_tokens.scss', 'colors.xml', 'FerryTokens.swift'].sort(),
    );
    expect(files['tokens.css'].toString()).toBe((await exported('css')).content);
  });
});

describe('import', () => {
  it('reads its own export back to the same names, kinds and values', async () => {
    const file = await exported('dtcg');
    const copy = await t.newDsm();
    const answer = await t.tokenApi(t.world.member, copy).imported(file.content);
    expect(answer.code, answer.msg).toBe(OK);
    expect(answer.result).toEqual({ created: everyKind.length, updated: 0, removed: 0 });
    const strip = (
      tokens: { name: string; kind: string; value: unknown; description: string; order: number }[],
    ) =>
      tokens.map(({ name, kind, value, description, order }) => ({ name, kind, value, description, order }));
    expect(strip(await t.listed(t.world.member, copy))).toEqual(strip(await t.listed(t.world.member, dsm)));
    const again = await t.tokenApi(t.world.member, copy).imported(file.content);
    expect(again.result).toEqual({ created: 0, updated: 0, removed: 0 });
  });

  it('merges by name, or replaces the set', async () => {
    const set = await t.newDsm();
    await t.created(t.world.member, set, [color('color/a', '#111111'), color('color/b', '#222222')]);
    const file = JSON.stringify({
      color: { $type: 'color', b: { $value: '#333333' }, c: { $value: '#444444' } },
    });
    const merged = await t.tokenApi(t.world.member, set).imported(file, 'merge');
    expect(merged.result).toEqual({ created: 1, updated: 1, removed: 0 });
    const names = async () =>
      (await t.listed(t.world.member, set)).map((token) => [token.name, token.value, token.order]);
    expect(await names()).toEqual([
      ['color/a', '#111111', 1],
      ['color/b', '#333333', 2],
      ['color/c', '#444444', 3],
    ]);
    const replaced = await t.tokenApi(t.world.member, set).imported(file, 'replace');
    expect(replaced.result).toEqual({ created: 0, updated: 0, removed: 1 });
    expect(await names()).toEqual([
      ['color/b', '#333333', 1],
      ['color/c', '#444444', 2],
    ]);
  });

  it('reads a Tokens Studio file: types on groups, aliases, rgba colours, rem, radius by path', async () => {
    const studio = {
      global: {
        colors: {
          $type: 'color',
          blue: { $value: '#0057B7' },
          scrim: { $value: 'rgba(0, 0, 0, 0.5)' },
          primary: { $value: '{global.colors.blue}', $description: 'Brand' },
        },
        borderRadius: { $type: 'dimension', lg: { $value: '0.5rem' } },
        spacing: { $type: 'dimension', md: { $value: { value: 12, unit: 'px' } } },
        fontFamilies: { body: { $value: 'Inter', $type: 'fontFamily' } },
        type: {
          body: {
            $type: 'typography',
            $value: {
              fontFamily: '{global.fontFamilies.body}',
              fontSize: '16px',
              fontWeight: 'Bold',
              lineHeight: '24px',
            },
          },
        },
      },
      $themes: [],
      $metadata: { tokenSetOrder: ['global'] },
    };
    const set = await t.newDsm();
    const answer = await t.tokenApi(t.world.member, set).imported(JSON.stringify(studio, null, 2));
    expect(answer.code, answer.msg).toBe(OK);
    const tokens = await t.listed(t.world.member, set);
    expect(tokens.map((token) => [token.name, token.kind, token.value])).toEqual([
      ['global/colors/blue', 'color', '#0057b7'],
      ['global/colors/scrim', 'color', '#00000080'],
      ['global/colors/primary', 'color', '#0057b7'],
      ['global/borderRadius/lg', 'radius', '8px'],
      ['global/spacing/md', 'spacing', '12px'],
      [
        'global/type/body',
        'typography',
        { fontFamily: 'Inter', fontSize: '16px', fontWeight: 700, lineHeight: 1.5 },
      ],
    ]);
  });

  it('refuses a broken file with its line, column and path, in both languages, changing nothing', async () => {
    const set = await t.newDsm();
    await t.created(t.world.member, set, [color('color/a', '#111111')]);
    const api = t.tokenApi(t.world.member, set);
    const cases: [string, { line: number; column: number; path: string }, RegExp][] = [
      [
        '{\n  "color": {\n    "a": { "$value": "#000000" },\n  }\n}',
        { line: 4, column: 3, path: '' },
        /not valid JSON/,
      ],
      ['{\n  // note\n  "a": {}\n}', { line: 2, column: 3, path: '' }, /not valid JSON/],
      [
        '{\n  "color": {\n    "a": { "$type": "color" }\n  }\n}',
        { line: 3, column: 10, path: 'color.a' },
        /needs \$value/,
      ],
      ['{\n  "a": { "$value": "#000000" }\n}', { line: 2, column: 8, path: 'a' }, /no \$type/],
      [
        '{\n  "c.d": { "$type": "color", "$value": "#000" }\n}',
        { line: 2, column: 3, path: 'c.d' },
        /cannot contain/,
      ],
      [
        '{\n  "c": { "$type": "color", "$value": "{x.y}" }\n}',
        { line: 2, column: 38, path: 'c' },
        /x\.y does not exist/,
      ],
      [
        '{\n  "a": { "$type": "color", "$value": "{b}" },\n  "b": { "$type": "color", "$value": "{a}" }\n}',
        { line: 2, column: 38, path: 'a' },
        /loop/,
      ],
      [
        '{\n  "c": { "$type": "color", "$value": "blue-ish" }\n}',
        { line: 2, column: 38, path: 'c' },
        /not a colour/,
      ],
      [
        '{\n  "c": { "$type": "duration2", "$value": "1s" }\n}',
        { line: 2, column: 8, path: 'c' },
        /not supported/,
      ],
      [
        '{\n  "c": { "$type": "dimension", "$value": "2em" }\n}',
        { line: 2, column: 42, path: 'c' },
        /px or rem/,
      ],
      ['{\n  "c": "#000000"\n}', { line: 2, column: 8, path: 'c' }, /should be a token/],
      [
        '{\n  "c": { "$type": "color", "$value": "#000", "d": {} }\n}',
        { line: 2, column: 46, path: 'c' },
        /cannot hold tokens/,
      ],
    ];
    for (const [content, where, why] of cases) {
      const answer = await api.imported(content, 'replace');
      expect(answer.code, content).toBe(Codes.DSM_IMPORT_INVALID.code);
      expect(answer.result, content).toEqual(where);
      expect(answer.msg, content).toMatch(why);
      expect(answer.msg).toContain(`line ${where.line}, column ${where.column}`);
    }
    const zh = await t.world.server.app.inject({
      method: 'POST',
      url: '/api/project/dsm_token/import',
      headers: {
        authorization: `Basic ${Buffer.from(`${t.world.member.token}:`).toString('base64')}`,
        'accept-language': 'zh-CN',
      },
      payload: { project_id: set, content: cases[0][0] },
    });
    expect(zh.json().msg).toMatch(/^令牌文件无效（第 4 行第 3 列）/);
    expect((await t.listed(t.world.member, set)).map((token) => token.name)).toEqual(['color/a']);
  });
});
