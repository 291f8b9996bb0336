import { availableParallelism } from 'node:os';
import path from 'node:path';
import { JobLimits, RealtimeLimits } from '@ferry/shared';
import { z } from 'zod';

/** The environment, parsed once (DESIGN.md "Configuration"). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  FERRY_EDITION: z.enum(['saas', 'corporate']).default('saas'),
  SMTP_URL: z.string().optional(),
  /** New accounts confirm their e-mail before they can sign in (10004 until then). */
  REQUIRE_EMAIL_VERIFICATION: z.enum(['true', 'false', '1', '0']).optional(),
  /** Comma-separated domains (`example.com,example.cn`): only such addresses may register here. */
  ALLOWED_EMAIL_SUFFIXES: z.string().optional(),
  /** Chat-app sign-in: each provider is on when its id and secret are set (README "Chat-app sign-in"). */
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_AUTH_BASE: z.url().default('https://open.weixin.qq.com'),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  /** A WeChat official account: binding for notices by its parametric QR and scan events (with the website app). */
  WECHAT_MP_APP_ID: z.string().optional(),
  WECHAT_MP_APP_SECRET: z.string().optional(),
  WECHAT_MP_TOKEN: z.string().optional(),
  LARK_APP_ID: z.string().optional(),
  LARK_APP_SECRET: z.string().optional(),
  LARK_API_BASE: z.url().default('https://open.feishu.cn'),
  WORK_WECHAT_CORP_ID: z.string().optional(),
  WORK_WECHAT_AGENT_ID: z.string().optional(),
  WORK_WECHAT_SECRET: z.string().optional(),
  WORK_WECHAT_AUTH_BASE: z.url().default('https://open.work.weixin.qq.com'),
  WORK_WECHAT_API_BASE: z.url().default('https://qyapi.weixin.qq.com'),
  DINGTALK_APP_KEY: z.string().optional(),
  DINGTALK_APP_SECRET: z.string().optional(),
  DINGTALK_AUTH_BASE: z.url().default('https://login.dingtalk.com'),
  DINGTALK_API_BASE: z.url().default('https://api.dingtalk.com'),
  /** Design platforms that may bind or verify Ferry accounts: `name=secret@https://origin|https://origin2,…`. */
  DESIGN_PLATFORMS: z.string().optional(),
  /** Background jobs are taken from this queue; instances sharing a database and a queue share the work. */
  JOB_QUEUE: z.string().min(1).max(100).default('default'),
  /** Jobs this server runs at once (default: half the cores, 2 to 4). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** One design's rendering is stopped (and the design marked failed) past this time or process size. */
  RENDER_TIME_LIMIT_MS: z.coerce.number().int().positive().default(JobLimits.renderTimeMs),
  RENDER_MEMORY_LIMIT_MB: z.coerce.number().int().positive().default(JobLimits.renderMemoryMb),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in and registration calls allowed per IP per minute. */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Whose X-Forwarded-For to believe for the caller's IP: off, `true`, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Files in an S3-compatible bucket instead of DATA_DIR/files: all of the S3_* settings or none. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` for servers that answer at ENDPOINT/BUCKET/KEY (MinIO and most self-hosted ones). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  /** The socket heartbeat (spec 002 §9: 15 s, answered within 5 s); shorter in tests. */
  WS_HEARTBEAT_MS: z.coerce.number().int().positive().default(RealtimeLimits.heartbeatMs),
  WS_HEARTBEAT_TIMEOUT_MS: z.coerce.number().int().positive().default(RealtimeLimits.heartbeatTimeoutMs),
  /** How often the outbox is swept for notices a crash or a bus outage left unpublished. */
  EVENTS_SWEEP_MS: z.coerce.number().int().positive().default(3000),
  /** First-time guides (the `guides` switch of the configuration calls). */
  GUIDES_ENABLED: z.enum(['true', 'false', '1', '0']).default('true'),
  /** Where the help menu's "Contact support" writes to; without it the menu offers no contact. */
  SUPPORT_EMAIL: z.string().email().optional(),
});

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl: string;
  edition: 'saas' | 'corporate';
  smtpUrl?: string;
  requireEmailVerification: boolean;
  /** Domains every account's address must end in; empty when any address may register. */
  allowedEmailSuffixes: string[];
  /** The chat apps one may sign in with; a provider left out is off. */
  chat: ChatConfig;
  /** Design platforms by name: the secret they redeem codes with, and the origins they may return to. */
  designPlatforms: Record<string, DesignPlatformConfig>;
  jobQueue: string;
  jobConcurrency: number;
  /** The ceiling of one design's rendering, in its own process (design/render-process.ts). */
  render: { timeMs: number; memoryMb: number };
  logLevel: string;
  signInRateLimit: number;
  /** Fastify's `trustProxy`: false unless TRUST_PROXY says which proxies set X-Forwarded-For. */
  trustProxy: TrustProxy;
  /** Set when files live in an S3 bucket; otherwise they live on local disk. */
  s3?: S3Config;
  /** Where the built web app is served from. */
  webDist: string;
  realtime: { heartbeatMs: number; heartbeatTimeoutMs: number; sweepMs: number };
  /** First-time guides are shown (GUIDES_ENABLED, default on). */
  guidesEnabled: boolean;
  supportEmail: string | null;
}

const emptyToUndefined = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    s3: s3Config(e),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    edition: e.FERRY_EDITION,
    smtpUrl: e.SMTP_URL,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === 'true' || e.REQUIRE_EMAIL_VERIFICATION === '1',
    allowedEmailSuffixes: emailSuffixesSetting(e.ALLOWED_EMAIL_SUFFIXES),
    chat: chatConfig(e),
    designPlatforms: designPlatformsSetting(e.DESIGN_PLATFORMS),
    jobQueue: e.JOB_QUEUE,
    jobConcurrency: e.JOB_CONCURRENCY ?? defaultJobConcurrency(),
    render: { timeMs: e.RENDER_TIME_LIMIT_MS, memoryMb: e.RENDER_MEMORY_LIMIT_MB },
    logLevel: e.LOG_LEVEL,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    realtime: {
      heartbeatMs: e.WS_HEARTBEAT_MS,
      heartbeatTimeoutMs: e.WS_HEARTBEAT_TIMEOUT_MS,
      sweepMs: e.EVENTS_SWEEP_MS,
    },
    guidesEnabled: e.GUIDES_ENABLED === 'true' || e.GUIDES_ENABLED === '1',
    supportEmail: e.SUPPORT_EMAIL ?? null,
  };
}

/** As Fastify takes it; a hop count becomes a function, which is how Fastify's types accept one. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_NAMES)]);

/**
 * X-Forwarded-For is written by the client unless a proxy of ours overwrites it, so believing it by default
 * would let anyone pick the IP the sign-in rate limit counts. `true` trusts every hop, a number that many
 * hops, a comma-separated list those proxies (IP, CIDR, or proxy-addr's loopback/linklocal/uniquelocal).
 */
function trustProxySetting(value: string | undefined): TrustProxy {
  const setting = value?.trim().toLowerCase();
  if (setting === undefined || setting === 'false') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  const entries = setting.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !proxyAddress.safeParse(entry).success);
  if (wrong.length > 0) {
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: ${wrong.join(', ')} is not an IP address, a CIDR range or ` +
        `one of ${PROXY_NAMES.join(', ')}; use true, false, a hop count or a comma-separated list of those.`,
    );
  }
  return entries;
}

function emailSuffixesSetting(value: string | undefined): string[] {
  const suffixes = (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const wrong = suffixes.filter((suffix) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(suffix));
  if (wrong.length > 0) {
    throw new Error(
      `Invalid configuration:\n  ALLOWED_EMAIL_SUFFIXES: ${wrong.join(', ')} is not a domain; use a comma-separated list such as example.com,example.cn.`,
    );
  }
  return suffixes;
}

export interface ChatAppConfig {
  appId: string;
  secret: string;
  /** Where the browser is sent to authorize (the QR page). */
  authBase: string;
  /** Where the server exchanges the code. */
  apiBase: string;
  /** work-WeChat's application (agent) id. */
  agentId?: string;
}

export interface ChatConfig {
  wechat?: ChatAppConfig;
  /** The official account; `token` signs the scan events WeChat posts to us. */
  wechatMp?: ChatAppConfig & { token: string };
  lark?: ChatAppConfig;
  work_wechat?: ChatAppConfig;
  dingtalk?: ChatAppConfig;
}

const trimBase = (url: string) => url.replace(/\/+$/, '');

/** A provider is on with all of its settings, off with none; half a provider is a configuration error. */
function chatApp(
  name: string,
  values: Record<string, string | undefined>,
  bases: { authBase: string; apiBase: string; agentId?: string },
): ChatAppConfig | undefined {
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  if (given.length === 0) return undefined;
  const missing = Object.keys(values).filter((key) => values[key] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  ${name} sign-in needs ${Object.keys(values).join(', ')}; ${missing.join(', ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} not set. Set them all to turn it on, or none to leave it off.`,
    );
  }
  const [appId, secret] = Object.values(values) as string[];
  return {
    appId,
    secret,
    authBase: trimBase(bases.authBase),
    apiBase: trimBase(bases.apiBase),
    agentId: bases.agentId,
  };
}

function officialAccount(e: z.infer<typeof envSchema>): ChatConfig['wechatMp'] {
  const app = chatApp(
    'WeChat official account',
    {
      WECHAT_MP_APP_ID: e.WECHAT_MP_APP_ID,
      WECHAT_MP_APP_SECRET: e.WECHAT_MP_APP_SECRET,
      WECHAT_MP_TOKEN: e.WECHAT_MP_TOKEN,
    },
    { authBase: e.WECHAT_API_BASE, apiBase: e.WECHAT_API_BASE },
  );
  return app ? { ...app, token: e.WECHAT_MP_TOKEN as string } : undefined;
}

function chatConfig(e: z.infer<typeof envSchema>): ChatConfig {
  return {
    wechat: chatApp(
      'WeChat',
      { WECHAT_APP_ID: e.WECHAT_APP_ID, WECHAT_APP_SECRET: e.WECHAT_APP_SECRET },
      { authBase: e.WECHAT_AUTH_BASE, apiBase: e.WECHAT_API_BASE },
    ),
    wechatMp: officialAccount(e),
    // Lark's authorization page and API share one host.
    lark: chatApp(
      'Lark',
      { LARK_APP_ID: e.LARK_APP_ID, LARK_APP_SECRET: e.LARK_APP_SECRET },
      { authBase: e.LARK_API_BASE, apiBase: e.LARK_API_BASE },
    ),
    work_wechat: chatApp(
      'Work-WeChat',
      {
        WORK_WECHAT_CORP_ID: e.WORK_WECHAT_CORP_ID,
        WORK_WECHAT_SECRET: e.WORK_WECHAT_SECRET,
        WORK_WECHAT_AGENT_ID: e.WORK_WECHAT_AGENT_ID,
      },
      { authBase: e.WORK_WECHAT_AUTH_BASE, apiBase: e.WORK_WECHAT_API_BASE, agentId: e.WORK_WECHAT_AGENT_ID },
    ),
    dingtalk: chatApp(
      'DingTalk',
      { DINGTALK_APP_KEY: e.DINGTALK_APP_KEY, DINGTALK_APP_SECRET: e.DINGTALK_APP_SECRET },
      { authBase: e.DINGTALK_AUTH_BASE, apiBase: e.DINGTALK_API_BASE },
    ),
  };
}

export interface DesignPlatformConfig {
  secret: string;
  origins: string[];
}

function designPlatformsSetting(value: string | undefined): Record<string, DesignPlatformConfig> {
  const platforms: Record<string, DesignPlatformConfig> = {};
  for (const entry of (value ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9_-]+)=([^@]+)@(.+)$/i.exec(entry);
    const origins = match?.[3].split('|').map((origin) => origin.trim().replace(/\/+$/, '')) ?? [];
    if (!match || origins.some((origin) => !/^https?:\/\/[^/]+$/.test(origin))) {
      throw new Error(
        `Invalid configuration:\n  DESIGN_PLATFORMS: "${entry}" is not name=secret@https://origin (origins separated by |).`,
      );
    }
    platforms[match[1].toLowerCase()] = { secret: match[2], origins };
  }
  return platforms;
}

const defaultJobConcurrency = () =>
  Math.min(
    JobLimits.concurrencyMax,
    Math.max(JobLimits.concurrencyMin, Math.floor(availableParallelism() / 2)),
  );

/** All of the S3 settings or none: half a configuration would silently store files on local disk. */
function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const given = [...S3_REQUIRED, 'S3_FORCE_PATH_STYLE' as const].filter((name) => e[name] !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  S3 storage needs all of ${S3_REQUIRED.join(', ')}; ${given.join(', ')} ` +
        `${given.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not. ` +
        'Set them all to store files in S3, or none to store them under DATA_DIR.',
    );
  }
  return {
    endpoint: (e.S3_ENDPOINT as string).replace(/\/+$/, ''),
    region: e.S3_REGION as string,
    bucket: e.S3_BUCKET as string,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
  };
}
