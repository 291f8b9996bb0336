import '../../../test/setup';
import { Codes, DesignLimits } from '@ferry/shared';
import { describe, expect, it, vi } from 'vitest';
import { envelope, ok, stubFetch } from '../../../test/http';
import { FakeXhr, installXhr } from './fakeXhr';
import { outcomesOfRegistration } from './outcomes';
import { summarize, type UploadItem } from './queue';
import { buildQueue, byName, calls, file, keyOf, NOW, settle, uptoken } from './testKit';
import { createTokenCache } from './tokenCache';

describe('the upload token cache', () => {
  it('keeps a token 5 minutes, shares one request between uploads that ask together, then asks again', async () => {
    let clock = NOW;
    const fetchToken = vi.fn(async () => uptoken({ expire: Math.floor(clock / 1000) + 1800 }));
    const tokens = createTokenCache(fetchToken, { now: () => clock });
    await Promise.all([tokens.get('team-a'), tokens.get('team-a'), tokens.get('team-a')]);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    clock += DesignLimits.uploadTokenCacheMs - 1;
    await tokens.get('team-a');
    expect(fetchToken).toHaveBeenCalledTimes(1);
    clock += 1;
    await tokens.get('team-a');
    expect(fetchToken).toHaveBeenCalledTimes(2);
    // Another team has its own token.
    await tokens.get('team-b');
    expect(fetchToken).toHaveBeenCalledTimes(3);
  });

  it('never hands out a token about to expire, nor one of another session', async () => {
    let session = 'tok-1';
    const fetchToken = vi.fn(async () => uptoken({ expire: Math.floor(NOW / 1000) + 30 }));
    const tokens = createTokenCache(fetchToken, { now: () => NOW, scope: () => session });
    await tokens.get('team-a');
    await tokens.get('team-a');
    // Its own expiry is within the margin: fetched again although fetched a moment ago.
    expect(fetchToken).toHaveBeenCalledTimes(2);

    const lasting = vi.fn(async () => uptoken());
    const perSession = createTokenCache(lasting, { now: () => NOW, scope: () => session });
    await perSession.get('team-a');
    session = 'tok-2';
    await perSession.get('team-a');
    expect(lasting).toHaveBeenCalledTimes(2);
    perSession.invalidate('team-a');
    await perSession.get('team-a');
    expect(lasting).toHaveBeenCalledTimes(3);
  });
});

describe('the upload queue', () => {
  it('posts at most three files at once, with the policy form, and registers each file once', async () => {
    installXhr();
    const seen = stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      if (request.path === '/api/project/image') return ok({ images: [], dropped: [], warning: null });
      return ok({});
    });
    const { queue, registered } = buildQueue();
    queue.add(['a.png', 'b.png', 'c.png', 'd.png', 'e.png', 'f.png', 'g.png'].map((name) => file(name)));
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(3));
    expect(queue.getSnapshot().map((item) => item.status)).toEqual([
      'uploading',
      'uploading',
      'uploading',
      'waiting',
      'waiting',
      'waiting',
      'waiting',
    ]);
    // One token for the whole batch.
    expect(calls(seen, '/api/oss/token')).toHaveLength(1);
    const [first] = FakeXhr.posted;
    expect(first.url).toBe('/api/oss/upload');
    expect(first.fields.map(([name]) => name)).toEqual([
      'key',
      'policy',
      'OSSAccessKeyId',
      'signature',
      'file',
    ]);
    expect(keyOf(first)).toMatch(/^uploads\/team-a\/user-1\/id-\d+\.png$/);

    let peak = 0;
    while (FakeXhr.open.length > 0) {
      peak = Math.max(peak, FakeXhr.open.length);
      FakeXhr.open[0].answer(204);
      await settle();
    }
    expect(peak).toBe(3);
    expect(FakeXhr.posted).toHaveLength(7);
    await vi.waitFor(() => expect(queue.getSnapshot().every((item) => item.status === 'done')).toBe(true));
    // Registered as they were stored: every file once, in the order they arrived.
    const register = calls(seen, '/api/project/image');
    for (const call of register) expect(call.body).toMatchObject({ team_id: 'team-a', project_id: 'p-1' });
    expect(register.flatMap((call) => (call.body as { images: unknown[] }).images)).toEqual(
      FakeXhr.posted.map((post, index) => ({ key: keyOf(post), name: `${'abcdefg'[index]}.png` })),
    );
    expect(registered).toHaveBeenCalledWith({ kind: 'design' });
  });

  it('cancels a waiting and a running file: the post is aborted and neither is registered', async () => {
    installXhr();
    const seen = stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      if (request.path === '/api/project/image') return ok({ images: [], dropped: [], warning: null });
      return ok({});
    });
    const { queue } = buildQueue();
    queue.add(['a.png', 'b.png', 'c.png', 'd.png'].map((name) => file(name)));
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(3));
    const running = FakeXhr.open[1];
    queue.cancel(byName(queue, 'b.png').id);
    queue.cancel(byName(queue, 'd.png').id);
    expect(running.aborted).toBe(true);
    expect([byName(queue, 'b.png').status, byName(queue, 'd.png').status]).toEqual([
      'cancelled',
      'cancelled',
    ]);
    while (FakeXhr.open.length > 0) {
      FakeXhr.open[0].answer(204);
      await settle();
    }
    await vi.waitFor(() => expect(byName(queue, 'c.png').status).toBe('done'));
    // The cancelled waiting file was never posted; the register call names only the two that went through.
    expect(FakeXhr.posted).toHaveLength(3);
    const register = calls(seen, '/api/project/image');
    const names = register.flatMap((call) => (call.body as { images: { name: string }[] }).images);
    expect(names.map((image) => image.name)).toEqual(['a.png', 'c.png']);
    expect(byName(queue, 'b.png').status).toBe('cancelled');
    expect(summarize(queue.getSnapshot())).toMatchObject({ done: 2, cancelled: 2, running: 0 });
  });

  it('adds up progress by bytes into the overall bar', async () => {
    installXhr();
    stubFetch((request) =>
      request.path === '/api/oss/token' ? ok({ uptoken: uptoken() }) : ok({ images: [], dropped: [] }),
    );
    const { queue } = buildQueue();
    queue.add([file('big.png', 3000), file('small.png', 1000)]);
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(2));
    FakeXhr.open[0].progress(1500, 3000);
    FakeXhr.open[1].progress(500, 1000);
    expect(byName(queue, 'big.png').loaded).toBe(1500);
    expect(summarize(queue.getSnapshot())).toMatchObject({ percent: 50, total: 2, settled: 0, running: 2 });
    FakeXhr.open[1].answer(200);
    await settle();
    // The small file is stored whole: 1500 + 1000 of 4000 bytes.
    expect(summarize(queue.getSnapshot()).percent).toBe(62);

    const items: UploadItem[] = [
      {
        id: '1',
        batchId: 'b',
        name: 'a',
        size: 100,
        loaded: 0,
        status: 'waiting',
        target: { kind: 'design' },
      },
      {
        id: '2',
        batchId: 'b',
        name: 'b',
        size: 100,
        loaded: 40,
        status: 'uploading',
        target: { kind: 'design' },
      },
      {
        id: '3',
        batchId: 'b',
        name: 'c',
        size: 100,
        loaded: 0,
        status: 'refused',
        target: { kind: 'design' },
      },
      {
        id: '4',
        batchId: 'b',
        name: 'd',
        size: 100,
        loaded: 100,
        status: 'done',
        target: { kind: 'design' },
      },
    ];
    expect(summarize(items)).toEqual({
      total: 4,
      done: 1,
      refused: 1,
      failed: 0,
      cancelled: 0,
      running: 2,
      uploading: 2,
      settled: 2,
      sent: 2,
      percent: 60,
    });
  });

  it('gives each file its outcome from the register answer: dropped files refused in the server words', async () => {
    installXhr();
    const seen = stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      if (request.path === '/api/project/image') {
        const images = (request.body as { images: { key: string; name: string }[] }).images;
        const bomb = images.find((image) => image.name === 'bomb.png') as { key: string };
        return ok({
          images: [],
          dropped: [{ key: bomb.key, name: 'bomb', code: '19042', msg: Codes.IMAGE_TOO_BIG_TO_PROCESS.en }],
          warning: { code: '19040', msg: Codes.DESIGN_TOO_LARGE.en },
        });
      }
      return ok({});
    });
    const { queue, notices } = buildQueue();
    queue.add([file('home.png'), file('bomb.png')]);
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(2));
    FakeXhr.open[1].answer(204);
    FakeXhr.open[0].answer(204);
    await vi.waitFor(() => expect(byName(queue, 'bomb.png').status).toBe('refused'));
    expect(byName(queue, 'home.png').status).toBe('done');
    expect(byName(queue, 'bomb.png')).toMatchObject({
      code: '19042',
      message: Codes.IMAGE_TOO_BIG_TO_PROCESS.en,
    });
    expect(notices).toEqual([{ kind: 'warning', message: Codes.DESIGN_TOO_LARGE.en }]);
    expect(calls(seen, '/api/project/image')).toHaveLength(1);

    // The same rule, on its own.
    const outcomes = outcomesOfRegistration(
      [
        { id: 'x', key: 'k1' },
        { id: 'y', key: 'k2' },
      ],
      {
        images: [],
        dropped: [{ key: 'k2', name: 'y', code: '10114', msg: 'Unsupported image format' }],
        warning: null,
      },
    );
    expect([...outcomes]).toEqual([
      ['x', { status: 'done' }],
      ['y', { status: 'refused', message: 'Unsupported image format', code: '10114' }],
    ]);
  });

  it('at 11023 refuses every file of the batch with the limit message and raises the upgrade prompt', async () => {
    installXhr();
    stubFetch((request) => {
      if (request.path === '/api/oss/token') return ok({ uptoken: uptoken() });
      if (request.path === '/api/project/image') return envelope('11023', Codes.IMAGE_LIMIT_REACHED.en);
      return ok({});
    });
    const { queue, notices, registered } = buildQueue();
    queue.add([file('one.png'), file('two.png')]);
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(2));
    for (const xhr of [...FakeXhr.open]) xhr.answer(204);
    await vi.waitFor(() => expect(queue.getSnapshot().every((item) => item.status === 'refused')).toBe(true));
    expect(queue.getSnapshot().map((item) => [item.code, item.message])).toEqual([
      ['11023', Codes.IMAGE_LIMIT_REACHED.en],
      ['11023', Codes.IMAGE_LIMIT_REACHED.en],
    ]);
    expect(notices).toEqual([{ kind: 'quota', message: Codes.IMAGE_LIMIT_REACHED.en }]);
    expect(registered).not.toHaveBeenCalled();
  });

  it('refuses oversized files before sending a byte, with the several-file warning for the batch', async () => {
    installXhr();
    const seen = stubFetch((request) =>
      request.path === '/api/oss/token' ? ok({ uptoken: uptoken() }) : ok({ images: [], dropped: [] }),
    );
    const { queue, notices } = buildQueue();
    const huge = (name: string) => {
      const big = file(name, 10);
      Object.defineProperty(big, 'size', { value: DesignLimits.designMaxBytes + 1 });
      return big;
    };
    queue.add([huge('poster.psd'), huge('banner.psd'), file('icon.png')]);
    expect(byName(queue, 'poster.psd')).toMatchObject({
      status: 'refused',
      message: Codes.DESIGN_TOO_LARGE.en,
    });
    expect(byName(queue, 'banner.psd').status).toBe('refused');
    expect(notices).toEqual([{ kind: 'warning', message: Codes.DESIGNS_TOO_LARGE.en }]);
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    FakeXhr.open[0].answer(204);
    await vi.waitFor(() => expect(byName(queue, 'icon.png').status).toBe('done'));
    expect(FakeXhr.posted).toHaveLength(1);
    expect((calls(seen, '/api/project/image')[0].body as { images: unknown[] }).images).toHaveLength(1);
  });

  it('refuses a file the storage endpoint refuses, and retries once with a new token when the policy expired', async () => {
    installXhr();
    const seen = stubFetch((request) =>
      request.path === '/api/oss/token' ? ok({ uptoken: uptoken() }) : ok({ images: [], dropped: [] }),
    );
    const { queue } = buildQueue();
    queue.add([file('page.png'), file('late.png')]);
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(2));
    const refusal = JSON.stringify({ code: '10114', msg: 'Unsupported image format', result: null });
    FakeXhr.open[0].answer(415, refusal);
    FakeXhr.open[0].answer(403, JSON.stringify({ code: '19038', msg: Codes.UPLOAD_POLICY_EXPIRED.en }));
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    expect(calls(seen, '/api/oss/token')).toHaveLength(2);
    FakeXhr.open[0].answer(204);
    await vi.waitFor(() => expect(byName(queue, 'late.png').status).toBe('done'));
    expect(byName(queue, 'page.png')).toMatchObject({
      status: 'refused',
      code: '10114',
      message: 'Unsupported image format',
    });
    queue.clear();
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('registers a file picked as a new version with PUT project/version', async () => {
    installXhr();
    const seen = stubFetch((request) =>
      request.path === '/api/oss/token' ? ok({ uptoken: uptoken() }) : ok({ images: [] }),
    );
    const { queue, registered } = buildQueue();
    queue.add([file('home-v2.png')], { kind: 'version', imageId: 'img-9' });
    await vi.waitFor(() => expect(FakeXhr.open).toHaveLength(1));
    FakeXhr.open[0].answer(204);
    await vi.waitFor(() => expect(byName(queue, 'home-v2.png').status).toBe('done'));
    const [version] = calls(seen, '/api/project/version');
    expect(version.method).toBe('PUT');
    expect(version.body).toEqual({
      team_id: 'team-a',
      project_id: 'p-1',
      image_ids: ['img-9'],
      images: [{ key: keyOf(FakeXhr.posted[0]), name: 'home-v2.png' }],
    });
    expect(calls(seen, '/api/project/image')).toHaveLength(0);
    expect(registered).toHaveBeenCalledWith({ kind: 'version', imageId: 'img-9' });
  });
});
