import '../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../state/navigation';
import { applyLogin } from '../state/session';
import { buildLogin, buildTeam } from '../test/fixtures';
import { ok, stubFetch } from '../test/http';
import { handleNotice } from './dispatch';
import { normaliseMessage, type RealtimeMessage } from './message';
import { commentNotice } from './testing';
import { clearToasts } from './toasts';

/** The browser's Notification, as a test double recording what was shown. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static asked = 0;
  static answer: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  static async requestPermission() {
    FakeNotification.asked += 1;
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  }
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: { body?: string },
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

function tab(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

const notice = (fields: Partial<RealtimeMessage> = {}) =>
  normaliseMessage({ ...commentNotice(), ...fields } as RealtimeMessage);

beforeEach(() => {
  applyLogin(buildLogin({ teams: [buildTeam('team-a', 'Alpha')] }));
  // Only the calls a notice causes on the side (its operation log, the saved team) reach the network here;
  // their answers are not read, and the fixture teams exist on no server.
  stubFetch(() => ok({}));
  FakeNotification.permission = 'granted';
  FakeNotification.answer = 'granted';
  FakeNotification.asked = 0;
  FakeNotification.shown = [];
  vi.stubGlobal('Notification', FakeNotification);
  clearToasts();
});
afterEach(() => {
  tab('visible');
  clearToasts();
});

describe('desktop notifications (spec 002 §4)', () => {
  it('are shown only while the tab is hidden', async () => {
    tab('visible');
    await handleNotice(notice(), 'live');
    expect(FakeNotification.shown).toHaveLength(0);
    tab('hidden');
    await handleNotice(notice({ commentId: 'c2', content: 'Second' }), 'live');
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0].options.body).toBe('Second');
  });

  it('only for project invitations, project notices, comments and replies', async () => {
    tab('hidden');
    for (const method of ['addProjectMember', 'notifyProject', 'addNewComment', 'replyComment'] as const)
      await handleNotice(notice({ method, content: method }), 'live');
    for (const method of [
      'changeProjectMember',
      'removeImage',
      'updateProduct',
      'changeTeamPermission',
    ] as const)
      await handleNotice(notice({ method, content: method }), 'live');
    expect(FakeNotification.shown.map((shown) => shown.options.body)).toEqual([
      'addProjectMember',
      'notifyProject',
      'addNewComment',
      'replyComment',
    ]);
  });

  it('asks for permission first, and shows nothing when it is refused', async () => {
    tab('hidden');
    FakeNotification.permission = 'default';
    FakeNotification.answer = 'denied';
    await handleNotice(notice(), 'live');
    expect(FakeNotification.asked).toBe(1);
    expect(FakeNotification.shown).toHaveLength(0);

    FakeNotification.permission = 'default';
    FakeNotification.answer = 'granted';
    await handleNotice(notice({ commentId: 'c9' }), 'live');
    expect(FakeNotification.asked).toBe(2);
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('notices fetched after a reconnect are not shown on the desktop', async () => {
    tab('hidden');
    await handleNotice(notice(), 'missed');
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('a click brings the tab forward and opens the comment', async () => {
    const went: string[] = [];
    setNavigator((to) => went.push(to));
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    tab('hidden');
    await handleNotice(notice(), 'live');
    FakeNotification.shown[0].onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(went).toEqual([
      '/item/project/detailDetach?project_id=p1&tid=team-a&pid=p1&image_id=img-1&version_id=v1&comment_id=c1',
    ]);
    expect(FakeNotification.shown[0].closed).toBe(true);
  });
});
