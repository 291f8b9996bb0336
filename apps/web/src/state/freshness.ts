import { FRESHNESS_CHECK_MS, mainScriptOf } from '@ferry/shared';
import { isTyping } from '../components/keys';

/**
 * Page freshness (spec 000 §4, 002 §4): at most once per 10 minutes the served index page is fetched and its
 * main script compared with the one this page runs; a different one means a new build was deployed.
 *
 * The reload never costs the user work. It happens only when the page holds nothing unsent: no text field
 * has the focus, no text box or editable area holds text (an unsent comment, a description being written),
 * no upload is on its way. Otherwise it waits for the next navigation or the tab coming back into view and
 * asks again; a stale page keeps working meanwhile, since the old build's files stay served.
 */
export interface FreshnessDeps {
  /** The deployed index page's HTML. */
  loadIndex: () => Promise<string>;
  /** The main script this page runs, null when it has none (a page that was not built). */
  runningScript: () => string | null;
  reload: () => void;
  now: () => number;
}

const defaults: FreshnessDeps = {
  loadIndex: async () => (await fetch('/web/index.html', { cache: 'no-cache' })).text(),
  runningScript: () =>
    document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? null,
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

/** Work a reload would drop that the page cannot see in its fields (uploads in flight), asked by its owners. */
const guards = new Set<() => boolean>();

export function addReloadGuard(holdsWork: () => boolean): () => void {
  guards.add(holdsWork);
  return () => guards.delete(holdsWork);
}

let deps: FreshnessDeps = defaults;
let lastCheck = Number.NEGATIVE_INFINITY;
let staleBuild = false;

/** Tests and the app's wiring replace some of the ways; `reset` forgets the last check and a stale build. */
export function setFreshnessDeps(next: Partial<FreshnessDeps>, reset = true): void {
  deps = { ...defaults, ...next };
  if (reset) {
    lastCheck = Number.NEGATIVE_INFINITY;
    staleBuild = false;
  }
}

/** Whether the page holds something a reload would lose. */
export function holdsUnsentWork(doc: Document = document): boolean {
  for (const holdsWork of guards) if (holdsWork()) return true;
  if (isTyping(doc.activeElement)) return true;
  for (const box of doc.querySelectorAll<HTMLTextAreaElement>('textarea')) if (box.value.trim()) return true;
  for (const area of doc.querySelectorAll<HTMLElement>('[contenteditable="true"]'))
    if (area.textContent?.trim()) return true;
  return false;
}

/** Reloads a page known to run an old build, if nothing would be lost now; answers whether it did. */
export function reloadIfStale(): boolean {
  if (!staleBuild || holdsUnsentWork()) return false;
  deps.reload();
  return true;
}

/**
 * Compares the running build with the deployed one, unless that was done less than 10 minutes ago; a newer
 * build reloads the page now or at the next safe moment. A failed fetch counts as a check (no retry storm).
 */
export async function checkFreshness(): Promise<'skipped' | 'same' | 'new'> {
  const now = deps.now();
  if (now - lastCheck < FRESHNESS_CHECK_MS) return 'skipped';
  lastCheck = now;
  const running = deps.runningScript();
  if (!running) return 'same';
  let deployed: string | null = null;
  try {
    deployed = mainScriptOf(await deps.loadIndex());
  } catch {
    return 'same';
  }
  if (!deployed || deployed === running) return 'same';
  staleBuild = true;
  reloadIfStale();
  return 'new';
}
