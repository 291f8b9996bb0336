import '../../test/setup';
import { SearchLimits } from '@ferry/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readPreferences, writePreferences } from '../../state/preferences';
import { itemPath } from '../../state/redirect';
import { renderApp } from '../../test/render';
import { createProject, createShareLink, paidPlan, uploadDesign } from '../../test/seed';
import {
  answerTo,
  callAs,
  createTeam,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';
import { detailPath } from '../stage/paths';
import { searchPath } from './paths';

const seen = useRealServer();

/** Ada's team with a project and a design both named after a keyword no other test uses, Ada signed in. */
async function seeded() {
  const ada = await newAccount('Ada');
  const team = await createTeam(ada, unique('Search'));
  const keyword = unique('zq').toLowerCase();
  const projectId = await createProject(ada, team.id, `Atlas-${keyword}`);
  const imageId = await uploadDesign(ada, team.id, projectId, `${keyword}-home.png`);
  await signInHere(ada);
  return { ada, team, keyword, projectId, imageId };
}

const searchCalls = () => seen.filter((request) => request.path === '/api/global/search');
const hitOf = (kind: string) =>
  screen.getAllByTestId('search-hit').find((row) => row.getAttribute('data-kind') === kind)!;

/** Opens the palette from the header box and types `keyword` into it. */
async function typeInPalette(keyword: string) {
  fireEvent.click(await screen.findByTestId('header-search'));
  const input = await screen.findByTestId('search-palette-input');
  fireEvent.change(input, { target: { value: keyword } });
  return input;
}

describe('search palette', () => {
  it('finds the project and the design as one types, grouped and highlighted, asking once typing settles', async () => {
    const { team, keyword } = await seeded();
    renderApp(itemPath(team.id));
    const input = await typeInPalette(keyword.slice(0, 3));
    fireEvent.change(input, { target: { value: keyword } });

    await waitFor(() => expect(screen.getAllByTestId('search-hit').length).toBeGreaterThanOrEqual(2));
    const project = hitOf('project');
    const design = hitOf('image');
    expect(project.textContent).toContain(`Atlas-${keyword}`);
    expect(project.querySelector('mark')?.textContent?.toLowerCase()).toBe(keyword);
    expect(design.querySelector('mark')?.textContent?.toLowerCase()).toBe(keyword);
    // The design names its project.
    expect(design.textContent).toContain(`Atlas-${keyword}`);
    expect(within(screen.getByTestId('search-group-project')).getByText('Projects')).toBeTruthy();
    expect(within(screen.getByTestId('search-group-image')).getByText('Designs')).toBeTruthy();
    // The first letters were replaced before the pause: only the whole keyword was asked, in this team.
    const calls = searchCalls();
    expect(calls.map((call) => call.query.get('keyword'))).toEqual([keyword]);
    expect(calls[0].query.get('team_id')).toBe(team.id);
  });

  it('opens with Ctrl-K; arrows move through the hits, Enter opens the design at its address', async () => {
    const { team, keyword, projectId, imageId } = await seeded();
    const app = renderApp(itemPath(team.id));
    await screen.findByTestId('header-search');
    expect(screen.queryByTestId('search-palette')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByTestId('search-palette-input');
    fireEvent.change(input, { target: { value: keyword } });
    await waitFor(() => expect(hitOf('image')).toBeTruthy());

    const selected = () => screen.getAllByTestId('search-hit').find((row) => row.ariaSelected === 'true');
    expect(selected()).toBe(hitOf('project'));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(hitOf('image'));
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toBe(hitOf('project'));
    // Up from the first wraps to the last.
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toBe(hitOf('image'));
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(app.location()).toContain('/item/project/detailDetach?'));
    const opened = new URLSearchParams(app.location().split('?')[1]);
    expect(opened.get('image_id')).toBe(imageId);
    expect(opened.get('pid')).toBe(projectId);
    expect(opened.get('tid')).toBe(team.id);
  });

  it('Enter on a project opens its stage; Esc closes without going anywhere', async () => {
    const { team, keyword, projectId } = await seeded();
    const app = renderApp(itemPath(team.id));
    const input = await typeInPalette(keyword);
    await waitFor(() => expect(hitOf('project')).toBeTruthy());
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('search-palette-input')).toBeNull());
    expect(app.location()).toBe(itemPath(team.id));

    const again = await typeInPalette(keyword);
    await waitFor(() => expect(hitOf('project').ariaSelected).toBe('true'));
    fireEvent.keyDown(again, { key: 'Enter' });
    await waitFor(() => expect(app.location()).toBe(`/item/project/stage?tid=${team.id}&pid=${projectId}`));
  });

  it('says nothing was found, in the user’s words, and "See all results" opens the results page', async () => {
    const { team } = await seeded();
    const app = renderApp(itemPath(team.id));
    const missing = unique('nothing').toLowerCase();
    await typeInPalette(missing);
    expect((await screen.findByTestId('search-empty')).textContent).toContain(`No results for “${missing}”`);
    expect(screen.queryByTestId('search-hit')).toBeNull();

    fireEvent.click(screen.getByTestId('search-see-all'));
    await waitFor(() => expect(app.location()).toBe(searchPath({ tid: team.id, keyword: missing })));
    expect((await screen.findByTestId('search-empty')).textContent).toContain(`No results for “${missing}”`);
  });
});

describe('Ctrl-K without the header', () => {
  it('opens the palette over the detail view; Esc closes it and leaves the view where it was', async () => {
    const { ada, team, keyword, projectId, imageId } = await seeded();
    const second = await uploadDesign(ada, team.id, projectId, `${keyword}-cart.png`);
    const opened = detailPath(team.id, projectId, imageId);
    const app = renderApp(opened);
    await waitFor(() => expect(screen.getByTestId('detail-name').textContent).toContain(`${keyword}-home`));
    expect(screen.queryByTestId('header-search')).toBeNull();
    // Both designs are in the view's steps, so an arrow would move.
    await waitFor(() => expect(screen.getByTestId('detail-position').textContent).toContain('/ 2'));

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByTestId('search-palette-input');
    fireEvent.change(input, { target: { value: `${keyword}-cart` } });
    await waitFor(() => expect(hitOf('image').textContent).toContain(`${keyword}-cart`));
    // The view's own keys wait while the palette is open: ← and → do not step to another design.
    const first = screen.getByTestId('detail-position').textContent?.startsWith('1 ');
    fireEvent.keyDown(document.body, { key: first ? 'ArrowRight' : 'ArrowLeft' });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('search-palette-input')).toBeNull());
    expect(app.location()).toBe(opened);

    // ⌘K opens it too, and Enter opens the hit's design in the same view.
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    const again = await screen.findByTestId('search-palette-input');
    fireEvent.change(again, { target: { value: `${keyword}-cart` } });
    await waitFor(() => expect(hitOf('image').ariaSelected).toBe('true'));
    fireEvent.keyDown(again, { key: 'Enter' });
    await waitFor(() => expect(app.location()).toContain(`image_id=${second}`));
    await waitFor(() => expect(screen.getByTestId('detail-name').textContent).toContain(`${keyword}-cart`));
  });

  it('is not there on a share link’s pages, even for a signed-in visitor', async () => {
    const { ada, team, projectId, imageId } = await seeded();
    const link = await createShareLink(ada, {
      team_id: team.id,
      project_id: projectId,
      scope: 'design',
      design_ids: [imageId],
      rights: { inspect: true, download: false, see_comments: false, comment: false },
    });
    // Bob has a team of his own, so a launcher would have one to search.
    const bob = await newAccount('Bob');
    await createTeam(bob, unique('Own'));
    await signInHere(bob);
    renderApp(`/share/${link.code}`);
    await screen.findByTestId('share-stage');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('search-palette')).toBeNull();
  });
});

describe('search results page', () => {
  it('filters by kind and pages with has_next, the address keeping it all for back and forward', async () => {
    const { ada, team, keyword } = await seeded();
    await paidPlan(team.id);
    // Eleven projects more: with the first, twelve, past one page of ten.
    for (let index = 0; index < 11; index++) await createProject(ada, team.id, `P${index}-${keyword}`);
    const app = renderApp(searchPath({ tid: team.id, keyword }));

    await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(10));
    expect(screen.getByTestId('search-next').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('search-previous').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('search-type-image'));
    await waitFor(() => expect(app.location()).toContain('type=image'));
    await waitFor(() => {
      const kinds = screen.getAllByTestId('search-hit').map((row) => row.getAttribute('data-kind'));
      expect(kinds).toEqual(['image']);
    });
    expect(screen.getByTestId('search-next').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('search-type-project'));
    await waitFor(() => expect(app.location()).toContain('type=project'));
    await waitFor(() => expect(screen.getByTestId('search-next').hasAttribute('disabled')).toBe(false));
    expect(screen.getAllByTestId('search-hit').every((row) => row.dataset.kind === 'project')).toBe(true);
    fireEvent.click(screen.getByTestId('search-next'));
    await waitFor(() => expect(app.location()).toContain('page=2'));
    await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(2));
    expect(screen.getByTestId('search-next').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('search-page-number').textContent).toBe('Page 2');
    const lastCall = searchCalls().at(-1)!;
    expect([lastCall.query.get('type'), lastCall.query.get('pageNo')]).toEqual(['project', '2']);

    // Back returns to the first page of projects.
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(10));
    expect(app.location()).not.toContain('page=2');
  });

  it('finds a design in the recycle bin only when asked, tagged, and opens the stage with its bin', async () => {
    const { ada, team, keyword, projectId, imageId } = await seeded();
    await callAs(ada, 'DELETE', 'project/image', {
      team_id: team.id,
      project_id: projectId,
      image_ids: [imageId],
    });
    const app = renderApp(searchPath({ tid: team.id, keyword, type: 'image' }));
    expect((await screen.findByTestId('search-empty')).textContent).toContain(keyword);

    fireEvent.click(screen.getByTestId('search-trash'));
    await waitFor(() => expect(app.location()).toContain('trash=1'));
    const hit = await screen.findByTestId('search-hit');
    expect(within(hit).getByTestId('search-hit-trash').textContent).toBe('In recycle bin');
    fireEvent.click(hit);
    await waitFor(() =>
      expect(app.location()).toBe(`/item/project/stage?tid=${team.id}&pid=${projectId}&bin=1`),
    );
    // The bin drawer opens first and lists its designs once they arrive.
    await waitFor(() => expect(screen.getByTestId('recycle-bin').textContent).toContain(`${keyword}-home`));
  });

  it("includes the recycle bin by the user's preference, and the switch changes the preference", async () => {
    const { ada, team, keyword, projectId, imageId } = await seeded();
    await callAs(ada, 'DELETE', 'project/image', {
      team_id: team.id,
      project_id: projectId,
      image_ids: [imageId],
    });
    act(() => writePreferences({ searchTrash: true }));
    const app = renderApp(searchPath({ tid: team.id, keyword, type: 'image' }));
    const hit = await screen.findByTestId('search-hit');
    expect(within(hit).getByTestId('search-hit-trash')).toBeTruthy();
    expect(screen.getByTestId('search-trash').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByTestId('search-trash'));
    await waitFor(() => expect(app.location()).not.toContain('trash=1'));
    expect((await screen.findByTestId('search-empty')).textContent).toContain(keyword);
    expect(readPreferences().searchTrash).toBe(false);
    await waitFor(async () =>
      expect(
        (await callAs<{ searchTrash: boolean }>(ada, 'GET', 'account/user_profile?group=preferences'))
          .searchTrash,
      ).toBe(false),
    );
  });

  it('shows the server’s refusal in its own words', async () => {
    const { ada, team } = await seeded();
    const keyword = 'x'.repeat(SearchLimits.keywordMaxLength + 1);
    const refusal = await answerTo(ada, 'GET', `global/search?team_id=${team.id}&keyword=${keyword}`);
    expect(refusal.code).not.toBe('00000');
    expect(refusal.msg).toBeTruthy();
    renderApp(searchPath({ tid: team.id, keyword }));
    const error = await screen.findByTestId('search-error');
    expect(error.textContent).toContain('Search failed');
    expect(error.textContent).toContain(refusal.msg);
  });
});
