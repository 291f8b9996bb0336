import '../../test/setup';
import { Codes, codeMessage, type TeamRole } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareLinkRow } from '../../api/share';
import { renderApp } from '../../test/render';
import { addProjectMember, createProject, createShareLink, uploadDesign } from '../../test/seed';
import {
  answerTo,
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';
import { layOutStage } from '../../test/stageLayout';
import { detailPath, stagePath } from '../stage/paths';

const seen = useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');
const DAY = 86_400_000;
const COMMENTING = { inspect: true, download: false, see_comments: true, comment: true };

beforeEach(() => {
  layOutStage();
});
afterEach(() => vi.restoreAllMocks());

/**
 * Olga's team with Ada (signed in here, team role `role`) and a project of two designs; in mode B Ada is a
 * project member with `projectRole`.
 */
async function shop(role: TeamRole = 'member', mode: 'A' | 'B' = 'A', projectRole = 'member') {
  const [olga, ada] = await Promise.all(['Olga', 'Ada'].map((name) => newAccount(name)));
  const team = await createTeam(olga, unique('Alpha'));
  await joinByLink(ada, await inviteLink(olga, team.id, role));
  const name = unique('Shop');
  const projectId = await createProject(olga, team.id, name);
  const ref = { team_id: team.id, project_id: projectId };
  if (mode === 'B') {
    await callAs(olga, 'PUT', 'project/project_info', { ...ref, permission_mode: 'B' });
    await addProjectMember(olga, team.id, projectId, ada.userId);
    await callAs(olga, 'PUT', 'project/role', { ...ref, user_id: ada.userId, code: projectRole });
  }
  const home = await uploadDesign(olga, team.id, projectId, 'Home.png');
  const cart = await uploadDesign(olga, team.id, projectId, 'Cart.png');
  await signInHere(ada);
  return { olga, ada, team, projectId, name, ref, home, cart };
}

const creations = () => seen.filter((req) => req.method === 'POST' && req.path === '/api/sharesvc/link');

async function openStageShare() {
  fireEvent.click(await screen.findByTestId('share-open'));
  return screen.findByTestId('share-create');
}

const settingsPath = (teamId: string, projectId: string) =>
  `/item/project/setting?tid=${teamId}&pid=${projectId}&tab=share`;

async function rowOf(linkId: string) {
  const rows = await screen.findAllByTestId('share-link-row');
  const row = rows.find((r) => r.getAttribute('data-link-id') === linkId);
  if (!row) throw new Error(`no row for ${linkId}`);
  return row;
}

describe('share dialog', () => {
  it('makes a project link with a password and an expiry and shows its address once', async () => {
    const { ada, ref, name } = await shop('member');
    renderApp(stagePath(ref.team_id, ref.project_id));
    await openStageShare();
    expect(screen.getByTestId('share-scope').textContent).toContain(name);
    fireEvent.change(screen.getByTestId('share-name'), { target: { value: 'For review' } });
    fireEvent.change(screen.getByTestId('share-password'), { target: { value: 'open-sesame' } });
    fireEvent.click(screen.getByTestId('share-right-see_comments'));
    fireEvent.click(screen.getByTestId('share-expiry-7'));
    fireEvent.click(screen.getByTestId('share-create'));

    const url = (await screen.findByTestId('share-url')) as HTMLInputElement;
    expect(url.value).toMatch(/\/web\/#\/share\/[0-9A-Za-z]{32}$/);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(creations().map((req) => req.body)).toEqual([
      expect.objectContaining({
        ...ref,
        scope: 'project',
        name: 'For review',
        password: 'open-sesame',
        expires_in_days: 7,
        rights: { inspect: true, download: false, see_comments: true, comment: false },
      }),
    ]);
    const granted = screen.getByTestId('share-granted');
    expect(within(granted).getByTestId('share-granted-inspect')).toBeTruthy();
    expect(within(granted).getByTestId('share-granted-see_comments')).toBeTruthy();
    expect(screen.getByTestId('share-has-password')).toBeTruthy();

    // The server stored what was asked: a password, seven days from now.
    const code = url.value.slice(url.value.lastIndexOf('/') + 1);
    const described = await callAs<{ state: string; name: string }>(
      null,
      'GET',
      `share/url/resolve?code=${code}`,
    );
    expect(described).toMatchObject({ state: 'password', name: 'For review' });
    const { list } = await callAs<{ list: ShareLinkRow[] }>(
      ada,
      'GET',
      `sharesvc/link?team_id=${ref.team_id}&project_id=${ref.project_id}`,
    );
    const lasts = new Date(list[0].expires_at ?? 0).getTime() - new Date(list[0].created_at).getTime();
    expect(Math.round(lasts / DAY)).toBe(7);
    expect(list[0].has_password).toBe(true);

    // Sent by mail to two addresses.
    const emails = within(screen.getByTestId('share-send-emails')).getByRole('combobox');
    fireEvent.change(emails, { target: { value: 'grace@example.com,linus@example.com,' } });
    fireEvent.change(screen.getByTestId('share-send-message'), { target: { value: 'Have a look' } });
    fireEvent.click(screen.getByTestId('share-send-submit'));
    expect(await screen.findByText('Sent to 2 addresses')).toBeTruthy();
    const sent = seen.find((req) => req.path === '/api/sharesvc/send_link');
    expect(sent?.body).toEqual({
      code,
      emails: ['grace@example.com', 'linus@example.com'],
      message: 'Have a look',
    });

    // Another link starts from a fresh form.
    fireEvent.click(screen.getByTestId('share-another'));
    expect(((await screen.findByTestId('share-name')) as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('share-password') as HTMLInputElement).value).toBe('');
  });

  it('ties adding comments to seeing them when making a link', async () => {
    const { ref } = await shop('member');
    renderApp(stagePath(ref.team_id, ref.project_id));
    await openStageShare();
    const box = (name: string) => screen.getByTestId(`share-right-${name}`) as HTMLInputElement;
    const ticked = () => [box('see_comments').checked, box('comment').checked];
    // Adding comments ticks seeing them; unticking seeing them unticks adding them.
    fireEvent.click(box('comment'));
    await waitFor(() => expect(ticked()).toEqual([true, true]));
    fireEvent.click(box('see_comments'));
    await waitFor(() => expect(ticked()).toEqual([false, false]));
    fireEvent.click(box('comment'));
    fireEvent.click(screen.getByTestId('share-create'));
    const granted = await screen.findByTestId('share-granted');
    expect(within(granted).getByTestId('share-granted-comment').textContent).toBe('Add comments');
    expect(creations()[0].body).toMatchObject({ rights: COMMENTING });
  });

  it('keeps the same rule in the edit dialog', async () => {
    const { olga, ref } = await shop('admin');
    const made = await createShareLink(olga, { ...ref, scope: 'project', rights: COMMENTING });
    renderApp(settingsPath(ref.team_id, ref.project_id));
    fireEvent.click(within(await rowOf(made.id)).getByTestId('share-link-edit'));
    const dialog = await screen.findByTestId('share-edit-dialog');
    const box = (name: string) => within(dialog).getByTestId(`share-edit-right-${name}`) as HTMLInputElement;
    const ticked = () => [box('see_comments').checked, box('comment').checked];
    expect(ticked()).toEqual([true, true]);
    fireEvent.click(box('see_comments'));
    await waitFor(() => expect(ticked()).toEqual([false, false]));
    fireEvent.click(box('comment'));
    await waitFor(() => expect(ticked()).toEqual([true, true]));
    fireEvent.click(box('comment'));
    await waitFor(() => expect(ticked()).toEqual([true, false]));
    fireEvent.click(screen.getByTestId('share-edit-save'));
    const edit = () => seen.find((req) => req.method === 'PUT' && req.path === '/api/sharesvc/link');
    await waitFor(() => expect(edit()?.body).toMatchObject({ rights: { ...COMMENTING, comment: false } }));
  });

  it('makes a quick share of the selected design at once', async () => {
    const { ada, ref, home } = await shop('member');
    renderApp(stagePath(ref.team_id, ref.project_id));
    const cards = await screen.findAllByTestId('design-card');
    fireEvent.click(cards.find((card) => card.dataset.designName === 'Home') ?? cards[0]);
    fireEvent.click(await screen.findByTestId('selection-share'));
    expect((await screen.findByTestId('share-scope')).textContent).toBe('The design “Home”');
    fireEvent.click(screen.getByTestId('share-quick'));

    const url = (await screen.findByTestId('share-url')) as HTMLInputElement;
    expect(url.value).toContain('/web/#/share/');
    expect(creations()[0].body).toEqual({
      ...ref,
      scope: 'design',
      design_ids: [home],
      version_id: null,
      rights: { inspect: true, download: false, see_comments: false, comment: false },
      share_type: 'quickShare',
    });
    const { list } = await callAs<{ list: ShareLinkRow[] }>(
      ada,
      'GET',
      `sharesvc/link?team_id=${ref.team_id}&project_id=${ref.project_id}`,
    );
    expect(list[0]).toMatchObject({ quick: true, scope: 'design', state: 'active' });
    // Quick share lasts the default 14 days.
    const expires = new Date(list[0].expires_at ?? 0).getTime() - new Date(list[0].created_at).getTime();
    expect(Math.round(expires / DAY)).toBe(14);
  });

  it('shares a section from its header menu', async () => {
    const { olga, ada, ref, home } = await shop('member');
    const { sector } = await callAs<{ sector: { id: string } }>(olga, 'POST', 'project/sector', {
      ...ref,
      name: 'Checkout',
      image_ids: [home],
    });
    await signInHere(ada);
    renderApp(stagePath(ref.team_id, ref.project_id));
    const header = await waitFor(() => {
      const found = screen.getAllByTestId('section-header').find((h) => h.dataset.sectionId === sector.id);
      if (!found) throw new Error('the section is not on the stage yet');
      return found;
    });
    fireEvent.click(within(header).getByTestId('section-actions'));
    fireEvent.click(await screen.findByTestId('section-action-share'));
    expect((await screen.findByTestId('share-scope')).textContent).toBe('Section “Checkout”');
    fireEvent.click(screen.getByTestId('share-create'));
    await screen.findByTestId('share-url');
    expect(creations()[0].body).toMatchObject({ scope: 'sections', section_ids: [sector.id] });
  });

  it('fixes the version on screen when sharing from the design view', async () => {
    const { ada, ref, home } = await shop('member');
    const image = await callAs<{ versions: { id: string; current: boolean }[] }>(
      ada,
      'GET',
      `project/image?team_id=${ref.team_id}&project_id=${ref.project_id}&image_id=${home}`,
    );
    const current = image.versions.find((version) => version.current)?.id;
    renderApp(detailPath(ref.team_id, ref.project_id, home));
    fireEvent.click(await screen.findByTestId('share-open'));
    fireEvent.click(await screen.findByTestId('share-version-this'));
    fireEvent.click(screen.getByTestId('share-create'));
    await screen.findByTestId('share-url');
    expect(creations()[0].body).toMatchObject({ scope: 'design', design_ids: [home], version_id: current });
  });

  it('offers no download where the download setting leaves the caller out', async () => {
    const { olga, ref } = await shop('member');
    await callAs(olga, 'PUT', 'dayu/design/project/doc_download_setting', {
      project_id: ref.project_id,
      download_type: 'none',
      user_ids: [],
    });
    renderApp(stagePath(ref.team_id, ref.project_id));
    await openStageShare();
    await screen.findByTestId('share-download-off');
    const download = screen.getByTestId('share-right-download') as HTMLInputElement;
    expect(download.disabled).toBe(true);
    expect(screen.getByText(/download setting does not let you download/)).toBeTruthy();
  });

  it('shows no share button to a viewer', async () => {
    const { ref } = await shop('onlooker');
    renderApp(stagePath(ref.team_id, ref.project_id));
    await screen.findAllByTestId('design-card');
    expect(screen.getByTestId('stage-page').getAttribute('data-can-edit')).toBe('false');
    expect(screen.queryByTestId('share-open')).toBeNull();
    fireEvent.click(screen.getAllByTestId('design-card')[0]);
    await screen.findByTestId('selection-bar');
    expect(screen.queryByTestId('selection-share')).toBeNull();
  });

  it('shows the refusal when the caller may no longer share', async () => {
    const { olga, ada, ref } = await shop('member', 'B', 'member');
    renderApp(stagePath(ref.team_id, ref.project_id));
    await openStageShare();
    // Olga makes Ada a project onlooker while the dialog is open.
    await callAs(olga, 'PUT', 'project/role', { ...ref, user_id: ada.userId, code: 'onlooker' });
    fireEvent.click(screen.getByTestId('share-create'));
    const error = await screen.findByTestId('share-error');
    expect(error.textContent).toContain(en(Codes.NO_PERMISSION));
    expect(screen.queryByTestId('share-url')).toBeNull();
  });
});

describe('share links in settings', () => {
  it('lists the project links, logs their opens, and revokes one', async () => {
    const { olga, ref } = await shop('admin');
    const made = await createShareLink(olga, {
      ...ref,
      scope: 'project',
      name: 'Client',
      password: 'secret-1',
      rights: { inspect: true, download: true, see_comments: false, comment: false },
    });
    // A visitor tries a wrong password: the opens log says so.
    const wrong = await answerTo(null, 'POST', 'share/url/resolve', { code: made.code, password: 'nope' });
    expect(wrong.code).toBe(Codes.SHARE_PASSWORD_WRONG.code);

    renderApp(settingsPath(ref.team_id, ref.project_id));
    const row = await rowOf(made.id);
    expect(within(row).getByTestId('share-link-name').textContent).toContain('Client');
    expect(within(row).getByTestId('share-granted-download')).toBeTruthy();
    expect(within(row).getByTestId('share-link-password')).toBeTruthy();
    expect(within(row).getByTestId('share-link-state').textContent).toBe('Active');

    fireEvent.click(within(row).getByTestId('share-link-opens-log'));
    const drawer = await screen.findByTestId('share-opens-drawer');
    const outcome = await within(drawer).findByTestId('share-open-outcome');
    expect(outcome.textContent).toBe('Wrong password');
    expect(within(drawer).getByTestId('share-opens-total').textContent).toBe('1 open in all');

    fireEvent.click(within(await rowOf(made.id)).getByTestId('share-link-revoke'));
    fireEvent.click(await screen.findByTestId('share-revoke-confirm'));
    await waitFor(async () => expect((await rowOf(made.id)).getAttribute('data-state')).toBe('revoked'));
    const after = await answerTo(null, 'POST', 'share/url/resolve', {
      code: made.code,
      password: 'secret-1',
    });
    expect(after.code).toBe(Codes.SHARE_REVOKED.code);
  });

  it('edits a link (rights, expiry, a new password) and revokes them all', async () => {
    const { olga, ada, ref } = await shop('admin');
    const made = await createShareLink(olga, {
      ...ref,
      scope: 'project',
    });
    await createShareLink(ada, { ...ref, scope: 'project', name: 'Second' });
    renderApp(settingsPath(ref.team_id, ref.project_id));
    fireEvent.click(within(await rowOf(made.id)).getByTestId('share-link-edit'));
    const dialog = await screen.findByTestId('share-edit-dialog');
    fireEvent.change(within(dialog).getByTestId('share-edit-name'), { target: { value: 'Renamed' } });
    fireEvent.click(within(dialog).getByTestId('share-edit-right-see_comments'));
    fireEvent.click(within(dialog).getByTestId('share-expiry-30'));
    fireEvent.click(within(dialog).getByTestId('share-edit-password-set'));
    fireEvent.change(await within(dialog).findByTestId('share-edit-password'), {
      target: { value: 'pw-1234' },
    });
    fireEvent.click(screen.getByTestId('share-edit-save'));

    await waitFor(async () =>
      expect(within(await rowOf(made.id)).getByTestId('share-link-name').textContent).toContain('Renamed'),
    );
    const row = await rowOf(made.id);
    expect(within(row).getByTestId('share-granted-see_comments')).toBeTruthy();
    expect(within(row).getByTestId('share-link-password')).toBeTruthy();
    const edit = seen.find((req) => req.method === 'PUT' && req.path === '/api/sharesvc/link');
    expect(edit?.body).toEqual({
      link_id: made.id,
      name: 'Renamed',
      rights: { inspect: false, download: false, see_comments: true, comment: false },
      expires_in_days: 30,
      password: 'pw-1234',
    });

    fireEvent.click(screen.getByTestId('share-revoke-all'));
    fireEvent.click(await screen.findByTestId('share-revoke-all-confirm'));
    expect(await screen.findByText('2 links revoked')).toBeTruthy();
    await waitFor(async () => {
      const states = (await screen.findAllByTestId('share-link-row')).map((r) => r.dataset.state);
      expect(states).toEqual(['revoked', 'revoked']);
    });
    expect(screen.queryByTestId('share-revoke-all')).toBeNull();
  });

  it('shows a member only their own links, and the empty state', async () => {
    const { olga, ref } = await shop('member');
    await createShareLink(olga, { ...ref, scope: 'project' });
    renderApp(settingsPath(ref.team_id, ref.project_id));
    expect(await screen.findByTestId('share-links-empty')).toBeTruthy();
    expect(screen.queryByTestId('share-revoke-all')).toBeNull();
  });

  it('lists every link of the team for a team admin, with the project', async () => {
    const { olga, ref, name } = await shop('admin');
    const made = await createShareLink(olga, {
      ...ref,
      scope: 'project',
      name: 'Team wide',
    });
    renderApp('/item/team?tab=share');
    const row = await rowOf(made.id);
    expect(within(row).getByTestId('share-link-project').textContent).toBe(name);
    expect(within(row).getByTestId('share-link-state').textContent).toBe('Active');
  });

  it('offers no team share tab to a member', async () => {
    await shop('member');
    renderApp('/item/team?tab=share');
    await screen.findByTestId('team-tab-members');
    expect(screen.queryByTestId('team-tab-share')).toBeNull();
    expect(seen.some((req) => req.path === '/api/sharesvc/links')).toBe(false);
  });
});
