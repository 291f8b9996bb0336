import '../../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../i18n';
import { renderApp } from '../../test/render';
import { answerTo, signInHere, useRealServer } from '../../test/server';
import { forwardToStorage } from '../../test/storage';
import { stagePath } from '../stage/paths';
import { FakeXhr, installXhr } from '../stage/upload/fakeXhr';
import { walkthroughPath } from './paths';
import {
  addPages,
  addScreenshot,
  CHANGED_SVG,
  createIssue,
  fixtureDesign,
  runJobs,
  screenshotOf,
  taskOf,
  walkthroughProject,
} from './walkthroughSeed';
import { openWalkthrough, pageNames, workspace } from './walkthroughTestKit';

const seen = useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

describe('design QA', () => {
  it('is opened from the stage, says when it has no pages, and adds designs from the picker', async () => {
    const { olga, ada, ref } = await walkthroughProject();
    const buttons = await fixtureDesign(olga, ref, 'Buttons.svg');
    const cart = await fixtureDesign(olga, ref, 'Cart.svg');
    await signInHere(ada);
    const { location } = renderApp(stagePath(ref.team_id, ref.project_id));
    fireEvent.click(await screen.findByTestId('stage-walkthrough'));
    await waitFor(() => expect(location()).toBe(walkthroughPath(ref.team_id, ref.project_id)));

    const empty = await screen.findByTestId('wt-pages-empty');
    expect(empty.textContent).toContain('No pages yet');
    expect(screen.getByTestId('wt-hint')).toBeTruthy();
    expect(document.title).toContain('Design QA');

    fireEvent.click(screen.getByTestId('wt-add-designs'));
    await waitFor(() => expect(screen.getAllByTestId('wt-design-choice')).toHaveLength(2));
    const choice = (id: string) =>
      screen.getAllByTestId('wt-design-choice').find((node) => node.getAttribute('data-image-id') === id);
    fireEvent.click(choice(cart) as HTMLElement);
    fireEvent.click(choice(buttons) as HTMLElement);
    expect(screen.getByTestId('wt-add-designs-save').textContent).toBe('Add 2 designs');
    fireEvent.click(screen.getByTestId('wt-add-designs-save'));

    await waitFor(() => expect(pageNames()).toEqual(expect.arrayContaining(['Buttons', 'Cart'])));
    const pages = (await taskOf(ada, ref)).pages;
    expect(pages.map((page) => page.image_id).sort()).toEqual([buttons, cart].sort());
    // The page of the first design picked opens.
    await waitFor(() =>
      expect(location()).toContain(`pageId=${pages.find((p) => p.image_id === cart)?.page_id}`),
    );
    expect(await screen.findByTestId('wt-page-name')).toBeTruthy();
    expect(screen.getByTestId('wt-task-counts').textContent).toBe('2 pages · 0 to fix · 0 solved');
    expect(screen.getAllByTestId('wt-page-row-result').map((tag) => tag.textContent)).toEqual([
      'In progress',
      'In progress',
    ]);

    // A design already there is marked and cannot be picked again.
    fireEvent.click(screen.getByTestId('wt-add-designs'));
    await waitFor(() => expect(screen.getAllByTestId('wt-design-choice')).toHaveLength(2));
    expect((choice(cart) as HTMLButtonElement).disabled).toBe(true);
  });

  it('uploads a screenshot, shows it being compared, then its differences; a non-image is refused first', async () => {
    const { olga, ada, ref } = await walkthroughProject();
    const [page] = await addPages(olga, ref, [await fixtureDesign(olga, ref)]);
    await signInHere(ada);
    installXhr();
    await openWalkthrough(ref, { pageId: page.page_id });
    await workspace();
    expect(screen.getByTestId('wt-shots-empty').textContent).toContain('Upload a screenshot');

    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    expect(input.accept).toBe('.png,.jpg,.jpeg,.webp');
    fireEvent.change(input, {
      target: { files: [new File(['just words'], 'notes.png', { type: 'image/png' })] },
    });
    const refused = await screen.findByTestId('upload-row');
    await waitFor(() => expect(refused.getAttribute('data-status')).toBe('refused'));
    expect(within(refused).getByTestId('upload-row-message').textContent).toBe(
      en(Codes.IMAGE_FORMAT_UNSUPPORTED),
    );
    expect(FakeXhr.posted).toHaveLength(0);
    expect(seen.filter((request) => request.path === '/api/oss/token')).toEqual([]);

    const shot = await screenshotOf(CHANGED_SVG, 2);
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(shot)], 'Built.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    await forwardToStorage(FakeXhr.open[0], FakeXhr.posted[0]);

    const tab = await screen.findByTestId('wt-shot-tab');
    expect(tab.textContent).toBe('Built.png');
    expect(tab.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('wt-compare-state').getAttribute('data-status')).toBe('pending');
    expect(screen.getByTestId('wt-detected-scale').textContent).toBe('detected @2x');
    expect(screen.getByTestId('wt-shot-image')).toBeTruthy();

    // Once compared (the view polls while it runs), the differences are proposed.
    await runJobs(ref.team_id, 'walkthrough');
    await waitFor(() =>
      expect(screen.getByTestId('wt-compare-state').getAttribute('data-status')).toBe('ready'),
    );
    expect(screen.getByTestId('wt-compare-state').textContent).toMatch(/^\d+(\.\d+)?% differs$/);
    await waitFor(() => expect(screen.getAllByTestId('wt-candidate-box').length).toBeGreaterThan(0));
    expect(screen.getByTestId('wt-mask-toggle')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wt-mask-toggle'));
    expect(screen.getByTestId('wt-mask')).toBeTruthy();
  });

  it('moves the screenshot with the arrow keys and saves the alignment once it rests', async () => {
    const { olga, ada, ref } = await walkthroughProject();
    const [page] = await addPages(olga, ref, [await fixtureDesign(olga, ref)]);
    const shot = await addScreenshot(olga, ref, page.page_id, await screenshotOf(CHANGED_SVG, 2));
    await signInHere(ada);
    await openWalkthrough(ref, { pageId: page.page_id });
    await waitFor(() =>
      expect(screen.getByTestId('wt-compare-state').getAttribute('data-status')).toBe('ready'),
    );
    expect(screen.getByTestId('wt-offset').textContent).toBe('offset 0, 0');

    fireEvent.keyDown(window, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(screen.getByTestId('wt-offset').textContent).toBe('offset 10, 1');
    const aligns = () =>
      seen.filter(
        (request) =>
          request.method === 'PUT' && request.path === '/api/pangu/walkthrough/page/contrast_image',
      );
    await waitFor(() => expect(aligns()).toHaveLength(1));
    expect(aligns()[0].body).toMatchObject({
      contrast_id: shot.contrast_id,
      scale: 2,
      offset_x: 10,
      offset_y: 1,
      auto: false,
    });
    await waitFor(() =>
      expect(screen.getByTestId('wt-compare-state').getAttribute('data-status')).toBe('pending'),
    );

    fireEvent.click(screen.getByTestId('wt-mode-difference'));
    expect(screen.getByTestId('wt-canvas').getAttribute('data-mode')).toBe('difference');
    expect(screen.getByTestId('wt-shot-image').className).toContain('is-difference');
    fireEvent.click(screen.getByTestId('wt-mode-side'));
    expect(screen.getByTestId('wt-shot-half')).toBeTruthy();
  });

  it('shows an onlooker the pages, screenshots and issues without any of the editors’ tools', async () => {
    const { olga, ada, ref } = await walkthroughProject('onlooker');
    const [page] = await addPages(olga, ref, [await fixtureDesign(olga, ref)]);
    await addScreenshot(olga, ref, page.page_id, await screenshotOf(CHANGED_SVG, 2));
    await createIssue(olga, ref, { page_id: page.page_id, description: 'Title too big' });
    await signInHere(ada);
    await openWalkthrough(ref, { pageId: page.page_id });
    await waitFor(() =>
      expect(screen.getByTestId('wt-workspace').getAttribute('data-can-edit')).toBe('false'),
    );
    await waitFor(() => expect(screen.getAllByTestId('wt-issue')).toHaveLength(1));

    expect(screen.queryByTestId('wt-add-designs')).toBeNull();
    expect(screen.queryByTestId('wt-task-result-select')).toBeNull();
    expect(screen.queryByTestId('wt-page-delete')).toBeNull();
    expect(screen.queryByTestId('upload-input')).toBeNull();
    expect(screen.queryByTestId('wt-shot-upload')).toBeNull();
    expect(screen.queryByTestId('wt-shot-delete')).toBeNull();
    expect(screen.queryByTestId('wt-new-issue')).toBeNull();
    expect(screen.queryByTestId('wt-auto-align')).toBeNull();
    expect((screen.getByTestId('wt-scale') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('wt-page-result').textContent).toBe('In progress');
    const issue = screen.getByTestId('wt-issue');
    expect(
      within(issue)
        .queryAllByRole('button')
        .map((button) => button.getAttribute('data-testid')),
    ).toEqual(['wt-issue-select']);
    fireEvent.click(screen.getByTestId('wt-tab-candidates'));
    await waitFor(() => expect(screen.getAllByTestId('wt-candidate').length).toBeGreaterThan(0));
    expect(screen.queryAllByTestId('wt-candidate-accept')).toHaveLength(0);
    expect(screen.queryAllByTestId('wt-candidate-dismiss')).toHaveLength(0);
  });

  it("shows the server's words when it refuses, and a page that is gone, in the reader's language", async () => {
    const { olga, ada, ref } = await walkthroughProject();
    const [page] = await addPages(olga, ref, [await fixtureDesign(olga, ref)]);
    await signInHere(ada);
    await setLang('zh-CN');
    await openWalkthrough(ref, { pageId: '00000000-0000-4000-8000-000000000000' });
    const failed = await screen.findByTestId('wt-page-failed');
    expect(failed.textContent).toContain('页面加载失败');
    expect(failed.textContent).toContain(codeMessage(Codes.WALKTHROUGH_PAGE_NOT_FOUND, 'zh-CN'));
    expect(screen.getByTestId('wt-task-counts').textContent).toBe('1 个页面 · 待处理 0 · 已解决 0');
    await setLang('en-US');

    // The page is removed by someone else while it is open: a change to it answers why.
    fireEvent.click(screen.getAllByTestId('wt-page-open')[0]);
    await waitFor(() =>
      expect(screen.getByTestId('wt-workspace').getAttribute('data-page-id')).toBe(page.page_id),
    );
    await answerTo(olga, 'DELETE', 'pangu/walkthrough/page', {
      project_id: ref.project_id,
      page_id: page.page_id,
    });
    fireEvent.click(screen.getByTestId('wt-page-result-passed'));
    expect((await screen.findAllByText(en(Codes.WALKTHROUGH_PAGE_NOT_FOUND))).length).toBeGreaterThan(0);
  });
});
