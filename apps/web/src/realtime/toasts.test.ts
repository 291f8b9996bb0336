import '../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normaliseMessage, type RealtimeMessage } from './message';
import { commentNotice } from './testing';
import { clearToasts, dismissToast, getToasts, showNoticeToast } from './toasts';

const notice = (n: number) =>
  normaliseMessage({ ...commentNotice({ commentId: `c${n}` }) } as RealtimeMessage);

afterEach(() => clearToasts());

describe('notification toasts (spec 002 §9)', () => {
  it('shows at most 5: a sixth pushes the oldest out', () => {
    for (let n = 1; n <= 7; n += 1) showNoticeToast(notice(n), { title: `T${n}`, text: '' });
    expect(getToasts().map((toast) => toast.title)).toEqual(['T3', 'T4', 'T5', 'T6', 'T7']);
  });

  it('each goes after 5 s, or when closed', () => {
    vi.useFakeTimers();
    const first = showNoticeToast(notice(1), { title: 'first', text: '' });
    vi.advanceTimersByTime(3000);
    showNoticeToast(notice(2), { title: 'second', text: '' });
    const third = showNoticeToast(notice(3), { title: 'third', text: '' });
    dismissToast(third.id);
    expect(getToasts().map((toast) => toast.title)).toEqual(['first', 'second']);
    vi.advanceTimersByTime(2000);
    expect(getToasts().map((toast) => toast.title)).toEqual(['second']);
    expect(getToasts().some((toast) => toast.id === first.id)).toBe(false);
    vi.advanceTimersByTime(3000);
    expect(getToasts()).toEqual([]);
  });
});
