import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, nextMail } from '../apps/server/src/test/mailbox.js';
import { startSmtpServer } from '../apps/server/src/test/smtp.js';
import { screenshot as capture, launchBrowser, type RunningServer, startServer } from './harness.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await capture(page, name);
}

async function newPage(locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

describe('forgot password', () => {
  it('mails a link through SMTP; the link sets a new password, which signs in', async () => {
    const email = `forgetful-${Date.now()}@example.com`;
    const page = await newPage();
    await page.goto(`${server.url}/web/#/user/register`);
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-name').fill('Forgetful');
    await page.getByTestId('register-password').fill('First-pass1');
    await page.getByTestId('register-confirm').fill('First-pass1');
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/#\/item\/team\/create/);

    // Another device forgets the password.
    const other = await newPage();
    await other.goto(`${server.url}/web/#/user/login`);
    await other.getByTestId('login-forgot').click();
    await other.getByTestId('forgot-email').fill(email);
    await other.getByTestId('forgot-send').click();
    await other.getByTestId('forgot-sent').waitFor();
    await screenshot(other, 'recovery-code-sent');
    const mail = await nextMail(smtp.received, email);
    const { token } = codeOf(mail);
    const link = mail.body.match(/https?:\/\/\S+\/web\/#\/user\/reset-password\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    expect(link).toContain(token);

    await other.goto(String(link));
    await other.getByTestId('reset-password').fill('Second-pass2');
    await other.getByTestId('reset-confirm').fill('Second-pass2');
    await screenshot(other, 'recovery-new-password');
    await other.getByTestId('reset-submit').click();
    await other.getByTestId('reset-done').waitFor();
    await screenshot(other, 'recovery-done');

    // The first device's session ended with the reset: its next call says the password changed.
    await page.reload();
    await page
      .getByText('Your password was changed, please log in again')
      .first()
      .waitFor({ timeout: 15_000 });

    await other.getByTestId('reset-to-login').click();
    await other.getByTestId('login-email').fill(email);
    await other.getByTestId('login-password').fill('First-pass1');
    await other.getByTestId('login-submit').click();
    await other.getByTestId('login-error').waitFor();
    await other.getByTestId('login-password').fill('Second-pass2');
    await other.getByTestId('login-submit').click();
    await other.waitForURL(/#\/item\/team\/create/);
  });
});
