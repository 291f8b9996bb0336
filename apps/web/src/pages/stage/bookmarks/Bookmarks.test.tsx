import '../../../test/setup';
import { BookmarkLimits, type BookmarkPage, Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { policyForm } from '../../../../../server/src/test/uploads';
import { setLang } from '../../../i18n';
import { envelope, ok } from '../../../test/http';
import { renderApp } from '../../../test/render';
import { createProject } from '../../../test/seed';
import {
  answerTo,
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  nodeFetch,
  replaceAnswers,
  type SeededUser,
  serverUrl,
  signInHere,
  unique,
  useRealServer,
} from '../../../test/server';
import { layOutStage } from '../../../test/stageLayout';
import { stagePath } from '../paths';
// The panel's chunk loads on first opening: loaded up front, the first test does not wait for its transform.
import './BookmarksDrawer';

const seen = useRealServer();
const calls = (method: string, path: string) =>
  seen.filter((req) => req.method === method && req.path === `/api/${path}`);
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

/** A jsdom file's bytes (its Blob has no arrayBuffer(), and its ArrayBuffer is of another realm than Buffer's). */
function bytesOf(blob: Blob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as string, 'latin1'));
    reader.onerror = () => reject(reader.error);
    reader.readAsBinaryString(blob);
  });
}

/** A multipart body as jsdom builds it, rebuilt as bytes Node's fetch can send (the fields first, then the file). */
async function nodeMultipart(form: FormData) {
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer; type?: string } = { name: '', data: Buffer.alloc(0) };
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else
      file = {
        name: value.name,
        data: await bytesOf(value),
        type: value.type || undefined,
      };
  }
  return policyForm(fields, file);
}

beforeEach(() => {
  layOutStage();
  // The app's uploads reach the real server: jsdom's FormData becomes a body Node's fetch can send.
  const realServer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!(init.body instanceof FormData)) return realServer(input, init);
    const { payload, headers } = await nodeMultipart(init.body);
    return realServer(input, { ...init, body: payload, headers: { ...init.headers, ...headers } });
  });
  // Opening a link in a new tab is the browser's: jsdom would try to navigate.
  document.addEventListener('click', stayHere);
});
afterEach(() => document.removeEventListener('click', stayHere));
const stayHere = (event: Event) => {
  if ((event.target as Element).closest('a[target="_blank"]')) event.preventDefault();
};

async function uploadAs(
  user: SeededUser,
  ref: { team_id: string; project_id: string },
  name: string,
  data: string,
) {
  const { payload, headers } = policyForm(ref, { name, data: Buffer.from(data) });
  const response = await nodeFetch(`${serverUrl()}/api/project/bookmark/file`, {
    method: 'POST',
    headers: { ...headers, Authorization: `Basic ${btoa(`${user.token}:`)}`, 'Accept-Language': 'en-US' },
    body: payload,
  });
  return (await response.json()) as { code: string; msg: string };
}

/** Olga's project with a link and a file bookmark; Ada (team role `role`) is signed in here. */
async function shop(role: 'member' | 'onlooker' = 'member') {
  const [olga, ada] = await Promise.all(['Olga', 'Ada'].map((name) => newAccount(name)));
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const projectId = await createProject(olga, team.id, unique('Shop'));
  const ref = { team_id: team.id, project_id: projectId };
  await callAs(olga, 'POST', 'project/bookmark', {
    ...ref,
    bookmarks: [{ name: 'Spec', url: 'https://example.com/spec' }],
  });
  expect((await uploadAs(olga, ref, 'notes.txt', 'twelve bytes')).code).toBe('00000');
  await signInHere(ada);
  return { olga, ada, ref };
}

const listOf = (user: SeededUser, ref: { team_id: string; project_id: string }) =>
  callAs<BookmarkPage>(
    user,
    'GET',
    `project/bookmark?team_id=${ref.team_id}&project_id=${ref.project_id}`,
  ).then((page) => page.bookmarks);

const rows = () => screen.queryAllByTestId('bookmark-row');
const rowNamed = (name: string) => {
  const row = rows().find((element) => within(element).queryByText(name));
  if (!row) throw new Error(`no bookmark named ${name}`);
  return row;
};
const names = () => rows().map((row) => within(row).getByTestId('bookmark-open').textContent);

async function openPanel(ref: { team_id: string; project_id: string }) {
  renderApp(stagePath(ref.team_id, ref.project_id));
  // Once the project is read: the stage's frame differs for editors.
  await screen.findByTestId('stage-empty');
  fireEvent.click(screen.getByTestId('bookmarks-open'));
  await waitFor(() => expect(rows()).toHaveLength(2));
}

describe('the bookmarks panel', () => {
  it('lists links and files, opens a link in a new tab and counts it, and adds only web links', async () => {
    const { ada, ref } = await shop();
    await openPanel(ref);
    const spec = rowNamed('Spec');
    expect(within(spec).getByTestId('bookmark-detail').textContent).toBe('example.com');
    expect(within(rowNamed('notes.txt')).getByTestId('bookmark-detail').textContent).toBe('12 B');
    const anchor = within(spec).getByTestId('bookmark-open');
    expect(anchor.getAttribute('href')).toBe('https://example.com/spec');
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');

    fireEvent.click(anchor);
    await waitFor(() =>
      expect(within(rowNamed('Spec')).getByTestId('bookmark-clicks').textContent?.trim()).toBe('1'),
    );
    expect(calls('POST', 'project/bookmark/click')[0].body).toMatchObject({
      ...ref,
      bookmark_id: expect.any(String),
    });
    await waitFor(async () =>
      expect((await listOf(ada, ref)).find((each) => each.name === 'Spec')?.click_count).toBe(1),
    );

    // javascript: never leaves the form; the server refuses it too.
    fireEvent.click(screen.getByTestId('bookmark-add-link'));
    fireEvent.change(await screen.findByTestId('bookmark-url'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('bookmark-link-save'));
    expect(await screen.findByText(en(Codes.BOOKMARK_URL_INVALID))).toBeTruthy();
    expect(calls('POST', 'project/bookmark')).toHaveLength(0);
    const refused = await answerTo(ada, 'POST', 'project/bookmark', {
      ...ref,
      bookmarks: [{ name: 'x', url: 'javascript:alert(1)' }],
    });
    expect(refused.code).toBe(Codes.BOOKMARK_URL_INVALID.code);

    // Without a name, a link is named after its host.
    fireEvent.change(screen.getByTestId('bookmark-url'), {
      target: { value: 'https://docs.example.org/guide' },
    });
    fireEvent.click(screen.getByTestId('bookmark-link-save'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls('POST', 'project/bookmark')[0].body).toEqual({
      ...ref,
      bookmarks: [{ name: 'docs.example.org', url: 'https://docs.example.org/guide' }],
    });
    expect((await listOf(ada, ref)).map((each) => each.name)).toEqual([
      'Spec',
      'notes.txt',
      'docs.example.org',
    ]);
  });

  it('renames, reorders and deletes after a confirmation', async () => {
    const { ada, ref } = await shop();
    await openPanel(ref);

    fireEvent.click(within(rowNamed('Spec')).getByTestId('bookmark-rename'));
    const input = screen.getByTestId('bookmark-rename-input');
    fireEvent.change(input, { target: { value: 'Product spec' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(async () => expect((await listOf(ada, ref))[0].name).toBe('Product spec'));

    fireEvent.click(within(rowNamed('notes.txt')).getByTestId('bookmark-up'));
    await waitFor(() => expect(names()).toEqual(['notes.txt', 'Product spec']));
    await waitFor(async () =>
      expect((await listOf(ada, ref)).map((each) => each.name)).toEqual(['notes.txt', 'Product spec']),
    );
    // The first row cannot move up (the order is re-read after the move: wait for it to settle).
    await waitFor(() =>
      expect((within(rowNamed('notes.txt')).getByTestId('bookmark-up') as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );

    fireEvent.click(within(rowNamed('Product spec')).getByTestId('bookmark-delete'));
    fireEvent.click(await screen.findByTestId('bookmark-delete-confirm'));
    await waitFor(() => expect(names()).toEqual(['notes.txt']));
    await waitFor(async () =>
      expect((await listOf(ada, ref)).map((each) => each.name)).toEqual(['notes.txt']),
    );
  });

  it('leaves the rename with Esc and keeps the panel open', async () => {
    const { ada, ref } = await shop();
    await openPanel(ref);
    fireEvent.click(within(rowNamed('Spec')).getByTestId('bookmark-rename'));
    const input = screen.getByTestId('bookmark-rename-input');
    fireEvent.change(input, { target: { value: 'Not this' } });
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByTestId('bookmark-rename-input')).toBeNull());
    expect(document.querySelector('.bookmark-drawer.ant-drawer-open')).toBeTruthy();
    expect(names()).toEqual(['Spec', 'notes.txt']);
    expect((await listOf(ada, ref))[0].name).toBe('Spec');
    // The next Esc is the panel's.
    fireEvent.keyDown(screen.getByTestId('bookmark-list'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.querySelector('.bookmark-drawer.ant-drawer-open')).toBeNull());
  });

  it('says when the list cannot be read, in Chinese too, and reads it again on Retry', async () => {
    const { ref } = await shop();
    const listing = (request: { method: string; path: string }) =>
      request.method === 'GET' && request.path === '/api/project/bookmark';
    replaceAnswers((request) => (listing(request) ? envelope('-11111', 'busy', undefined, 500) : null));
    renderApp(stagePath(ref.team_id, ref.project_id));
    await screen.findByTestId('stage-empty');
    fireEvent.click(screen.getByTestId('bookmarks-open'));
    const failed = await screen.findByTestId('bookmarks-failed');
    expect(failed.textContent).toContain('The bookmarks could not be loaded');
    expect(screen.queryByTestId('bookmarks-empty')).toBeNull();
    await setLang('zh-CN');
    await waitFor(() => expect(screen.getByTestId('bookmarks-failed').textContent).toContain('书签加载失败'));
    await setLang('en-US');

    replaceAnswers(() => null);
    fireEvent.click(screen.getByTestId('bookmarks-retry'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByTestId('bookmarks-failed')).toBeNull();
  });

  it('shows a link that is not a web address as plain text, neither opened nor downloaded', async () => {
    const { ada, ref } = await shop();
    const stored = await callAs<BookmarkPage>(
      ada,
      'GET',
      `project/bookmark?team_id=${ref.team_id}&project_id=${ref.project_id}`,
    );
    const odd = stored.bookmarks.map((each) =>
      each.type === 'url' ? { ...each, url: 'javascript:alert(1)' } : each,
    );
    replaceAnswers((request) =>
      request.method === 'GET' && request.path === '/api/project/bookmark'
        ? ok({ ...stored, bookmarks: odd })
        : null,
    );
    await openPanel(ref);
    const row = rowNamed('Spec');
    expect(within(row).queryByTestId('bookmark-open')).toBeNull();
    const plain = within(row).getByTestId('bookmark-plain');
    expect(plain.tagName).toBe('SPAN');
    fireEvent.click(plain);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls('POST', 'project/bookmark/click')).toHaveLength(0);
    expect(calls('GET', 'project/bookmark/file')).toHaveLength(0);
  });

  it('uploads a file, and refuses a too-long file name before sending, as the server does', async () => {
    const { ada, ref } = await shop();
    await openPanel(ref);
    // The picker's input is made anew after each choice.
    const input = () => document.querySelector('.bookmark-adders input[type=file]') as HTMLInputElement;

    const long = `${'n'.repeat(BookmarkLimits.fileNameMaxLength - 3)}.txt`;
    fireEvent.change(input(), { target: { files: [new File(['x'], long)] } });
    expect(
      await screen.findByText('Upload failed: the file name is too long. Rename the file and try again'),
    ).toBeTruthy();
    expect(calls('POST', 'project/bookmark/file')).toHaveLength(0);
    expect(await uploadAs(ada, ref, long, 'x')).toMatchObject({
      code: Codes.BOOKMARK_FILE_NAME_TOO_LONG.code,
      msg: en(Codes.BOOKMARK_FILE_NAME_TOO_LONG),
    });

    fireEvent.change(input(), {
      target: { files: [new File(['hello'], 'brief.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rowNamed('brief.pdf')).getByTestId('bookmark-detail').textContent).toBe('5 B');
    expect(calls('POST', 'project/bookmark/file')).toHaveLength(1);
    const stored = (await listOf(ada, ref)).find((each) => each.name === 'brief.pdf');
    expect(stored).toMatchObject({ type: 'file', filename: 'brief.pdf', size: 5 });
  });

  it('lets a viewer open bookmarks but change nothing', async () => {
    const { ada, ref } = await shop('onlooker');
    await openPanel(ref);
    expect(screen.queryByTestId('bookmark-add-link')).toBeNull();
    expect(screen.queryByTestId('bookmark-upload')).toBeNull();
    expect(screen.queryAllByTestId('bookmark-rename')).toHaveLength(0);
    expect(screen.queryAllByTestId('bookmark-delete')).toHaveLength(0);
    expect(rows().every((row) => row.getAttribute('draggable') === 'false')).toBe(true);

    fireEvent.click(within(rowNamed('Spec')).getByTestId('bookmark-open'));
    await waitFor(() =>
      expect(within(rowNamed('Spec')).getByTestId('bookmark-clicks').textContent?.trim()).toBe('1'),
    );
    // The server refuses a viewer's change as well.
    const refused = await answerTo(ada, 'POST', 'project/bookmark', {
      ...ref,
      bookmarks: [{ name: 'Mine', url: 'https://example.com' }],
    });
    expect(refused.code).not.toBe('00000');
  });
});
