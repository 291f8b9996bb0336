import { describe, expect, it } from 'vitest';
import { Int32, PageLimits } from './limits.js';
import { canRemoveMember, teamAbilities } from './permissions.js';
import {
  emailSchema,
  int32Schema,
  nameSchema,
  pageSizeSchema,
  passwordSchema,
  ruleMessage,
  teamNameSchema,
  textSchema,
  userNameSchema,
} from './validation.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0].message;

describe('validation rules of spec 000 §5', () => {
  it('accepts passwords of 8 to 16 characters without spaces', () => {
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(passwordSchema.safeParse('1234567890123456').success).toBe(true);
    expect(firstMessage(passwordSchema.safeParse('1234567'))).toBe('password.length');
    expect(firstMessage(passwordSchema.safeParse('12345678901234567'))).toBe('password.length');
    expect(firstMessage(passwordSchema.safeParse('1234 5678'))).toBe('password.spaces');
  });

  it('normalises e-mails and refuses malformed ones', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(firstMessage(emailSchema.safeParse('ada@'))).toBe('email.invalid');
    expect(firstMessage(emailSchema.safeParse(''))).toBe('email.required');
  });

  it('limits team names to 50 characters without spaces', () => {
    expect(teamNameSchema.safeParse('x'.repeat(50)).success).toBe(true);
    expect(firstMessage(teamNameSchema.safeParse('x'.repeat(51)))).toBe('name.length');
    expect(firstMessage(teamNameSchema.safeParse('a b'))).toBe('name.spaces');
    expect(firstMessage(teamNameSchema.safeParse(''))).toBe('name.required');
  });

  it('keeps the no-space rule for project, folder and group names', () => {
    expect(nameSchema.safeParse('Homepage-v2').success).toBe(true);
    expect(firstMessage(nameSchema.safeParse('Home page'))).toBe('name.spaces');
  });

  it('lets a person be called by a name of several words, trimmed', () => {
    expect(userNameSchema.parse('Mia Chen')).toBe('Mia Chen');
    expect(userNameSchema.parse('  Mia Chen ')).toBe('Mia Chen');
    expect(userNameSchema.safeParse('x'.repeat(50)).success).toBe(true);
    expect(firstMessage(userNameSchema.safeParse('x'.repeat(51)))).toBe('name.length');
    expect(firstMessage(userNameSchema.safeParse('   '))).toBe('name.required');
    expect(firstMessage(userNameSchema.safeParse('Mia\nChen'))).toBe('text.control');
  });

  it('words each rule in both languages', () => {
    expect(ruleMessage('password.length', 'en-US')).toBe('The password must be 8 to 16 characters');
    expect(ruleMessage('password.length', 'zh-CN')).toBe('密码长度为 8-16 位');
  });
});

describe('values a database column holds', () => {
  it('refuses NUL and other control characters in names and text, keeping tabs and line breaks in text', () => {
    expect(firstMessage(nameSchema.safeParse('a\u0000b'))).toBe('text.control');
    expect(firstMessage(nameSchema.safeParse('bell\u0007'))).toBe('text.control');
    expect(firstMessage(textSchema.safeParse('a\u0000b'))).toBe('text.control');
    expect(firstMessage(textSchema.safeParse('del\u007f'))).toBe('text.control');
    expect(textSchema.safeParse('line one\nline two\ttabbed\r\n').success).toBe(true);
    expect(ruleMessage('text.control', 'zh-CN')).toBe('内容不能包含控制字符（如 NUL）');
  });

  it('bounds orders to a PostgreSQL integer', () => {
    expect(int32Schema.safeParse(Int32.max).success).toBe(true);
    expect(int32Schema.safeParse(Int32.min).success).toBe(true);
    for (const value of [Int32.max + 1, Int32.min - 1, 2 ** 40, -(2 ** 40), 1e300, 1.5]) {
      expect(firstMessage(int32Schema.safeParse(value)), String(value)).toBe('number.range');
    }
    expect(ruleMessage('number.range', 'en-US')).toBe(
      'The number must be a whole number from -2147483648 to 2147483647',
    );
  });

  it("accepts the spec's page sizes and serves at most the ceiling a page", () => {
    const size = pageSizeSchema(100);
    expect(size.parse(undefined)).toBe(100);
    expect(size.parse('30')).toBe(30);
    for (const asked of ['9999', '999999', '9999999']) expect(size.parse(asked)).toBe(PageLimits.sizeCeiling);
    for (const bad of ['0', '-1', '1.5', 'abc', String(2 ** 40)]) {
      expect(firstMessage(size.safeParse(bad)), bad).toBe('page.range');
    }
  });
});

describe('team roles of spec 000 §6', () => {
  it('lets a member remove only lower ranks, never themselves, and only from admin up', () => {
    expect(canRemoveMember('superadmin', 'admin', false)).toBe(true);
    expect(canRemoveMember('admin', 'member', false)).toBe(true);
    expect(canRemoveMember('admin', 'admin', false)).toBe(false);
    expect(canRemoveMember('superadmin', 'superadmin', true)).toBe(false);
    expect(canRemoveMember('member', 'onlooker', false)).toBe(false);
  });

  it('gives team abilities by role', () => {
    expect(teamAbilities('admin')).toEqual({
      can_rename: true,
      can_manage_members: true,
      can_dissolve: false,
    });
    expect(teamAbilities('onlooker')).toEqual({
      can_rename: false,
      can_manage_members: false,
      can_dissolve: false,
    });
  });
});
