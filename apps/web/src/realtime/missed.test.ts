import '../test/setup';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../test/http';
import { adaInOlgasProject } from '../test/seed';
import { signInHere, useRealServer } from '../test/server';
import { createMissedSource } from './missed';
import { messageView } from './testing';

const seen = useRealServer();

/** Ada, signed in here, member of a project of Olga's with one design: each comment of Olga's tells Ada. */
async function adaSignedIn() {
  const { ada, mention } = await adaInOlgasProject();
  await signInHere(ada);
  return { mention };
}

describe('missed notices from the message centre', () => {
  it('marks where the message centre stands, then fetches only what came after, oldest first', async () => {
    const { mention } = await adaSignedIn();
    await mention('before');
    const source = createMissedSource();
    await source.mark();
    expect(seen.at(-1)?.query.get('page_size')).toBe('1');

    const first = await mention('first');
    const second = await mention('second');
    const missed = await source.fetch();
    expect(seen.at(-1)?.query.get('since')).toBeTruthy();
    expect(missed.map((notice) => [notice.message.method, notice.message.commentId])).toEqual([
      ['addNewComment', first.id],
      ['addNewComment', second.id],
    ]);

    // The next fetch starts after the newest one fetched.
    expect(await source.fetch()).toEqual([]);
    const third = await mention('third');
    expect((await source.fetch()).map((notice) => notice.message.commentId)).toEqual([third.id]);
  });

  it('reads page after page while there are more', async () => {
    const { mention } = await adaSignedIn();
    const source = createMissedSource();
    await source.mark();
    const made = await Promise.all(Array.from({ length: 55 }, (_, n) => mention(`c${n}`)));
    seen.length = 0;
    const missed = await source.fetch();
    expect(new Set(missed.map((notice) => notice.message.commentId))).toEqual(new Set(made.map((c) => c.id)));
    expect(seen.map((req) => [req.query.get('page'), req.query.get('page_size')])).toEqual([
      ['1', '50'],
      ['2', '50'],
    ]);
  });

  it('leaves out notices of a method this client does not know', async () => {
    const source = createMissedSource();
    const odd = messageView('m9', {}, { create_time: '2026-03-01T10:05:00.000Z' });
    // A newer server's method: this one sends only the methods this client knows.
    stubFetch(() =>
      envelope(
        '00000',
        'success',
        {
          list: [
            { ...odd, method: 'launchRocket', message: { ...odd.message, method: 'launchRocket' as never } },
            messageView('m8', {}, { create_time: '2026-03-01T10:04:00.000Z' }),
          ],
          has_next: false,
          unread: 2,
        },
        200,
        'data',
      ),
    );
    expect((await source.fetch()).map((notice) => notice.message.method)).toEqual(['addNewComment']);
  });
});
