import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { sketchFile, sketchFixture } from '../../design/sketch-fixtures.js';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';

/**
 * Sketch files for the designs room's tests, laid out from a real one (the builder of small synthetic files is
 * design/sketch-fixtures.ts), and the server they are uploaded to.
 */
export { sketchFixture };

export interface SketchProject {
  server: TestServer;
  team: BuiltTeam;
  projectId: string;
  /** The team owner's API client. */
  owner: () => ReturnType<typeof asUser>;
}

/** A test server with a team and a project of its owner's, where a test uploads its Sketch files. */
export async function startSketchProject(): Promise<SketchProject> {
  const server = await startTestServer();
  const team = await buildTeam(server.ctx);
  const owner = () => asUser(server.app, team.owner.token);
  const created = await owner().post('/api/project/project_info', { team_id: team.id });
  return { server, team, projectId: created.result.id, owner };
}

export interface ArtboardSpec {
  id: string;
  name: string;
  width: number;
  height: number;
  /** The artboard's background, 0–1 a channel. */
  background: [number, number, number];
}

export interface PageSpec {
  id: string;
  name: string;
  artboards: ArtboardSpec[];
}

/**
 * A Sketch file of the given pages and artboards, each artboard holding the text layer ("Type something") of
 * the real sketchutils-simple-textstyle.sketch: its document, meta and layer JSON as Sketch 66 wrote them, only
 * laid out again, so the file is as Sketch saves one.
 */
export function sketchFileOf(pages: PageSpec[]): Buffer {
  const source = unzipSync(sketchFixture('sketchutils-simple-textstyle.sketch'));
  const json = (name: string) => JSON.parse(strFromU8(source[name]));
  const document = json('document.json');
  const meta = json('meta.json');
  const pageName = Object.keys(source).find((name) => name.startsWith('pages/')) as string;
  const template = json(pageName);
  const [text] = template.layers;
  const files: Record<string, Uint8Array> = {};
  document.pages = pages.map((page) => ({ ...document.pages[0], _ref: `pages/${page.id}` }));
  meta.pagesAndArtboards = {};
  let x = 0;
  for (const page of pages) {
    const artboards = page.artboards.map((board) => {
      const layer = {
        ...template,
        _class: 'artboard',
        do_objectID: board.id,
        name: board.name,
        frame: {
          _class: 'rect',
          constrainProportions: false,
          x,
          y: 0,
          width: board.width,
          height: board.height,
        },
        hasBackgroundColor: true,
        backgroundColor: {
          _class: 'color',
          red: board.background[0],
          green: board.background[1],
          blue: board.background[2],
          alpha: 1,
        },
        includeBackgroundColorInExport: true,
        layers: [{ ...text, do_objectID: `${board.id}-text`, frame: { ...text.frame, x: 8, y: 8 } }],
      };
      x += board.width + 100;
      return layer;
    });
    files[`pages/${page.id}.json`] = strToU8(
      JSON.stringify({ ...template, do_objectID: page.id, name: page.name, layers: artboards }),
    );
    meta.pagesAndArtboards[page.id] = {
      name: page.name,
      artboards: Object.fromEntries(page.artboards.map((board) => [board.id, { name: board.name }])),
    };
  }
  // Sketch's own document, meta and user entries in place of the builder's plain ones.
  return sketchFile([], {
    ...files,
    'document.json': strToU8(JSON.stringify(document)),
    'meta.json': strToU8(JSON.stringify(meta)),
    'user.json': source['user.json'],
  });
}

/** Two pages: Mobile (a red Home, a green Cart) and Web (a blue Landing), each artboard with one text layer. */
export const shopSketch = () =>
  sketchFileOf([
    {
      id: 'PAGE-MOBILE',
      name: 'Mobile',
      artboards: [
        { id: 'BOARD-HOME', name: 'Home', width: 375, height: 667, background: [1, 0, 0] },
        { id: 'BOARD-CART', name: 'Cart', width: 320, height: 480, background: [0, 1, 0] },
      ],
    },
    {
      id: 'PAGE-WEB',
      name: 'Web',
      artboards: [{ id: 'BOARD-LANDING', name: 'Landing', width: 800, height: 600, background: [0, 0, 1] }],
    },
  ]);

/** A file Sketch 42 or earlier saved: an SQLite database (its header page is all that matters here). */
export const sqliteSketch = () =>
  Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096 - 16, 0)]);

/** A ZIP that is no Sketch document (a folder of notes). */
export const plainZip = () =>
  Buffer.from(zipSync({ 'notes/readme.txt': strToU8('Not a design'), 'notes/todo.txt': strToU8('-') }));

/** A Sketch file whose page JSON nests past SketchLimits.jsonDepthMax (what a crafted file would do). */
export function deeplyNestedSketch(depth: number): Buffer {
  const files = unzipSync(
    sketchFileOf([
      {
        id: 'PAGE-DEEP',
        name: 'Deep',
        artboards: [{ id: 'BOARD-D', name: 'D', width: 10, height: 10, background: [1, 1, 1] }],
      },
    ]),
  );
  const page = JSON.parse(strFromU8(files['pages/PAGE-DEEP.json']));
  files['pages/PAGE-DEEP.json'] = strToU8(
    JSON.stringify({ ...page, userInfo: 0 }).replace(
      '"userInfo":0',
      `"userInfo":${'['.repeat(depth)}${']'.repeat(depth)}`,
    ),
  );
  return Buffer.from(zipSync(files));
}
