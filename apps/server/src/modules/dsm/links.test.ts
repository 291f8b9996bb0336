import { Codes, type DsmLink, type ProjectTokenSet } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OK, type Person } from '../comments/fixtures.js';
import { color, startTokensWorld, type TokensWorld } from './tokens.fixture.js';

/** A project links dsm projects; its inspect view reads their tokens. */

let t: TokensWorld;
beforeAll(async () => {
  t = await startTokensWorld();
});
afterAll(() => t.server.close());

const links = (who: Person, projectId: string) =>
  who.api.get<DsmLink[]>(`/api/project/dsm_links?project_id=${projectId}`);
const link = (who: Person, projectId: string, ids: string[]) =>
  who.api.put<DsmLink[]>('/api/project/dsm_links', { project_id: projectId, dsm_project_ids: ids });
const tokens = (who: Person, projectId: string) =>
  who.api.get<ProjectTokenSet[]>(`/api/project/design_tokens?project_id=${projectId}`);

describe('linking dsm projects', () => {
  it('keeps the chosen order and answers the tokens of each linked set', async () => {
    const { member, viewer } = t.world;
    const project = await t.newProject();
    const web = await t.newDsm('Web-kit');
    const brand = await t.newDsm('Brand');
    await t.created(member, web, [color('color/a', '#111111'), color('color/b', '#222222')]);
    await t.created(member, brand, [color('color/brand', '#3366cc')]);
    const set = await link(member, project, [brand, web]);
    expect(set.code, set.msg).toBe(OK);
    expect(set.result).toEqual([
      { project_id: brand, name: 'Brand' },
      { project_id: web, name: 'Web-kit' },
    ]);
    expect((await links(viewer, project)).result).toEqual(set.result);
    const sets = await tokens(viewer, project);
    expect(sets.code).toBe(OK);
    expect(sets.result.map((entry) => [entry.name, entry.tokens.map((token) => token.name)])).toEqual([
      ['Brand', ['color/brand']],
      ['Web-kit', ['color/a', 'color/b']],
    ]);
    expect(sets.result[0].tokens[0]).toMatchObject({ kind: 'color', value: '#3366cc', project_id: brand });
    await link(member, project, [web]);
    expect((await links(member, project)).result.map((entry) => entry.name)).toEqual(['Web-kit']);
    expect((await link(member, project, [])).result).toEqual([]);
    expect((await tokens(member, project)).result).toEqual([]);
  });

  it('refuses viewers, other teams, plain projects as sets and dsm projects as the linking side', async () => {
    const { member, viewer, stranger } = t.world;
    const project = await t.newProject();
    const dsm = await t.newDsm();
    const theirs = await t.newDsm('Theirs', true);
    expect((await link(viewer, project, [dsm])).code).toBe(Codes.NO_PERMISSION.code);
    expect((await link(member, project, [theirs])).code).toBe(Codes.DSM_PROJECT_NOT_FOUND.code);
    expect((await link(member, project, [await t.newProject()])).code).toBe(Codes.DSM_PROJECT_NOT_FOUND.code);
    expect((await link(member, dsm, [dsm])).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect((await links(stranger, project)).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect((await tokens(stranger, project)).code).toBe(Codes.PROJECT_NOT_FOUND.code);
    expect((await links(member, project)).result).toEqual([]);
  });

  it('leaves out sets the caller cannot see, keeps them on saving, and answers none while switched off', async () => {
    const { member, owner } = t.world;
    const project = await t.newProject();
    const open = await t.newDsm('Open');
    const closed = await t.newDsm('Closed');
    await t.created(member, open, [color('color/a', '#111111')]);
    await link(owner, project, [closed, open]);
    // Mode B: only the project's own members see it; the member is none.
    await owner.api.put('/api/project/project_info', {
      team_id: t.world.team.id,
      project_id: closed,
      permission_mode: 'B',
    });
    expect((await links(member, project)).result.map((entry) => entry.name)).toEqual(['Open']);
    expect((await tokens(member, project)).result.map((entry) => entry.name)).toEqual(['Open']);
    expect((await link(member, project, [closed])).code).toBe(Codes.NOT_ALLOWED.code);
    await link(member, project, [open]);
    expect((await links(owner, project)).result.map((entry) => entry.name)).toEqual(['Open', 'Closed']);

    await t.switchDsm(false);
    try {
      expect((await tokens(owner, project)).result).toEqual([]);
      expect((await links(owner, project)).result).toEqual([]);
      expect((await link(owner, project, [open])).code).toBe(Codes.DSM_SWITCHED_OFF.code);
    } finally {
      await t.switchDsm(true);
    }
  });
});
