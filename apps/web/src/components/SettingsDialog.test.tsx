import '../test/setup';
import { PREFERENCE_FLAGS } from '@ferry/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../App';
import { queryClient } from '../queryClient';
import { DEFAULT_LAB, writeLab } from '../state/lab';
import { readPreferences } from '../state/preferences';
import { applyLogin } from '../state/session';
import { buildLogin } from '../test/fixtures';
import { renderApp } from '../test/render';
import { callAs, createTeam, newAccount, signInHere, unique, useRealServer } from '../test/server';
import { SettingsDialog } from './SettingsDialog';

useRealServer();

const storedLab = () => JSON.parse(window.localStorage.getItem('lab') ?? '{}');

function open() {
  const reload = vi.fn();
  render(
    <AppProviders>
      <SettingsDialog open onClose={() => {}} reload={reload} />
    </AppProviders>,
  );
  return reload;
}

const toggle = (option: string) => fireEvent.click(screen.getByTestId(`lab-${option}`));

describe('the settings dialog', () => {
  // The options are read once per page; every test starts from the defaults.
  beforeEach(() => {
    writeLab(DEFAULT_LAB);
    window.localStorage.removeItem('lab');
  });

  it('stores each lab option in the browser, without reloading for those that apply at once', () => {
    const reload = open();
    toggle('freeZoom');
    toggle('boxSelect');
    fireEvent.click(screen.getByText('Go back at once'));
    expect(storedLab()).toEqual({
      escOnMark: 'back',
      boxSelect: true,
      freeZoom: true,
      performance: false,
      axureZoom: false,
    });
    toggle('freeZoom');
    expect(storedLab().freeZoom).toBe(false);
    expect(screen.getByTestId('lab-freeZoom').getAttribute('aria-checked')).toBe('false');
    expect(reload).not.toHaveBeenCalled();
  });

  it('stores the Axure zoom in the browser, which the Axure viewer reads', () => {
    const reload = open();
    expect(screen.getByTestId('settings-dialog').textContent).toContain('Axure zoom');
    toggle('axureZoom');
    expect(storedLab().axureZoom).toBe(true);
    expect(screen.getByTestId('lab-axureZoom').getAttribute('aria-checked')).toBe('true');
    toggle('axureZoom');
    expect(storedLab().axureZoom).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when performance priority changes, after storing it', () => {
    const reload = vi.fn(() => expect(storedLab().performance).toBe(true));
    render(
      <AppProviders>
        <SettingsDialog open onClose={() => {}} reload={reload} />
      </AppProviders>,
    );
    toggle('performance');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('clears cached data and fetched answers, keeping the session and the preferences', async () => {
    applyLogin(buildLogin());
    window.localStorage.setItem('cacheData_roles', '{"a":1}');
    window.localStorage.setItem('cacheData_remarkTable', '{}');
    writeLab({ freeZoom: true });
    queryClient.setQueryData(['team', 'team-a', 'project', 'p-1', 'images'], { images: [] });
    open();
    fireEvent.click(screen.getByTestId('lab-clear-cache'));

    expect(await screen.findByText('Cache cleared')).toBeTruthy();
    expect(window.localStorage.getItem('cacheData_roles')).toBeNull();
    expect(window.localStorage.getItem('cacheData_remarkTable')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('tok-123');
    expect(storedLab().freeZoom).toBe(true);
    expect(queryClient.getQueryData(['team', 'team-a', 'project', 'p-1', 'images'])).toBeUndefined();
  });

  it('says so when the cache cannot be cleared', async () => {
    window.localStorage.setItem('cacheData_roles', '{}');
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('The storage is blocked', 'SecurityError');
    });
    open();
    fireEvent.click(screen.getByTestId('lab-clear-cache'));
    expect(await screen.findByText('Clearing the cache failed')).toBeTruthy();
  });

  it('opens from the user menu, next to account settings, in Chinese too', async () => {
    const ada = await newAccount('Ada');
    const team = await createTeam(ada, unique('Alpha'));
    await signInHere(ada);
    window.localStorage.setItem('lang', 'zh-CN');
    const { i18n } = await import('../i18n');
    await i18n.changeLanguage('zh-CN');
    renderApp(`/item?fid=all&tid=${team.id}`);
    fireEvent.click(await screen.findByTestId('user-menu-trigger'));
    expect(await screen.findByTestId('menu-account-settings')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('menu-settings'));
    await waitFor(() => expect(screen.getByTestId('settings-dialog').textContent).toContain('性能优先'));
    expect(screen.getByTestId('settings-dialog').textContent).toContain('清除缓存');
    expect(screen.getByTestId('settings-preferences').textContent).toContain('画板：显示设计图名称');
  });

  it('lists every other preference flag with its label, and saves a switch for the user', async () => {
    const ada = await newAccount('Ada');
    await signInHere(ada);
    open();
    const section = screen.getByTestId('settings-preferences');
    const rows = [...section.querySelectorAll('[role="switch"]')].map((element) =>
      element.getAttribute('data-testid'),
    );
    expect(rows).toEqual(
      PREFERENCE_FLAGS.filter((flag) => !LAB_OPTION_FLAGS.includes(flag)).map((flag) => `preference-${flag}`),
    );
    expect(section.textContent).toContain('Stage: design names');
    expect(section.textContent).toContain('Message centre: unread only');
    expect(screen.getByTestId('preference-stageNames').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('preference-stageNames'));
    fireEvent.click(screen.getByTestId('preference-noticeSound'));
    expect(screen.getByTestId('preference-stageNames').getAttribute('aria-checked')).toBe('false');
    expect(readPreferences()).toMatchObject({ stageNames: false, noticeSound: true });
    await waitFor(async () =>
      expect(await callAs(ada, 'GET', 'account/user_profile?group=preferences')).toMatchObject({
        stageNames: false,
        noticeSound: true,
      }),
    );
  });
});

/** The flags the lab section shows in its own words. */
const LAB_OPTION_FLAGS: readonly string[] = ['axureZoom', 'escBack', 'boxSelect', 'freeZoom', 'performance'];
