import type { SearchMark } from '@ferry/shared';
import type { ReactNode } from 'react';

/** `text` with the parts `marks` name wrapped in <mark>; marks out of range or overlapping are trimmed. */
export function Marked({ text, marks }: { text: string; marks: readonly SearchMark[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  const sorted = [...marks].sort((a, b) => a[0] - b[0]);
  for (const [rawStart, rawEnd] of sorted) {
    const start = Math.max(rawStart, at);
    const end = Math.min(rawEnd, text.length);
    if (end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
