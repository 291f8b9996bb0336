import { Codes, SEARCH_KINDS, SearchLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsOnce } from '../../jobs/worker.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { users } from '../account/tables.js';
import { buildWorld, newDesign, newProject, OK, reply, thread, type World } from '../comments/fixtures.js';
import { pin } from '../documents/comment-fixtures.js';
import { added, samplePdf } from '../documents/fixtures.js';
import { fixture, hitsOf, labels, search, textLayerId, uploadFile } from './fixtures.js';

/** Global search for a team's member: what it finds, how it ranks and pages, and the input it refuses. */

let server: TestServer;
let world: World;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
  projectId = await newProject(world);
});
afterAll(() => server.close());

const fetchOk = (url: string) => server.app.inject({ method: 'GET', url });

const find = (params: Record<string, string | number | boolean | undefined>) =>
  hitsOf(world.member, world, params);

async function renameProject(id: string, name: string) {
  const answer = await world.owner.api.put('/api/project/project_info', {
    team_id: world.team.id,
    project_id: id,
    name,
  });
  expect(answer.code, answer.msg).toBe(OK);
}

/** A PDF of the sample page, then a page of its own words: a keyword found on page 2 only. */
async function pdfWithSecondPage(words: string) {
  const out = await PDFDocument.create();
  const [first] = await out.copyPages(await PDFDocument.load(samplePdf), [0]);
  out.addPage(first);
  const font = await out.embedFont(StandardFonts.Helvetica);
  out.addPage([400, 300]).drawText(words, { x: 40, y: 150, size: 18, font });
  return Buffer.from(await out.save());
}

describe('what it finds', { timeout: 120_000 }, () => {
  it('finds every kind by name, and each type keeps to its kind', async () => {
    const own = await newProject(world);
    await renameProject(own, 'MeridianLaunch');
    const folder = await world.owner.api.post('/api/project/folder', {
      team_id: world.team.id,
      name: 'Meridian',
    });
    expect(folder.code, folder.msg).toBe(OK);
    const section = await world.owner.api.post('/api/project/sector', {
      project_id: own,
      name: 'Meridian flows',
    });
    expect(section.code, section.msg).toBe(OK);
    const design = await newDesign(world, own, { name: 'Meridian home.png' });
    await added(world, world.owner, own, { name: 'Meridian spec.pdf', data: samplePdf });
    await thread(world.author, design, { content: 'The meridian line is too thin' });

    const all = await find({ keyword: 'meridian' });
    expect(new Set(all.map((hit) => hit.kind))).toEqual(new Set(SEARCH_KINDS));
    const project = all.find((hit) => hit.kind === 'project');
    expect(project).toMatchObject({
      id: own,
      title: 'MeridianLaunch',
      matched: 'name',
      title_marks: [[0, 8]],
    });
    expect(all.find((hit) => hit.kind === 'folder')).toMatchObject({ title: 'Meridian', project_id: null });
    expect(all.find((hit) => hit.kind === 'section')).toMatchObject({
      id: section.result.sector.id,
      project_id: own,
      project_name: 'MeridianLaunch',
    });
    for (const kind of SEARCH_KINDS) {
      const only = await find({ keyword: 'meridian', type: kind });
      expect(only.length, kind).toBeGreaterThan(0);
      expect(
        only.every((hit) => hit.kind === kind),
        kind,
      ).toBe(true);
    }
  });

  it('shows a project without a cover by its newest ready design, and a design by its own cover', async () => {
    const own = await newProject(world);
    await renameProject(own, 'Pictured');
    await newDesign(world, own, { name: 'Pictured home.png' });
    const before = await find({ keyword: 'pictured', type: 'project' });
    expect(before[0].thumbnail).toBe('');
    await runJobsOnce(server.ctx);
    const after = await find({ keyword: 'pictured' });
    const project = after.find((hit) => hit.kind === 'project');
    const design = after.find((hit) => hit.kind === 'image');
    expect(project?.thumbnail).toMatch(/^\/files\//);
    expect(design?.thumbnail).toMatch(/^\/files\//);
    expect((await fetchOk(project?.thumbnail ?? '')).statusCode).toBe(200);
  });

  it('finds a design by a Chinese text layer of a real PSD, naming the layer and marking the snippet', async () => {
    const ledger = await uploadFile(world, projectId, 'ledger.psd', fixture('agpsd-text-chinese.psd'));
    await runJobsOnce(server.ctx);
    const layerId = await textLayerId(world, ledger, '应收：2908');
    const [hit, ...rest] = await find({ keyword: '应收' });
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({
      kind: 'image',
      id: ledger.imageId,
      design_id: ledger.imageId,
      title: 'ledger',
      title_marks: [],
      matched: 'text',
      layer_id: layerId,
      snippet: '应收：2908',
      snippet_marks: [[0, 2]],
      project_id: projectId,
      in_trash: false,
    });
    // The layer equal to the keyword is the one named, among the design's other texts.
    expect((await find({ keyword: '3月' }))[0]).toMatchObject({
      layer_id: await textLayerId(world, ledger, '3月'),
      snippet: '3月',
    });
  });

  it('finds Cyrillic in names and text layers, Ё and Е alike', async () => {
    await newDesign(world, projectId, { name: 'Ёлка меню.png' });
    const picker = await uploadFile(
      world,
      projectId,
      'picker.svg',
      fixture('wikimediaui-language_selectors_states_expanded_layout_02.svg'),
    );
    await runJobsOnce(server.ctx);
    for (const keyword of ['ёлка', 'ЁЛКА', 'елка'])
      expect(await find({ keyword }), keyword).toMatchObject([{ title: 'Ёлка меню', title_marks: [[0, 4]] }]);
    const [byText] = await find({ keyword: 'РУССКИЙ' });
    expect(byText).toMatchObject({
      id: picker.imageId,
      matched: 'text',
      snippet: 'русский',
      snippet_marks: [[0, 7]],
    });
    expect(byText.layer_id).toBe(await textLayerId(world, picker, 'русский'));
  });

  it('ignores accents and case in Latin both ways', async () => {
    await newDesign(world, projectId, { name: 'Café terrace.png' });
    await newDesign(world, projectId, { name: 'ÉCOLE board.png' });
    await newDesign(world, projectId, { name: 'ecole plain.png' });
    for (const keyword of ['cafe', 'CAFÉ', 'Cafe'])
      expect(await find({ keyword }), keyword).toMatchObject([
        { title: 'Café terrace', title_marks: [[0, 4]] },
      ]);
    for (const keyword of ['ecole', 'École', 'ÉCOLE']) {
      const titles = labels(await find({ keyword, sort: 'name' }));
      expect(titles, keyword).toEqual(['image:ÉCOLE board', 'image:ecole plain']);
    }
  });

  it('finds texts holding every word of a keyword in any order, the whole phrase first', async () => {
    await newDesign(world, projectId, { name: 'Login button.png' });
    await newDesign(world, projectId, { name: 'Button for the login form.png' });
    await newDesign(world, projectId, { name: 'Login header.png' });
    const hits = await find({ keyword: 'button login', type: 'image' });
    expect(labels(hits)).toEqual(['image:Login button', 'image:Button for the login form']);
    expect(hits[0].title_marks).toEqual([
      [0, 5],
      [6, 12],
    ]);
    const phrase = await find({ keyword: 'login button', type: 'image' });
    expect(phrase[0]).toMatchObject({ title: 'Login button', title_marks: [[0, 12]] });
  });

  it('finds comments by their text, replies too, and by their author', async () => {
    const design = await newDesign(world, projectId, { name: 'Checkout.png' });
    await server.ctx.db
      .update(users)
      .set({ name: 'Zenobia Quartermaine' })
      .where(eq(users.id, world.author.id));
    const first = await thread(world.author, design, { content: 'Кнопка слишком мала' });
    const answer = await reply(world.member, design, first.id, { content: 'Увеличим кнопку' });
    const hits = await find({ keyword: 'кнопк', type: 'comment', sort: 'recent' });
    expect(hits).toMatchObject([
      {
        id: answer.id,
        thread_id: first.id,
        matched: 'content',
        snippet: 'Увеличим кнопку',
        snippet_marks: [[9, 14]],
      },
      {
        id: first.id,
        thread_id: first.id,
        title: 'Checkout',
        design_id: design.imageId,
        snippet_marks: [[0, 5]],
      },
    ]);
    const byAuthor = await find({ keyword: 'quartermaine', type: 'comment', pageSize: 50 });
    expect(byAuthor.map((hit) => hit.id)).toContain(first.id);
    expect(byAuthor.find((hit) => hit.id === first.id)).toMatchObject({
      matched: 'author',
      author: 'Zenobia Quartermaine',
      snippet: 'Кнопка слишком мала',
    });
    expect(byAuthor.map((hit) => hit.id)).not.toContain(answer.id);
  });

  it('finds a document by name and by the page its text is on, and a comment on a document', async () => {
    const byName = await added(world, world.owner, projectId, {
      name: 'Quokka brandbook.pdf',
      data: samplePdf,
    });
    const byPage = await added(world, world.owner, projectId, {
      name: 'Tariffs.pdf',
      data: await pdfWithSecondPage('The wombat tariff applies'),
    });
    await runJobsOnce(server.ctx);
    expect(await find({ keyword: 'quokka' })).toMatchObject([
      { kind: 'product', id: byName.id, doc_id: byName.id, matched: 'name' },
    ]);
    expect(await find({ keyword: 'WOMBAT' })).toMatchObject([
      {
        kind: 'product',
        id: byPage.id,
        matched: 'page',
        page: 2,
        version_id: byPage.version_id,
        snippet_marks: [[4, 10]],
      },
    ]);
    const note = await pin(
      world.author,
      { projectId, docId: byPage.id, versionIds: [byPage.version_id] },
      { content: 'Numbat margin' },
    );
    expect(await find({ keyword: 'numbat' })).toMatchObject([
      { kind: 'comment', id: note.id, doc_id: byPage.id, design_id: null, page: 1, title: byPage.name },
    ]);
  });
});

describe('ranking and pages', { timeout: 120_000 }, () => {
  it('ranks the equal name first, then names starting with it, then containing it; sorts by name and by time', async () => {
    const own = await newProject(world);
    for (const name of ['zebra kite.png', 'Kite board.png', 'big apple kite.png', 'Kite.png'])
      await newDesign(world, own, { name });
    const params = { keyword: 'kite', project_id: own };
    // Among names containing it, the one it covers more of comes first, though older.
    expect(labels(await find(params))).toEqual([
      'image:Kite',
      'image:Kite board',
      'image:zebra kite',
      'image:big apple kite',
    ]);
    expect(labels(await find({ ...params, sort: 'name' }))).toEqual([
      'image:big apple kite',
      'image:Kite',
      'image:Kite board',
      'image:zebra kite',
    ]);
    expect(labels(await find({ ...params, sort: 'recent' }))).toEqual([
      'image:Kite',
      'image:big apple kite',
      'image:Kite board',
      'image:zebra kite',
    ]);
  });

  it('pages with has_next, and serves at most pageSizeMax a page', async () => {
    const design = await newDesign(world, projectId, { name: 'Lanterns.png' });
    const count = SearchLimits.pageSizeMax + 5;
    for (let n = 0; n < count; n++) await thread(world.author, design, { content: `Lantern note ${n}` });
    const pageOf = async (pageNo: number, pageSize: number) => {
      const answer = await search(world.member, world, { keyword: 'lantern note', pageNo, pageSize });
      expect(answer.code, answer.msg).toBe(OK);
      return answer.result;
    };
    const [one, two, three] = [await pageOf(1, 25), await pageOf(2, 25), await pageOf(3, 25)];
    expect([one.list.length, two.list.length, three.list.length]).toEqual([25, 25, 5]);
    expect([one.has_next, two.has_next, three.has_next]).toEqual([true, true, false]);
    expect(two).toMatchObject({ pageNo: 2, pageSize: 25 });
    const ids = [...one.list, ...two.list, ...three.list].map((hit) => hit.id);
    expect(new Set(ids).size).toBe(count);
    const capped = await pageOf(1, SearchLimits.pageSizeMax + 10);
    expect(capped).toMatchObject({ pageSize: SearchLimits.pageSizeMax, has_next: true });
    expect(capped.list).toHaveLength(SearchLimits.pageSizeMax);
    expect((await pageOf(1, 1)).list).toHaveLength(1);
    expect((await search(world.member, world, { keyword: 'lantern note' })).result.list).toHaveLength(
      SearchLimits.pageSize,
    );
  });
});

describe('changes take effect at once', { timeout: 60_000 }, () => {
  it('finds a renamed design by its new name only', async () => {
    const design = await newDesign(world, projectId, { name: 'Pelican.png' });
    const renamed = await world.owner.api.put('/api/project/image', {
      project_id: projectId,
      images: [{ image_id: design.imageId, name: 'Flamingo' }],
    });
    expect(renamed.code, renamed.msg).toBe(OK);
    expect(await find({ keyword: 'pelican' })).toEqual([]);
    expect(await find({ keyword: 'flamingo' })).toMatchObject([{ id: design.imageId, title: 'Flamingo' }]);
  });

  it('finds nothing of a deleted project', async () => {
    const doomed = await newProject(world);
    await renameProject(doomed, 'Ozymandias');
    const design = await newDesign(world, doomed, { name: 'Ozymandias hero.png' });
    await thread(world.author, design, { content: 'Ozymandias remark' });
    await world.owner.api.post('/api/project/sector', { project_id: doomed, name: 'Ozymandias part' });
    expect(await find({ keyword: 'ozymandias' })).toHaveLength(4);
    const deleted = await world.owner.api.delete('/api/project/project_info', {
      team_id: world.team.id,
      project_id: doomed,
      p_name: 'Ozymandias',
    });
    expect(deleted.code, deleted.msg).toBe(OK);
    expect(await find({ keyword: 'ozymandias' })).toEqual([]);
  });
});

describe('input it refuses', () => {
  const refusals: [string, Record<string, string | number>, string, string][] = [
    ['an empty keyword', { keyword: '' }, 'Enter a keyword to search for', '请输入搜索关键词'],
    ['no keyword', {}, 'Enter a keyword to search for', '请输入搜索关键词'],
    ['a blank keyword', { keyword: '   ' }, 'Enter a keyword to search for', '请输入搜索关键词'],
    [
      'a keyword too long',
      { keyword: 'x'.repeat(SearchLimits.keywordMaxLength + 1) },
      `A search keyword can have at most ${SearchLimits.keywordMaxLength} characters`,
      `搜索关键词不能超过 ${SearchLimits.keywordMaxLength} 个字符`,
    ],
    ['an unknown type', { keyword: 'a', type: 'user' }, 'Invalid input: type', '参数错误：type'],
    ['an unknown sort', { keyword: 'a', sort: 'size' }, 'Invalid input: sort', '参数错误：sort'],
    [
      'page 0',
      { keyword: 'a', pageNo: 0 },
      'Page numbers and page sizes must be whole numbers',
      '页码和每页数量须为',
    ],
  ];
  it.each(refusals)('refuses %s with 19001 in English and Chinese', async (_, params, en, zh) => {
    const english = await search(world.member, world, params);
    expect(english.code).toBe(Codes.INVALID_INPUT.code);
    expect(english.msg.startsWith(en), english.msg).toBe(true);
    const chinese = await search({ api: asUser(server.app, world.member.token, 'zh-CN') }, world, params);
    expect(chinese.code).toBe(Codes.INVALID_INPUT.code);
    expect(chinese.msg.startsWith(zh), chinese.msg).toBe(true);
  });

  it('accepts a keyword of exactly the longest length', async () => {
    const answer = await search(world.member, world, { keyword: 'x'.repeat(SearchLimits.keywordMaxLength) });
    expect(answer.code, answer.msg).toBe(OK);
  });

  it('matches %, _ and \\ literally, never as patterns', async () => {
    const design = await newDesign(world, projectId, { name: 'Wildcards.png' });
    const texts = ['rate 100% now', 'rate 1000 now', 'snake_case', 'snakeXcase', 'C:\\temp', 'C:temp'];
    for (const content of texts) await thread(world.author, design, { content });
    const found = async (keyword: string) =>
      (await find({ keyword, type: 'comment', project_id: projectId })).map((hit) => hit.snippet);
    expect(await found('100%')).toEqual(['rate 100% now']);
    expect(await found('snake_case')).toEqual(['snake_case']);
    expect(await found(':\\t')).toEqual(['C:\\temp']);
    expect(await found('%')).toEqual(['rate 100% now']);
  });
});
