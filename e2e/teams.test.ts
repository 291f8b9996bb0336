import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  screenshot as capture,
  chooseFromUserMenu,
  launchBrowser,
  type RunningServer,
  skipFirstRun,
  startServer,
} from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A screenshot once tab ink bars, fades and toasts have settled. */
async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await capture(page, name);
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

const stamp = Date.now();

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const ownerEmail = `owner-${stamp}@example.com`;
const guestEmail = `guest-${stamp}@example.com`;

async function register(page: Page, email: string, name: string) {
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-name').fill(name);
  await page.getByTestId('register-password').fill('Team-pass1');
  await page.getByTestId('register-confirm').fill('Team-pass1');
  await page.getByTestId('register-submit').click();
}

/** The members table row of a user, found by the e-mail it shows. */
const rowOf = (page: Page, email: string) => page.getByTestId('member-row').filter({ hasText: email });

describe('team members and invitations', () => {
  it('invites by link, the guest joins, the owner changes their role and removes them', async () => {
    // The owner registers and creates a team.
    const owner = await newPage();
    await owner.goto(`${server.url}/web/#/user/register`);
    await register(owner, ownerEmail, 'Olga');
    await owner.getByTestId('team-name-input').fill('Harbor');
    await owner.getByTestId('team-create-submit').click();
    await skipFirstRun(owner);

    // Team settings from the sidebar: the owner alone in the members table.
    await owner.getByTestId('sidebar-team-settings').click();
    await owner.waitForURL(/#\/item\/team/);
    await expect.poll(() => owner.title()).toBe('Team settings - Ferry');
    await expect.poll(() => owner.getByTestId('member-row').count()).toBe(1);
    await screenshot(owner, 'teams-01-members');

    // The invite dialog: the link offered for viewers, read from its input.
    await owner.getByTestId('members-invite').click();
    await owner.getByTestId('invite-dialog').waitFor();
    const linkInput = owner.getByTestId('invite-link-input');
    await expect.poll(() => linkInput.inputValue()).toMatch(/#\/user\/invite\?inviteSign=/);
    const link = await linkInput.inputValue();
    await owner.getByTestId('invite-copy').click();
    await screenshot(owner, 'teams-02-invite-dialog');
    await owner.keyboard.press('Escape');
    await owner.getByTestId('invite-dialog').waitFor({ state: 'hidden' });

    // The guest opens the link signed out, registers from there and comes back to it.
    const guest = await newPage();
    const landing = `${server.url}/web/${link.slice(link.indexOf('#/'))}`;
    await guest.goto(landing);
    await expect.poll(() => guest.getByTestId('invite-team-name').textContent()).toBe('Harbor');
    await expect.poll(() => guest.getByTestId('invite-inviter').textContent()).toContain('Olga');
    await expect.poll(() => guest.getByTestId('invite-role').textContent()).toBe('Viewer');
    await screenshot(guest, 'teams-03-invite-landing-signed-out');
    await guest.getByTestId('invite-register').click();
    await guest.waitForURL(/#\/user\/register\?redirecturl=/);
    await register(guest, guestEmail, 'Gus');
    await guest.waitForURL(/#\/user\/invite\?/);
    await guest.getByTestId('invite-join').waitFor();
    await screenshot(guest, 'teams-04-invite-landing-signed-in');
    await guest.getByTestId('invite-join').click();
    await guest.waitForURL(/#\/item\?fid=all&tid=/);
    await expect.poll(() => guest.getByTestId('header-team-name').textContent()).toContain('Harbor');
    await guest.getByTestId('item-empty').waitFor();

    // The owner's open members table shows the guest without a reload (a `changed` frame), as a viewer;
    // the owner makes them a member.
    const guestRow = rowOf(owner, guestEmail);
    await guestRow.waitFor();
    await screenshot(owner, 'teams-04b-joined-live');
    await expect.poll(() => guestRow.getByTestId('member-role').textContent()).toBe('Viewer');
    await guestRow.getByTestId('member-role-trigger').click();
    await owner.getByTestId('role-option-member').click();
    await expect.poll(() => guestRow.getByTestId('member-role').textContent()).toBe('Member');
    await screenshot(owner, 'teams-05-role-changed');

    // Then removes them, after the confirmation.
    await guestRow.getByTestId('member-remove').click();
    await owner.getByTestId('member-remove-confirm').click();
    await expect.poll(() => rowOf(owner, guestEmail).count()).toBe(0);
    await expect.poll(() => owner.getByTestId('member-row').count()).toBe(1);

    // The guest hears at once that they were removed (a real-time notice), and the tip's button leads to
    // team creation.
    const tip = guest.getByTestId('team-event-tip');
    await tip.waitFor();
    expect(await tip.getAttribute('data-kind')).toBe('removed');
    expect(await tip.textContent()).toContain('You were removed from the team');
    await screenshot(guest, 'teams-06-removed-tip');
    await guest.getByTestId('team-event-action').click();
    await guest.waitForURL(/#\/item\/team\/create\?new=true/);
    await guest.getByTestId('team-name-input').waitFor();
    await expect.poll(() => tip.count()).toBe(0);
    await screenshot(guest, 'teams-07-after-removal');

    await owner.context().close();
    await guest.context().close();
  });
  it('departments, a review link with an application, and the settings tab with the plan', async () => {
    const owner = await newPage();
    await owner.goto(`${server.url}/web/#/user/register`);
    await register(owner, `atlas-${stamp}@example.com`, 'Ana');
    await owner.getByTestId('team-name-input').fill('Atlas');
    await owner.getByTestId('team-create-submit').click();
    await skipFirstRun(owner);

    // Departments: two created with free default names, the second renamed and moved up.
    await owner.getByTestId('team-switch-trigger').click();
    await owner.getByTestId('team-switch-settings').click();
    await owner.getByTestId('team-tab-departments').click();
    const names = () => owner.getByTestId('dept-name').allTextContents();
    await expect.poll(names).toEqual(['Ungrouped']);
    await owner.getByTestId('dept-create').click();
    await expect.poll(names).toEqual(['新部门', 'Ungrouped']);
    await owner.getByTestId('dept-create').click();
    await expect.poll(names).toEqual(['新部门', '新部门2', 'Ungrouped']);
    await owner.getByTestId('dept-row').nth(1).getByTestId('dept-rename').click();
    await owner.getByTestId('dept-rename-input').fill('Design');
    await owner.getByTestId('dept-rename-save').click();
    await expect.poll(names).toEqual(['新部门', 'Design', 'Ungrouped']);
    await owner.getByTestId('dept-row').nth(1).getByTestId('dept-up').click();
    await expect.poll(names).toEqual(['Design', '新部门', 'Ungrouped']);

    // Personal invitations by e-mail: one result per address.
    await owner.getByTestId('team-tab-members').click();
    await owner.getByTestId('members-invite').click();
    await owner.getByTestId('invite-tab-email').click();
    await owner.getByTestId('invite-emails').fill(`kai-${stamp}@example.com, lea-${stamp}@example.com`);
    await owner.getByTestId('invite-send').click();
    await expect.poll(() => owner.getByTestId('invite-result').count(), { timeout: 5000 }).toBe(2);
    await screenshot(owner, 'teams-08a-invite-by-email');
    await owner.getByTestId('invite-tab-link').click();

    // A link that needs review, for members.
    await owner.getByTestId('invite-role-member').click();
    await owner.getByTestId('invite-review').click();
    const linkInput = owner.getByTestId('invite-link-input');
    // The link's token carries its signed payload: wait for the one with the chosen role and review.
    const payloadOf = (url: string) => {
      const token = new URLSearchParams(url.slice(url.indexOf('?'))).get('token') ?? '';
      return token ? JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) : null;
    };
    await expect
      .poll(async () => payloadOf(await linkInput.inputValue()), { timeout: 5000 })
      .toMatchObject({ role: 'member', review: true });
    const link = await linkInput.inputValue();
    await owner.keyboard.press('Escape');

    // A signed-in visitor applies with a real name and a reason, then waits.
    const guest = await newPage();
    await guest.goto(`${server.url}/web/#/user/register`);
    await register(guest, `pia-${stamp}@example.com`, 'Pia');
    await guest.getByTestId('team-name-input').waitFor();
    await guest.goto(`${server.url}/web/${link.slice(link.indexOf('#/'))}`);
    await expect.poll(() => guest.getByTestId('invite-role').textContent()).toBe('Member');
    await guest.getByTestId('invite-apply-submit').click();
    await guest.getByText('Please enter your real name').waitFor();
    await guest.getByTestId('invite-real-name').fill('Pia Lund');
    await guest.getByTestId('invite-reason').fill('I review the mobile designs');
    await screenshot(guest, 'teams-08-apply-form');
    await guest.getByTestId('invite-apply-submit').click();
    await guest.getByTestId('invite-waiting').waitFor();
    await screenshot(guest, 'teams-09-apply-waiting');

    // The owner sees the count on the applications tab and agrees.
    await owner.reload();
    await expect
      .poll(() => owner.getByTestId('team-tab-applies').textContent(), { timeout: 10_000 })
      .toContain('1');
    await owner.getByTestId('team-tab-applies').click();
    const apply = owner.getByTestId('apply-row').filter({ hasText: 'Pia Lund' });
    await expect.poll(() => apply.textContent()).toContain('I review the mobile designs');
    await screenshot(owner, 'teams-10-applications');
    await apply.getByTestId('apply-agree').click();
    await expect.poll(() => owner.getByTestId('apply-row').count()).toBe(0);
    await owner.getByTestId('team-tab-members').click();
    const piaRow = owner.getByTestId('member-row').filter({ hasText: `pia-${stamp}@example.com` });
    await expect.poll(() => piaRow.getByTestId('member-role').textContent()).toBe('Member');

    // Pia goes into the Design department.
    await owner.getByTestId('team-tab-departments').click();
    const design = owner.getByTestId('dept-row').filter({ hasText: 'Design' });
    await design.getByTestId('dept-members').click();
    await owner.getByTestId('dept-member-option').filter({ hasText: 'Pia' }).click();
    await owner.getByTestId('dept-members-save').click();
    await expect.poll(() => design.getByTestId('dept-count').textContent()).toBe('1 member');
    await screenshot(owner, 'teams-11-departments');

    // The settings tab: the name, the plan and its quota, and the owner's team actions.
    await owner.getByTestId('team-tab-settings').click();
    await expect.poll(() => owner.getByTestId('quota-members-value').textContent()).toBe('2 / 10');
    await expect.poll(() => owner.getByTestId('quota-plan').textContent()).toBe('Free');
    expect(await owner.getByTestId('team-leave').count()).toBe(0);
    await owner.getByTestId('team-dissolve').waitFor();
    await screenshot(owner, 'teams-12-settings');

    // The same page in Chinese.
    await chooseFromUserMenu(owner, 'lang-switch');
    await expect.poll(() => owner.title(), { timeout: 5000 }).toBe('团队设置 - Ferry');
    await owner.getByTestId('team-tab-members').click();
    await expect.poll(() => owner.getByTestId('member-row').count()).toBe(2);
    await screenshot(owner, 'teams-13-members-zh');

    // A new avatar: a GIF is refused before any upload, a PNG is stored and shown.
    await owner.getByTestId('team-tab-settings').click();
    await owner.getByTestId('team-avatar-input').setInputFiles({
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await owner.getByText('头像仅支持 JPG、PNG 格式，且不超过 3M').waitFor();
    await owner
      .getByTestId('team-avatar-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => owner.locator('.team-page-head img.team-avatar').count(), { timeout: 5000 })
      .toBe(1);

    // Dissolving needs the team name and the password; the owner then has no team left.
    await owner.getByTestId('team-dissolve').click();
    await owner.getByTestId('dissolve-name').fill('Atlas');
    await owner.getByTestId('dissolve-password').fill('Wrong-pass1');
    await owner.getByTestId('dissolve-confirm').click();
    await expect.poll(() => owner.getByTestId('dissolve-error').textContent()).toContain('邮箱或密码错误');
    await screenshot(owner, 'teams-14-dissolve-zh');
    await owner.getByTestId('dissolve-password').fill('Team-pass1');
    await owner.getByTestId('dissolve-confirm').click();
    await owner.waitForURL(/#\/item\/team\/create\?new=true/);
    expect(await owner.getByTestId('team-event-tip').count()).toBe(0);

    await owner.context().close();
    await guest.context().close();
  });
});
