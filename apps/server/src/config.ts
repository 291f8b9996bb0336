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
