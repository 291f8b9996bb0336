import { z } from 'zod';
import { AccessTokenLimits } from '../limits.js';
import { hasControlChar } from '../validation.js';

/**
 * Personal access tokens and the plugin sign-in by device code (spec 000 §2 plugBindAccount and
 * plugLoginSuccess, §7 "Request-From (plugin mode)"). A plugin's token and a personal one are the same
 * credential: named, scoped, optionally expiring, revocable.
 */

/** `read`: the reading calls; `upload`: the upload path (upload token, storage post, registering designs). */
export const TOKEN_SCOPES = ['read', 'upload'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token's text starts with this, so it is recognisable in a script or a leak scanner. */
export const ACCESS_TOKEN_PREFIX = 'ferry_pat_';

/** The unambiguous alphabet of user codes: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V. */
export const USER_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';

/** A user code as typed: case, spaces and the dash do not matter. */
export function normaliseUserCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

/** XXXX-XXXX, as the plugin and the page show it. */
export function formatUserCode(code: string): string {
  const plain = normaliseUserCode(code);
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
}

/** Wording of the rules below, in both languages (rule keys are the zod messages). */
export const accessTokenRuleMessages: Record<string, { zh: string; en: string }> = {
  'accessToken.name': {
    zh: `令牌名称为 1 到 ${AccessTokenLimits.nameMaxLength} 个字符`,
    en: `A token's name has 1 to ${AccessTokenLimits.nameMaxLength} characters`,
  },
  'accessToken.scopes': {
    zh: '请至少选择一个权限范围（读取或上传）',
    en: 'Choose at least one scope (read or upload)',
  },
  'accessToken.expiry': {
    zh: `有效期为 1 到 ${AccessTokenLimits.maxExpiryDays} 天，或永不过期`,
    en: `A token expires in 1 to ${AccessTokenLimits.maxExpiryDays} days, or never`,
  },
  'accessToken.id': { zh: '访问令牌编号无效', en: 'The access token id is not valid' },
  'device.plugin': {
    zh: '缺少插件标识（plugin_uuid、plugin_type）',
    en: 'The plugin must say who it is (plugin_uuid, plugin_type)',
  },
  'device.code': { zh: '缺少设备授权码 device_code', en: 'The device_code is missing' },
  'device.userCode': {
    zh: '请输入插件中显示的 8 位验证码',
    en: 'Enter the 8-character code the plugin shows',
  },
};

const plainText = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message })
    .refine((value) => !hasControlChar(value), { message });

export const accessTokenNameSchema = plainText(AccessTokenLimits.nameMaxLength, 'accessToken.name');

export const accessTokenScopesSchema = z
  .array(z.enum(TOKEN_SCOPES, { message: 'accessToken.scopes' }), { message: 'accessToken.scopes' })
  .min(1, { message: 'accessToken.scopes' })
  .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope)));

/** `POST account/access_tokens`: expires_in_days null (or left out) never expires. */
export const createAccessTokenBody = z.object({
  name: accessTokenNameSchema,
  scopes: accessTokenScopesSchema,
  expires_in_days: z
    .number({ message: 'accessToken.expiry' })
    .int({ message: 'accessToken.expiry' })
    .min(1, { message: 'accessToken.expiry' })
    .max(AccessTokenLimits.maxExpiryDays, { message: 'accessToken.expiry' })
    .nullish(),
});
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBody>;

/** `DELETE account/access_tokens?id=`. */
export const revokeAccessTokenQuery = z.object({ id: z.string().uuid({ message: 'accessToken.id' }) });

/** `POST plugin/device_code` (no session): the plugin names itself. */
export const deviceCodeBody = z.object({
  plugin_uuid: plainText(AccessTokenLimits.pluginUuidMaxLength, 'device.plugin'),
  plugin_type: plainText(AccessTokenLimits.pluginTypeMaxLength, 'device.plugin'),
});

/** `POST plugin/device_token` (no session): the plugin's poll. */
export const deviceTokenBody = z.object({
  device_code: z.string({ message: 'device.code' }).min(1, { message: 'device.code' }).max(200, {
    message: 'device.code',
  }),
});

const userCode = z
  .string({ message: 'device.userCode' })
  .transform(normaliseUserCode)
  .refine((code) => code.length === AccessTokenLimits.userCodeLength, { message: 'device.userCode' });

/** `GET plugin/device` and the decision: the code the page shows, and the plugin the link named. */
export const userCodeQuery = z.object({
  user_code: userCode,
  plugin_uuid: z.string().max(AccessTokenLimits.pluginUuidMaxLength).optional(),
});

export const deviceDecisionBody = userCodeQuery.extend({ approve: z.boolean() });

export type DeviceStatus = 'pending' | 'approved' | 'denied' | 'redeemed';

/** What `POST plugin/device_code` answers (RFC 8628's names). */
export interface DeviceCodeAnswer {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/** What the approval page shows about a pending sign-in. */
export interface DeviceRequestView {
  user_code: string;
  plugin_type: string;
  plugin_uuid: string;
  status: DeviceStatus;
  created_at: string;
  expires_at: string;
}

/** A token as listed: never its text, which is shown once at creation. */
export interface AccessTokenView {
  id: string;
  name: string;
  scopes: TokenScope[];
  /** `personal` made in settings, `plugin` issued by a plugin sign-in. */
  kind: 'personal' | 'plugin';
  plugin_type: string | null;
  /** The first characters after the prefix, to tell tokens apart. */
  hint: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

export interface CreatedAccessToken extends AccessTokenView {
  token: string;
}

/** The poll's success: the token once, for the user who approved. */
export interface DeviceTokenAnswer {
  token: string;
  token_type: 'Basic';
  scopes: TokenScope[];
  user_id: string;
}
