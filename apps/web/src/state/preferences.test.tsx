import '../test/setup';
import { DEFAULT_PREFERENCES, type Preferences } from '@ferry/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../App';
import { SettingsDialog } from '../components/SettingsDialog';
import { renderApp } from '../test/render';
import { answerTo, newAccount, type SeededUser, signInHere, useRealServer } from '../test/server';
import { DEFAULT_LAB, readLab, writeLab } from './lab';
import { readPreferences, resetPreferenceSync, writePreferences, zoomSpeed } from './preferences';
import { clearSessionKeys, StorageKeys, writeString } from './storage';

const seen = useRealServer();

const saved = async (user: SeededUser) =>
  (await answerTo<Preferences>(user, 'GET', 'account/user_profile?group=preferences')).payload as Preferences;
const saves = () =>
  seen.filter(
    (request) => request.method === 'POST' && request.path === '/api/account/user_profile_by_cache',
  );

/** Another browser: nothing of this one's storage or memory. */
function freshBrowser() {
  window.localStorage.clear();
  resetPreferenceSync();
  act(() => void writeLab(DEFAULT_LAB, true));
}

beforeEach(freshBrowser);
afterEach(freshBrowser);

describe('preferences that follow the user', () => {
  it('saves the changes of 50 ms in one call, and puts them in force in another browser after sign-in', async () => {
    const user = await newAccount('Pia');
    await signInHere(user);
    act(() => {
      writeLab({ freeZoom: true });
      writeLab({ escOnMark: 'back', axureZoom: true });
      writePreferences({ zoomSpeed: 800 });
    });
    await waitFor(async () => expect((await saved(user)).zoomSpeed).toBe(800));
    expect(saves()).toHaveLength(1);
    expect(saves()[0].body).toEqual({
      info: { preferences: { freeZoom: true, escBack: true, axureZoom: true, zoomSpeed: 800 } },
    });
    expect(await saved(user)).toMatchObject({
      freeZoom: true,
      escBack: true,
      axureZoom: true,
      boxSelect: false,
    });

    freshBrowser();
    expect(readLab().freeZoom).toBe(false);
    await signInHere(user);
    renderApp('/');
    await waitFor(() =>
      expect(readLab()).toMatchObject({ freeZoom: true, escOnMark: 'back', axureZoom: true }),
    );
    expect(zoomSpeed()).toBe(800);
    // Kept in this browser as the fast copy for the next page load.
    expect(JSON.parse(window.localStorage.getItem(StorageKeys.lab) ?? '{}').freeZoom).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(StorageKeys.preferences) ?? '{}').zoomSpeed).toBe(800);
  });

  it('keeps a change made here before the saved ones arrive, and sends it', async () => {
    const user = await newAccount('Rui');
    await answerTo(user, 'POST', 'account/user_profile', {
      info: { preferences: { boxSelect: true, freeZoom: true } },
    });
    // Changed while signed out: it waits for the sign-in.
    act(() => void writeLab({ freeZoom: false }));
    await signInHere(user);
    renderApp('/');
    await waitFor(() => expect(readLab().boxSelect).toBe(true));
    expect(readLab().freeZoom).toBe(false);
    await waitFor(async () => expect((await saved(user)).freeZoom).toBe(false));
  });

  it('reads a stored legacy zoom speed of 700 as 500, and survives sign-out like the other preferences', () => {
    writeString(StorageKeys.preferences, JSON.stringify({ ...DEFAULT_PREFERENCES, zoomSpeed: 700 }));
    resetPreferenceSync();
    expect(zoomSpeed()).toBe(500);
    act(() => writePreferences({ zoomSpeed: 1200 }));
    clearSessionKeys();
    resetPreferenceSync();
    expect(readPreferences().zoomSpeed).toBe(1200);
  });
});

describe('the zoom speed in the settings dialog', () => {
  it('changes the speed wheel zoom uses and saves it for the user', async () => {
    const user = await newAccount('Zed');
    await signInHere(user);
    render(
      <AppProviders>
        <SettingsDialog open onClose={() => {}} reload={() => {}} />
      </AppProviders>,
    );
    const handle = within(screen.getByTestId('lab-zoomSpeed')).getByRole('slider');
    expect(handle.getAttribute('aria-valuenow')).toBe('500');
    fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyUp(handle, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(zoomSpeed()).toBe(600));
    await waitFor(async () => expect((await saved(user)).zoomSpeed).toBe(600));
  });
});

describe('a full local storage', () => {
  it('drops the write without crashing, and names the biggest key in the console and to the user', async () => {
    window.localStorage.setItem('cacheData_big', 'x'.repeat(5000));
    window.localStorage.setItem('cacheData_small', 'y');
    render(
      <AppProviders>
        <span>page</span>
      </AppProviders>,
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => act(() => void writeLab({ boxSelect: true }))).not.toThrow();
    // In force for this page even though the browser could not keep it.
    expect(readLab().boxSelect).toBe(true);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('the biggest key is "cacheData_big"'));
    await screen.findByText(/This browser's storage is full \(the biggest entry is "cacheData_big"\)/);
  });
});
