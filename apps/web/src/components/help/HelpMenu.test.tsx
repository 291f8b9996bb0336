import '../../test/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_SWITCHES } from '../../state/features';
import { renderApp } from '../../test/render';
import { teamType } from '../../test/seed';
import { createTeam, newAccount, replaceAnswers, signInHere, unique, useRealServer } from '../../test/server';
import { closeShortcutsSheet } from './shortcutsSheet';

useRealServer();
// The sheet's open state lives beside the app, as the app lives for the whole page.
afterEach(closeShortcutsSheet);

/** Ada with her own team, signed in here, on its project list. */
async function adaOnProjects() {
  const ada = await newAccount('Ada');
  const team = await createTeam(ada, unique('Alpha'));
  await signInHere(ada);
  const view = renderApp(`/item?fid=all&tid=${team.id}`);
  await screen.findByTestId('item-empty');
  return { team, view };
}

async function openHelpMenu() {
  fireEvent.click(screen.getByTestId('help-button'));
  return screen.findByRole('menu');
}

const menuItem = async (name: string) => within(await openHelpMenu()).getByText(name);

describe('help menu', () => {
  it('offers the help centre in a new tab, the team docs, the shortcuts and support', async () => {
    const { team, view } = await adaOnProjects();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const menu = await openHelpMenu();
    // Support is offered once the configuration names the operator's address.
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Help centre', 'Team docs', 'Keyboard shortcuts?', 'Contact support']),
    );

    fireEvent.click(within(menu).getByText('Help centre'));
    expect(opened).toHaveBeenCalledWith(expect.stringMatching(/#\/support$/), '_blank', 'noopener');

    fireEvent.click(await menuItem('Team docs'));
    await waitFor(() => expect(view.location()).toBe(`/item/docs/${team.id}`));
    expect(await screen.findByTestId('team-docs-card')).toBeTruthy();
  });

  it('contacting support runs once, then waits 5 minutes', async () => {
    await adaOnProjects();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(await menuItem('Contact support'));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.calls[0][0]).toMatch(/^mailto:support@example\.com\?subject=Ferry%20support$/);
    expect(await screen.findByText('Your mail app opens with a message to support@example.com')).toBeTruthy();

    fireEvent.click(await menuItem('Contact support'));
    expect(
      await screen.findByText('Your message to support was started a moment ago: see your mail app'),
    ).toBeTruthy();
    expect(opened).toHaveBeenCalledTimes(1);
  });
});

describe('help menu of an enterprise team', () => {
  it('offers the dedicated service contact with a QR code instead, throttled too', async () => {
    const ada = await newAccount('Ada');
    const team = await createTeam(ada, unique('Alpha'));
    await teamType(team.id, 'enterprise');
    await signInHere(ada);
    renderApp(`/item?fid=all&tid=${team.id}`);
    await screen.findByTestId('item-empty');
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(await menuItem('Your dedicated service contact'));
    const contact = await screen.findByTestId('dedicated-contact');
    await waitFor(() =>
      expect(contact.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/),
    );
    expect(contact.textContent).toContain('mail support@example.com');
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('dedicated-contact')).toBeNull());

    fireEvent.click(await menuItem('Your dedicated service contact'));
    expect(
      await screen.findByText('Your message to support was started a moment ago: see your mail app'),
    ).toBeTruthy();
    expect(screen.queryByTestId('dedicated-contact')).toBeNull();
  });
});

describe('keyboard shortcuts sheet', () => {
  it('opens with ? and from the menu, listing the keys the handlers use', async () => {
    await adaOnProjects();
    fireEvent.keyDown(document.body, { key: '?' });
    const sheet = await screen.findByTestId('shortcuts-sheet');
    for (const text of [
      'Everywhere',
      '⌘/Ctrl K',
      'Design detail and inspect',
      'Previous design',
      'Hotspot editor',
    ])
      expect(within(sheet).getByText(text)).toBeTruthy();
    expect(within(sheet).getByText('Comment mode on or off').previousElementSibling?.textContent).toBe('C');
    closeShortcutsSheet();
    await waitFor(() => expect(screen.queryByTestId('shortcuts-sheet')).toBeNull());

    fireEvent.click(await menuItem('Keyboard shortcuts'));
    expect(await screen.findByTestId('shortcuts-sheet')).toBeTruthy();
  });

  it('does not open while typing in a field', async () => {
    await adaOnProjects();
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    fireEvent.keyDown(field, { key: '?' });
    const editable = document.createElement('textarea');
    document.body.appendChild(editable);
    fireEvent.keyDown(editable, { key: '?' });
    // Ctrl-? is the browser's, not the sheet's.
    fireEvent.keyDown(document.body, { key: '?', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('shortcuts-sheet')).toBeNull();
    field.remove();
    editable.remove();
  });

  it('offers no contact where the operator named no support address', async () => {
    replaceAnswers((request) =>
      request.path === '/api/common/configuration'
        ? Response.json({
            code: '00000',
            msg: 'success',
            result: {
              edition: 'saas',
              maintenance: null,
              switches: FIRST_PAINT_SWITCHES,
              support_email: null,
            },
          })
        : null,
    );
    await adaOnProjects();
    const menu = await openHelpMenu();
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Help centre', 'Team docs', 'Keyboard shortcuts?']),
    );
  });
});
