import { RealtimeLimits } from '@ferry/shared';
import { useSyncExternalStore } from 'react';
import type { RealtimeMessage } from './message';
import { logNoticeAction } from './optionLog';
import type { NoticeRef } from './socket';
import type { NoticeWording } from './wording';

/**
 * The notification toasts of spec 002 §2/§9: top right, at most 5 at once (a sixth pushes the oldest out),
 * each gone after 5 s or when closed.
 */
export interface NoticeToast extends NoticeWording {
  id: number;
  message: RealtimeMessage;
  ref: NoticeRef;
}

let toasts: NoticeToast[] = [];
let nextId = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showNoticeToast(
  message: RealtimeMessage,
  wording: NoticeWording,
  ref: NoticeRef = {},
): NoticeToast {
  nextId += 1;
  const toast: NoticeToast = { id: nextId, message, ref, ...wording };
  const kept = [...toasts, toast];
  while (kept.length > RealtimeLimits.toastMax) {
    const dropped = kept.shift();
    if (dropped) forgetTimer(dropped.id);
  }
  toasts = kept;
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), RealtimeLimits.toastMs),
  );
  emit();
  logNoticeAction('show', message, ref);
  return toast;
}

function forgetTimer(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
}

export function dismissToast(id: number): void {
  forgetTimer(id);
  const next = toasts.filter((toast) => toast.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

export function clearToasts(): void {
  for (const id of timers.keys()) forgetTimer(id);
  if (toasts.length === 0) return;
  toasts = [];
  emit();
}

export function getToasts(): readonly NoticeToast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNoticeToasts(): readonly NoticeToast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}
