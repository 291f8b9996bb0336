import '../../test/setup';
import type { SearchHit, ShareRights } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setVisitorToken } from '../../api/client';
import { setLang } from '../../i18n';
import { envelope } from '../../test/http';
import { renderApp } from '../../test/render';
import { createProject, createShareLink, uploadDesign } from '../../test/seed';
import { createTeam, newAccount, replaceAnswers, unique, useRealServer } from '../../test/server';
import { layOutStage } from '../../test/stageLayout';
import { visitorHitPath } from './VisitorSearch';
import { shareDetailPath, shareStagePath } from './visitorContext';

const seen = useRealServer();
const LOOK: ShareRights = { inspect: true, download: false, see_comments: false, comment: false };

beforeEach(() => {
  window.sessionStorage.clear();
  setVisitorToken(null);
  layOutStage();
});
afterEach(() => setLang('en-US'));

/**
 * Olga's project of three designs named after one keyword, and a link sharing two of them (Home and Cart),
 * opened here as its visitor: Admin, of the same project and with the same word, is not shared.
 */
async function openedLink() {
  const olga = await newAccount('Olga');
  const team = await createTeam(olga, unique('Alpha'));
  const projectId = await createProject(olga, team.id, unique('Shop'));
  const keyword = unique('orbit').toLowerCase();
  const home = await uploadDesign(olga, team.id, projectId, `${keyword} Home.png`);
  const cart = await uploadDesign(olga, team.id, projectId, `${keyword} Cart.png`);
  await uploadDesign(olga, team.id, projectId, `${keyword} Admin.png`);
  const link = await createShareLink(olga, {
    team_id: team.id,
    project_id: projectId,
    scope: 'designs',
    design_ids: [home, cart],
    rights: LOOK,
  });
  const app = renderApp(shareStagePath(link.code));
  await waitFor(() => expect(screen.getAllByTestId('design-card')).toHaveLength(2));
  return { app, team, projectId, keyword, home, cart, code: link.code };
}

const searchCalls = () => seen.filter((request) => request.path === '/api/global/search');
const input = () => screen.getByTestId('visitor-search-input');
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const titles = () => screen.getAllByTestId('search-hit-title').map((title) => title.textContent);

describe("a share link visitor's search", () => {
  it('finds the shared designs by name, not the unshared one with the same word, asking once typing settles', async () => {
    const { team, projectId, keyword } = await openedLink();
    fireEvent.focus(input());
    type(keyword.slice(0, 4));
    type(`${keyword} home`);
    await waitFor(() => expect(titles()).toEqual([`${keyword} Home`]));
    const [hit] = screen.getAllByTestId('search-hit');
    expect(hit.querySelector('mark')?.textContent).toBe(`${keyword} Home`);
    // A visitor's hits are all of the link's project: no project named under each.
    expect(hit.textContent).toBe(`${keyword} Home`);

    type(keyword);
    await waitFor(() => expect(titles().sort()).toEqual([`${keyword} Cart`, `${keyword} Home`]));
    expect(screen.queryByText(`${keyword} Admin`)).toBeNull();
    // Only whole keywords were asked, as the visitor (not a session), within the link's project.
    const calls = searchCalls();
    expect(calls.map((call) => call.query.get('keyword'))).toEqual([`${keyword} home`, keyword]);
    for (const call of calls) {
      expect(call.headers?.authorization).toBeTruthy();
      expect([call.query.get('team_id'), call.query.get('project_id')]).toEqual([team.id, projectId]);
    }
  });

  it('↓/↑ move through the hits, Enter opens the visitor’s detail view of the one chosen, Esc closes', async () => {
    const { app, keyword, home, cart, code } = await openedLink();
    fireEvent.focus(input());
    type(keyword);
    await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
    const rows = () => screen.getAllByTestId('search-hit');
    const selected = () => rows().findIndex((row) => row.ariaSelected === 'true');
    expect(selected()).toBe(0);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toBe(1);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toBe(0);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(selected()).toBe(1);
    expect(input().getAttribute('aria-activedescendant')).toBe(rows()[1].id);

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByTestId('visitor-search-panel')).toBeNull();
    expect(app.location()).toBe(shareStagePath(code));
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await screen.findByTestId('visitor-search-panel');

    const chosen = titles().indexOf(`${keyword} Cart`);
    expect(chosen).toBeGreaterThanOrEqual(0);
    for (let step = 0; step < rows().length && selected() !== chosen; step++)
      fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toBe(chosen);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(app.location()).toBe(shareDetailPath(code, cart)));
    await screen.findByTestId('detail-page');
    expect(cart).not.toBe(home);
  });

  it('says nothing was found in the visitor’s words, in both languages', async () => {
    await openedLink();
    const missing = unique('nothing').toLowerCase();
    fireEvent.focus(input());
    type(missing);
    const empty = await screen.findByTestId('search-empty');
    expect(empty.textContent).toContain(`No results for “${missing}”`);
    expect(empty.textContent).toContain('the text inside the shared designs');
    expect(screen.queryByTestId('search-hit')).toBeNull();
    // Enter on no hit goes nowhere.
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('share-stage')).toBeTruthy();

    await setLang('zh-CN');
    expect(screen.getByTestId('search-empty').textContent).toContain(`没有找到与“${missing}”相关的结果`);
    expect(input().getAttribute('placeholder')).toBe('搜索设计图及其中的文字');
  });

  it('shows a failed search as such, and the hits again once the server answers', async () => {
    const { keyword } = await openedLink();
    // The server failing is not an answer it gives on demand.
    replaceAnswers((request) =>
      request.path === '/api/global/search' ? envelope('-11111', 'busy', undefined, 500) : null,
    );
    fireEvent.focus(input());
    type(keyword);
    const error = await screen.findByTestId('search-error');
    expect(within(error).getByText('Search failed')).toBeTruthy();

    replaceAnswers(() => null);
    type(`${keyword} cart`);
    await waitFor(() => expect(titles()).toEqual([`${keyword} Cart`]));
  });
});

describe('where a visitor’s hit opens', () => {
  const visitor = { detailPath: (id: string) => shareDetailPath('c0de', id) } as Parameters<
    typeof visitorHitPath
  >[0];
  const hit = (change: Partial<SearchHit>) =>
    ({ id: 'd1', design_id: 'd1', layer_id: null, ...change }) as SearchHit;

  it('opens the design in the link’s detail view, with the matched text layer selected', () => {
    expect(visitorHitPath(visitor, hit({}))).toBe('/share/c0de/detail?image_id=d1');
    expect(visitorHitPath(visitor, hit({ layer_id: 'L 7' }))).toBe(
      '/share/c0de/detail?image_id=d1&layer_id=L+7',
    );
  });
});
