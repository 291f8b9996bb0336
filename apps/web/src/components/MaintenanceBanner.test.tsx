import '../test/setup';
import type { MaintenanceNotice, PublicConfiguration } from '@ferry/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_SWITCHES } from '../state/features';
import { showMaintenance } from '../state/maintenance';
import { page } from '../state/pageReload';
import { ok } from '../test/http';
import { renderApp } from '../test/render';
import { createTeam, newAccount, replaceAnswers, signInHere, unique, useRealServer } from '../test/server';

const seen = useRealServer();

/**
 * The operator's notice, answered in the server's place: the test server is shared by every web test, and a
 * notice set there would show on all their pages (the server sets it in maintenance.test.ts and e2e).
 */
function noticeIs(notice: MaintenanceNotice | null) {
  const configuration: PublicConfiguration = {
    edition: 'saas',
    maintenance: notice,
    switches: FIRST_PAINT_SWITCHES,
    support_email: null,
  };
  replaceAnswers((req) => (req.path === '/api/common/configuration' ? ok(configuration) : null));
}

const upgrade: MaintenanceNotice = { id: 'n1', message: 'Upgrade tonight at 22:00', until: null };

describe('maintenance banner (spec 002 §2, §9)', () => {
  it('shows on the sign-in page; refresh reloads; close moves it up 55 px', async () => {
    noticeIs(upgrade);
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    renderApp('/login');
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner.textContent).toContain('Upgrade tonight at 22:00');
    expect(banner.style.height).toBe('55px');
    expect(banner.style.transform).toBe('translateY(0)');

    fireEvent.click(within(banner).getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);

    fireEvent.click(within(banner).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(banner.style.transform).toBe('translateY(-55px)'));
    expect(banner.getAttribute('aria-hidden')).toBe('true');
    reload.mockRestore();
  });

  it('shows a new message pushed over the socket again after the last one was closed, and hides when cleared', async () => {
    const ada = await newAccount('Ada');
    const team = await createTeam(ada, unique('Alpha'));
    await signInHere(ada);
    noticeIs(upgrade);
    renderApp(`/item?fid=all&tid=${team.id}`);
    const banner = await screen.findByTestId('maintenance-banner');
    fireEvent.click(within(banner).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(banner.style.transform).toBe('translateY(-55px)'));

    act(() => showMaintenance({ id: 'n2', message: 'Read-only for ten minutes', until: null }));
    await waitFor(() =>
      expect(screen.getByTestId('maintenance-banner').style.transform).toBe('translateY(0)'),
    );
    expect(screen.getByTestId('maintenance-banner').textContent).toContain('Read-only for ten minutes');

    act(() => showMaintenance(null));
    await waitFor(() => expect(screen.queryByTestId('maintenance-banner')).toBeNull());
  });

  it('shows nothing when no notice is set', async () => {
    renderApp('/login');
    await waitFor(() => expect(seen.some((req) => req.path === '/api/common/configuration')).toBe(true));
    await screen.findByRole('button', { name: /log in|sign in/i });
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });
});
