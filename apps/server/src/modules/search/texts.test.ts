import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  findLayer,
  LAYER_DOC_VERSION,
  type LayerDoc,
  plainLayer,
  SearchLimits,
  walkLayers,
} from '@ferry/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli.js';
import { importLayers } from '../../design/import.js';
import { purgeTrash } from '../../jobs/purge-trash.js';
import { runJobsOnce } from '../../jobs/worker.js';
import { progressBar } from '../../progress.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { fetchUptoken, postToStorage, uploadDesigns } from '../../test/uploads.js';
import { designs, designVersions } from '../designs/tables.js';
import { layerTexts } from './tables.js';
import { layerTextsOf } from './texts.js';

/** Real design files made by other people (apps/server/test-data/SOURCES.md). */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../test-data', name));
/** A Sketch export of a language picker: Chinese, Cyrillic, Korean, Hindi … text layers. */
const languages = () => fixture('wikimediaui-language_selectors_states_expanded_layout_02.svg');
/** A PSD whose one text layer has three lines. */
const threeLines = () => fixture('psdtools-text.psd');

const textLayer = (id: string, content: string, visible = true) =>
  plainLayer(
    id,
    id,
    'text',
    { x: 0, y: 0, width: 10, height: 10 },
    {
      visible,
      text: { content, align: 'left', runs: [] },
    },
  );
const docOf = (layers: LayerDoc['layers']): LayerDoc => ({
  version: LAYER_DOC_VERSION,
  source: 'psd',
  width: 100,
  height: 100,
  layers,
});

describe('layerTextsOf', () => {
  it('keeps the visible texts of a real design in document order, Chinese and Cyrillic included', async () => {
    const doc = await importLayers(languages(), 'svg');
    const texts = layerTextsOf(doc);
    const inOrder = [...walkLayers(doc.layers)].filter((layer) => layer.type === 'text');
    expect(texts).toEqual(inOrder.map((layer) => ({ id: layer.id, text: layer.text?.content.trim() })));
    expect(texts.map((layer) => layer.text)).toEqual(expect.arrayContaining(['中文', '日本語', 'русский']));
    const at = (text: string) => texts.findIndex((layer) => layer.text === text);
    expect(at('中文')).toBeLessThan(at('русский'));
  });

  it("puts a PSD text's lines on one line, so the body's separator stays its own", async () => {
    const doc = await importLayers(threeLines(), 'psd');
    const text = [...walkLayers(doc.layers)].find((layer) => layer.type === 'text');
    expect(text?.text?.content).toContain('\n');
    expect(layerTextsOf(doc)).toEqual([{ id: text?.id, text: 'Line 1 Line 2 Line 3 and text' }]);
    const windows = docOf([textLayer('crlf', '  a\r\nb\rc\u2028d\u0003e  '), textLayer('blank', ' \n\t ')]);
    expect(layerTextsOf(windows)).toEqual([{ id: 'crlf', text: 'a b c d e' }]);
  });

  it('leaves out a hidden text layer and every text inside a hidden group', async () => {
    const doc = await importLayers(languages(), 'svg');
    const hide = (id: string) => {
      const layer = findLayer(doc, id);
      if (!layer) throw new Error(`no layer ${id}`);
      layer.visible = false;
    };
    hide('language-item-copy-17'); // the group holding 中文
    hide('Suggested');
    const texts = layerTextsOf(doc).map((layer) => layer.text);
    expect(texts).not.toContain('中文');
    expect(texts).not.toContain('Suggested');
    expect(texts).toEqual(expect.arrayContaining(['日本語', 'Español', 'русский', 'Search languages']));
  });

  it('keeps texts up to textPerDesignMax characters joined, and drops the layers past it', () => {
    const max = SearchLimits.textPerDesignMax;
    const half = 'a'.repeat(max / 2);
    // Two halves and their separator are one character too many: the second is dropped, and all after it.
    expect(layerTextsOf(docOf([textLayer('1', half), textLayer('2', half), textLayer('3', 'b')]))).toEqual([
      { id: '1', text: half },
    ]);
    const fits = docOf([textLayer('1', half), textLayer('2', 'c'.repeat(max / 2 - 1)), textLayer('3', 'b')]);
    expect(layerTextsOf(fits).map((layer) => layer.id)).toEqual(['1', '2']);
    expect(layerTextsOf(docOf([textLayer('huge', 'x'.repeat(max + 1))]))).toEqual([]);
  });
});

let server: TestServer;
let team: BuiltTeam;
let projectId: string;
const owner = () => asUser(server.app, team.owner.token);

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.ctx);
  projectId = (await owner().post('/api/project/project_info', { team_id: team.id })).result.id;
});
afterAll(() => server.close());

async function upload(name: string, data: Buffer) {
  const answer = await uploadDesigns(server.app, team.owner.token, { teamId: team.id, projectId }, [
    { name, data },
  ]);
  expect(answer.code, answer.msg).toBe('00000');
  await runJobsOnce(server.ctx);
  return (answer.result.images as { id: string; version_id: string }[])[0];
}

async function versionRow(versionId: string) {
  const [row] = await server.ctx.db.select().from(designVersions).where(eq(designVersions.id, versionId));
  return row;
}

async function textsOf(variantDir: string) {
  const [row] = await server.ctx.db.select().from(layerTexts).where(eq(layerTexts.variantDir, variantDir));
  return row;
}

/** The folders whose texts hold a keyword as search folds it (case and accents). */
async function foldersMatching(keyword: string) {
  const rows = await server.ctx.db
    .select({ variantDir: layerTexts.variantDir })
    .from(layerTexts)
    .where(sql`${layerTexts.bodyFolded} like '%' || search_fold(${keyword}) || '%'`);
  return rows.map((row) => row.variantDir);
}

describe('layer_texts kept by the layers job', () => {
  it('fills the texts of an uploaded design once its layers are ready, findable folded', async () => {
    const design = await upload('languages.svg', languages());
    const version = await versionRow(design.version_id);
    expect(version.layersStatus).toBe('ready');
    const stored = JSON.parse(String(await server.ctx.files.read(String(version.layersKey))));
    const row = await textsOf(version.variantDir);
    expect(row.layers).toEqual(layerTextsOf(stored));
    expect(row.body).toBe(
      `\n${layerTextsOf(stored)
        .map((layer) => layer.text)
        .join('\n')}\n`,
    );
    expect(row.body).toContain('\n中文\n');
    expect(await foldersMatching('中文')).toContain(version.variantDir);
    expect(await foldersMatching('ESPANOL')).toContain(version.variantDir);
  });

  it('keeps no row for a design without text', async () => {
    const design = await upload('layers.psd', fixture('agpsd-layers.psd'));
    const version = await versionRow(design.version_id);
    expect(version.layersStatus).toBe('ready');
    expect(await textsOf(version.variantDir)).toBeUndefined();
  });

  it("adds a new version's texts beside the old version's, and drops both once the design is purged", async () => {
    const design = await upload('lines.psd', threeLines());
    const first = await versionRow(design.version_id);
    const before = await textsOf(first.variantDir);
    expect(before.layers.map((layer) => layer.text)).toEqual(['Line 1 Line 2 Line 3 and text']);

    const uptoken = await fetchUptoken(server.app, team.owner.token, team.id);
    const posted = await postToStorage(server.app, uptoken, { name: 'lines.svg', data: languages() });
    const answer = await owner().put('/api/project/version', {
      team_id: team.id,
      project_id: projectId,
      image_ids: [design.id],
      images: [{ key: posted.key }],
    });
    expect(answer.code, answer.msg).toBe('00000');
    await runJobsOnce(server.ctx);
    const versions = await server.ctx.db
      .select()
      .from(designVersions)
      .where(eq(designVersions.designId, design.id));
    const second = versions.find((version) => version.id !== first.id);
    expect(second?.layersStatus).toBe('ready');
    expect(second?.variantDir).not.toBe(first.variantDir);
    expect(await textsOf(first.variantDir)).toEqual(before);
    expect((await textsOf(String(second?.variantDir))).body).toContain('\nрусский\n');

    const binned = await owner().delete('/api/project/image', {
      team_id: team.id,
      project_id: projectId,
      image_ids: design.id,
    });
    expect(binned.code, binned.msg).toBe('00000');
    // In the bin the texts stay (search may look there); past 30 days the purge takes them.
    await purgeTrash(server.ctx);
    expect(await textsOf(first.variantDir)).toEqual(before);
    await server.ctx.db
      .update(designs)
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(designs.id, design.id));
    await purgeTrash(server.ctx);
    expect(await textsOf(first.variantDir)).toBeUndefined();
    expect(await textsOf(String(second?.variantDir))).toBeUndefined();
  });
});

describe('npm run ferry -- search:reindex', () => {
  const capture = (isTTY: boolean) => {
    const out = { isTTY, text: '', write: (chunk: string) => (out.text += chunk) };
    return out;
  };

  it('rebuilds a lost row, skips an unreadable LayerDoc, drops orphans and reports its progress', async () => {
    const kept = await versionRow((await upload('kept.svg', languages())).version_id);
    const lost = await versionRow((await upload('lost.psd', threeLines())).version_id);
    const unreadable = await versionRow((await upload('unreadable.svg', languages())).version_id);
    const lostRow = await textsOf(lost.variantDir);
    const keptRow = await textsOf(kept.variantDir);
    await server.ctx.db.delete(layerTexts).where(eq(layerTexts.variantDir, lost.variantDir));
    await server.ctx.db
      .update(layerTexts)
      .set({ layers: [], body: '\nstale\n' })
      .where(eq(layerTexts.variantDir, kept.variantDir));
    await server.ctx.files.put(String(unreadable.layersKey), Buffer.from('{"layers":'));
    const unreadableRow = await textsOf(unreadable.variantDir);
    await server.ctx.db
      .insert(layerTexts)
      .values({ variantDir: 'variants/gone', layers: [], body: '\ngone\n' });

    const progress = capture(false);
    const summary = await runCommand(server.ctx.db, ['search:reindex'], {
      files: server.ctx.files,
      progress,
    });
    expect(summary).toMatch(
      /^search:reindex: \d+ layer docs read, \d+ with text, [1-9]\d* unreadable skipped, [1-9]\d* orphan rows removed$/,
    );
    expect(await textsOf(lost.variantDir)).toMatchObject({ layers: lostRow.layers, body: lostRow.body });
    expect(await textsOf(kept.variantDir)).toMatchObject({ layers: keptRow.layers, body: keptRow.body });
    expect(await textsOf(unreadable.variantDir)).toEqual(unreadableRow);
    expect(await textsOf('variants/gone')).toBeUndefined();

    const lines = progress.text.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(progress.text).not.toContain('\r');
    const read = Number(/(\d+) layer docs read/.exec(summary)?.[1]);
    expect(lines.at(-1)).toBe(`[${'#'.repeat(20)}] ${read}/${read} layer docs`);
  });

  it('redraws one line in place on a terminal, and needs the file store', async () => {
    const terminal = capture(true);
    await runCommand(server.ctx.db, ['search:reindex'], { files: server.ctx.files, progress: terminal });
    expect(terminal.text.startsWith('\r[')).toBe(true);
    expect(terminal.text.endsWith(' layer docs\n')).toBe(true);
    expect(terminal.text.split('\n')).toHaveLength(2);
    await expect(runCommand(server.ctx.db, ['search:reindex'])).rejects.toThrow('needs the file store');
  });

  it('draws one line each tenth in a log', () => {
    const log = capture(false);
    const bar = progressBar(log, 1000, 'layer docs');
    for (let done = 0; done <= 1000; done++) bar.update(done);
    bar.end(1000);
    const lines = log.text.split('\n').filter(Boolean);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe(`[${'#'.repeat(2)}${'.'.repeat(18)}] 100/1000 layer docs`);
    expect(lines[4]).toBe(`[${'#'.repeat(10)}${'.'.repeat(10)}] 500/1000 layer docs`);
    const empty = capture(false);
    progressBar(empty, 0, 'layer docs').end(0);
    expect(empty.text).toBe(`[${'#'.repeat(20)}] 0/0 layer docs\n`);
  });
});
