import { Codes, type DsmFolder, DsmLimits } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/context.js';
import { buildWorld, newProject, type World } from '../comments/fixtures.js';
import {
  detail,
  fileCalls,
  folderCalls,
  type Library,
  newDsmProject,
  okResult,
  personOf,
} from './library.fixtures.js';
import { dsmFolders } from './tables.js';

/** The design-system library (spec 001 §3, §7): folders and files of a dsm project, their order and nesting. */

let server: TestServer;
let world: World;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
});
afterAll(() => server.close());

const names = (folders: DsmFolder[]) => folders.map((folder) => `${folder.name}:${folder.index}`);

async function foldersUnder(library: Library, parentId: string | null) {
  const { dsm_folders } = okResult(await detail(world.owner, library, 'folder'));
  return dsm_folders.filter((folder) => folder.parentId === parentId).sort((a, b) => a.index - b.index);
}

describe('folders', () => {
  it('numbers new folders 1…n under their parent and tells who made them', async () => {
    const library = await newDsmProject(world);
    const folders = folderCalls(world.member, library);
    const top = okResult(await folders.create([{ name: ' Buttons ' }, { name: 'Colours', type: 'color' }]));
    expect(top.map((folder) => [folder.name, folder.index, folder.parentId, folder.type])).toEqual([
      ['Buttons', 1, null, 'mixed'],
      ['Colours', 2, null, 'color'],
    ]);
    expect(top[0].createdUser).toEqual(await personOf(world, world.member));
    const inner = okResult(
      await folders.create([
        { name: 'Primary', parentId: top[0].id },
        { name: 'Secondary', parentId: top[0].id, desc: 'less loud' },
      ]),
    );
    expect(inner.map((folder) => folder.index)).toEqual([1, 2]);
    expect(inner[1]).toMatchObject({ desc: 'less loud', parentId: top[0].id });
    const { dsm_folders, dsm_files, project } = okResult(await detail(world.viewer, library));
    expect(dsm_files).toEqual([]);
    expect(project).toMatchObject({ id: library.projectId, folders: 4, files: 0, tokens: 0 });
    const buttons = dsm_folders.find((folder) => folder.id === top[0].id) as DsmFolder;
    expect(buttons.childrenDirIds).toEqual(inner.map((folder) => folder.id));
    const got = okResult(await folderCalls(world.viewer, library).get(top[0].id));
    expect(got).toMatchObject({ id: top[0].id, childrenDirIds: buttons.childrenDirIds, dsm_files: [] });
    expect(okResult(await folderCalls(world.viewer, library).get(top[0].id, true)).dsm_files).toBeUndefined();
  });

  it('reorders and moves, renumbering both sibling lists', async () => {
    const library = await newDsmProject(world);
    const folders = folderCalls(world.member, library);
    const [a, b, c] = okResult(await folders.create([{ name: 'A' }, { name: 'B' }, { name: 'C' }]));
    okResult(await folders.update(c.id, { index: 1 }));
    expect(names(await foldersUnder(library, null))).toEqual(['C:1', 'A:2', 'B:3']);
    okResult(await folders.update(c.id, { index: 99 }));
    expect(names(await foldersUnder(library, null))).toEqual(['A:1', 'B:2', 'C:3']);
    const [x] = okResult(await folders.create([{ name: 'X', parentId: b.id }]));
    // A moves into B, before X; the top closes the gap.
    const moved = okResult(await folders.update(a.id, { parentId: b.id, index: 1, name: 'A2' }));
    expect(moved).toMatchObject({ parentId: b.id, index: 1, name: 'A2' });
    expect(moved.modifUser).toEqual(await personOf(world, world.member));
    expect(names(await foldersUnder(library, null))).toEqual(['B:1', 'C:2']);
    expect(names(await foldersUnder(library, b.id))).toEqual(['A2:1', 'X:2']);
    // Back to the top, without an index: last.
    okResult(await folders.update(x.id, { parentId: null }));
    expect(names(await foldersUnder(library, null))).toEqual(['B:1', 'C:2', 'X:3']);
    expect(names(await foldersUnder(library, b.id))).toEqual(['A2:1']);
  });

  it('refuses moving a folder into itself or below itself, and nesting past the limit', async () => {
    const library = await newDsmProject(world);
    const folders = folderCalls(world.member, library);
    const chain: string[] = [];
    for (let depth = 1; depth <= DsmLimits.folderDepthMax; depth++) {
      const [made] = okResult(await folders.create([{ name: `L${depth}`, parentId: chain.at(-1) ?? null }]));
      chain.push(made.id);
    }
    expect((await folders.create([{ name: 'too deep', parentId: chain.at(-1) }])).code).toBe(
      Codes.DSM_FOLDER_LOOP.code,
    );
    expect((await folders.update(chain[0], { parentId: chain[0] })).code).toBe(Codes.DSM_FOLDER_LOOP.code);
    expect((await folders.update(chain[0], { parentId: chain[3] })).code).toBe(Codes.DSM_FOLDER_LOOP.code);
    // A two-level subtree fits under L3 (3 + 2 = 5), not under L4.
    const [other] = okResult(await folders.create([{ name: 'O' }]));
    okResult(await folders.create([{ name: 'O1', parentId: other.id }]));
    expect((await folders.update(other.id, { parentId: chain[3] })).code).toBe(Codes.DSM_FOLDER_LOOP.code);
    okResult(await folders.update(other.id, { parentId: chain[2] }));
    const rows = await server.ctx.db.select().from(dsmFolders).where(eq(dsmFolders.id, chain[0]));
    expect(rows[0].parentId).toBeNull();
  });

  it('deletes subtrees with their files and renumbers what is left', async () => {
    const library = await newDsmProject(world);
    const folders = folderCalls(world.member, library);
    const files = fileCalls(world.member, library);
    const [a, b, c] = okResult(await folders.create([{ name: 'A' }, { name: 'B' }, { name: 'C' }]));
    const [inner] = okResult(await folders.create([{ name: 'B1', parentId: b.id }]));
    okResult(await files.create([{ name: 'Deep', type: 'doc', content: '# hi', folder_id: inner.id }]));
    const [kept] = okResult(await files.create([{ name: 'Kept', type: 'doc', folder_id: c.id }]));
    // Named in the query this time.
    const gone = await world.member.api.delete(
      `/api/project/dsm_folder?team_id=${library.teamId}&project_id=${library.projectId}&dsm_folder_ids=${b.id}`,
    );
    expect(okResult(gone)).toEqual({ dsm_folder_ids: [b.id] });
    const after = okResult(await detail(world.owner, library));
    expect(names(await foldersUnder(library, null))).toEqual(['A:1', 'C:2']);
    expect(after.dsm_files.map((file) => file.id)).toEqual([kept.id]);
    expect(after.project).toMatchObject({ folders: 2, files: 1 });
    expect((await folders.remove([a.id, b.id])).code).toBe(Codes.DSM_FOLDER_NOT_FOUND.code);
    expect(names(await foldersUnder(library, null))).toEqual(['A:1', 'C:2']);
  });

  it('holds at most DsmLimits.foldersPerProject folders', async () => {
    const library = await newDsmProject(world);
    const folders = folderCalls(world.member, library);
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `F${i}` }));
    okResult(await folders.create(batch(DsmLimits.foldersPerProject - 1)));
    expect((await folders.create(batch(2))).code).toBe(Codes.DSM_LIMIT.code);
    okResult(await folders.create(batch(1)));
    expect((await folders.create(batch(1))).code).toBe(Codes.DSM_LIMIT.code);
  });
});

describe('files', () => {
  it('makes colours, text styles and pages, checking their values', async () => {
    const library = await newDsmProject(world);
    const files = fileCalls(world.member, library);
    const typography = { fontFamily: 'Inter', fontSize: '16px', fontWeight: 600, lineHeight: 1.5 };
    const made = okResult(
      await files.create([
        { name: 'Brand', type: 'color', package_info: { color: '#3366ff' } },
        { name: 'Body', type: 'text_style', package_info: typography },
        { name: 'Guide', type: 'doc', content: '# Buttons\nUse them.' },
      ]),
    );
    expect(made.map((file) => [file.name, file.type, file.index, file.host_type])).toEqual([
      ['Brand', 'color', 1, 'ferry'],
      ['Body', 'text_style', 2, 'ferry'],
      ['Guide', 'doc', 3, 'ferry'],
    ]);
    expect(made[0].package_info).toEqual({ color: '#3366ff' });
    expect(made[2].content).toBe('# Buttons\nUse them.');
    expect(okResult(await fileCalls(world.viewer, library).get(made[1].id))).toEqual(made[1]);
    const bad = [
      { name: 'Bad', type: 'color', package_info: { color: 'red' } },
      { name: 'Bad', type: 'color' },
      { name: 'Bad', type: 'text_style', package_info: { fontFamily: 'Inter' } },
      { name: 'Bad', type: 'component' },
    ];
    for (const file of bad)
      expect((await files.create([file])).code, file.type).toBe(Codes.INVALID_INPUT.code);
    expect((await files.update(made[0].id, { package_info: { color: '#12' } })).code).toBe(
      Codes.INVALID_INPUT.code,
    );
    const recoloured = okResult(await files.update(made[0].id, { package_info: { color: '#11223344' } }));
    expect(recoloured.package_info).toEqual({ color: '#11223344' });
    expect(okResult(await detail(world.owner, library)).project.files).toBe(3);
  });

  it('orders files within their folder, moves them, and renumbers on delete', async () => {
    const library = await newDsmProject(world);
    const files = fileCalls(world.member, library);
    const [folder] = okResult(await folderCalls(world.member, library).create([{ name: 'Docs' }]));
    const [a, b, c] = okResult(
      await files.create(['A', 'B', 'C'].map((name) => ({ name, type: 'doc', content: name }))),
    );
    const order = async (folderId: string | null) =>
      okResult(await detail(world.owner, library, 'file'))
        .dsm_files.filter((file) => file.folder_id === folderId)
        .sort((x, y) => x.index - y.index)
        .map((file) => `${file.name}:${file.index}`);
    okResult(await files.update(c.id, { index: 1 }));
    expect(await order(null)).toEqual(['C:1', 'A:2', 'B:3']);
    const moved = okResult(await files.update(a.id, { folder_id: folder.id, name: 'A2' }));
    expect(moved).toMatchObject({ folder_id: folder.id, index: 1, name: 'A2' });
    expect(await order(null)).toEqual(['C:1', 'B:2']);
    okResult(await files.update(b.id, { folder_id: folder.id, index: 1 }));
    expect(await order(folder.id)).toEqual(['B:1', 'A2:2']);
    const inFolder = okResult(await folderCalls(world.owner, library).get(folder.id));
    expect(inFolder.childrenItemIds).toEqual([b.id, a.id]);
    expect(inFolder.dsm_files?.map((file) => file.id)).toEqual([b.id, a.id]);
    expect(okResult(await files.remove([b.id]))).toEqual({ dsm_file_ids: [b.id] });
    expect(await order(folder.id)).toEqual(['A2:1']);
    const { dsm_folders, dsm_files } = okResult(await detail(world.owner, library, 'folder'));
    expect(dsm_folders).toHaveLength(1);
    expect(dsm_files).toEqual([]);
  });
});

describe('ids that are not the project’s', () => {
  it('answers 10007, 10071 and 10077 on every call', async () => {
    const library = await newDsmProject(world);
    const other = await newDsmProject(world);
    const [foreignFolder] = okResult(await folderCalls(world.owner, other).create([{ name: 'Elsewhere' }]));
    const [foreignFile] = okResult(
      await fileCalls(world.owner, other).create([{ name: 'Elsewhere', type: 'doc' }]),
    );
    const [folder] = okResult(await folderCalls(world.owner, library).create([{ name: 'Here' }]));
    const [file] = okResult(await fileCalls(world.owner, library).create([{ name: 'Here', type: 'doc' }]));
    const folders = folderCalls(world.owner, library);
    const files = fileCalls(world.owner, library);
    const missingFolder = Codes.DSM_FOLDER_NOT_FOUND.code;
    const missingFile = Codes.DSM_FILE_NOT_FOUND.code;
    for (const id of [foreignFolder.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await folders.get(id)).code).toBe(missingFolder);
      expect((await folders.update(id, { name: 'x' })).code).toBe(missingFolder);
      expect((await folders.remove([id])).code).toBe(missingFolder);
      expect((await folders.create([{ name: 'x', parentId: id }])).code).toBe(missingFolder);
      expect((await folders.update(folder.id, { parentId: id })).code).toBe(missingFolder);
      expect((await files.create([{ name: 'x', type: 'doc', folder_id: id }])).code).toBe(missingFolder);
      expect((await files.update(file.id, { folder_id: id })).code).toBe(missingFolder);
    }
    for (const id of [foreignFile.id, 'nope']) {
      expect((await files.get(id)).code).toBe(missingFile);
      expect((await files.update(id, { name: 'x' })).code).toBe(missingFile);
      expect((await files.remove([file.id, id])).code).toBe(missingFile);
      expect((await folders.update(folder.id, { thumbnailRef: id })).code).toBe(missingFile);
    }
    okResult(await folders.update(folder.id, { thumbnailRef: file.id }));
    // A design project, a made-up id and another team's dsm project are no dsm project of this team.
    const designProject = await newProject(world);
    const strangerLibrary = await newDsmProject({
      ...world,
      owner: world.stranger,
      team: world.strangerTeam,
    });
    for (const projectId of [
      designProject,
      '00000000-0000-4000-8000-000000000000',
      strangerLibrary.projectId,
    ]) {
      const elsewhere: Library = { teamId: world.team.id, projectId };
      const code = Codes.DSM_PROJECT_NOT_FOUND.code;
      expect((await detail(world.owner, elsewhere)).code, projectId).toBe(code);
      expect((await folderCalls(world.owner, elsewhere).create([{ name: 'x' }])).code).toBe(code);
      expect((await folderCalls(world.owner, elsewhere).get(folder.id)).code).toBe(code);
      expect((await folderCalls(world.owner, elsewhere).update(folder.id, { name: 'x' })).code).toBe(code);
      expect((await folderCalls(world.owner, elsewhere).remove([folder.id])).code).toBe(code);
      expect((await fileCalls(world.owner, elsewhere).create([{ name: 'x', type: 'doc' }])).code).toBe(code);
      expect((await fileCalls(world.owner, elsewhere).get(file.id)).code).toBe(code);
      expect((await fileCalls(world.owner, elsewhere).update(file.id, { name: 'x' })).code).toBe(code);
      expect((await fileCalls(world.owner, elsewhere).remove([file.id])).code).toBe(code);
    }
    // Nothing of this library changed.
    expect(okResult(await detail(world.owner, library)).project).toMatchObject({ folders: 1, files: 1 });
  });
});

describe('references to deleted files', () => {
  it('clears a folder’s thumbnail, icon, cover and page when their files go, alone or with a folder', async () => {
    const library = await newDsmProject(world);
    const folders = folderCalls(world.owner, library);
    const files = fileCalls(world.owner, library);
    const [kept, doomed] = okResult(await folders.create([{ name: 'Kept' }, { name: 'Doomed' }]));
    const [page, inside] = okResult(
      await files.create([
        { name: 'Page', type: 'doc' },
        { name: 'Inside', type: 'doc', folder_id: doomed.id },
      ]),
    );
    okResult(await folders.update(kept.id, { docRef: page.id, thumbnailRef: inside.id, iconRef: page.id }));
    okResult(await files.remove([page.id]));
    expect(okResult(await folders.get(kept.id, true))).toMatchObject({
      docRef: null,
      iconRef: null,
      thumbnailRef: inside.id,
    });
    okResult(await folders.remove([doomed.id]));
    expect(okResult(await folders.get(kept.id, true)).thumbnailRef).toBeNull();
  });
});
