import '../test/setup';
import type { MessageView } from '@ferry/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../queryClient';
import { setRealtimeDefaults, stopRealtime } from '../realtime/connection';
import { reloadMessageDots } from '../state/messageDots';
import { resetPreferenceSync } from '../state/preferences';
import { StorageKeys } from '../state/storage';
import { renderApp } from '../test/render';
import { adaInOlgasProject } from '../test/seed';
import { callAs, signInHere, useRealServer } from '../test/server';

const seen = useRealServer();

/**
 * Ada's message centre, made by Olga through the API: Ada is invited to a project (a project notice), then
 * mentioned in three comments on its design, the first of which Ada has already read. Newest first, the
 * centre holds: comment 3, comment 2, comment 1 (read), the invitation.
 */
async function adaWithNotices() {
  const { ada, team, design, mention } = await adaInOlgasProject();
  const comments = [];
  for (const n of [1, 2, 3]) comments.push(await mention(`Comment ${n}`));
  const inbox = await callAs<{ list: MessageView[] }>(ada, 'GET', 'msg_center/messages?page=1&page_size=10');
  await callAs(ada, 'POST', 'msg_center/messages/read', { ids: [inbox.list[2].id] });
  await signInHere(ada);
  return { ada, team, design, comments, inbox: inbox.list };
}

beforeEach(() => {
  // The socket is not what these tests look at: it retries quietly against a closed port.
  setRealtimeDefaults({ url: 'ws://127.0.0.1:9/ws' });
});
afterEach(() => {
  stopRealtime();
  setRealtimeDefaults({});
});

const count = () => screen.getByTestId('notification-count').getAttribute('data-count');
const items = (centre: HTMLElement) => within(centre).getAllByTestId('message-item');

async function openCentre() {
  fireEvent.click(await screen.findByTestId('notification-bell'));
  const centre = await screen.findByTestId('message-centre');
  await waitFor(() => expect(items(centre)).toHaveLength(4));
  return centre;
}

describe('the bell and the message centre', () => {
  it('shows the unread count; marking one read, then all, brings it down', async () => {
    const { ada, inbox } = await adaWithNotices();
    renderApp('/user/info');
    await waitFor(() => expect(count()).toBe('3'));

    const centre = await openCentre();
    const [first] = items(centre);
    // The server shortens the sender's name in the title.
    expect(first.textContent).toContain('Olg… mentioned you');
    expect(first.textContent).toContain('Comment 3');
    fireEvent.click(within(first).getByTestId('message-mark-read'));
    await waitFor(() => expect(count()).toBe('2'));
    expect(seen.find((req) => req.path === '/api/msg_center/messages/read')?.body).toEqual({
      ids: [inbox[0].id],
    });

    fireEvent.click(screen.getByTestId('message-read-all'));
    await waitFor(() => expect(count()).toBe('0'));
    await waitFor(() => expect(within(centre).queryAllByTestId('message-unread')).toHaveLength(0));
    const unread = await callAs<{ unread: number }>(ada, 'GET', 'msg_center/messages/unread');
    expect(unread.unread).toBe(0);
  });

  it('a click on a notice marks it read, closes the centre and opens its comment', async () => {
    const { ada, design, comments, inbox } = await adaWithNotices();
    const app = renderApp('/user/info');
    const centre = await openCentre();
    fireEvent.click(within(items(centre)[0]).getByTestId('message-open'));
    await waitFor(() => expect(app.location()).toMatch(/^\/item\/project\/detailDetach\?/));
    const opened = new URLSearchParams(app.location().split('?')[1]);
    expect(opened.get('image_id')).toBe(design.imageId);
    expect(opened.get('comment_id')).toBe(comments[2].id);
    expect(seen.find((req) => req.path === '/api/msg_center/messages/read')?.body).toEqual({
      ids: [inbox[0].id],
    });
    // The read call is sent as the page opens; the server has it once its answer is back.
    await waitFor(async () => {
      const unread = await callAs<{ unread: number }>(ada, 'GET', 'msg_center/messages/unread');
      expect(unread.unread).toBe(2);
    });
  });

  it('answers a comment from its notice', async () => {
    const { design, comments } = await adaWithNotices();
    renderApp('/user/info');
    const centre = await openCentre();
    // The invitation has no comment to answer.
    expect(within(items(centre)[3]).queryByTestId('message-reply')).toBeNull();
    fireEvent.click(within(items(centre)[0]).getByTestId('message-reply'));
    fireEvent.change(await screen.findByTestId('message-reply-input'), { target: { value: 'On it' } });
    fireEvent.click(screen.getByTestId('message-reply-send'));
    await waitFor(() => expect(screen.queryByTestId('message-reply-input')).toBeNull());
    expect(seen.find((req) => req.path === '/api/project/comment')?.body).toMatchObject({
      team_id: design.teamId,
      project_id: design.projectId,
      image_id: design.imageId,
      parent_id: comments[2].id,
      content: 'On it',
    });
  });

  it('the group tabs carry the new-message dots from local storage; looking at a tab puts its dot out', async () => {
    await adaWithNotices();
    window.localStorage.setItem(StorageKeys.messageDots, JSON.stringify({ project: true, other: true }));
    reloadMessageDots();
    renderApp('/user/info');
    const centre = await openCentre();
    expect(within(centre).getByTestId('message-dot-project').getAttribute('data-lit')).toBe('true');
    expect(within(centre).getByTestId('message-dot-team').getAttribute('data-lit')).toBe('false');

    fireEvent.click(within(centre).getByText('Projects'));
    await waitFor(() =>
      expect(within(centre).getByTestId('message-dot-project').getAttribute('data-lit')).toBe('false'),
    );
    expect(JSON.parse(window.localStorage.getItem(StorageKeys.messageDots) ?? '{}')).toEqual({
      project: false,
      team: false,
      other: true,
    });
    // The project tab lists the project notices only: the invitation.
    await waitFor(() => expect(items(centre)).toHaveLength(1));
    expect(within(centre).getByTestId('message-item').textContent).toContain('Project invitation');
  });

  it("lists only the unread by the user's preference, which the switch changes and the server keeps", async () => {
    const { ada } = await adaWithNotices();
    renderApp('/user/info');
    const centre = await openCentre();
    fireEvent.click(within(centre).getByTestId('message-unread-only'));
    await waitFor(() => expect(items(centre)).toHaveLength(3));
    expect(
      within(centre)
        .getAllByTestId('message-item')
        .every((item) => !item.textContent?.includes('Comment 1')),
    ).toBe(true);
    await waitFor(async () =>
      expect(
        (await callAs<{ unreadOnly: boolean }>(ada, 'GET', 'account/user_profile?group=preferences'))
          .unreadOnly,
      ).toBe(true),
    );

    // Another browser: the saved preference is read after sign-in and the centre opens filtered.
    cleanup();
    window.localStorage.clear();
    resetPreferenceSync();
    queryClient.clear();
    await signInHere(ada);
    renderApp('/user/info');
    fireEvent.click(await screen.findByTestId('notification-bell'));
    const again = await screen.findByTestId('message-centre');
    await waitFor(() => expect(items(again)).toHaveLength(3));
    expect(within(again).getByTestId('message-unread-only').getAttribute('aria-checked')).toBe('true');
  });

  it('filters by kind through the server', async () => {
    await adaWithNotices();
    renderApp('/user/info');
    const centre = await openCentre();
    fireEvent.mouseDown(within(within(centre).getByTestId('message-kind')).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.textContent === 'New comment',
      );
      if (!found) throw new Error('no "New comment" option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(items(centre)).toHaveLength(3));
    expect(
      seen.some((req) => req.path === '/api/msg_center/messages' && req.query.get('kind') === 'new_comment'),
    ).toBe(true);
  });
});
