import { ReloadOutlined } from '@ant-design/icons';
import { ChatLimits, type ChatPoll, type ChatStart } from '@ferry/shared';
import { App, Spin } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './chat-accounts.css';

/** The outcomes that end the polling: the caller decides what each means. */
export type QrOutcome = ChatPoll & { status: 'signed_in' | 'unlinked' | 'bound' | 'failed' };

interface QrPanelProps {
  /** Starts a sign-in or binding: its QR address and ticket. */
  load: () => Promise<ChatStart>;
  poll: (ticket: string) => Promise<ChatPoll>;
  onOutcome: (outcome: QrOutcome) => void;
  /** Told the ticket of each QR shown, e.g. to clear it when a dialog closes. */
  onTicket?: (ticket: string) => void;
}

type Shown = { kind: 'loading' } | { kind: 'shown'; image: string } | { kind: 'expired' };

/** A QR address as an SVG picture: no canvas needed, sharp at any size. */
async function qrImage(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The social-chat QR box (spec 000 §2, §4): 220 px, polled every 500 ms; after 120 s an overlay "QR code
 * expired, click to refresh", whose clicks within 1 s of the last refresh are ignored; a failed refresh
 * toasts "refresh failed" and keeps the overlay.
 */
export function QrPanel({ load, poll, onOutcome, onTicket }: QrPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const generation = useRef(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const lastRefresh = useRef(Number.NEGATIVE_INFINITY);
  const callbacks = useRef({ load, poll, onOutcome, onTicket });
  callbacks.current = { load, poll, onOutcome, onTicket };

  const stopTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);

  /** Loads a QR and polls it until an outcome, expiry or the next load (each load is a generation). */
  const start = useCallback(async (): Promise<boolean> => {
    stopTimers();
    const mine = ++generation.current;
    const current = () => generation.current === mine;
    let started: ChatStart;
    let image: string;
    try {
      started = await callbacks.current.load();
      image = await qrImage(started.qrcode_url);
    } catch {
      if (current()) setShown({ kind: 'expired' });
      return false;
    }
    if (!current()) return true;
    callbacks.current.onTicket?.(started.ticket);
    setShown({ kind: 'shown', image });
    const expire = () => {
      if (!current()) return;
      stopTimers();
      setShown({ kind: 'expired' });
    };
    timers.current.push(setTimeout(expire, ChatLimits.qrValidityMs));
    const tick = async () => {
      if (!current()) return;
      let answer: ChatPoll | null = null;
      try {
        answer = await callbacks.current.poll(started.ticket);
      } catch {
        // A lost poll is asked again on the next tick.
      }
      if (!current()) return;
      if (answer?.status === 'expired') return expire();
      if (answer && answer.status !== 'waiting') {
        stopTimers();
        generation.current++;
        callbacks.current.onOutcome(answer as QrOutcome);
        return;
      }
      timers.current.push(setTimeout(tick, ChatLimits.pollMs));
    };
    timers.current.push(setTimeout(tick, ChatLimits.pollMs));
    return true;
  }, [stopTimers]);

  useEffect(() => {
    void start();
    return () => {
      generation.current++;
      stopTimers();
    };
  }, [start, stopTimers]);

  const refresh = async () => {
    const now = Date.now();
    if (now - lastRefresh.current < ChatLimits.refreshDebounceMs) return;
    lastRefresh.current = now;
    setShown({ kind: 'loading' });
    if (await start()) void message.success(t('chat.qrRefreshed'));
    else void message.error(t('chat.refreshFailed'));
  };

  return (
    <div className="chat-qr-box" data-testid="chat-qr-box">
      {shown.kind === 'loading' ? <Spin /> : null}
      {shown.kind === 'shown' ? (
        <img className="chat-qr-image" src={shown.image} alt={t('chat.qrAlt')} data-testid="chat-qr-image" />
      ) : null}
      {shown.kind === 'expired' ? (
        <button
          type="button"
          className="chat-qr-expired"
          onClick={() => void refresh()}
          data-testid="chat-qr-expired"
        >
          <ReloadOutlined className="chat-qr-expired-icon" />
          <span>{t('chat.qrExpired')}</span>
        </button>
      ) : null}
    </div>
  );
}
