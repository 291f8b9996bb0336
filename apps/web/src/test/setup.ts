/**
 * Test set-up for the web tests (imported first by each test file): the browser APIs jsdom lacks and
 * antd uses, the app's i18n, and a clean session, client and network state before every test.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetClientState, setClientUi } from '../api/client';
import '../i18n';
import { setLang } from '../i18n';
import { queryClient } from '../queryClient';
import { setNavigator } from '../state/navigation';
import { resetNetworkStatus } from '../state/network';
import { resetPreferenceSync } from '../state/preferences';
import { reloadSession } from '../state/session';
import { clearTeamEvent } from '../state/teamEvents';

// The project pages mount the sidebar tree, tabs and menus at once; on a busy machine jsdom needs more than the
// default second before a page settles.
configure({ asyncUtilTimeout: 3000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

beforeEach(async () => {
  window.localStorage.clear();
  window.location.hash = '';
  reloadSession();
  resetClientState();
  resetNetworkStatus();
  clearTeamEvent();
  // A preference a test switched (the message centre's filter, a setting) is not the next test's.
  resetPreferenceSync();
  setClientUi(null);
  setNavigator(null);
  queryClient.clear();
  await setLang('en-US');
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
