import '../test/setup';
import type { MessageView } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRealtimeDefaults, stopRealtime } from '../realtime/connection';
import {
  commentNotice,
  ManualClock,
  messageView,
  startRealtimeServer,
  type TestRealtimeServer,
} from '../realtime/testing';
import { clearToasts } from '../realtime/toasts';
import { applyLogin } from '../state/session';
import { buildLogin, buildProjectCard, buildTeam } from '../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../test/http';
import { renderApp } from '../test/render';

/** The app with its real-time connection to a `/ws` server on a real port. */
let server: TestRealtimeServer;
let clock: ManualClock;
/** What the message centre holds, newest first. */
let inbox: MessageView[];

const data = (payload: unknown) => envelope('00000', 'success', payload, 200, 'data');

function signIn(): SeenRequest[] {
  const teams = [buildTeam('team-a', 'Alpha', 'member'), buildTeam('team-b', 'Beta')];
  const login = buildLogin({ teams });
  applyLogin(login);
  return stubFetch((req) => {
    if (req.path === '/api/account/login') return ok({ user: login.user, teams, team_status: null });
    if (req.path === '/api/account/user_teams') return ok(teams);
    if (req.path === '/api/msg_center/messages') {
      const unread = inbox.filter((view) => !view.read).length;
      return data({ list: inbox, has_next: false, unread });
    }
    // The detail view a notice opens: the design is gone, which it shows in place.
    if (req.path === '/api/project/image')
      return envelope('19010', 'The design does not exist', undefined, 404);
    if (req.path === '/api/msg_center/templates') return data({ source_type: 'ts', templates: {} });
    if (req.path === '/api/project/project_info') return ok(buildProjectCard('p1', 'Checkout', {}, 'member'));
    if (req.path === '/api/project/project_user') return ok([]);
    return ok({});
  });
}

beforeEach(async () => {
  inbox = [];
  clock = new ManualClock();
  server = await startRealtimeServer({ token: 'tok-123' });
  setRealtimeDefaults({ url: server.url, clock });
});

afterEach(async () => {
  stopRealtime();
  setRealtimeDefaults({});
  clearToasts();
  await server.close();
});

// The first render of the whole app loads every page's module: on a busy machine that takes a while.
const connected = () => waitFor(() => expect(server.clients()).toHaveLength(1), { timeout: 15_000 });

describe('real-time notices in the app (spec 002 §4)', () => {
  it('a mention shows a toast top right; "view" opens the comment in this tab', async () => {
    const seen = signIn();
    const app = renderApp('/user/info');
    await connected();
    expect(server.frames[0]).toEqual({ type: 'auth', token: 'tok-123' });

    server.event(commentNotice({ teamId: 'team-a', projectId: 'p1' }));
    const toast = await screen.findByTestId('notice-toast');
    expect(toast.textContent).toContain('New comment');
    expect(toast.textContent).toContain('Please align the total');
    fireEvent.click(within(toast).getByTestId('notice-toast-view'));
    await waitFor(() =>
      expect(app.location()).toBe(
        '/item/project/detailDetach?project_id=p1&tid=team-a&pid=p1&image_id=img-1&version_id=v1&comment_id=c1',
      ),
    );
    expect(screen.queryByTestId('notice-toast')).toBeNull();
    await waitFor(() =>
      expect(
        seen.filter((req) => req.path === '/api/msg_center/option_log/add').map((req) => req.body),
      ).toEqual([
        { action: 'show', method: 'addNewComment', event_id: 'e-1', team_id: 'team-a' },
        { action: 'view', method: 'addNewComment', event_id: 'e-1', team_id: 'team-a' },
      ]),
    );
  });

  it('never shows more than 5 toasts; close removes one', async () => {
    signIn();
    renderApp('/user/info');
    await connected();
    for (let n = 1; n <= 7; n += 1) server.event(commentNotice({ commentId: `c${n}`, content: `Note ${n}` }));
    await waitFor(() => expect(screen.getByText('Note 7')).toBeTruthy());
    const toasts = screen.getAllByTestId('notice-toast');
    expect(toasts.map((toast) => toast.querySelector('.notice-toast-text')?.textContent)).toEqual([
      'Note 3',
      'Note 4',
      'Note 5',
      'Note 6',
      'Note 7',
    ]);
    fireEvent.click(within(toasts[0]).getByTestId('notice-toast-close'));
    await waitFor(() => expect(screen.getAllByTestId('notice-toast')).toHaveLength(4));
  });

  it('a dropped connection shows the banner, reconnects, says "connected" and delivers what was missed', async () => {
    signIn();
    renderApp('/user/info');
    await connected();
    server.dropAll();
    const banner = await screen.findByTestId('network-banner');
    expect(banner.textContent).toBe('Network disconnected, trying to reconnect');
    expect(clock.pending()).toEqual([5000]);

    inbox = [
      messageView(
        'm2',
        { method: 'replyComment', commentId: 'c5', content: 'Answered while you were away' },
        { create_time: '2026-03-01T10:01:00.000Z' },
      ),
    ];
    clock.fire(5000);
    await waitFor(() => expect(screen.getByTestId('network-banner').textContent).toBe('Network connected'));
    expect((await screen.findByTestId('notice-toast')).textContent).toContain('Answered while you were away');
  });

  it('removal from the project on screen takes the whole screen; its button returns to the project list', async () => {
    signIn();
    const app = renderApp('/item/project/setting?tid=team-a&pid=p1');
    await connected();
    await waitFor(() =>
      expect(server.frames).toContainEqual({ type: 'watch', teamId: 'team-a', projectId: 'p1' }),
    );
    server.event(
      commentNotice({ method: 'removeProjectMemeber', projectName: 'Checkout', fromUserName: 'Bella' }),
    );
    const tip = await screen.findByTestId('team-event-tip');
    expect(tip.getAttribute('data-kind')).toBe('projectRemoved');
    expect(tip.textContent).toContain('Bella removed you from the project "Checkout"');
    expect(screen.queryByTestId('notice-toast')).toBeNull();
    fireEvent.click(screen.getByTestId('team-event-action'));
    await waitFor(() => expect(app.location()).toBe('/item?fid=all&tid=team-a'));
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
  });

  it('an unknown method is logged as an error and shows nothing', async () => {
    signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/user/info');
    await connected();
    server.send({ type: 'event', id: 'x', message: { method: 'launchRocket', teamId: 'team-a' } });
    server.event(commentNotice({ method: 'notifyProject', content: 'After the unknown one' }));
    expect((await screen.findByTestId('notice-toast')).textContent).toContain('After the unknown one');
    expect(screen.getAllByTestId('notice-toast')).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('unknown notification method', 'launchRocket');
  });
});
