import { commentKeys } from '../api/comments';
import { messageKeys } from '../api/messages';
import { projectKeys } from '../api/projects';
import { teamsApi } from '../api/teams';
import { walkthroughKeys } from '../api/walkthrough';
import { currentLang } from '../i18n';
import { imageDetailKey, stageImagesKey } from '../pages/stage/paths';
import { queryClient } from '../queryClient';
import { lightDot } from '../state/messageDots';
import { readPreferences } from '../state/preferences';
import { getSession, setTeams } from '../state/session';
import { raiseTeamEvent } from '../state/teamEvents';
import { notifyDesktop } from './desktop';
import { kindGroup, NOTICE_KINDS, type RealtimeMessage } from './message';
import { openNotice, whereAmI } from './open';
import { logNoticeAction } from './optionLog';
import type { Delivery, NoticeRef } from './socket';
import { playNoticeSound } from './sound';
import { loadTemplates } from './templates';
import { showNoticeToast } from './toasts';
import { renderNotice } from './wording';

/**
 * What the app does with each notice (spec 002 §4 "Reactions"): refresh what it changed, light its
 * new-message dot, and tell the user — a toast (and a desktop notification while the tab is hidden), or a
 * full-screen tip when the team or the project on screen is gone.
 */

const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });

/** The user's teams again (a team gone, a role changed): the active team follows (state/session). */
function reloadTeams(): void {
  refresh(['teams']);
  teamsApi.userTeams().then(setTeams, () => {
    // The next page that needs the teams asks again.
  });
}

/** Whether the page on screen belongs to the project. */
const inProject = (projectId: string) => projectId !== '' && whereAmI().projectId === projectId;
const isActiveTeam = (teamId: string) => getSession().team?.team_id === teamId;

type Telling = 'toast' | 'tip' | 'none';

/**
 * Refreshes what the notice changed and answers how the user is told: a toast, a full-screen tip, or not at
 * all (`told` false: a notice of the watched project meant for others only refreshes).
 */
function react(message: RealtimeMessage, told: boolean): Telling {
  const { teamId, projectId } = message;
  const project = ['team', teamId, 'project', projectId] as const;
  const detail = { teamId, projectId, projectName: message.projectName, byName: message.fromUserName };
  const toast: Telling = told ? 'toast' : 'none';
  switch (message.method) {
    case 'addNewComment':
    case 'replyComment':
      refresh(commentKeys.design(teamId, projectId, message.imageId));
      refresh(imageDetailKey(teamId, projectId, message.imageId));
      refresh(stageImagesKey(teamId, projectId));
      return toast;
    case 'removeTeamMemeber':
    case 'dissolutionTeam':
      if (!told) return 'none';
      if (isActiveTeam(teamId)) {
        raiseTeamEvent(message.method === 'dissolutionTeam' ? 'dissolved' : 'removed');
        return 'tip';
      }
      queryClient.removeQueries({ queryKey: ['team', teamId] });
      reloadTeams();
      return 'toast';
    case 'removeProjectMemeber':
    case 'removeProject': {
      refresh(projectKeys.all(teamId));
      if (!told) return 'none';
      const superAdmin = isActiveTeam(teamId) && getSession().team?.role === 'superadmin';
      const exempt = message.method === 'removeProjectMemeber' && superAdmin;
      if (inProject(projectId) && !exempt) {
        raiseTeamEvent(message.method === 'removeProject' ? 'projectDeleted' : 'projectRemoved', detail);
        return 'tip';
      }
      return 'toast';
    }
    case 'changeTeamJurisdiction':
    case 'changeTeamPermission':
      refresh(['team', teamId]);
      if (told) reloadTeams();
      return toast;
    case 'changeProjectMember':
    case 'changeProjectPermission':
    case 'removeImage':
      refresh(project);
      refresh(projectKeys.all(teamId));
      return toast;
    case 'addProjectMember':
      refresh(projectKeys.all(teamId));
      return toast;
    case 'addProduct':
    case 'updateProduct':
      // The project's documents (under the project's keys) are read again on an open documents screen.
      refresh(project);
      return toast;
    case 'assignWalkthroughIssue':
    case 'solveWalkthroughIssue':
    case 'reopenWalkthroughIssue':
      // An open design QA screen of the project reads its pages and issues again.
      refresh(walkthroughKeys.all(teamId, projectId));
      return toast;
    case 'notifyProject':
      return toast;
    case 'updateImageVersion':
      // The design's versions and the stage's "Updated" badge.
      refresh(imageDetailKey(teamId, projectId, message.imageId));
      refresh(stageImagesKey(teamId, projectId));
      return toast;
  }
}

/**
 * Whether the notice is for this user: each socket gets `toIds` with only its own user's id, or empty when
 * it only watches the project of a notice meant for others (docs/api.md "Real-time").
 */
function isForMe(message: RealtimeMessage): boolean {
  const me = getSession().userId;
  return me ? message.toIds.includes(me) : message.toIds.length > 0;
}

/** Handles one notice, live or fetched after a reconnect. */
export async function handleNotice(
  message: RealtimeMessage,
  delivery: Delivery,
  ref: NoticeRef = {},
): Promise<void> {
  const told = isForMe(message);
  // The echo of the user's own change (their socket watches the project): the page already refreshed after
  // the call, and a second refresh arriving later would reset what they are doing next.
  if (!told && message.fromUserId && message.fromUserId === getSession().userId) return;
  if (told) {
    lightDot(kindGroup(NOTICE_KINDS[message.method]));
    refresh(messageKeys.all);
  }
  if (react(message, told) !== 'toast') return;
  const wording = renderNotice(message, currentLang(), await loadTemplates());
  // The user's preferences: a toast, a sound, a desktop notification (the message centre lists it anyway).
  const { noticeToasts, noticeSound, desktopNotices } = readPreferences();
  if (noticeToasts) showNoticeToast(message, wording, ref);
  // Notices fetched after a reconnect are already old: the toasts tell of them, the desktop does not.
  if (delivery !== 'live') return;
  if (noticeSound) playNoticeSound();
  if (!desktopNotices) return;
  const shown = await notifyDesktop(message.method, wording, () => {
    logNoticeAction('desktop_click', message, ref);
    openNotice(message);
  });
  if (shown) logNoticeAction('desktop_show', message, ref);
}
