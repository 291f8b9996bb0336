import '../test/setup';
import { describe, expect, it, vi } from 'vitest';
import {
  getNetworkStatus,
  RECONNECTED_BANNER_MS,
  reportNetworkFailure,
  reportNetworkSuccess,
  reportSocketDown,
  reportSocketUp,
} from './network';

describe('the network banner with the real-time socket (spec 002 §8)', () => {
  it('a dropped socket says "disconnected"; back, "connected" for 3 s, then nothing', () => {
    vi.useFakeTimers();
    reportSocketDown();
    expect(getNetworkStatus()).toBe('offline');
    // Requests still working do not make the network "connected" while the socket is away.
    reportNetworkSuccess();
    expect(getNetworkStatus()).toBe('offline');
    reportSocketUp();
    expect(getNetworkStatus()).toBe('reconnected');
    vi.advanceTimersByTime(RECONNECTED_BANNER_MS - 1);
    expect(getNetworkStatus()).toBe('reconnected');
    vi.advanceTimersByTime(1);
    expect(getNetworkStatus()).toBe('online');
  });

  it('while requests fail too, the socket coming back leaves the banner to the request checks', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    reportSocketDown();
    reportNetworkFailure();
    reportSocketUp();
    expect(getNetworkStatus()).toBe('offline');
    reportNetworkSuccess();
    expect(getNetworkStatus()).toBe('reconnected');
  });

  it('a socket that stops trying clears its part without claiming "connected"', () => {
    reportSocketDown();
    reportSocketUp(false);
    expect(getNetworkStatus()).toBe('online');
  });
});
