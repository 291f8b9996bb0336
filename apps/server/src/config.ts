import path from 'node:path';
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in and registration calls allowed per IP per minute. */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
});

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
  logLevel: string;
  signInRateLimit: number;
  /** Where the built web app is served from. */
  webDist: string;
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
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    edition: e.FERRY_EDITION,
    smtpUrl: e.SMTP_URL,
    jobQueue: e.JOB_QUEUE,
    logLevel: e.LOG_LEVEL,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
