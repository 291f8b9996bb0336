import '../../test/setup';
import { Codes, codeMessage, type ShareRights } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setVisitorToken } from '../../api/client';
import { renderApp } from '../../test/render';
import { createProject, createShareLink, uploadDesign } from '../../test/seed';
import {
  answerTo,
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';
import { layOutStage } from '../../test/stageLayout';
import { detailPath } from '../stage/paths';

const seen = useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');
const LOOK: ShareRights = { inspect: false, download: false, see_comments: false, comment: false };

beforeEach(() => {
  window.sessionStorage.clear();
  setVisitorToken(null);
  layOutStage();
});
afterEach(() => vi.restoreAllMocks());

/** Olga's team "Alpha…" with a project of three designs. */
async function shop() {
  const olga = await newAccount('Olga');
  const teamName = unique('Alpha');
  const team = await createTeam(olga, teamName);
  const name = unique('Shop');
  const projectId = await createProject(olga, team.id, name);
  const home = await uploadDesign(olga, team.id, projectId, 'Home.png');
  const cart = await uploadDesign(olga, team.id, projectId, 'Cart.png');
  const admin = await uploadDesign(olga, team.id, projectId, 'Admin.png');
  return { olga, team, teamName, projectId, name, home, cart, admin };
}

async function share(
  owner: SeededUser,
  body: { team_id: string; project_id: string; scope: string; design_ids?: string[] } & Record<
    string,
    unknown
  >,
) {
  return createShareLink(owner, { rights: LOOK, ...body });
}

const landing = (code: string) => `/share/${code}`;
const visitorCalls = () =>
  seen.filter((req) => req.headers?.authorization && req.path.startsWith('/api/project/'));

describe('share link landing', () => {
  it('says an unknown code is invalid', async () => {
    const view = renderApp(landing(`${'a'.repeat(10)}${'b'.repeat(22)}`));
    expect(await screen.findByTestId('share-invalid')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByTestId('share-invalid-reason').textContent).toBe(en(Codes.SHARE_NOT_FOUND));
      expect(view.location()).toBe('/shareInvalid?type=failure&reason=not_found');
      expect(document.title).toContain('This share link cannot be opened');
    });
    // No app around it: no team list, no user menu.
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it('asks for the password, says how many tries are left, then opens the link', async () => {
    const { olga, team, teamName, projectId, name, home } = await shop();
    const link = await share(olga, {
      team_id: team.id,
      project_id: projectId,
      scope: 'designs',
      design_ids: [home],
      password: 'open-sesame',
      name: 'For the agency',
    });
    renderApp(landing(link.code));
    await screen.findByTestId('share-password');
    expect(screen.getByTestId('share-password-hint').textContent).toBe(
      `${teamName} shared “${name}” with a password.`,
    );
    expect(screen.getByTestId('share-link-name').textContent).toBe('For the agency');

    fireEvent.change(screen.getByTestId('share-password-input'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByTestId('share-password-submit'));
    const refusal = await screen.findByTestId('share-password-error');
    expect(refusal.textContent).toContain('Wrong password, you can try 4 more times');
    expect(refusal.getAttribute('data-remaining')).toBe('4');
    // No call was made as a visitor yet.
    expect(visitorCalls()).toEqual([]);

    fireEvent.change(screen.getByTestId('share-password-input'), { target: { value: 'open-sesame' } });
    fireEvent.click(screen.getByTestId('share-password-submit'));
    await screen.findByTestId('share-stage');
    await waitFor(() => expect(screen.getAllByTestId('design-card')).toHaveLength(1));
    expect(screen.getByTestId('share-project-name').textContent).toBe(name);
    expect(screen.getByTestId('share-shared-by').textContent).toBe(`Shared by ${teamName}`);
    // The visit is kept for the tab: the token, never the password.
    const kept = window.sessionStorage.getItem(`ferry.shareVisit.${link.code}`) ?? '';
    expect(kept).toContain('"token"');
    expect(kept).not.toContain('open-sesame');
  });

  it('locks the link after the last wrong password', async () => {
    const { olga, team, projectId, home } = await shop();
    const body = { team_id: team.id, project_id: projectId, scope: 'design', design_ids: [home] };
    const link = await share(olga, { ...body, password: 'right-one' });
    for (let i = 0; i < 4; i++)
      expect(
        (await answerTo(null, 'POST', 'share/url/resolve', { code: link.code, password: 'no' })).code,
      ).toBe(Codes.SHARE_PASSWORD_WRONG.code);
    renderApp(landing(link.code));
    fireEvent.change(await screen.findByTestId('share-password-input'), { target: { value: 'still-no' } });
    fireEvent.click(screen.getByTestId('share-password-submit'));
    expect((await screen.findByTestId('share-password-locked')).textContent).toBe(
      en(Codes.SHARE_PASSWORD_LOCKED),
    );
    // Locked even with the right password, until the lock runs out.
    fireEvent.change(screen.getByTestId('share-password-input'), { target: { value: 'right-one' } });
    fireEvent.click(screen.getByTestId('share-password-submit'));
    await waitFor(() =>
      expect(
        seen.filter((req) => req.method === 'POST' && req.path === '/api/share/url/resolve'),
      ).toHaveLength(2),
    );
    expect(screen.getByTestId('share-password-locked')).toBeTruthy();
    expect(screen.queryByTestId('share-stage')).toBeNull();
    // A right password elsewhere clears this address's count, for the other tests calling from it.
    const other = await share(olga, { ...body, password: 'right-two' });
    await callAs(null, 'POST', 'share/url/resolve', { code: other.code, password: 'right-two' });
  });

  it('shows only the shared designs, read-only, and opens one in the detail view', async () => {
    const { olga, team, projectId, home, cart } = await shop();
    const link = await share(olga, {
      team_id: team.id,
      project_id: projectId,
      scope: 'designs',
      design_ids: [home, cart],
    });
    const view = renderApp(landing(link.code));
    await screen.findByTestId('share-stage');
    await waitFor(() => expect(screen.getAllByTestId('design-card')).toHaveLength(2));
    const names = screen.getAllByTestId('design-card').map((card) => card.dataset.designName);
    expect(names.sort()).toEqual(['Cart', 'Home']);
    // Nothing to do to a design: no menus, no upload, no selection actions.
    expect(screen.queryByTestId('design-actions')).toBeNull();
    expect(screen.queryByTestId('stage-upload')).toBeNull();
    fireEvent.click(screen.getAllByTestId('design-card')[0]);
    expect(screen.queryByTestId('selection-copy')).toBeNull();
    // Every call was the visitor's, not a session's.
    expect(visitorCalls().length).toBeGreaterThan(0);

    fireEvent.doubleClick(screen.getAllByTestId('design-card')[0]);
    await screen.findByTestId('detail-page');
    expect(view.location()).toMatch(new RegExp(`^/share/${link.code}/detail\\?image_id=`));
    expect(screen.queryByTestId('detail-version')).toBeNull();
    expect(screen.queryByTestId('share-open')).toBeNull();
    // Prev/next go through the link's two designs only (the test server draws no designs: they stay processing).
    await screen.findByTestId('detail-processing');
    await waitFor(() => expect(screen.getByTestId('detail-position').textContent).toMatch(/ \/ 2$/));
    expect(screen.queryByTestId('detail-comment-mode')).toBeNull();
    // No page-view log: visitors may not make that call.
    expect(seen.some((req) => req.path.includes('log'))).toBe(false);
  });

  it('sends a revoked link’s visitor to the invalid page on their next call', async () => {
    const { olga, team, projectId, home } = await shop();
    const link = await share(olga, {
      team_id: team.id,
      project_id: projectId,
      scope: 'designs',
      design_ids: [home],
    });
    const view = renderApp(landing(link.code));
    await waitFor(() => expect(screen.getAllByTestId('design-card')).toHaveLength(1));
    const revoked = await answerTo(olga, 'DELETE', 'sharesvc/link', { link_id: link.id });
    expect(revoked.code).toBe('00000');

    fireEvent.doubleClick(screen.getByTestId('design-card'));
    await screen.findByTestId('share-invalid');
    expect(view.location()).toBe('/shareInvalid?type=failure&reason=revoked');
    expect(screen.getByTestId('share-invalid-reason').textContent).toBe(en(Codes.SHARE_REVOKED));
    // The visit is forgotten.
    expect(window.sessionStorage.getItem(`ferry.shareVisit.${link.code}`)).toBeNull();
  });

  it('sends a signed-in member of the project into the app instead', async () => {
    const { olga, team, projectId, home } = await shop();
    const ada = await newAccount('Ada');
    await joinByLink(ada, await inviteLink(olga, team.id, 'member'));
    const link = await share(olga, {
      team_id: team.id,
      project_id: projectId,
      scope: 'design',
      design_ids: [home],
    });
    await signInHere(ada);
    const view = renderApp(landing(link.code));
    await waitFor(() => expect(view.location()).toBe(detailPath(team.id, projectId, home)));
    // Not opened as a visitor: no visit was counted.
    expect(seen.some((req) => req.method === 'POST' && req.path === '/api/share/url/resolve')).toBe(false);
  });
});
