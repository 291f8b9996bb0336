import '../../test/setup';
import { Codes, codeMessage, ruleMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemPath } from '../../state/redirect';
import { renderApp } from '../../test/render';
import { callAs, signInHere, useRealServer } from '../../test/server';
import { dsmWorld, library, seedColor, seedFolder, seedTokens } from './dsmSeed';
import { dsmPath } from './paths';

useRealServer();

const folderNames = () => screen.queryAllByTestId('dsm-folder-name').map((node) => node.textContent);
const folderNamed = (name: string) => {
  const row = screen.queryAllByTestId('dsm-folder').find((node) => node.getAttribute('data-name') === name);
  if (!row) throw new Error(`no folder named ${name}`);
  return row;
};

/** The item of the menu open now (closed menus stay in the page, hidden). */
async function shownMenuItem(testId: string) {
  let shown: HTMLElement | undefined;
  await waitFor(() => {
    const items = screen
      .queryAllByTestId(testId)
      .filter((node) => !node.closest('.ant-dropdown-hidden, .ant-dropdown-menu-submenu-hidden'));
    expect(items).toHaveLength(1);
    shown = items[0];
  });
  return shown as HTMLElement;
}

async function openScreen(path: string, canEdit: boolean) {
  const view = renderApp(path);
  await waitFor(() =>
    expect(screen.getByTestId('dsm-page').getAttribute('data-can-edit')).toBe(String(canEdit)),
  );
  await screen.findByTestId(path.includes('tab=tokens') ? 'dsm-tokens' : 'dsm-library');
  return view;
}

async function typeName(name: string) {
  const input = await screen.findByTestId('dsm-name-input');
  fireEvent.change(input, { target: { value: name } });
  fireEvent.click(screen.getByTestId('dsm-name-save'));
}

describe('the design system library', () => {
  it('lets an editor make, nest and rename folders, kept on the server', async () => {
    const { olga, ref } = await dsmWorld();
    await signInHere(olga);
    const { location } = await openScreen(dsmPath(ref.team_id, ref.project_id), true);
    expect(document.title).toBe('Design system - Ferry');
    expect(screen.getByTestId('dsm-files-empty').textContent).toContain("a design's inspect view");

    fireEvent.click(screen.getByTestId('dsm-folder-create'));
    await typeName('Buttons');
    await waitFor(() => expect(folderNames()).toEqual(['Buttons']));
    // The new folder opens.
    await waitFor(() => expect(screen.getByTestId('dsm-folder-title').textContent).toBe('Buttons'));
    expect(location()).toContain('folder=');

    // A name the shared rule refuses is explained under the field.
    fireEvent.click(within(folderNamed('Buttons')).getByTestId('dsm-folder-actions'));
    fireEvent.click(await shownMenuItem('dsm-folder-new-sub'));
    await typeName('   ');
    expect(await screen.findByText(ruleMessage('name.required', 'en-US'))).toBeTruthy();
    await typeName('Primary');
    await waitFor(() => expect(folderNames()).toEqual(['Buttons', 'Primary']));

    fireEvent.click(within(folderNamed('Buttons')).getByTestId('dsm-folder-actions'));
    fireEvent.click(await shownMenuItem('dsm-folder-rename'));
    await waitFor(() =>
      expect((screen.getByTestId('dsm-name-input') as HTMLInputElement).value).toBe('Buttons'),
    );
    await typeName('Actions');
    await waitFor(() => expect(folderNames()).toEqual(['Actions', 'Primary']));

    const stored = await library(olga, ref);
    const actions = stored.dsm_folders.find((folder) => folder.name === 'Actions');
    const primary = stored.dsm_folders.find((folder) => folder.name === 'Primary');
    expect(actions?.parentId).toBeNull();
    expect(primary?.parentId).toBe(actions?.id);
  });

  it('shows a colour as a swatch with its hex and opens it to change the value', async () => {
    const { olga, ref } = await dsmWorld();
    const brand = await seedFolder(olga, ref, 'Brand');
    await seedColor(olga, ref, 'Ocean', '#3366cc', brand.id);
    await signInHere(olga);
    await openScreen(dsmPath(ref.team_id, ref.project_id, { folder: brand.id }), true);

    const card = await screen.findByRole('button', { name: 'Ocean' });
    expect(within(card).getByTestId('dsm-card-hex').textContent).toBe('#3366cc');
    expect(within(card).getByTestId('dsm-swatch').style.background).toBe('rgb(51, 102, 204)');

    fireEvent.click(card);
    const drawer = await screen.findByTestId('dsm-drawer');
    const hex = within(drawer).getByTestId('dsm-value-color');
    fireEvent.change(hex, { target: { value: '#12' } });
    fireEvent.click(within(drawer).getByTestId('dsm-file-save'));
    expect(await within(drawer).findByTestId('dsm-value-error')).toBeTruthy();
    fireEvent.change(hex, { target: { value: '#E5484D' } });
    fireEvent.click(within(drawer).getByTestId('dsm-file-save'));
    await waitFor(async () => {
      const file = (await library(olga, ref)).dsm_files[0];
      expect(file.package_info).toEqual({ color: '#e5484d' });
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('button', { name: 'Ocean' })).getByTestId('dsm-card-hex').textContent,
      ).toBe('#e5484d'),
    );
  });

  it('shows an onlooker everything without a way to change it', async () => {
    const { olga, ada, ref } = await dsmWorld('onlooker');
    const brand = await seedFolder(olga, ref, 'Brand');
    await seedColor(olga, ref, 'Ocean', '#3366cc', brand.id);
    await seedTokens(olga, ref, [{ name: 'color/brand', kind: 'color', value: '#3366cc' }]);
    await signInHere(ada);
    await openScreen(dsmPath(ref.team_id, ref.project_id, { folder: brand.id }), false);

    expect(folderNames()).toEqual(['Brand']);
    fireEvent.click(await screen.findByRole('button', { name: 'Ocean' }));
    const drawer = await screen.findByTestId('dsm-drawer');
    expect(within(drawer).getByTestId('dsm-file-value').textContent).toBe('#3366cc');
    for (const id of [
      'dsm-new',
      'dsm-folder-create',
      'dsm-folder-actions',
      'dsm-file-rename',
      'dsm-file-save',
    ])
      expect(screen.queryByTestId(id)).toBeNull();

    fireEvent.click(screen.getByTestId('dsm-tab-tokens'));
    await screen.findAllByTestId('dsm-token-row');
    expect(screen.getByTestId('dsm-export')).toBeTruthy();
    for (const id of ['dsm-token-add', 'dsm-extract', 'dsm-import', 'dsm-token-rename', 'dsm-token-delete'])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  it('says so when the team turned the design system off, and when the project is missing', async () => {
    const { olga, ref } = await dsmWorld();
    await callAs(olga, 'PUT', 'permission/dsm_auth_switch', { team_id: ref.team_id, enabled: false });
    await signInHere(olga);
    const off = renderApp(dsmPath(ref.team_id, ref.project_id));
    const state = await screen.findByTestId('dsm-switched-off');
    expect(state.textContent).toContain(codeMessage(Codes.DSM_SWITCHED_OFF, 'en-US'));
    off.unmount();

    await callAs(olga, 'PUT', 'permission/dsm_auth_switch', { team_id: ref.team_id, enabled: true });
    renderApp(dsmPath(ref.team_id, 'no-such-project'));
    expect((await screen.findByTestId('dsm-unavailable')).textContent).toContain(
      'This design system does not exist or is not open to you',
    );
  });

  it('opens a design system from the design specs list on its own screen', async () => {
    const { olga, ref } = await dsmWorld();
    await signInHere(olga);
    const { location } = renderApp(itemPath(ref.team_id, 'design'));
    fireEvent.click(await screen.findByTestId('project-open'));
    await waitFor(() => expect(location()).toBe(dsmPath(ref.team_id, ref.project_id)));
    await screen.findByTestId('dsm-library');
  });
});
