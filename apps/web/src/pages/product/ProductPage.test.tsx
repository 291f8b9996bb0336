import '../../test/setup';
import { Codes, codeMessage, DocumentLimits } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { answerTo, signInHere, useRealServer } from '../../test/server';
import { forwardToStorage } from '../../test/storage';
import { FakeXhr, installXhr } from '../stage/upload/fakeXhr';
import {
  createDocumentGroup,
  documentsProject,
  drawDocuments,
  listDocuments,
  samplePdf,
  uploadDocument,
} from './documentSeed';
import { productPath } from './paths';

const seen = useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

const groupNames = () => screen.queryAllByTestId('doc-group-name').map((node) => node.textContent);
const docNames = (within_: HTMLElement = document.body) =>
  within(within_)
    .queryAllByTestId('doc-row-name')
    .map((node) => node.textContent);
const groupNamed = (name: string) => {
  const group = screen.queryAllByTestId('doc-group').find((node) => node.getAttribute('aria-label') === name);
  if (!group) throw new Error(`no group named ${name}`);
  return group;
};
const rowNamed = (name: string) => {
  const row = screen.queryAllByTestId('doc-row').find((node) => within(node).queryByText(name));
  if (!row) throw new Error(`no document named ${name}`);
  return row;
};

/** The screen, once the project is read: what it offers depends on the caller's right to edit. */
async function openProduct(ref: { team_id: string; project_id: string }, canEdit: boolean) {
  const view = renderApp(productPath(ref.team_id, ref.project_id));
  await waitFor(() =>
    expect(screen.getByTestId('product-page').getAttribute('data-can-edit')).toBe(String(canEdit)),
  );
  return view;
}

/** The item of the menu open now (closed menus stay in the page, hidden). */
async function shownMenuItem(testId: string, text?: string) {
  let shown: HTMLElement | undefined;
  await waitFor(() => {
    const items = screen
      .queryAllByTestId(testId)
      .filter((node) => !node.closest('.ant-dropdown-hidden, .ant-dropdown-menu-submenu-hidden'))
      .filter((node) => text === undefined || node.textContent === text);
    expect(items).toHaveLength(1);
    shown = items[0];
  });
  return shown as HTMLElement;
}

/** Opens a group's menu and picks one of its items. */
async function groupMenu(name: string, item: string) {
  fireEvent.click(within(groupNamed(name)).getByTestId('doc-group-actions'));
  fireEvent.click(await shownMenuItem(item));
}

async function nameInDialog(name: string) {
  const input = await screen.findByTestId('doc-group-name-input');
  fireEvent.change(input, { target: { value: name } });
  fireEvent.click(screen.getByTestId('doc-group-name-save'));
}

describe('the product documents', () => {
  it('lists the groups in their order with their documents, then the ungrouped ones, and opens one', async () => {
    const { olga, ada, ref } = await documentsProject();
    const specs = await createDocumentGroup(olga, ref, 'Specs');
    await createDocumentGroup(olga, ref, 'Research');
    const brief = await uploadDocument(olga, ref, 'Brief.pdf', { groupId: specs.group_id });
    await uploadDocument(olga, ref, 'Notes.pdf');
    // The same name again is a new version of it.
    await uploadDocument(olga, ref, 'Brief.pdf');
    await signInHere(ada);
    const { location } = await openProduct(ref, true);

    await waitFor(() => expect(groupNames()).toEqual(['Specs', 'Research', 'Ungrouped']));
    expect(docNames(groupNamed('Specs'))).toEqual(['Brief']);
    expect(docNames(groupNamed('Research'))).toEqual([]);
    expect(docNames(groupNamed('Ungrouped'))).toEqual(['Notes']);
    expect(within(rowNamed('Brief')).getByTestId('doc-row-version').textContent).toBe('v2');
    expect(within(rowNamed('Notes')).queryByTestId('doc-row-version')).toBeNull();
    // Nothing has drawn their pages yet.
    expect(within(rowNamed('Notes')).getByTestId('doc-processing')).toBeTruthy();
    expect(screen.getByTestId('product-hint')).toBeTruthy();
    expect(document.title).toContain('Product documents');

    fireEvent.click(within(rowNamed('Brief')).getByTestId('doc-open'));
    await waitFor(() => expect(location()).toContain(`docId=${brief.id}`));
    expect(location()).toContain('docType=other');
    expect(rowNamed('Brief').className).toContain('is-selected');
    expect(screen.queryByTestId('product-hint')).toBeNull();

    // A group folds away and opens again.
    fireEvent.click(within(groupNamed('Specs')).getByTestId('doc-group-toggle'));
    expect(docNames(groupNamed('Specs'))).toEqual([]);
    fireEvent.click(within(groupNamed('Specs')).getByTestId('doc-group-toggle'));
    expect(docNames(groupNamed('Specs'))).toEqual(['Brief']);
  });

  it('makes, renames, moves and deletes groups, saying why a name is refused', async () => {
    const { olga, ada, ref } = await documentsProject();
    await createDocumentGroup(olga, ref, 'Specs');
    await uploadDocument(olga, ref, 'Brief.pdf');
    await signInHere(ada);
    await openProduct(ref, true);
    await waitFor(() => expect(docNames()).toEqual(['Brief']));

    fireEvent.click(screen.getByTestId('doc-group-create'));
    await nameInDialog('Specs');
    expect(await screen.findByText(en(Codes.PRODUCT_GROUP_NAME_EXISTS))).toBeTruthy();
    await nameInDialog('  ');
    expect(await screen.findByText(en(Codes.PRODUCT_GROUP_NAME_EMPTY))).toBeTruthy();
    await nameInDialog('Flows');
    await waitFor(() => expect(groupNames()).toEqual(['Specs', 'Flows', 'Ungrouped']));
    await waitFor(async () =>
      expect((await listDocuments(ada, ref)).groups.map((group) => group.name)).toEqual(['Specs', 'Flows']),
    );

    await groupMenu('Flows', 'doc-group-rename');
    await nameInDialog('Specs');
    expect(await screen.findByText(en(Codes.PRODUCT_GROUP_NAME_EXISTS))).toBeTruthy();
    await nameInDialog('User flows');
    await waitFor(() => expect(groupNames()).toEqual(['Specs', 'User flows', 'Ungrouped']));

    await groupMenu('User flows', 'doc-group-up');
    await waitFor(async () =>
      expect((await listDocuments(ada, ref)).groups.map((group) => group.name)).toEqual([
        'User flows',
        'Specs',
      ]),
    );
    await waitFor(() => expect(groupNames()).toEqual(['User flows', 'Specs', 'Ungrouped']));

    // A document moves into a group through its menu.
    fireEvent.click(within(rowNamed('Brief')).getByTestId('doc-actions'));
    fireEvent.mouseEnter((await screen.findByTestId('doc-move')).closest('[role=menuitem]') as HTMLElement);
    const target = (await screen.findAllByTestId('doc-move-target')).find(
      (node) => node.textContent === 'Specs',
    );
    fireEvent.click(target as HTMLElement);
    await waitFor(async () => {
      const list = await listDocuments(ada, ref);
      expect(list.groups.find((group) => group.name === 'Specs')?.resources.map((doc) => doc.name)).toEqual([
        'Brief',
      ]);
    });
    await waitFor(() => expect(docNames(groupNamed('Specs'))).toEqual(['Brief']));

    // Deleting a group keeps its documents, ungrouped.
    await groupMenu('Specs', 'doc-group-delete');
    fireEvent.click(await screen.findByTestId('doc-group-delete-confirm'));
    await waitFor(async () => {
      const list = await listDocuments(ada, ref);
      expect(list.groups.map((group) => group.name)).toEqual(['User flows']);
      expect(list.ungrouped.map((doc) => doc.name)).toEqual(['Brief']);
    });
    await waitFor(() => expect(groupNames()).toEqual(['User flows', 'Ungrouped']));
    expect(docNames(groupNamed('Ungrouped'))).toEqual(['Brief']);
  });

  it('renames a document, deletes its latest version, then the document itself', async () => {
    const { olga, ada, ref } = await documentsProject();
    await uploadDocument(olga, ref, 'Notes.pdf');
    const brief = await uploadDocument(olga, ref, 'Brief.pdf');
    await uploadDocument(olga, ref, 'Brief.pdf');
    await signInHere(ada);
    const { location, router } = await openProduct(ref, true);
    await waitFor(() => expect(docNames()).toEqual(['Notes', 'Brief']));

    fireEvent.click(within(rowNamed('Brief')).getByTestId('doc-actions'));
    fireEvent.click(await shownMenuItem('doc-rename'));
    const input = await screen.findByTestId('doc-naming-input');
    fireEvent.change(input, { target: { value: 'Notes' } });
    fireEvent.click(screen.getByTestId('doc-naming-save'));
    expect(await screen.findByText(en(Codes.DOCUMENT_NAME_EXISTS))).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Product brief' } });
    fireEvent.click(screen.getByTestId('doc-naming-save'));
    await waitFor(() => expect(docNames()).toEqual(['Notes', 'Product brief']));
    await waitFor(async () =>
      expect((await listDocuments(ada, ref)).ungrouped.map((doc) => doc.name)).toEqual([
        'Notes',
        'Product brief',
      ]),
    );

    fireEvent.click(within(rowNamed('Product brief')).getByTestId('doc-open'));
    await waitFor(() => expect(location()).toContain(`docId=${brief.id}`));
    fireEvent.click(within(rowNamed('Product brief')).getByTestId('doc-actions'));
    fireEvent.click(await shownMenuItem('doc-delete-version'));
    fireEvent.click(await screen.findByTestId('doc-delete-version-confirm'));
    await waitFor(async () =>
      expect((await listDocuments(ada, ref)).ungrouped.find((doc) => doc.id === brief.id)?.version).toBe(1),
    );
    await waitFor(() =>
      expect(within(rowNamed('Product brief')).queryByTestId('doc-row-version')).toBeNull(),
    );
    expect(location()).toContain(`docId=${brief.id}`);

    fireEvent.click(within(rowNamed('Product brief')).getByTestId('doc-actions'));
    fireEvent.click(await shownMenuItem('doc-delete'));
    fireEvent.click(await screen.findByTestId('doc-delete-confirm'));
    await waitFor(async () =>
      expect((await listDocuments(ada, ref)).ungrouped.map((doc) => doc.name)).toEqual(['Notes']),
    );
    await waitFor(() => expect(docNames()).toEqual(['Notes']));
    // The deleted document is no longer open.
    await waitFor(() => expect(router.state.location.search).not.toContain('docId'));
    expect(await screen.findByTestId('product-hint')).toBeTruthy();
  });

  it('uploads through the picker to storage and registers each file, showing the server refusal of a broken one', async () => {
    const { ada, ref } = await documentsProject();
    await signInHere(ada);
    installXhr();
    await openProduct(ref, true);
    await screen.findByTestId('doc-empty');

    fireEvent.change(screen.getByTestId('upload-input'), {
      target: {
        files: [
          new File([new Uint8Array(samplePdf)], 'Guide.pdf', { type: 'application/pdf' }),
          new File(['%PDF-1.7 nothing else'], 'Broken.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    await waitFor(() => expect(FakeXhr.open).toHaveLength(2));
    FakeXhr.open[0].progress(samplePdf.length / 2, samplePdf.length);
    await waitFor(() =>
      expect(
        screen.getAllByTestId('upload-row-progress').map((bar) => bar.getAttribute('aria-valuenow')),
      ).toContain('50'),
    );
    // The storage posts reach the real server's storage endpoint.
    const posts = [...FakeXhr.open].map((xhr, index) => [xhr, FakeXhr.posted[index]] as const);
    for (const [xhr, posted] of posts) await forwardToStorage(xhr, posted);

    const rowOf = (name: string) =>
      screen
        .getAllByTestId('upload-row')
        .find((row) => row.getAttribute('data-name') === name) as HTMLElement;
    await waitFor(() => expect(rowOf('Guide.pdf').getAttribute('data-status')).toBe('done'));
    await waitFor(() => expect(rowOf('Broken.pdf').getAttribute('data-status')).toBe('refused'));
    expect(within(rowOf('Broken.pdf')).getByTestId('upload-row-message').textContent).toBe(
      en(Codes.DOCUMENT_MALFORMED),
    );
    await waitFor(() => expect(docNames()).toEqual(['Guide']));
    const [guide] = (await listDocuments(ada, ref)).ungrouped;
    expect(guide).toMatchObject({ name: 'Guide', kind: 'pdf', version: 1, status: 'processing' });
    expect(within(rowNamed('Guide')).getByTestId('doc-processing')).toBeTruthy();

    // Once its pages are drawn, the list (read again while a document converts) says it is ready.
    await drawDocuments(ref.team_id);
    await waitFor(() => expect(rowNamed('Guide').getAttribute('data-status')).toBe('ready'));
    expect(within(rowNamed('Guide')).queryByTestId('doc-processing')).toBeNull();
  });

  it("uploads into a group from the group's menu", async () => {
    const { ada, ref } = await documentsProject();
    const specs = await createDocumentGroup(ada, ref, 'Specs');
    await uploadDocument(ada, ref, 'Notes.pdf');
    await signInHere(ada);
    installXhr();
    await openProduct(ref, true);
    await waitFor(() => expect(groupNames()).toEqual(['Specs', 'Ungrouped']));

    await groupMenu('Specs', 'doc-group-upload');
    fireEvent.change(screen.getByTestId('doc-group-upload-input'), {
      target: { files: [new File([new Uint8Array(samplePdf)], 'Checkout.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    await forwardToStorage(FakeXhr.open[0], FakeXhr.posted[0]);
    await waitFor(async () => {
      const list = await listDocuments(ada, ref);
      expect(list.groups.map((group) => [group.group_id, group.resources.map((doc) => doc.name)])).toEqual([
        [specs.group_id, ['Checkout']],
      ]);
      expect(list.ungrouped.map((doc) => doc.name)).toEqual(['Notes']);
    });
    await waitFor(() => expect(docNames(groupNamed('Specs'))).toEqual(['Checkout']));
  });

  it('refuses a file over 30 MB in the browser, before any call', async () => {
    const { ada, ref } = await documentsProject();
    await signInHere(ada);
    await openProduct(ref, true);
    await screen.findByTestId('doc-empty');
    expect(within(screen.getByTestId('doc-empty')).getByTestId('doc-upload')).toBeTruthy();
    seen.length = 0;

    const big = new File([new Uint8Array(DocumentLimits.fileMaxBytes + 1024 * 1024)], 'Manual.pdf', {
      type: 'application/pdf',
    });
    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.zip');
    fireEvent.change(input, { target: { files: [big] } });
    const row = await screen.findByTestId('upload-row');
    await waitFor(() => expect(row.getAttribute('data-status')).toBe('refused'));
    expect(within(row).getByTestId('upload-row-message').textContent).toBe(en(Codes.DOCUMENT_TOO_LARGE));
    expect(en(Codes.DOCUMENT_TOO_LARGE)).toContain('30 MB');
    expect(codeMessage(Codes.DOCUMENT_TOO_LARGE, 'zh-CN')).toContain('资源文件大小超过限制（≤30M）');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      seen.filter((request) => request.path === '/api/oss/token' || request.path === '/api/project/doc'),
    ).toEqual([]);
    expect((await listDocuments(ada, ref)).ungrouped).toEqual([]);
  });

  it('lets an onlooker read and search the documents but change nothing', async () => {
    const { olga, ada, ref } = await documentsProject('onlooker');
    await createDocumentGroup(olga, ref, 'Specs');
    await uploadDocument(olga, ref, 'Brief.pdf');
    await signInHere(ada);
    renderApp(productPath(ref.team_id, ref.project_id));
    await waitFor(() => expect(docNames()).toEqual(['Brief']));
    await waitFor(() =>
      expect(screen.getByTestId('product-page').getAttribute('data-can-edit')).toBe('false'),
    );
    expect(screen.queryByTestId('doc-upload')).toBeNull();
    expect(screen.queryByTestId('upload-input')).toBeNull();
    expect(screen.queryByTestId('doc-group-create')).toBeNull();
    expect(screen.queryAllByTestId('doc-group-actions')).toHaveLength(0);
    expect(screen.queryAllByTestId('doc-actions')).toHaveLength(0);
    expect(screen.getByTestId('doc-search')).toBeTruthy();
    // The server refuses the onlooker's change as well.
    const refused = await answerTo(ada, 'POST', 'project/product_document_group', { ...ref, name: 'Mine' });
    expect(refused.code).not.toBe('00000');
  });

  it('searches the pages and opens the document at the page of a hit', async () => {
    const { olga, ada, ref } = await documentsProject('onlooker');
    const brief = await uploadDocument(olga, ref, 'Brief.pdf');
    await uploadDocument(olga, ref, 'Notes.pdf');
    await drawDocuments(ref.team_id);
    await waitFor(async () =>
      expect((await listDocuments(ada, ref)).ungrouped.map((doc) => doc.status)).toEqual(['ready', 'ready']),
    );
    await signInHere(ada);
    const { location } = await openProduct(ref, false);
    await waitFor(() => expect(docNames()).toEqual(['Brief', 'Notes']));

    fireEvent.change(screen.getByTestId('doc-search'), { target: { value: 'beautiful' } });
    await waitFor(() => expect(screen.getAllByTestId('doc-hit')).toHaveLength(2));
    const hit = screen
      .getAllByTestId('doc-hit')
      .find((node) => node.getAttribute('data-doc-id') === brief.id);
    const page = within(hit as HTMLElement).getByTestId('doc-hit-page');
    expect(page.textContent).toMatch(/^p\. 1:.*Example document Beautiful is better than ugly/);
    expect(within(page).getByText('Beautiful').tagName).toBe('MARK');
    const searches = seen.filter((request) => request.path === '/api/project/project_product_search');
    // Typing settles before one search is made.
    expect(searches.map((request) => request.query.get('keyword'))).toEqual(['beautiful']);

    fireEvent.click(page);
    await waitFor(() => expect(location()).toContain(`docId=${brief.id}`));
    expect(location()).toContain('pageId=1');
    expect(location()).toContain(`versionId=${brief.version_id}`);

    fireEvent.change(screen.getByTestId('doc-search'), { target: { value: 'nowhere to be found' } });
    expect(await screen.findByTestId('doc-search-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('doc-search'), { target: { value: '' } });
    await waitFor(() => expect(docNames()).toEqual(['Brief', 'Notes']));
  });
});
