import { describe, expect, it } from 'vitest';
import { resultKey } from './envelope.js';

describe('the envelope key', () => {
  it('answers data under the prefixes the spec reads that way, result elsewhere', () => {
    expect(resultKey('/api/account/login')).toBe('result');
    expect(resultKey('/api/passport/verify_user_password')).toBe('result');
    expect(resultKey('/api/dayu/design/project/check_repeated_name')).toBe('data');
    expect(resultKey('/api/msg_center/option_log/add')).toBe('data');
    expect(resultKey('/api/pangu/project/user_in')).toBe('data');
  });
});
