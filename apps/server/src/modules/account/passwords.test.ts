import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('salts each hash, verifies the right password and refuses a wrong one', async () => {
    const [first, second] = await Promise.all([hashPassword('Same-pass1'), hashPassword('Same-pass1')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Same-pass1', first)).toBe(true);
    expect(await verifyPassword('Same-pass1', second)).toBe(true);
    expect(await verifyPassword('same-pass1', first)).toBe(false);
    expect(await verifyPassword('Same-pass1', 'md5$abc')).toBe(false);
  });
});
