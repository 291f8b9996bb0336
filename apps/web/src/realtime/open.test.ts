import '../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../state/navigation';
import { applyLogin, getSession } from '../state/session';
import { buildLogin, buildTeam } from '../test/fixtures';
import { ok, stubFetch } from '../test/http';
import { normaliseMessage, type RealtimeMessage } from './message';
import { noticeTarget, openNotice, routeOf } from './open';
import { commentNotice } from './testing';

const comment = (fields: Partial<RealtimeMessage> = {}) =>
  normaliseMessage({ ...commentNotice(), ...fields } as RealtimeMessage);
const route =
  '/item/project/detailDetach?project_id=p1&tid=team-a&pid=p1&image_id=img-1&version_id=v1&comment_id=c1';

function signIn() {
  applyLogin(buildLogin({ teams: [buildTeam('team-a', 'Alpha'), buildTeam('team-b', 'Beta')] }));
  // Only the calls a notice causes on the side (its operation log, the saved team) reach the network here;
  // their answers are not read, and the fixture teams exist on no server.
  stubFetch(() => ok({}));
  const went: string[] = [];
  setNavigator((to) => went.push(to));
  return went;
}

describe('where "view" on a notice goes (spec 002 §4)', () => {
  it('reads the in-app route out of a notice address', () => {
    expect(routeOf(commentNotice().url ?? '')).toBe(route);
    expect(routeOf('')).toBeNull();
  });

  it('a comment in the project on screen opens its comment in this tab', () => {
    expect(noticeTarget(comment(), { teamId: 'team-a', projectId: 'p1' })).toEqual({ kind: 'here', route });
  });

  it('a comment in another project of the active team switches to that project in this tab', () => {
    expect(noticeTarget(comment(), { teamId: 'team-a', projectId: 'p7' })).toEqual({ kind: 'here', route });
    expect(noticeTarget(comment(), { teamId: 'team-a', projectId: null })).toEqual({ kind: 'here', route });
  });

  it('a comment of another team opens a new window', () => {
    const target = noticeTarget(comment(), { teamId: 'team-b', projectId: null });
    expect(target).toEqual({ kind: 'window', href: `${window.location.origin}${commentNotice().url}` });
  });

  it('other notices of another team switch to that team first', () => {
    const invite = comment({
      method: 'addProjectMember',
      url: '/web/#/item/project/stage?tid=team-a&pid=p1',
    });
    expect(noticeTarget(invite, { teamId: 'team-b', projectId: null })).toEqual({
      kind: 'switchTeam',
      teamId: 'team-a',
      route: '/item/project/stage?tid=team-a&pid=p1',
    });
  });

  it('opening follows the target: this tab, a new window, or a team switch', () => {
    const went = signIn();
    expect(openNotice(comment())).toBe(true);
    expect(went).toEqual([route]);

    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openNotice(comment({ teamId: 'team-z' }))).toBe(true);
    expect(opened).toHaveBeenCalledWith(
      `${window.location.origin}${commentNotice().url}`,
      '_blank',
      'noopener',
    );

    const invite = comment({
      method: 'addProjectMember',
      teamId: 'team-b',
      url: '/web/#/item/project/stage?tid=team-b&pid=p2',
    });
    expect(openNotice(invite)).toBe(true);
    expect(getSession().team?.team_id).toBe('team-b');
    expect(went.at(-1)).toBe('/item/project/stage?tid=team-b&pid=p2');
  });

  it('a team missing from the cached list abandons the switch with an error log', () => {
    const went = signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const invite = comment({
      method: 'addProjectMember',
      teamId: 'team-gone',
      url: '/web/#/item?fid=all&tid=team-gone',
    });
    expect(openNotice(invite)).toBe(false);
    expect(logged).toHaveBeenCalledWith('team of the message not found', 'team-gone');
    expect(went).toEqual([]);
    expect(getSession().team?.team_id).toBe('team-a');
  });

  it('a notice without an address opens nothing', () => {
    const went = signIn();
    expect(openNotice(comment({ method: 'removeTeamMemeber', url: '' }))).toBe(false);
    expect(went).toEqual([]);
  });
});
