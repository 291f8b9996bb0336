import '../test/setup';
import type { MessageView } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stagePath } from '../pages/stage/paths';
import { realtimeSocket, setRealtimeDefaults, stopRealtime } from '../realtime/connection';
import {
  commentNotice,
  ManualClock,
  messageView,
  startRealtimeServer,
  type TestRealtimeServer,
} from '../realtime/testing';
import { clearToasts } from '../realtime/toasts';
import { applyLogin, getSession } from '../state/session';
import { switchTeam } from '../state/teamSwitch';
import { buildLogin, buildProjectCard, buildTeam } from '../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../test/http';
import { renderApp } from '../test/render';
import { addProjectMember, comment, createProject, uploadDesign } from '../test/seed';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  serverUrl,
  signInHere,
  unique,
  useRealServer,
} from '../test/server';

const seenByApp = useRealServer();

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
    // An empty board, for the stage with its network banner.
    if (req.path === '/api/project/images') return ok({ images: [], total: 0, slow_warning: false });
    if (req.path === '/api/project/project_sectors') return ok({ sectors: [], stage_revision: 1 });
    return ok({});
  });
}

// The first render of the whole app loads every page's module: on a busy machine that takes a while.
const connected = () => waitFor(() => expect(server.clients()).toHaveLength(1), { timeout: 15_000 });

afterEach(() => {
  stopRealtime();
  setRealtimeDefaults({});
  clearToasts();
});

/**
 * A socket server the test drives, for what the real server does not do on demand: drop every connection,
 * send a method this client does not know, or seven notices at once.
 */
describe('real-time notices in the app, from a socket the test controls', () => {
  beforeEach(async () => {
    inbox = [];
    clock = new ManualClock();
    server = await startRealtimeServer({ token: 'tok-123' });
    setRealtimeDefaults({ url: server.url, clock });
  });
  afterEach(() => server.close());

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

  it('a dropped connection shows the board the banner, reconnects, says "connected" and delivers what was missed', async () => {
    signIn();
    renderApp(stagePath('team-a', 'p1'));
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

  it("the network banner is the board page's only (spec 002 §2): other pages reconnect without it", async () => {
    signIn();
    renderApp('/user/info');
    await connected();
    server.dropAll();
    await waitFor(() => expect(clock.pending()).toEqual([5000]));
    expect(screen.queryByTestId('network-banner')).toBeNull();
    clock.fire(5000);
    await connected();
    expect(screen.queryByTestId('network-banner')).toBeNull();
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

/** Ada, signed in here, member of Olga's project with one design, connected to the real server's socket. */
async function adaConnected(path: (ids: { teamId: string; projectId: string }) => string) {
  const [ada, olga] = await Promise.all([newAccount('Ada'), newAccount('Olga')]);
  const team = await createTeam(olga, unique('Nova'));
  await joinByLink(ada, await inviteLink(olga, team.id));
  const projectId = await createProject(olga, team.id, unique('Shop'));
  await addProjectMember(olga, team.id, projectId, ada.userId);
  const design = { teamId: team.id, projectId, imageId: await uploadDesign(olga, team.id, projectId) };
  await signInHere(ada);
  await switchTeam(
    getSession().teams.find((known) => known.id === team.id),
    { navigate: false },
  );
  setRealtimeDefaults({ url: `${serverUrl().replace(/^http/, 'ws')}/ws` });
  const app = renderApp(path({ teamId: team.id, projectId }));
  await waitFor(() => expect(realtimeSocket()?.state).toBe('open'));
  return { ada, olga, design, app };
}

describe('real-time notices in the app (spec 002 §4), from the real server', () => {
  it('a mention shows a toast top right; "view" opens the comment in this tab and both are logged', async () => {
    const { olga, design, app } = await adaConnected(() => '/user/info');
    const mention = await comment(olga, design, 'Please align the total', [getSession().userId!]);

    const toast = await screen.findByTestId('notice-toast');
    expect(toast.textContent).toContain('Olg… mentioned you');
    expect(toast.textContent).toContain('Please align the total');
    fireEvent.click(within(toast).getByTestId('notice-toast-view'));
    await waitFor(() => expect(app.location()).toMatch(/^\/item\/project\/detailDetach\?/));
    const opened = new URLSearchParams(app.location().split('?')[1]);
    expect(opened.get('image_id')).toBe(design.imageId);
    expect(opened.get('comment_id')).toBe(mention.id);
    expect(screen.queryByTestId('notice-toast')).toBeNull();
    await waitFor(() =>
      expect(
        seenByApp
          .filter((req) => req.path === '/api/msg_center/option_log/add')
          .map((req) => req.body as { action: string; method: string; team_id: string }),
      ).toEqual([
        expect.objectContaining({ action: 'show', method: 'addNewComment', team_id: design.teamId }),
        expect.objectContaining({ action: 'view', method: 'addNewComment', team_id: design.teamId }),
      ]),
    );
  });

  it('removal from the project on screen takes the whole screen; its button returns to the project list', async () => {
    const { olga, design, app } = await adaConnected(({ teamId, projectId }) => stagePath(teamId, projectId));
    await callAs(olga, 'DELETE', 'project/project_user', {
      team_id: design.teamId,
      project_id: design.projectId,
      user_id: getSession().userId,
    });
    const tip = await screen.findByTestId('team-event-tip');
    expect(tip.getAttribute('data-kind')).toBe('projectRemoved');
    expect(tip.textContent).toContain('Olga removed you from the project');
    expect(screen.queryByTestId('notice-toast')).toBeNull();
    fireEvent.click(screen.getByTestId('team-event-action'));
    await waitFor(() => expect(app.location()).toBe(`/item?fid=all&tid=${design.teamId}`));
    expect(screen.queryByTestId('team-event-tip')).toBeNull();
  });
});
