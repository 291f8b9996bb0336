import '../test/setup';
import type { TeamInfo } from '@ferry/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { commentKeys } from '../api/comments';
import { documentKeys } from '../api/documents';
import { walkthroughKeys } from '../api/walkthrough';
import { queryClient } from '../queryClient';
import { getMessageDots, reloadMessageDots } from '../state/messageDots';
import { writePreferences } from '../state/preferences';
import { applyLogin, getSession } from '../state/session';
import { StorageKeys } from '../state/storage';
import { getTeamEvent } from '../state/teamEvents';
import { buildLogin, buildTeam } from '../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../test/http';
import { callAs, newAccount } from '../test/server';
import { handleNotice } from './dispatch';
import { normaliseMessage, type RealtimeMessage } from './message';
import { noticeTarget } from './open';
import { commentNotice } from './testing';
import { clearToasts, getToasts } from './toasts';
import { kindTitle } from './wording';

const alpha = buildTeam('team-a', 'Alpha', 'member');
const beta = buildTeam('team-b', 'Beta', 'member');

/** The notice templates as the real server words them, fetched once for the file. */
let templates: unknown;
beforeAll(async () => {
  const reader = await newAccount('Reader');
  templates = await callAs(reader, 'GET', 'msg_center/templates');
});

let seen: SeenRequest[];

function signIn(role: 'member' | 'superadmin' = 'member') {
  const teams = [buildTeam('team-a', 'Alpha', role), beta];
  applyLogin(buildLogin({ teams }));
  // The notices name teams and projects of the fixtures, so the calls they cause are answered here: the
  // templates as the real server gave them, the other answers in the shape of the shared types.
  seen = stubFetch((req) => {
    if (req.path === '/api/msg_center/templates') return envelope('00000', 'success', templates, 200, 'data');
    if (req.path === '/api/account/user_teams')
      return ok([buildTeam('team-a', 'Alpha', role)] satisfies TeamInfo[]);
    if (req.path === '/api/msg_center/option_log/add') return envelope('00000', 'success', null, 200, 'data');
    return envelope('40400', `not answered here: ${req.method} ${req.path}`, undefined, 404);
  });
}

const notice = (fields: Partial<RealtimeMessage>) =>
  normaliseMessage({ ...commentNotice(), ...fields } as RealtimeMessage);

/** The page on screen (the hash router's address). */
const showing = (route: string) => {
  window.location.hash = `#${route}`;
};

beforeEach(() => {
  clearToasts();
  reloadMessageDots();
});
afterEach(() => clearToasts());

describe('reactions to notices (spec 002 §4)', () => {
  it('a new comment refreshes the design’s comments and shows a toast in the template’s words', async () => {
    signIn();
    const key = commentKeys.threads('team-a', 'p1', 'img-1', 'v1', 'all');
    queryClient.setQueryData(key, { threads: [] });
    await handleNotice(notice({ fromUserName: 'Bellatrix', hasAt: true }), 'live');

    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    const [toast] = getToasts();
    // The sender is cut to 3 characters in a comment's title.
    expect(toast).toMatchObject({ title: 'Bel… mentioned you', text: 'Please align the total' });
    // Shown toasts go to the message centre's operation log.
    await vi.waitFor(() =>
      expect(
        seen.filter((req) => req.path === '/api/msg_center/option_log/add').map((req) => req.body),
      ).toEqual([{ action: 'show', method: 'addNewComment', team_id: 'team-a' }]),
    );
  });

  it('titles a notice by its kind when the templates cannot be had', async () => {
    applyLogin(buildLogin({ teams: [alpha] }));
    // The server failing is not an answer it gives on demand.
    stubFetch((req) =>
      req.path === '/api/msg_center/templates' ? envelope('19001', 'bad', undefined, 400) : ok({}),
    );
    await handleNotice(notice({ method: 'replyComment' }), 'live');
    expect(getToasts()[0]).toMatchObject({ title: 'Comment reply', text: 'Please align the total' });
  });

  it('removal from the active team, or its dissolution, raises the full-screen tip instead of a toast', async () => {
    signIn();
    await handleNotice(notice({ method: 'removeTeamMemeber', url: '' }), 'live');
    expect(getTeamEvent()).toMatchObject({ kind: 'removed' });
    expect(getToasts()).toEqual([]);
  });

  it('dissolution of the active team raises the "dissolved" tip', async () => {
    signIn();
    await handleNotice(notice({ method: 'dissolutionTeam', url: '' }), 'live');
    expect(getTeamEvent()).toMatchObject({ kind: 'dissolved' });
  });

  it('removal from another team reloads the teams and only tells', async () => {
    signIn();
    await handleNotice(notice({ method: 'removeTeamMemeber', teamId: 'team-b', url: '' }), 'live');
    expect(getTeamEvent()).toBeNull();
    expect(getToasts()).toHaveLength(1);
    await vi.waitFor(() => expect(getSession().teams.map((team) => team.id)).toEqual(['team-a']));
    expect(seen.some((req) => req.path === '/api/account/user_teams')).toBe(true);
  });

  it('removal from the project on screen raises "return to team project list"; elsewhere it only tells', async () => {
    signIn();
    showing('/item/project/stage?tid=team-a&pid=p1');
    await handleNotice(notice({ method: 'removeProjectMemeber', projectName: 'Checkout' }), 'live');
    expect(getTeamEvent()).toMatchObject({
      kind: 'projectRemoved',
      teamId: 'team-a',
      projectId: 'p1',
      projectName: 'Checkout',
    });
    expect(getToasts()).toEqual([]);
  });

  it('removal of a project not on screen is a toast, not a tip', async () => {
    signIn();
    showing('/item/project/stage?tid=team-a&pid=p9');
    await handleNotice(notice({ method: 'removeProjectMemeber' }), 'live');
    expect(getTeamEvent()).toBeNull();
    expect(getToasts()).toHaveLength(1);
  });

  it('a super admin skips the in-project removal tip, but not the deletion tip', async () => {
    signIn('superadmin');
    showing('/item/project/detailDetach?project_id=p1&tid=team-a&pid=p1&image_id=img-1');
    await handleNotice(notice({ method: 'removeProjectMemeber' }), 'live');
    expect(getTeamEvent()).toBeNull();
    await handleNotice(notice({ method: 'removeProject' }), 'live');
    expect(getTeamEvent()).toMatchObject({ kind: 'projectDeleted', projectId: 'p1' });
  });

  it('a role change refreshes the project and its list, with the role in the reader’s words', async () => {
    signIn();
    const members = ['team', 'team-a', 'project', 'p1', 'members'];
    const list = ['team', 'team-a', 'projects', 'list'];
    queryClient.setQueryData(members, []);
    queryClient.setQueryData(list, []);
    await handleNotice(
      notice({
        method: 'changeProjectMember',
        type: 'onlooker',
        projectName: 'Checkout',
        fromUserName: 'Bella',
      }),
      'live',
    );
    expect(queryClient.getQueryState(members)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
    expect(getToasts()[0].text).toBe('Bella changed your role in the project "Checkout" to project viewer');
  });

  it('a new or updated document refreshes the project’s documents and tells with a toast', async () => {
    signIn();
    const list = documentKeys.list('team-a', 'p1');
    queryClient.setQueryData(list, { groups: [], ungrouped: [] });
    await handleNotice(
      notice({ method: 'addProduct', projectId: 'p1', projectName: 'Checkout', fromUserName: 'Bella' }),
      'live',
    );
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
    expect(getToasts()).toHaveLength(1);
  });

  it('a design QA issue assigned, solved or reopened refreshes the project’s design QA and tells with a toast', async () => {
    signIn();
    const page = walkthroughKeys.page('team-a', 'p1', 'page-1');
    queryClient.setQueryData(page, { page_id: 'page-1' });
    const url = '/web/#/item/project/walkthrough?tid=team-a&pid=p1&pageId=page-1&issueId=issue-7';
    for (const method of [
      'assignWalkthroughIssue',
      'solveWalkthroughIssue',
      'reopenWalkthroughIssue',
    ] as const) {
      queryClient.setQueryData(page, { page_id: 'page-1' });
      await handleNotice(
        notice({
          method,
          projectId: 'p1',
          projectName: 'Checkout',
          fromUserName: 'Bella',
          content: '#7 Title',
          url,
        }),
        'live',
      );
      expect(queryClient.getQueryState(page)?.isInvalidated).toBe(true);
    }
    expect(getToasts().map((toast) => toast.title)).toEqual([
      'Bella assigned you a design QA issue',
      'Bella solved a design QA issue',
      'Bella reopened a design QA issue',
    ]);
    expect(getToasts()[0].text).toBe('In the project "Checkout": #7 Title');
    expect(getMessageDots().project).toBe(true);
    expect(noticeTarget(getToasts()[0].message, { teamId: 'team-a', projectId: null })).toEqual({
      kind: 'here',
      route: '/item/project/walkthrough?tid=team-a&pid=p1&pageId=page-1&issueId=issue-7',
    });
    expect(kindTitle('design_qa_solved', 'zh-CN')).toBe('走查问题已解决');
  });

  it('a notice of the watched project meant for others only refreshes: no toast, no dot, no tip', async () => {
    signIn();
    showing('/item/project/stage?tid=team-a&pid=p1');
    const key = commentKeys.threads('team-a', 'p1', 'img-1', 'v1', 'all');
    queryClient.setQueryData(key, { threads: [] });
    await handleNotice(notice({ toIds: [] }), 'live');
    await handleNotice(notice({ method: 'removeProject', toIds: [] }), 'live');
    await handleNotice(notice({ method: 'addProjectMember', toIds: ['someone-else'] }), 'live');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(getToasts()).toEqual([]);
    expect(getTeamEvent()).toBeNull();
    expect(getMessageDots()).toEqual({ project: false, team: false, other: false });
  });

  it('the echo of the user’s own change refreshes nothing, so what they do next is not reset', async () => {
    signIn();
    showing('/item/project/stage?tid=team-a&pid=p1');
    const key = ['team', 'team-a', 'project', 'p1'];
    queryClient.setQueryData(key, { name: 'Checkout' });
    const me = getSession().userId as string;
    await handleNotice(notice({ method: 'removeImage', fromUserId: me, toIds: [] }), 'live');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    // The same notice caused by someone else refreshes the project.
    await handleNotice(notice({ method: 'removeImage', fromUserId: 'someone-else', toIds: [] }), 'live');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('lights the dot of the notice’s group and keeps it in local storage', async () => {
    signIn();
    await handleNotice(notice({ method: 'addProjectMember' }), 'live');
    expect(getMessageDots()).toEqual({ project: true, team: false, other: false });
    await handleNotice(notice({ method: 'addNewComment' }), 'live');
    await handleNotice(notice({ method: 'changeTeamPermission' }), 'live');
    expect(JSON.parse(window.localStorage.getItem(StorageKeys.messageDots) ?? '{}')).toEqual({
      project: true,
      team: true,
      other: true,
    });
  });
});

describe("the user's notice preferences", () => {
  /** The tab in the background, the browser allowing notifications and sound: what each was asked for. */
  function hiddenTab() {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const shown: string[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        class {
          onclick: (() => void) | null = null;
          constructor(title: string) {
            shown.push(title);
          }
          close() {}
        },
        { permission: 'granted' },
      ),
    );
    const beeps: number[] = [];
    class AudioStub {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const node = {
          frequency: { value: 0 },
          connect: (next: unknown) => next,
          start: () => beeps.push(node.frequency.value),
          stop() {},
        };
        return node;
      }
      createGain() {
        return { gain: { value: 0 }, connect: (next: unknown) => next };
      }
    }
    vi.stubGlobal('AudioContext', AudioStub);
    return { shown, beeps };
  }

  it('by default: a toast and a desktop notification, no sound', async () => {
    signIn();
    const { shown, beeps } = hiddenTab();
    await handleNotice(notice({ fromUserName: 'Bellatrix' }), 'live');
    expect(getToasts()).toHaveLength(1);
    expect(shown).toHaveLength(1);
    expect(beeps).toHaveLength(0);
  });

  it('no toast and no desktop notification when switched off, a beep when switched on; the dot still lights', async () => {
    signIn();
    const { shown, beeps } = hiddenTab();
    writePreferences({ noticeToasts: false, desktopNotices: false, noticeSound: true });
    await handleNotice(notice({ fromUserName: 'Bellatrix' }), 'live');
    expect(getToasts()).toHaveLength(0);
    expect(shown).toHaveLength(0);
    expect(beeps).toHaveLength(1);
    // The message centre still has it: its group's dot lights.
    expect(Object.values(getMessageDots())).toContain(true);
  });
});
