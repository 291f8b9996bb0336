import { currentAddress, navigateTo } from '../state/navigation';
import { findTeam, getSession } from '../state/session';
import { switchTeam } from '../state/teamSwitch';
import { isCommentMethod, type RealtimeMessage } from './message';

/**
 * Where "view" on a notice goes (spec 002 §4). A comment in the project open here, or in another project
 * of the active team, opens in this tab (the route switches project and the detail view opens the Comments
 * tab on the thread); a comment elsewhere opens in a new window. Other notices open here, switching to
 * their team first when it is another one ("automatic team switch from a message": the team must be in
 * the cached list, else the switch is abandoned with an error log).
 */
export type NoticeTarget =
  | { kind: 'here'; route: string }
  | { kind: 'switchTeam'; teamId: string; route: string }
  | { kind: 'window'; href: string }
  | { kind: 'none' };

/** The in-app route of a notice address (`/web/#/item/…` → `/item/…`); null when it has none. */
export function routeOf(url: string): string | null {
  if (!url) return null;
  const hash = url.indexOf('#');
  const route = hash >= 0 ? url.slice(hash + 1) : url;
  return route.startsWith('/') ? route : null;
}

/** The team and project the current page shows (the project only on a project's pages). */
export function whereAmI(): { teamId: string | null; projectId: string | null } {
  const [path, search = ''] = currentAddress().split('?');
  const query = new URLSearchParams(search);
  const projectId = path.startsWith('/item/project/') ? query.get('pid') || query.get('project_id') : null;
  return { teamId: getSession().team?.team_id ?? null, projectId: projectId || null };
}

export function noticeTarget(
  message: RealtimeMessage,
  here: { teamId: string | null; projectId: string | null } = whereAmI(),
): NoticeTarget {
  const route = routeOf(message.url);
  if (!route) return { kind: 'none' };
  const sameTeam = here.teamId !== null && message.teamId === here.teamId;
  if (isCommentMethod(message.method)) {
    const sameProject = here.projectId !== null && message.projectId === here.projectId;
    if (sameProject || sameTeam) return { kind: 'here', route };
    return { kind: 'window', href: absoluteUrl(message.url) };
  }
  if (sameTeam || !message.teamId) return { kind: 'here', route };
  return { kind: 'switchTeam', teamId: message.teamId, route };
}

function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}

/** Follows a notice's target; answers whether anything opened. */
export function openNotice(message: RealtimeMessage): boolean {
  const target = noticeTarget(message);
  switch (target.kind) {
    case 'here':
      navigateTo(target.route);
      return true;
    case 'window':
      window.open(target.href, '_blank', 'noopener');
      return true;
    case 'switchTeam': {
      const team = findTeam(target.teamId);
      if (!team) {
        console.error('team of the message not found', target.teamId);
        return false;
      }
      void switchTeam(team, { navigate: false });
      navigateTo(target.route);
      return true;
    }
    case 'none':
      return false;
  }
}
