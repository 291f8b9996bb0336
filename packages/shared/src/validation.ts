import { z } from 'zod';
import {
  BookmarkLimits,
  DesignLimits,
  DsmLimits,
  Int32,
  Limits,
  PageLimits,
  PreferenceLimits,
  RecoveryLimits,
  SearchLimits,
} from './limits.js';

/** Validation rules of spec 000 §5, shared by the server's routes and the web forms. */
const noSpaces = (value: string) => !/\s/.test(value);

/**
 * C0 control characters and DEL, but not tab and line breaks, which longer text may hold. NUL cannot be
 * stored in PostgreSQL text at all; the others have no place in a name or a comment.
 */
export function hasControlChar(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const char = value.charCodeAt(index);
    if ((char < 0x20 && char !== 0x09 && char !== 0x0a && char !== 0x0d) || char === 0x7f) return true;
  }
  return false;
}
const noControlChars = (value: string) => !hasControlChar(value);

/** Free text (comments, keywords, file names): any characters but the control ones. */
export const textSchema = z.string().refine(noControlChars, { message: 'text.control' });

/** An order or order_index: a whole number a PostgreSQL integer column holds. */
export const int32Schema = z
  .number({ message: 'number.range' })
  .int({ message: 'number.range' })
  .min(Int32.min, { message: 'number.range' })
  .max(Int32.max, { message: 'number.range' });

const pageField = () =>
  z.coerce
    .number({ message: 'page.range' })
    .int({ message: 'page.range' })
    .min(1, { message: 'page.range' })
    .max(Int32.max, { message: 'page.range' });

/**
 * A list as `a,b,c` or `["a","b","c"]` (the spec joins ids with commas in some calls and sends arrays in
 * others), trimmed, empty items dropped; pipe it into the list's own rule.
 */
export const commaList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean),
  );

/** A page number of a list call, from 1 (query strings carry it as text). */
export const pageNumberSchema = pageField().default(1);

/** A page size: any from 1 (the spec's 9999 and 9999999 too), served at most PageLimits.sizeCeiling a page. */
export const pageSizeSchema = (defaultSize: number) =>
  pageField()
    .default(defaultSize)
    .transform((size) => Math.min(size, PageLimits.sizeCeiling));

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

/** The name of a thing (team, project, folder, group, department): not empty, at most 50 characters, no spaces. */
export const nameSchema = z
  .string()
  .min(1, { message: 'name.required' })
  .max(Limits.nameMaxLength, { message: 'name.length' })
  .refine(noSpaces, { message: 'name.spaces' })
  .refine(noControlChars, { message: 'text.control' });

export const teamNameSchema = nameSchema;

/**
 * A person's display name or nickname: people are called "Mia Chen", so spaces between words are allowed
 * (the no-space rule of spec 000 §5 is for team and object names). Trimmed, one line, 1 to 50 characters.
 */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'name.required' })
  .max(Limits.nameMaxLength, { message: 'name.length' })
  .refine((value) => noControlChars(value) && !/[\t\n\r]/.test(value), { message: 'text.control' });

export const userNameSchema = personNameSchema;

/** Rule keys (the zod messages above) in both languages, so a form and the API say the same thing. */
export const ruleMessages: Record<string, { zh: string; en: string }> = {
  'email.required': { zh: '请输入邮箱', en: 'Please enter your e-mail' },
  'zoomSpeed.range': {
    zh: `缩放速度须为 ${PreferenceLimits.zoomSpeedMin}-${PreferenceLimits.zoomSpeedMax} 的整数`,
    en: `The zoom speed must be a whole number from ${PreferenceLimits.zoomSpeedMin} to ${PreferenceLimits.zoomSpeedMax}`,
  },
  'email.invalid': { zh: '请输入正确的邮箱格式', en: 'Please enter a valid e-mail address' },
  'password.length': {
    zh: `密码长度为 ${Limits.passwordMinLength}-${Limits.passwordMaxLength} 位`,
    en: `The password must be ${Limits.passwordMinLength} to ${Limits.passwordMaxLength} characters`,
  },
  'password.spaces': { zh: '密码不能包含空格', en: 'The password must not contain spaces' },
  'password.mismatch': { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  'code.format': {
    zh: `请输入 ${RecoveryLimits.codeDigits} 位数字验证码`,
    en: `Please enter the ${RecoveryLimits.codeDigits}-digit code`,
  },
  'emailSuffix.invalid': {
    zh: '邮箱后缀格式不正确，例如 example.com',
    en: 'An e-mail suffix must be a domain such as example.com',
  },
  'emailSuffix.tooMany': {
    zh: `最多设置 ${RecoveryLimits.emailSuffixesMax} 个邮箱后缀`,
    en: `At most ${RecoveryLimits.emailSuffixesMax} e-mail suffixes`,
  },
  'name.required': { zh: '名称不能为空', en: 'The name cannot be empty' },
  'name.length': {
    zh: `名称不能超过 ${Limits.nameMaxLength} 个字符`,
    en: `The name must be at most ${Limits.nameMaxLength} characters`,
  },
  'name.spaces': { zh: '名称不能包含空格', en: 'The name must not contain spaces' },
  'realName.required': { zh: '请输入真实姓名', en: 'Please enter your real name' },
  'realName.length': { zh: '真实姓名不能超过 10 个字符', en: 'The real name must be at most 10 characters' },
  /** Spec 001 §9's wording for a file name that is too long to upload. */
  'fileName.length': {
    zh: '上传失败：文件名称过长，请修改后重试',
    en: `Upload failed: the file name is too long (at most ${DesignLimits.fileNameMaxLength} characters), please rename it and retry`,
  },
  // A value a database column refused that no schema caught (the server's last line, SQLSTATE class 22).
  'value.invalid': {
    zh: '参数错误：某个值超出了允许的范围或格式',
    en: 'Invalid input: a value is out of range or not in a valid form',
  },
  'text.control': {
    zh: '内容不能包含控制字符（如 NUL）',
    en: 'The text must not contain control characters (such as NUL)',
  },
  'number.range': {
    zh: `数值须为 ${Int32.min} 到 ${Int32.max} 之间的整数`,
    en: `The number must be a whole number from ${Int32.min} to ${Int32.max}`,
  },
  'page.range': {
    zh: `页码和每页数量须为 1 到 ${Int32.max} 之间的整数`,
    en: `Page numbers and page sizes must be whole numbers from 1 to ${Int32.max}`,
  },
  'share.expiry': {
    zh: '有效期只能是 1、7、14、30 天或永久',
    en: 'The expiry must be 1, 7, 14 or 30 days, or never',
  },
  'document.nameLength': {
    zh: '文档名称不能超过 100 个字符',
    en: 'A document name can have at most 100 characters',
  },
  'keyword.required': { zh: '请输入搜索关键词', en: 'Enter a keyword to search for' },
  'keyword.length': {
    zh: `搜索关键词不能超过 ${SearchLimits.keywordMaxLength} 个字符`,
    en: `A search keyword can have at most ${SearchLimits.keywordMaxLength} characters`,
  },
  'bookmark.nameLength': {
    zh: `书签名称不能超过 ${BookmarkLimits.nameMaxLength} 个字符`,
    en: `A bookmark's name must be at most ${BookmarkLimits.nameMaxLength} characters`,
  },
  'bookmark.urlLength': {
    zh: `链接不能超过 ${BookmarkLimits.urlMaxLength} 个字符`,
    en: `A link must be at most ${BookmarkLimits.urlMaxLength} characters`,
  },
  'share.scope': { zh: '分享范围与所选内容不符', en: 'The chosen items do not match the share scope' },
  'dsm.nameLength': {
    zh: `名称不能超过 ${DsmLimits.nameMaxLength} 个字符`,
    en: `A name can have at most ${DsmLimits.nameMaxLength} characters`,
  },
  'dsm.descriptionLength': {
    zh: `描述不能超过 ${DsmLimits.descriptionMaxLength} 个字符`,
    en: `A description can have at most ${DsmLimits.descriptionMaxLength} characters`,
  },
  'dsm.docLength': {
    zh: `文档页面不能超过 ${DsmLimits.docMaxLength} 个字符`,
    en: `A documentation page can have at most ${DsmLimits.docMaxLength} characters`,
  },
  'token.name': {
    zh: `令牌名称由 1 到 ${DsmLimits.tokenSegmentsMax} 段组成，用 / 分隔，每段只含字母、数字、- 和 _（不超过 ${DsmLimits.tokenSegmentMaxLength} 个字符），且不能是 __proto__、constructor 或 prototype`,
    en: `A token name is 1 to ${DsmLimits.tokenSegmentsMax} parts joined by /, each of letters, digits, - and _ (at most ${DsmLimits.tokenSegmentMaxLength} characters) and none __proto__, constructor or prototype`,
  },
  'token.value': {
    zh: '令牌的值与它的类型不符',
    en: "The token's value does not fit its kind",
  },
  'token.importSize': {
    zh: `令牌文件不能超过 ${DsmLimits.importMaxChars} 个字符`,
    en: `A tokens file can have at most ${DsmLimits.importMaxChars} characters`,
  },
};

export function ruleMessage(key: string, lang: 'zh-CN' | 'en-US'): string {
  const found = ruleMessages[key];
  if (!found) return key;
  return lang === 'zh-CN' ? found.zh : found.en;
}
