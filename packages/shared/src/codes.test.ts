import { describe, expect, it } from 'vitest';
import { Codes, codeEntry, codeMessage } from './codes.js';

describe('the error catalogue', () => {
  const entries = Object.values(Codes);

  it('gives every code one entry, with wording in both languages', () => {
    const codes = entries.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of entries) {
      expect(entry.zh.trim(), entry.code).not.toBe('');
      expect(entry.en.trim(), entry.code).not.toBe('');
    }
  });

  it('words every code in Chinese for zh-CN and apart from it for en-US', () => {
    for (const entry of entries) {
      expect(entry.zh, entry.code).toMatch(/\p{Script=Han}/u);
      expect(entry.en, entry.code).not.toMatch(/\p{Script=Han}/u);
      expect(entry.zh, entry.code).not.toBe(entry.en);
    }
  });

  it('has the codes of spec 000 §8 that the client reacts to', () => {
    expect(codeEntry('39995')).toBe(Codes.ACCOUNT_INFO_REQUIRED);
    expect(codeEntry('39996')).toBe(Codes.SSO_NOT_LOGGED_IN);
    expect(codeEntry('39999')).toBe(Codes.ACCOUNT_STATE_INVALID);
    expect(codeEntry('60006')).toBe(Codes.OPERATION_RESTRICTED);
    expect(codeMessage('10006', 'zh-CN')).toBe('团队不存在');
    expect(codeMessage('10006', 'en-US')).toBe('Team not exist');
  });

  it('answers the session refusals with the HTTP statuses of spec 000 §8', () => {
    expect(Codes.SESSION_EXPIRED.httpStatus).toBe(401);
    expect(Codes.NOT_ALLOWED.httpStatus).toBe(418);
    expect(Codes.LOGGED_IN_ELSEWHERE.httpStatus).toBe(419);
    expect(Codes.PASSWORD_CHANGED.httpStatus).toBe(420);
    expect(Codes.OK.code).toBe('00000');
    expect(Codes.WRONG_PASSWORD.httpStatus).toBe(200);
  });

  it('finds wording by code and language', () => {
    expect(codeEntry('10074')).toBe(Codes.DEPARTMENT_NAME_EXISTS);
    expect(codeMessage('60001', 'zh-CN')).toBe('修改过于频率，请 24 小时后再尝试');
    expect(codeMessage('10062', 'zh-CN')).toBe('同名分组已存在');
    expect(codeMessage('99999', 'en-US')).toBe('Unknown error');
  });
});
