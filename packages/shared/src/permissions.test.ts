import { describe, expect, it } from 'vitest';
import {
  assignableProjectRoles,
  assignableRoles,
  canQuitProject,
  canQuitTeam,
  isContributor,
  mayDownloadByRule,
} from './permissions.js';

describe('who may leave (spec 000 §8, 001 §6)', () => {
  it('lets every team member but the super admin leave the team', () => {
    expect(canQuitTeam('admin')).toBe(true);
    expect(canQuitTeam('member')).toBe(true);
    expect(canQuitTeam('onlooker')).toBe(true);
    expect(canQuitTeam('superadmin')).toBe(false);
  });

  it('lets only someone added to a project leave it, never the super admin', () => {
    expect(canQuitProject('member', 'onlooker')).toBe(true);
    expect(canQuitProject('admin', 'admin')).toBe(true);
    expect(canQuitProject('onlooker', 'member')).toBe(true);
    expect(canQuitProject('admin', null)).toBe(false);
    expect(canQuitProject('superadmin', 'admin')).toBe(false);
    expect(canQuitProject('superadmin', null)).toBe(false);
  });
});

describe('team roles one may give', () => {
  it('gives the super admin every role below super admin, and an admin the roles below admin', () => {
    expect(assignableRoles('superadmin')).toEqual(['admin', 'member', 'onlooker']);
    expect(assignableRoles('admin')).toEqual(['member', 'onlooker']);
  });

  it('gives members and viewers nothing to hand out', () => {
    expect(assignableRoles('member')).toEqual([]);
    expect(assignableRoles('onlooker')).toEqual([]);
  });
});

describe('project roles one may give', () => {
  it('lets the super admin give every project role, a project admin the roles below admin', () => {
    expect(assignableProjectRoles('superadmin', null, true)).toEqual(['admin', 'member', 'onlooker']);
    expect(assignableProjectRoles('member', 'admin', true)).toEqual(['member', 'onlooker']);
    // A team admin managing a mode-A project ranks as a project admin.
    expect(assignableProjectRoles('admin', null, true)).toEqual(['member', 'onlooker']);
  });

  it('gives nothing to someone who does not manage the project, whatever their role', () => {
    expect(assignableProjectRoles('member', 'member', false)).toEqual([]);
    expect(assignableProjectRoles('admin', 'admin', false)).toEqual([]);
  });
});

describe('contributors', () => {
  it('counts every team role but the viewer as a contributor', () => {
    expect(isContributor('superadmin')).toBe(true);
    expect(isContributor('admin')).toBe(true);
    expect(isContributor('member')).toBe(true);
    expect(isContributor('onlooker')).toBe(false);
  });
});

describe('downloading by the project download setting', () => {
  const rule = (downloadType: 'all' | 'members' | 'specified' | 'none', more = {}) =>
    mayDownloadByRule({ canManage: false, downloadType, isProjectMember: false, isChosen: false, ...more });
  it('lets managers always, others as the setting says', () => {
    expect(rule('none', { canManage: true })).toBe(true);
    expect(rule('all')).toBe(true);
    expect(rule('members')).toBe(false);
    expect(rule('members', { isProjectMember: true })).toBe(true);
    expect(rule('specified', { isProjectMember: true })).toBe(false);
    expect(rule('specified', { isChosen: true })).toBe(true);
    expect(rule('none', { isProjectMember: true, isChosen: true })).toBe(false);
  });
});
