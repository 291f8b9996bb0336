import '../../../test/setup';
import { Codes, DesignLimits, UploadRetry } from '@ferry/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { ok, stubFetch } from '../../../test/http';
import { FakeXhr, installXhr } from './fakeXhr';
import { buildQueue, byName, calls, file, keyOf, uptoken } from './testKit';

/** A batch never waits on its slowest file, and a call that hangs fails on its own after the spec's retries. */
afterEach(() => {
  vi.useRealTimers();
});

const [firstWait, secondWait, thirdWait] = UploadRetry.waitsMs;

describe('a batch with a file that never finishes', () => {
  it('registers the files already stored while another file’s post is still open', async () => {
    installXhr();
    const seen = stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      return ok({ images: [], dropped: [], warning: null });
    });
    const { queue, registered } = buildQueue();
    queue.add([file('a.png'), file('stuck.png'), file('c.png')]);
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(3));
    const stuck = FakeXhr.open[1];
    stuck.progress(1000, 1000);
    FakeXhr.open[2].answer(204);
    FakeXhr.open[0].answer(204);

    await vi.waitFor(() => expect(byName(queue, 'a.png').status).toBe('done'));
    await vi.waitFor(() => expect(byName(queue, 'c.png').status).toBe('done'));
    expect(byName(queue, 'stuck.png').status).toBe('uploading');
    const names = calls(seen, '/api/project/image').flatMap((call) =>
      (call.body as { images: { name: string }[] }).images.map((image) => image.name),
    );
    expect(names.sort()).toEqual(['a.png', 'c.png']);
    expect(registered).toHaveBeenCalledWith({ kind: 'design' });
  });

  it('refuses a file whose name is too long before sending it, and uploads the others', async () => {
    installXhr();
    stubFetch((request) =>
      request.path === '/api/oss/token' ? ok({ uptoken: uptoken() }) : ok({ images: [], dropped: [] }),
    );
    const { queue } = buildQueue();
    const longName = `${'n'.repeat(DesignLimits.fileNameMaxLength)}.png`;
    queue.add([file(longName), file('short.png')]);
    expect(byName(queue, longName)).toMatchObject({ status: 'refused', code: Codes.INVALID_INPUT.code });
    expect(byName(queue, longName).message).toContain('file name is too long');
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    FakeXhr.open[0].answer(204);
    await vi.waitFor(() => expect(byName(queue, 'short.png').status).toBe('done'));
    expect(FakeXhr.posted).toHaveLength(1);
  });
});

describe('time-outs and retries', () => {
  it('gives up a post stuck at 100 % after three retries 1, 2 and 3 s apart; retry uploads it again', async () => {
    vi.useFakeTimers();
    installXhr();
    const seen = stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      return ok({ images: [], dropped: [], warning: null });
    });
    const { queue } = buildQueue();
    queue.add([file('stuck.png')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeXhr.posted).toHaveLength(1);
    FakeXhr.open[0].progress(1000, 1000);

    // Each try is abandoned once nothing moved for the stall time, then the next waits 1 s, 2 s, 3 s.
    for (const [index, wait] of [firstWait, secondWait, thirdWait].entries()) {
      await vi.advanceTimersByTimeAsync(UploadRetry.postStallMs - 1);
      expect(FakeXhr.open).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeXhr.open).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeXhr.posted).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeXhr.posted).toHaveLength(index + 2);
    }
    await vi.advanceTimersByTimeAsync(UploadRetry.postStallMs);
    expect(byName(queue, 'stuck.png')).toMatchObject({
      status: 'failed',
      message: i18n.t('upload.timedOut'),
    });
    // No further try on its own; a new key every time.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeXhr.posted).toHaveLength(4);
    expect(new Set(FakeXhr.posted.map(keyOf)).size).toBe(4);
    expect(calls(seen, '/api/project/image')).toHaveLength(0);

    queue.retry(byName(queue, 'stuck.png').id);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeXhr.posted).toHaveLength(5);
    FakeXhr.open[0].answer(204);
    await vi.advanceTimersByTimeAsync(0);
    expect(byName(queue, 'stuck.png').status).toBe('done');
    const [register] = calls(seen, '/api/project/image');
    expect(register.body).toMatchObject({ images: [{ key: keyOf(FakeXhr.posted[4]), name: 'stuck.png' }] });
  });

  it('retries a registration that does not answer, 1, 2 and 3 s apart, then marks the file failed', async () => {
    vi.useFakeTimers();
    installXhr();
    let answering = false;
    const seen = stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      if (answering) return ok({ images: [], dropped: [], warning: null });
      return new Promise<Response>(() => undefined);
    });
    const { queue } = buildQueue();
    queue.add([file('a.png')]);
    await vi.advanceTimersByTimeAsync(0);
    FakeXhr.open[0].answer(204);
    await vi.advanceTimersByTimeAsync(0);
    const registerCalls = () => calls(seen, '/api/project/image').length;
    expect(registerCalls()).toBe(1);
    for (const [index, wait] of [firstWait, secondWait, thirdWait].entries()) {
      await vi.advanceTimersByTimeAsync(UploadRetry.callTimeoutMs + wait - 1);
      expect(registerCalls()).toBe(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(registerCalls()).toBe(index + 2);
    }
    expect(byName(queue, 'a.png').status).toBe('registering');
    await vi.advanceTimersByTimeAsync(UploadRetry.callTimeoutMs);
    expect(byName(queue, 'a.png')).toMatchObject({ status: 'failed', message: i18n.t('upload.timedOut') });

    // The file is stored: retry registers it again without posting it again.
    answering = true;
    queue.retry(byName(queue, 'a.png').id);
    await vi.advanceTimersByTimeAsync(0);
    expect(byName(queue, 'a.png').status).toBe('done');
    expect(FakeXhr.posted).toHaveLength(1);
  });
});
