import { describe, expect, it } from 'vitest';
import { canRemoveMember, teamAbilities } from './permissions.js';
import { emailSchema, passwordSchema, ruleMessage, teamNameSchema } from './validation.js';

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

  it('words each rule in both languages', () => {
    expect(ruleMessage('password.length', 'en-US')).toBe('The password must be 8 to 16 characters');
    expect(ruleMessage('password.length', 'zh-CN')).toBe('密码长度为 8-16 位');
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
