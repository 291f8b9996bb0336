import '../../../test/setup';
import type { MessageView } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRealtimeDefaults, stopRealtime } from '../../../realtime/connection';
import { renderApp } from '../../../test/render';
import { callAs, signInHere, useRealServer } from '../../../test/server';
import { layOutStage } from '../../../test/stageLayout';
import { stagePath } from '../../stage/paths';
import { compareWorld, markInspected, uploadFirst, uploadNext, versionsOf } from './compareSeed';

useRealServer();

beforeEach(() => {
  layOutStage();
  // The socket is not what these tests look at: it retries quietly against a closed port.
  setRealtimeDefaults({ url: 'ws://127.0.0.1:9/ws' });
});
afterEach(() => {
  stopRealtime();
  setRealtimeDefaults({});
  vi.restoreAllMocks();
});

/** Ada inspected the first version of a design; Olga then uploaded a second one (its layers read). */
async function updatedSinceInspected() {
  const world = await compareWorld();
  const imageId = await uploadFirst(world);
  const [first] = (await versionsOf(world, imageId)).versions;
  await markInspected(world, imageId, first.id);
  await uploadNext(world, imageId);
  const [second] = (await versionsOf(world, imageId)).versions;
  await signInHere(world.ada);
  return { world, imageId, first, second };
}

const params = (location: string) => new URLSearchParams(location.split('?')[1]);

describe('the ways into compare mode', () => {
  it('badges a design changed since Ada inspected it; the badge opens compare mode, and goes once she has looked', async () => {
    const { world, imageId, first, second } = await updatedSinceInspected();
    const app = renderApp(stagePath(world.team.id, world.projectId));
    const badge = await screen.findByTestId('design-updated', {}, { timeout: 20_000 });
    expect(badge.textContent).toBe('Updated');
    fireEvent.mouseEnter(badge);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Changed since you last inspected it');

    fireEvent.click(badge);
    await waitFor(() => expect(app.location()).toMatch(/^\/item\/project\/detailDetach\?/));
    expect(params(app.location()).get('compare')).toBe('1');
    expect(params(app.location()).get('image_id')).toBe(imageId);
    // The server compares what changed since the version she inspected.
    await screen.findAllByTestId('compare-change', {}, { timeout: 20_000 });
    expect(screen.getByTestId('compare-from').textContent).toBe(first.version_info);
    // Looking at the new version with its layers is inspecting it.
    await waitFor(async () =>
      expect((await versionsOf(world, imageId)).inspected_version_id).toBe(second.id),
    );

    fireEvent.click(screen.getByTestId('detail-back'));
    const card = await screen.findByTestId('design-card', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(card).queryByTestId('design-updated')).toBeNull());
  });

  it('opens a new version’s notice in compare mode, with the versions it tells of', async () => {
    const { world, imageId, first, second } = await updatedSinceInspected();
    const inbox = await callAs<{ list: MessageView[] }>(
      world.ada,
      'GET',
      'msg_center/messages?page=1&page_size=10',
    );
    const notice = inbox.list.find((view) => view.method === 'updateImageVersion');
    expect(notice?.text).toContain('1 text, 1 colour changed');

    const app = renderApp('/user/info');
    fireEvent.click(await screen.findByTestId('notification-bell'));
    const centre = await screen.findByTestId('message-centre');
    const item = await waitFor(() => {
      const found = within(centre)
        .getAllByTestId('message-item')
        .find((element) => element.textContent?.includes('has a new version'));
      if (!found) throw new Error('no new-version notice');
      return found;
    });
    expect(item.textContent).toContain('1 text, 1 colour changed');
    fireEvent.click(within(item).getByTestId('message-open'));
    await waitFor(() => expect(app.location()).toMatch(/^\/item\/project\/detailDetach\?/));
    const opened = params(app.location());
    expect(opened.get('compare')).toBe('1');
    expect(opened.get('image_id')).toBe(imageId);
    expect(opened.get('from_version_id')).toBe(first.id);
    expect(opened.get('version_id')).toBe(second.id);
    await screen.findAllByTestId('compare-change', {}, { timeout: 20_000 });
    // The title's longer words made its layer wider too.
    expect(screen.getByTestId('compare-summary').textContent).toBe(
      '1 text, 1 colour changed; 1 layer resized',
    );
  });
});
