import type { TeamInfo, TeamStatus } from '@ferry/shared';

/** Route addresses the rest of the app builds links with (spec 000 §2). */
export const Paths = {
  login: '/user/login',
  register: '/user/register',
  userInfo: '/user/info',
  item: '/item',
  teamCreate: '/item/team/create',
  team: '/item/team',
  invite: '/user/invite',
  teamSwitch: '/item/switch',
  notLogin: '/error/not-login',
  noPermissions: '/noPermissions',
} as const;

export const ALL_FOLDER = 'all';

export function itemPath(teamId: string, folderId?: string | null): string {
  const params = new URLSearchParams({ fid: folderId || ALL_FOLDER, tid: teamId });
  return `${Paths.item}?${params.toString()}`;
}

export const teamCreatePath = `${Paths.teamCreate}?new=true`;
export const teamSwitchPath = `${Paths.teamSwitch}?hideback=true`;

export function loginPath(params: {
  redirecturl?: string | null;
  tid?: string | null;
  type?: string;
}): string {
  const query = new URLSearchParams();
  if (params.type) query.set('type', params.type);
  if (params.redirecturl) query.set('redirecturl', params.redirecturl);
  if (params.tid) query.set('tid', params.tid);
  const text = query.toString();
  return text ? `${Paths.login}?${text}` : Paths.login;
}

export function teamIdOf(team: Pick<TeamInfo, 'id' | 'team_id'>): string {
  return team.id || team.team_id;
}

/**
 * A redirect target is only followed when it is an address inside this app: a hash path such as
 * `/item?tid=…` (or a full `…/web/#/item…` address, whose hash part is used). Anything else — other
 * origins, protocol-relative addresses, the sign-in screen itself — is ignored.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let target = raw.trim();
  const hash = target.indexOf('#/');
  if (hash >= 0) target = target.slice(hash + 1);
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  if (/^\/[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const pathOnly = target.split(/[?#]/)[0];
  if (pathOnly === Paths.login || pathOnly === Paths.register) return null;
  return target;
}

/**
 * Which team to open after sign-in (spec 000 §4): the team named by `tid` when the user is in it,
 * else the saved team status when the user still belongs to it, else the first team with the folder
 * reset to all.
 */
export function chooseTeam(
  teams: readonly TeamInfo[],
  teamStatus: TeamStatus | null | undefined,
  tid?: string | null,
): { team: TeamInfo; folderId: string } | null {
  const find = (id: string | null | undefined) => (id ? teams.find((t) => teamIdOf(t) === id) : undefined);
  const byTid = find(tid);
  if (byTid) {
    const folderId =
      teamStatus && teamStatus.team_id === tid ? teamStatus.folderId || ALL_FOLDER : ALL_FOLDER;
    return { team: byTid, folderId };
  }
  const saved = find(teamStatus?.team_id);
  if (saved) return { team: saved, folderId: teamStatus?.folderId || ALL_FOLDER };
  const first = teams[0];
  return first ? { team: first, folderId: ALL_FOLDER } : null;
}

/**
 * Where to go after sign-in (spec 000 §2): a given in-app address first; else the project list of
 * the active team with its folder (default all); else, without any team, team creation.
 */
export function postLoginTarget(input: {
  redirecturl?: string | null;
  teamId?: string | null;
  folderId?: string | null;
}): string {
  const redirect = safeRedirect(input.redirecturl);
  if (redirect) return redirect;
  if (input.teamId) return itemPath(input.teamId, input.folderId);
  return teamCreatePath;
}
