import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('TRUST_PROXY', () => {
  it('is off unless set, so a client cannot choose its IP with X-Forwarded-For', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes true, a hop count, or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
  });

  it('refuses what is neither, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.example' })).toThrow(
      /TRUST_PROXY: proxy\.example/,
    );
  });
});
