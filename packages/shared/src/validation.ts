import { z } from 'zod';
import { Limits } from './limits.js';

/** Validation rules of spec 000 §5, shared by the server's routes and the web forms. */
const noSpaces = (value: string) => !/\s/.test(value);

export const emailSchema = z
  .string()
  .trim()
  .min(1, { message: 'email.required' })
  .max(254, { message: 'email.invalid' })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'email.invalid' })
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string()
  .min(Limits.passwordMinLength, { message: 'password.length' })
  .max(Limits.passwordMaxLength, { message: 'password.length' })
  .refine(noSpaces, { message: 'password.spaces' });

/** A display name or a team name: not empty, at most 50 characters, no spaces. */
export const nameSchema = z
  .string()
  .min(1, { message: 'name.required' })
  .max(Limits.nameMaxLength, { message: 'name.length' })
  .refine(noSpaces, { message: 'name.spaces' });

export const teamNameSchema = nameSchema;
export const userNameSchema = nameSchema;

/** Rule keys (the zod messages above) in both languages, so a form and the API say the same thing. */
export const ruleMessages: Record<string, { zh: string; en: string }> = {
  'email.required': { zh: '请输入邮箱', en: 'Please enter your e-mail' },
  'email.invalid': { zh: '请输入正确的邮箱格式', en: 'Please enter a valid e-mail address' },
  'password.length': {
    zh: `密码长度为 ${Limits.passwordMinLength}-${Limits.passwordMaxLength} 位`,
    en: `The password must be ${Limits.passwordMinLength} to ${Limits.passwordMaxLength} characters`,
  },
  'password.spaces': { zh: '密码不能包含空格', en: 'The password must not contain spaces' },
  'password.mismatch': { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  'name.required': { zh: '名称不能为空', en: 'The name cannot be empty' },
  'name.length': {
    zh: `名称不能超过 ${Limits.nameMaxLength} 个字符`,
    en: `The name must be at most ${Limits.nameMaxLength} characters`,
  },
  'name.spaces': { zh: '名称不能包含空格', en: 'The name must not contain spaces' },
  'realName.required': { zh: '请输入真实姓名', en: 'Please enter your real name' },
  'realName.length': { zh: '真实姓名不能超过 10 个字符', en: 'The real name must be at most 10 characters' },
};

export function ruleMessage(key: string, lang: 'zh-CN' | 'en-US'): string {
  const found = ruleMessages[key];
  if (!found) return key;
  return lang === 'zh-CN' ? found.zh : found.en;
}
