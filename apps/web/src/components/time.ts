import type { Lang } from '@ferry/shared';

/** A moment as a local date and time in the UI language; an unreadable value as it came. */
export const formatTime = (iso: string, lang: Lang, style?: Intl.DateTimeFormatOptions) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(lang, style);
};

/** A date and time, short (for tables with many columns). */
export const shortTime = (iso: string, lang: Lang) =>
  formatTime(iso, lang, { dateStyle: 'short', timeStyle: 'short' });

/** A date alone, short. */
export const shortDate = (iso: string, lang: Lang) => formatTime(iso, lang, { dateStyle: 'short' });

/** "3 hours ago", "2 days ago" in the UI language. */
export function timeAgo(iso: string, lang: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
