import '../../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { answerTo, signInHere, useRealServer } from '../../../test/server';
import { compareDetailPath, detailPath } from '../../stage/paths';
import {
  type CompareWorld,
  compareWorld,
  designSvg,
  FIRST,
  markInspected,
  runJobs,
  uploadFirst,
  uploadNext,
  versionsOf,
} from './compareSeed';

const seen = useRealServer();

/** A design of two versions (the second changed the title's words and the card's colour), Ada signed in. */
async function twoVersions() {
  const world = await compareWorld();
  const imageId = await uploadFirst(world);
  await uploadNext(world, imageId);
  await signInHere(world.ada);
  const image = await versionsOf(world, imageId);
  const [second, first] = image.versions;
  return { world, imageId, first, second };
}

const compareAt = (world: CompareWorld, imageId: string, versions: { from?: string; to?: string } = {}) =>
  compareDetailPath(world.team.id, world.projectId, imageId, versions);

/** The listed changes as "kind name: what changed". */
const listed = () =>
  screen
    .getAllByTestId('compare-change')
    .map(
      (row) =>
        `${row.getAttribute('data-kind')} ${row.getAttribute('data-name')}: ${within(row).getByTestId('compare-change-what').textContent}`,
    );

const compareCalls = () => seen.filter((request) => request.path === '/api/project/image/compare');

const inspectedCalls = () =>
  seen.filter((request) => request.method === 'POST' && request.path === '/api/project/image/inspected');

describe('comparing two versions of a design', () => {
  it('lists exactly the changes between the versions, and a change before → after', async () => {
    const { world, imageId, first, second } = await twoVersions();
    renderApp(compareAt(world, imageId));
    await screen.findAllByTestId('compare-change', {}, { timeout: 20_000 });
    // The server's defaults: the current version against the one before it.
    expect(screen.getByTestId('compare-from').textContent).toBe(first.version_info);
    expect(screen.getByTestId('compare-to').textContent).toContain(second.version_info);
    // The title's longer words made its layer wider too.
    expect(listed()).toEqual(['changed Card: Fill', 'changed Title: Size, Text']);
    expect(screen.getByTestId('compare-summary').textContent).toBe(
      '1 text, 1 colour changed; 1 layer resized',
    );
    expect(screen.getAllByTestId('compare-box-changed')).toHaveLength(2);

    fireEvent.click(screen.getAllByTestId('compare-change')[0]);
    const card = await screen.findByTestId('compare-detail');
    const fill = within(card).getByTestId('compare-diff-fills');
    expect(within(fill).getByTestId('compare-diff-fills-before').textContent).toContain('#3366CC');
    expect(within(fill).getByTestId('compare-diff-fills-after').textContent).toContain('#E5484D');

    fireEvent.click(screen.getAllByTestId('compare-change')[1]);
    const detail = await screen.findByTestId('compare-detail');
    const title = within(detail).getByTestId('compare-diff-textContent');
    expect(within(title).getByTestId('compare-diff-textContent-before').textContent).toBe('Hello');
    expect(within(title).getByTestId('compare-diff-textContent-after').textContent).toBe('Hello there');
    // Only the width changed of its frame, in the inspect view's unit.
    expect(within(detail).queryByTestId('compare-diff-frame-x')).toBeNull();
    const width = within(detail).getByTestId('compare-diff-frame-width');
    expect(within(width).getByTestId('compare-diff-frame-width-before').textContent).toMatch(/^\d+px$/);
    // The selected change alone is drawn with the overlays off.
    fireEvent.click(screen.getByTestId('compare-overlays-toggle'));
    await waitFor(() => expect(screen.getAllByTestId('compare-box-changed')).toHaveLength(1));
    expect(screen.getByTestId('compare-box-changed').getAttribute('data-name')).toBe('Title');
  });

  it('shows the two pictures under a divider the arrow keys move, and leaves for inspect on the same design', async () => {
    const { world, imageId } = await twoVersions();
    const view = renderApp(compareAt(world, imageId));
    await screen.findAllByTestId('compare-change', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByTestId('compare-mode-slider'));
    const divider = await screen.findByTestId('compare-divider');
    expect(screen.getByTestId('compare-label-from').textContent).toBe('v1');
    expect(screen.getByTestId('compare-label-to').textContent).toBe('v2');
    expect(divider.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(divider, { key: 'ArrowRight' });
    fireEvent.keyDown(divider, { key: 'ArrowRight', shiftKey: true });
    expect(divider.getAttribute('aria-valuenow')).toBe('61');
    fireEvent.keyDown(divider, { key: 'Home' });
    expect(divider.getAttribute('aria-valuenow')).toBe('0');
    // The arrow keys moved the divider, not to another design.
    expect(view.location()).toContain(`image_id=${imageId}`);

    fireEvent.click(screen.getByTestId('detail-compare'));
    await screen.findByTestId('inspect-sidebar');
    expect(view.location()).not.toContain('compare=1');
    expect(view.location()).toContain(`image_id=${imageId}`);
    expect(screen.queryByTestId('compare-panel')).toBeNull();
    // The newer version it showed is the current one: inspect shows it without naming it.
    expect(view.location()).not.toContain('version_id');
    fireEvent.click(screen.getByTestId('detail-compare'));
    await screen.findByTestId('compare-panel');
    expect(view.location()).toContain('compare=1');
  });

  it('compares the versions picked, and shows a text style before → after', async () => {
    const world = await compareWorld();
    const imageId = await uploadFirst(world);
    await uploadNext(world, imageId, designSvg({ title: 'Hello there' }));
    // The third version styles the title bigger and red; its words stay.
    await uploadNext(
      world,
      imageId,
      designSvg({ title: 'Hello there' })
        .replace('font-size="16"', 'font-size="20"')
        .replace('fill="#202122"', 'fill="#e5484d"'),
    );
    await signInHere(world.ada);
    const [, second, first] = (await versionsOf(world, imageId)).versions;
    const view = renderApp(compareAt(world, imageId));
    await screen.findAllByTestId('compare-change', {}, { timeout: 20_000 });
    expect(screen.getByTestId('compare-from').textContent).toBe(second.version_info);
    expect(listed()).toEqual([expect.stringMatching(/^changed Title: .*Text style/)]);
    fireEvent.click(screen.getByTestId('compare-change'));
    const detail = await screen.findByTestId('compare-detail');
    const size = within(detail).getByTestId('compare-diff-text-fontSize');
    expect(within(size).getByTestId('compare-diff-text-fontSize-before').textContent).toBe('16px');
    expect(within(size).getByTestId('compare-diff-text-fontSize-after').textContent).toBe('20px');
    const colour = within(detail).getByTestId('compare-diff-text-color');
    expect(within(colour).getByTestId('compare-diff-text-color-before').textContent).toContain('#202122');
    expect(within(colour).getByTestId('compare-diff-text-color-after').textContent).toContain('#E5484D');

    // From the first version, the words changed too.
    fireEvent.mouseDown(within(screen.getByTestId('compare-from')).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.textContent === first.version_info,
      );
      if (!found) throw new Error(`no option ${first.version_info}`);
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(view.location()).toContain(`from_version_id=${first.id}`));
    await waitFor(() => expect(screen.getByTestId('compare-from').textContent).toBe(first.version_info));
    await waitFor(() =>
      expect(listed()).toEqual([expect.stringMatching(/^changed Title: .*Text, Text style/)]),
    );
  });

  it('says so when nothing changed between the versions', async () => {
    const world = await compareWorld();
    const imageId = await uploadFirst(world);
    // The same drawing saved again (other bytes, the same layers).
    await uploadNext(world, imageId, `${FIRST}\n`);
    await signInHere(world.ada);
    renderApp(compareAt(world, imageId));
    expect((await screen.findByTestId('compare-empty', {}, { timeout: 20_000 })).textContent).toBe(
      'No changes between these versions',
    );
    expect(screen.getByTestId('compare-summary').textContent).toBe('No changes between these versions');
    expect(screen.queryAllByTestId('compare-change')).toHaveLength(0);
  });

  it('shows the server’s refusal in place while the new version’s layers are read, retries, and compares once they are', async () => {
    const world = await compareWorld();
    const imageId = await uploadFirst(world);
    await uploadNext(world, imageId, undefined, false);
    await signInHere(world.ada);
    renderApp(compareAt(world, imageId));
    const message = await screen.findByTestId('compare-error-message', {}, { timeout: 20_000 });
    const refusal = await answerTo(
      world.ada,
      'GET',
      `project/image/compare?team_id=${world.team.id}&image_id=${imageId}`,
    );
    expect(refusal.code).not.toBe('00000');
    expect(refusal.msg).toMatch(/layer/i);
    expect(message.textContent).toBe(refusal.msg);
    // Retry asks again (still refused: the layers are being read).
    const asked = compareCalls().length;
    fireEvent.click(screen.getByTestId('compare-retry'));
    await waitFor(() => expect(compareCalls().length).toBe(asked + 1));
    expect((await screen.findByTestId('compare-error-message')).textContent).toBe(refusal.msg);
    // The pictures can be compared meanwhile.
    fireEvent.click(screen.getByTestId('compare-mode-slider'));
    await screen.findByTestId('compare-divider');
    expect(screen.getByTestId('compare-label-from').textContent).toBe('v1');
    expect(screen.getByTestId('compare-label-to').textContent).toBe('v2');
    fireEvent.click(screen.getByTestId('compare-mode-overlay'));
    // Once they are read, the view (polling the design meanwhile) compares by itself.
    await runJobs(world.team.id, 'layers');
    await screen.findAllByTestId('compare-change', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('compare-error')).toBeNull();
  });

  it('cannot be turned on for a design of one version: the toggle says why', async () => {
    const world = await compareWorld();
    const imageId = await uploadFirst(world);
    await signInHere(world.ada);
    renderApp(detailPath(world.team.id, world.projectId, imageId));
    const toggle = await screen.findByTestId('detail-compare', {}, { timeout: 20_000 });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseEnter(toggle.parentElement as HTMLElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'This design has one version: upload a new version to compare',
    );
  });

  it('records the version inspected once, when its layers are shown', async () => {
    const { world, imageId, second } = await twoVersions();
    renderApp(detailPath(world.team.id, world.projectId, imageId));
    await screen.findByTestId('inspect-layer-count', {}, { timeout: 20_000 });
    await waitFor(() => expect(inspectedCalls()).toHaveLength(1));
    expect(inspectedCalls()[0].body).toEqual({
      team_id: world.team.id,
      image_id: imageId,
      version_id: second.id,
    });
    const image = await versionsOf(world, imageId);
    expect(image.inspected_version_id).toBe(second.id);
  });

  it('holds the version last inspected as "from" in its address before recording the newer one as inspected', async () => {
    const world = await compareWorld();
    const imageId = await uploadFirst(world);
    await uploadNext(world, imageId);
    await uploadNext(world, imageId, designSvg({ title: 'Hello again', card: '#e5484d' }));
    const [third, , first] = (await versionsOf(world, imageId)).versions;
    await markInspected(world, imageId, first.id);
    await signInHere(world.ada);
    const view = renderApp(compareAt(world, imageId));
    await waitFor(() => expect(view.location()).toContain(`from_version_id=${first.id}`), {
      timeout: 20_000,
    });
    await waitFor(() => expect(screen.getByTestId('compare-from').textContent).toBe(first.version_info));
    await waitFor(() => expect(inspectedCalls()).toHaveLength(1));
    expect(inspectedCalls()[0].body).toMatchObject({ version_id: third.id });
    // Recorded only after the answer that chose "from", which is kept under the new address: no second call.
    expect(seen.indexOf(compareCalls()[0])).toBeLessThan(seen.indexOf(inspectedCalls()[0]));
    expect(compareCalls()).toHaveLength(1);
    expect(screen.getByTestId('compare-from').textContent).toBe(first.version_info);
  });
});
