import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
export const screenshotDir = path.join(root, 'e2e', 'screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Where global-setup.ts put the run's migrated data folder, copied into each server's own. */
export const E2E_DATA_TEMPLATE_ENV = 'FERRY_E2E_DATA_TEMPLATE';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the real server (as `npm start` does, minus the build) on a free port with its own data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-e2e-'));
  const template = process.env[E2E_DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every browser test signs in and registers from one address: the per-IP budget is for real visitors.
      SIGN_IN_RATE_LIMIT: '1000',
      // First-time guides would cover controls the tests click; a test of guides passes GUIDES_ENABLED itself.
      GUIDES_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/account/public_key`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The system Chromium, headless; no browser is downloaded. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Waits until nothing on the page is moving (drawers, menus, fades); endless spinners are left alone. */
export async function motionSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Picks an item of the avatar menu. The click waits for the menu's opening slide to end: an item pressed while
 * the list still moves can land on its neighbour.
 */
export async function chooseFromUserMenu(page: Page, itemTestId: string) {
  await page.getByTestId('user-menu-trigger').click();
  const item = page.getByTestId(itemTestId);
  await item.waitFor();
  await motionSettled(page);
  await item.click();
}

/**
 * Waits for an element to show; when it does not, the failure names the page's address and its first lines of
 * text and keeps a screenshot, so a run that cannot be repeated still says where it was.
 */
export async function waitVisible(page: Page, testId: string, timeout = 30_000) {
  try {
    await page.getByTestId(testId).waitFor({ timeout });
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    await screenshot(page, `failed-${testId}-${Date.now()}`).catch(() => undefined);
    const where = `${page.url()}\n${text.slice(0, 600)}`;
    throw new Error(`${testId} did not show at ${where}`, { cause: error });
  }
}

/** A user's first team leads into the first-run path: tests of other pages skip it and land on the project list. */
export async function skipFirstRun(page: Page) {
  await page.waitForURL(/#\/onboarding\?tid=/);
  await page.getByTestId('onboarding-skip-all').click();
  await page.waitForURL(/#\/item\?fid=all&tid=/);
}
