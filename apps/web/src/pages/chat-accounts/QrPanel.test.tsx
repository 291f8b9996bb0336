import '../../test/setup';
import { ChatLimits, type ChatPoll, type ChatStart } from '@ferry/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import { setLang } from '../../i18n';
import { type QrOutcome, QrPanel } from './QrPanel';

/** A provider stand-in at the panel's edge: each load is a new QR and ticket; polls answer `answers`. */
function provider() {
  const tickets: string[] = [];
  const polled: string[] = [];
  let failLoads = false;
  const answers = new Map<string, ChatPoll['status']>();
  return {
    tickets,
    polled,
    answers,
    failNextLoads: (fail: boolean) => {
      failLoads = fail;
    },
    load: async (): Promise<ChatStart> => {
      if (failLoads) throw new Error('offline');
      const ticket = `ticket-${tickets.length + 1}-${'x'.repeat(20)}`;
      tickets.push(ticket);
      const url = `https://open.weixin.qq.com/connect/qrconnect?state=${ticket}`;
      return { provider: 'wechat', url, qrcode_url: url, ticket, expires_in: 120 };
    },
    poll: async (ticket: string): Promise<ChatPoll> => {
      polled.push(ticket);
      return { provider: 'wechat', nickname: 'Wei', status: answers.get(ticket) ?? 'waiting' };
    },
  };
}

function show(fake: ReturnType<typeof provider>, outcomes: QrOutcome[] = []) {
  render(
    <AppProviders>
      <QrPanel load={fake.load} poll={fake.poll} onOutcome={(outcome) => outcomes.push(outcome)} />
    </AppProviders>,
  );
  return outcomes;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the social-chat QR panel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await setLang('en-US');
  });

  it('shows the QR, polls every 500 ms, and hands over the outcome once', async () => {
    const fake = provider();
    const outcomes = show(fake);
    await advance(0);
    expect(screen.getByTestId('chat-qr-image').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('chat-qr-box')).toBeTruthy();
    await advance(ChatLimits.pollMs * 4);
    expect(fake.polled).toHaveLength(4);
    fake.answers.set(fake.tickets[0], 'signed_in');
    await advance(ChatLimits.pollMs);
    await advance(ChatLimits.pollMs * 4);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['signed_in']);
    expect(fake.polled).toHaveLength(5);
  });

  it('after 120 s shows the expired overlay and stops polling; a click loads a new QR, a second within 1 s does nothing', async () => {
    const fake = provider();
    show(fake);
    await advance(0);
    await advance(ChatLimits.qrValidityMs - 1);
    expect(screen.queryByTestId('chat-qr-expired')).toBeNull();
    await advance(1);
    expect(screen.getByTestId('chat-qr-expired').textContent).toBe('QR code expired, click to refresh');
    const pollsAtExpiry = fake.polled.length;
    await advance(ChatLimits.pollMs * 6);
    expect(fake.polled).toHaveLength(pollsAtExpiry);

    fireEvent.click(screen.getByTestId('chat-qr-expired'));
    await advance(0);
    expect(fake.tickets).toHaveLength(2);
    expect(screen.getByTestId('chat-qr-image')).toBeTruthy();
    await advance(50);
    expect(screen.getByText('QR code refreshed')).toBeTruthy();
    await advance(ChatLimits.pollMs);
    expect(fake.polled.at(-1)).toBe(fake.tickets[1]);

    // The next QR expires too; a click within 1 s of the last refresh is ignored, one after it is not.
    await advance(ChatLimits.qrValidityMs);
    expect(screen.getByTestId('chat-qr-expired')).toBeTruthy();
    fake.answers.set(fake.tickets[1], 'expired');
    await advance(0);
    fireEvent.click(screen.getByTestId('chat-qr-expired'));
    await advance(0);
    expect(fake.tickets).toHaveLength(3);
    fake.answers.set(fake.tickets[2], 'expired');
    await advance(ChatLimits.pollMs);
    expect(screen.getByTestId('chat-qr-expired')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-qr-expired'));
    await advance(0);
    expect(fake.tickets).toHaveLength(3);
    await advance(ChatLimits.refreshDebounceMs);
    fireEvent.click(screen.getByTestId('chat-qr-expired'));
    await advance(0);
    expect(fake.tickets).toHaveLength(4);
  });

  it('a refresh that fails keeps the overlay and toasts "刷新失败" in Chinese', async () => {
    await setLang('zh-CN');
    const fake = provider();
    show(fake);
    await advance(0);
    await advance(ChatLimits.qrValidityMs);
    expect(screen.getByTestId('chat-qr-expired').textContent).toBe('二维码已过期，点击刷新');
    fake.failNextLoads(true);
    fireEvent.click(screen.getByTestId('chat-qr-expired'));
    await advance(0);
    await advance(50);
    expect(screen.getByText('刷新失败')).toBeTruthy();
    expect(screen.getByTestId('chat-qr-expired')).toBeTruthy();
    expect(fake.tickets).toHaveLength(1);
  });
});
