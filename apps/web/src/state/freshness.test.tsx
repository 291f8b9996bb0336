import '../test/setup';
import { FRESHNESS_CHECK_MS, VERSION_HEADER } from '@ferry/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../queryClient';
import { renderApp } from '../test/render';
import { newAccount, nodeFetch, replaceAnswers, serverUrl, signInHere, useRealServer } from '../test/server';
import { setFreshnessDeps } from './freshness';

const seen = useRealServer();

const RUNNING = '/web/assets/index-Old111.js';
/** A built index page whose entry script is `script`, as Vite writes it. */
const indexPage = (script: string) =>
  `<!doctype html><html><head><script>/* early reads */</script><script type="module" crossorigin src="${script}"></script></head><body><div id="root"></div></body></html>`;

let clock = 1_000_000;
let reload: ReturnType<typeof vi.fn<() => void>>;
let deployed = RUNNING;
let entry: HTMLScriptElement;

const indexFetches = () => seen.filter((request) => request.path === '/web/index.html').length;

beforeEach(() => {
  clock = 1_000_000;
  deployed = RUNNING;
  reload = vi.fn<() => void>();
  // This page runs the build whose entry is RUNNING.
  entry = document.createElement('script');
  entry.type = 'module';
  entry.setAttribute('src', RUNNING);
  document.head.appendChild(entry);
  setFreshnessDeps({ reload, now: () => clock });
  // The server serves whatever build is deployed now.
  replaceAnswers((request) =>
    request.path === '/web/index.html'
      ? new Response(indexPage(deployed), { headers: { 'content-type': 'text/html' } })
      : null,
  );
});
afterEach(() => {
  entry.remove();
  setFreshnessDeps({});
});

async function signedInAt(path: string) {
  await signInHere(await newAccount('Ada'));
  const view = renderApp(path);
  await screen.findByTestId('info-name-input');
  return view;
}

describe('page freshness (spec 000 §4)', () => {
  it('reloads when the deployed index page names another main script', async () => {
    deployed = '/web/assets/index-New222.js';
    await signedInAt('/user/info');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(indexFetches()).toBe(1);
  });

  it('does not reload for the same build, and checks at most once per 10 minutes', async () => {
    const view = await signedInAt('/user/info');
    await waitFor(() => expect(indexFetches()).toBe(1));
    await act(() => view.router.navigate('/user/info?tab=security'));
    await act(() => view.router.navigate('/user/info'));
    clock += FRESHNESS_CHECK_MS - 1;
    await act(() => view.router.navigate('/user/info?again=1'));
    expect(indexFetches()).toBe(1);
    expect(reload).not.toHaveBeenCalled();

    // Ten minutes on, a navigation checks again and finds the new build.
    clock += 1;
    deployed = '/web/assets/index-New333.js';
    await act(() => view.router.navigate('/user/info'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(indexFetches()).toBe(2);
  });

  it('waits while a comment is unsent or a field has the focus, then reloads at the next navigation', async () => {
    deployed = '/web/assets/index-New444.js';
    await signInHere(await newAccount('Ada'));
    // A comment written and not sent yet, in a box of the page.
    const draft = document.createElement('textarea');
    draft.value = 'Half of a comment';
    document.body.appendChild(draft);
    const view = renderApp('/user/info');
    await waitFor(() => expect(indexFetches()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reload).not.toHaveBeenCalled();

    // Tab comes back with the draft still there: still no reload.
    fireEvent(document, new Event('visibilitychange'));
    expect(reload).not.toHaveBeenCalled();

    // Sent: the box is empty, but the user is typing in a field.
    draft.value = '';
    const field = screen.getByTestId('info-name-input');
    field.focus();
    await act(() => view.router.navigate('/user/info?tab=1'));
    expect(reload).not.toHaveBeenCalled();

    field.blur();
    draft.remove();
    await act(() => view.router.navigate('/user/info'));
    expect(reload).toHaveBeenCalledTimes(1);
    // The reload came from the build already known to be stale: no other fetch.
    expect(indexFetches()).toBe(1);
  });
});

describe("what's new after an update", () => {
  it('shows the release notes since the stored version once, and stores the new version', async () => {
    const version =
      (await nodeFetch(`${serverUrl()}/api/account/public_key`)).headers.get(VERSION_HEADER) ?? '';
    expect(version).toMatch(/^\d+\.\d+\.\d+\+/);
    window.localStorage.setItem('version', '1.4.0+someOldBuild');
    const first = await signedInAt('/user/info');
    const notice = await screen.findByTestId('whats-new');
    expect(notice.textContent).toContain("What's new in Ferry");
    expect(notice.textContent).toContain(`Version ${version.split('+')[0]}`);
    expect(notice.textContent).toContain('Design QA: upload screenshots of the built pages');
    expect(notice.textContent).not.toContain('Product documents: upload PDF');
    expect(window.localStorage.getItem('version')).toBe(version);
    const asked = seen.find((request) => request.path === '/api/account/version_tips');
    expect(asked?.query.get('version')).toBe('1.4.0+someOldBuild');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('whats-new')).toBeNull());
    first.unmount();
    renderApp('/user/info');
    await screen.findByTestId('info-name-input');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('whats-new')).toBeNull();
  });

  it('a first visit stores the version and shows nothing; a new build of the same release neither', async () => {
    window.localStorage.removeItem('version');
    const first = await signedInAt('/user/info');
    await waitFor(() => expect(window.localStorage.getItem('version')).toMatch(/^\d+\.\d+\.\d+\+/));
    first.unmount();
    const stored = window.localStorage.getItem('version') ?? '';
    window.localStorage.setItem('version', `${stored.split('+')[0]}+previousBuild`);
    // The next page load: nothing kept from the first.
    queryClient.clear();
    renderApp('/user/info');
    await screen.findByTestId('info-name-input');
    await waitFor(() => expect(window.localStorage.getItem('version')).toBe(stored));
    expect(screen.queryByTestId('whats-new')).toBeNull();
    expect(seen.some((request) => request.path === '/api/account/version_tips')).toBe(false);
  });
});
