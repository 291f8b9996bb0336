import '../test/setup';
import { describe, expect, it } from 'vitest';
import { envelope, type SeenRequest, stubFetch } from '../test/http';
import { createMissedSource } from './missed';
import { messageView } from './testing';

const data = (payload: unknown) => envelope('00000', 'success', payload, 200, 'data');
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** A message centre whose notices are `stored`, newest first, answering `since` and pages as the server does. */
function serve(stored: ReturnType<typeof messageView>[]): SeenRequest[] {
  return stubFetch((req) => {
    const since = req.query.get('since');
    const size = Number(req.query.get('page_size'));
    const page = Number(req.query.get('page'));
    const newer = stored.filter((view) => !since || view.create_time > since);
    const list = newer.slice((page - 1) * size, page * size);
    return data({ list, has_next: newer.length > page * size, unread: newer.length });
  });
}

describe('missed notices from the message centre', () => {
  it('marks where the message centre stands, then fetches only what came after, oldest first', async () => {
    const stored = [messageView('m1', { commentId: 'old' }, { create_time: at(0) })];
    const seen = serve(stored);
    const source = createMissedSource();
    await source.mark();
    expect(seen[0].query.get('page_size')).toBe('1');

    stored.unshift(
      messageView('m2', { commentId: 'first' }, { create_time: at(1) }),
      messageView('m3', { commentId: 'second' }, { create_time: at(2) }),
    );
    stored.sort((a, b) => (a.create_time < b.create_time ? 1 : -1));
    const missed = await source.fetch();
    expect(seen.at(-1)?.query.get('since')).toBe(at(0));
    expect(missed.map((notice) => [notice.messageId, notice.message.commentId])).toEqual([
      ['m2', 'first'],
      ['m3', 'second'],
    ]);

    // The next fetch starts after the newest one fetched.
    expect(await source.fetch()).toEqual([]);
    expect(seen.at(-1)?.query.get('since')).toBe(at(2));
  });

  it('reads page after page while there are more', async () => {
    const stored = Array.from({ length: 120 }, (_, n) =>
      messageView(
        `m${n}`,
        { commentId: `c${n}` },
        { create_time: new Date(Date.UTC(2026, 2, 1, 12, 0, 120 - n)).toISOString() },
      ),
    );
    const seen = serve([]);
    const source = createMissedSource();
    await source.mark();
    stubFetch((req) => {
      seen.push(req);
      const size = Number(req.query.get('page_size'));
      const page = Number(req.query.get('page'));
      return data({
        list: stored.slice((page - 1) * size, page * size),
        has_next: stored.length > page * size,
        unread: 0,
      });
    });
    const missed = await source.fetch();
    expect(missed).toHaveLength(120);
    expect(missed[0].message.commentId).toBe('c119');
    expect(missed.at(-1)?.message.commentId).toBe('c0');
    expect(
      seen.filter((req) => req.query.get('page_size') === '50').map((req) => req.query.get('page')),
    ).toEqual(['1', '2', '3']);
  });

  it('leaves out notices of a method this client does not know', async () => {
    serve([]);
    const source = createMissedSource();
    await source.mark();
    const odd = messageView('m9', {}, { create_time: at(5) });
    serve([
      { ...odd, method: 'launchRocket', message: { ...odd.message, method: 'launchRocket' as never } },
      messageView('m8', {}, { create_time: at(4) }),
    ]);
    expect((await source.fetch()).map((notice) => notice.message.method)).toEqual(['addNewComment']);
  });
});
