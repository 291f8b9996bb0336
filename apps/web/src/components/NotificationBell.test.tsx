import '../test/setup';
import type { MessageView } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRealtimeDefaults, stopRealtime } from '../realtime/connection';
import type { RealtimeMessage } from '../realtime/message';
import { messageView } from '../realtime/testing';
import { reloadMessageDots } from '../state/messageDots';
import { applyLogin } from '../state/session';
import { StorageKeys } from '../state/storage';
import { buildLogin, buildTeam } from '../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../test/http';
import { renderApp } from '../test/render';

const data = (payload: unknown) => envelope('00000', 'success', payload, 200, 'data');

/** Comment notices of m1, m2 …, by id. */
function view(id: string, fields: Partial<RealtimeMessage> = {}, overrides: Partial<MessageView> = {}) {
  return messageView(
    id,
    {
      commentId: `c-${id}`,
      content: `Comment ${id}`,
      url: `/web/#/item/project/detailDetach?project_id=p1&tid=team-a&pid=p1&image_id=img-1&comment_id=c-${id}`,
      ...fields,
    },
    { title: 'Bel… mentioned you', ...overrides },
  );
}

let inbox: MessageView[];

function signIn(): SeenRequest[] {
  const teams = [buildTeam('team-a', 'Alpha', 'member')];
  const login = buildLogin({ teams });
  applyLogin(login);
  return stubFetch((req) => {
    if (req.path === '/api/account/login') return ok({ user: login.user, teams, team_status: null });
    if (req.path === '/api/account/user_teams') return ok(teams);
    // The detail view a notice opens: the design is gone, which it shows in place.
    if (req.path === '/api/project/image')
      return envelope('19010', 'The design does not exist', undefined, 404);
    if (req.path === '/api/msg_center/templates') return data({ source_type: 'ts', templates: {} });
    const unread = () => inbox.filter((item) => !item.read).length;
    if (req.path === '/api/msg_center/messages') {
      const kind = req.query.get('kind');
      const size = Number(req.query.get('page_size'));
      const list = inbox.filter((item) => !kind || item.kind === kind).slice(0, size);
      return data({ list, has_next: false, unread: unread() });
    }
    if (req.path === '/api/msg_center/messages/unread') return data({ unread: unread(), groups: {} });
    if (req.path === '/api/msg_center/messages/read') {
      const body = req.body as { ids?: string[]; all?: boolean };
      for (const item of inbox) if (body.all || body.ids?.includes(item.id)) item.read = true;
      return data({ unread: unread() });
    }
    if (req.path === '/api/project/comment' && req.method === 'POST') return ok({ id: 'reply-1' });
    return ok({});
  });
}

beforeEach(() => {
  // No socket server here: the connection retries quietly in the background.
  setRealtimeDefaults({ url: 'ws://127.0.0.1:9/ws' });
  inbox = [
    view('m1'),
    view('m2', { method: 'addProjectMember', commentId: '', content: '' }, { title: 'Project invitation' }),
    view('m3', {}, { read: true }),
  ];
});
afterEach(() => {
  stopRealtime();
  setRealtimeDefaults({});
});

const count = () => screen.getByTestId('notification-count').getAttribute('data-count');

async function openCentre() {
  fireEvent.click(await screen.findByTestId('notification-bell'));
  return screen.findByTestId('message-centre');
}

describe('the bell and the message centre', () => {
  it('shows the unread count; marking one read, then all, brings it down', async () => {
    const seen = signIn();
    renderApp('/user/info');
    await waitFor(() => expect(count()).toBe('2'), { timeout: 15_000 });

    const centre = await openCentre();
    await waitFor(() => expect(within(centre).getAllByTestId('message-item')).toHaveLength(3));
    const [first] = within(centre).getAllByTestId('message-item');
    expect(first.textContent).toContain('Bel… mentioned you');
    expect(first.textContent).toContain('Comment m1');
    fireEvent.click(within(first).getByTestId('message-mark-read'));
    await waitFor(() => expect(count()).toBe('1'));
    expect(seen.find((req) => req.path === '/api/msg_center/messages/read')?.body).toEqual({ ids: ['m1'] });

    fireEvent.click(screen.getByTestId('message-read-all'));
    await waitFor(() => expect(count()).toBe('0'));
    expect(seen.filter((req) => req.path === '/api/msg_center/messages/read').at(-1)?.body).toEqual({
      all: true,
    });
    await waitFor(() => expect(within(centre).queryAllByTestId('message-unread')).toHaveLength(0));
  });

  it('a click on a notice marks it read, closes the centre and opens its comment', async () => {
    const seen = signIn();
    const app = renderApp('/user/info');
    const centre = await openCentre();
    await waitFor(() => expect(within(centre).getAllByTestId('message-item')).toHaveLength(3));
    fireEvent.click(within(within(centre).getAllByTestId('message-item')[0]).getByTestId('message-open'));
    await waitFor(() =>
      expect(app.location()).toBe(
        '/item/project/detailDetach?project_id=p1&tid=team-a&pid=p1&image_id=img-1&comment_id=c-m1',
      ),
    );
    expect(seen.find((req) => req.path === '/api/msg_center/messages/read')?.body).toEqual({ ids: ['m1'] });
  });

  it('answers a comment from its notice', async () => {
    const seen = signIn();
    renderApp('/user/info');
    const centre = await openCentre();
    await waitFor(() => expect(within(centre).getAllByTestId('message-item')).toHaveLength(3));
    // The invitation has no comment to answer.
    expect(
      within(within(centre).getAllByTestId('message-item')[1]).queryByTestId('message-reply'),
    ).toBeNull();
    fireEvent.click(within(within(centre).getAllByTestId('message-item')[0]).getByTestId('message-reply'));
    fireEvent.change(await screen.findByTestId('message-reply-input'), { target: { value: 'On it' } });
    fireEvent.click(screen.getByTestId('message-reply-send'));
    await waitFor(() =>
      expect(seen.find((req) => req.path === '/api/project/comment')?.body).toEqual({
        team_id: 'team-a',
        project_id: 'p1',
        image_id: 'img-1',
        parent_id: 'c-m1',
        content: 'On it',
        mentions: [],
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('message-reply-input')).toBeNull());
  });

  it('the group tabs carry the new-message dots from local storage; looking at a tab puts its dot out', async () => {
    window.localStorage.setItem(StorageKeys.messageDots, JSON.stringify({ project: true, other: true }));
    reloadMessageDots();
    signIn();
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
    // The project tab lists the project notices only.
    await waitFor(() => expect(within(centre).getAllByTestId('message-item')).toHaveLength(1));
    expect(within(centre).getByTestId('message-item').textContent).toContain('Project invitation');
  });

  it('filters by kind through the server', async () => {
    const seen = signIn();
    renderApp('/user/info');
    const centre = await openCentre();
    await waitFor(() => expect(within(centre).getAllByTestId('message-item')).toHaveLength(3));
    fireEvent.mouseDown(within(within(centre).getByTestId('message-kind')).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (element) => element.textContent === 'New comment',
      );
      if (!found) throw new Error('no "New comment" option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(within(centre).getAllByTestId('message-item')).toHaveLength(2));
    expect(
      seen.some((req) => req.path === '/api/msg_center/messages' && req.query.get('kind') === 'new_comment'),
    ).toBe(true);
  });
});
