import '../test/setup';
import { describe, expect, it } from 'vitest';
import { buildTeam } from '../test/fixtures';
import { chooseTeam, postLoginTarget, safeRedirect } from './redirect';

describe('post-login redirect priority (spec 000 §2)', () => {
  it('goes to the given redirecturl first, even when the user has teams', () => {
    expect(postLoginTarget({ redirecturl: '/user/info', teamId: 'team-a', folderId: 'design' })).toBe(
      '/user/info',
    );
    expect(postLoginTarget({ redirecturl: '/item?fid=all&tid=team-b', teamId: 'team-a' })).toBe(
      '/item?fid=all&tid=team-b',
    );
  });

  it('takes the hash part of a full app address', () => {
    expect(postLoginTarget({ redirecturl: 'http://localhost:8080/web/#/user/info', teamId: 'team-a' })).toBe(
      '/user/info',
    );
  });

  it('then the project list of the team with the stored folder, default all', () => {
    expect(postLoginTarget({ teamId: 'team-a', folderId: 'design' })).toBe('/item?fid=design&tid=team-a');
    expect(postLoginTarget({ teamId: 'team-a', folderId: null })).toBe('/item?fid=all&tid=team-a');
    expect(postLoginTarget({ redirecturl: '', teamId: 'team-a' })).toBe('/item?fid=all&tid=team-a');
  });

  it('else, without a team, team creation', () => {
    expect(postLoginTarget({ teamId: null })).toBe('/item/team/create?new=true');
    expect(postLoginTarget({})).toBe('/item/team/create?new=true');
  });

  it('ignores redirect targets outside the app', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      '/\\evil.example',
      'item',
      '/user/login?redirecturl=/x',
      '/user/register',
    ]) {
      expect(safeRedirect(bad), bad).toBeNull();
      expect(postLoginTarget({ redirecturl: bad, teamId: 'team-a' }), bad).toBe('/item?fid=all&tid=team-a');
    }
  });
});

describe('the team opened after sign-in (spec 000 §4)', () => {
  const alpha = buildTeam('team-a', 'Alpha');
  const beta = buildTeam('team-b', 'Beta');
  const status = { folderId: 'design', team_id: 'team-b', role: 'member' as const, teamName: 'Beta' };

  it('is the tid team when the user is in it', () => {
    expect(chooseTeam([alpha, beta], status, 'team-a')).toEqual({ team: alpha, folderId: 'all' });
    expect(chooseTeam([alpha, beta], status, 'team-b')).toEqual({ team: beta, folderId: 'design' });
  });

  it('else the saved team with its folder, if the user still belongs to it', () => {
    expect(chooseTeam([alpha, beta], status, 'team-gone')).toEqual({ team: beta, folderId: 'design' });
    expect(chooseTeam([alpha, beta], status)).toEqual({ team: beta, folderId: 'design' });
  });

  it('else the first team with the folder reset to all', () => {
    expect(chooseTeam([alpha], status)).toEqual({ team: alpha, folderId: 'all' });
    expect(chooseTeam([alpha, beta], null)).toEqual({ team: alpha, folderId: 'all' });
  });

  it('is none for a user without teams', () => {
    expect(chooseTeam([], status)).toBeNull();
  });
});
