/** Environment -> typed, validated configuration (the settings table in src/server/README.md). Invalid values stop the start. */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../shared/format';

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'PORT must be a port number (0-65535)' }).int('PORT must be a port number (0-65535)').min(0, 'PORT must be a port number (0-65535)').max(65535, 'PORT must be a port number (0-65535)').default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\/.+/.test(v), 'DATABASE_URL must be a postgres:// URL'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\/.+/.test(v), 'SMTP_URL must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().default('HR Portal <hr-portal@localhost>'),
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(v), 'PUBLIC_URL must be an http:// or https:// URL such as https://hr.example.com'),
  APP_TIMEZONE: z
    .string()
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    .refine(isTimeZone, 'APP_TIMEZONE must be an IANA time zone such as Asia/Kolkata'),
  EMPLOYEE_LOGIN: z.enum(['password', 'email-only']).default('password'),
  COMPANY_NAME: z.string().default('HR Portal'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((v) => !v || /^(true|false|\d{1,2})$/.test(v) || v.split(',').every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a.trim())), 'TRUST_PROXY must be true, false, a number of proxies (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges'),
  WORKERS: z
    .string()
    .default('1')
    .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 256), 'WORKERS must be a number of processes (1 or more) or auto'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Base URL put into emailed links; defaults to http://localhost:PORT. */
  publicUrl: string;
  timeZone: string;
  employeeLogin: 'password' | 'email-only';
  companyName: string;
  logLevel: string;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** Server processes behind node:cluster on one port (WORKERS; `auto` = the machine's cores). */
  workers: number;
  /**
   * Whose X-Forwarded-For decides the client address (TRUST_PROXY): false (nobody: the address of the
   * connection, the default), true (every proxy), a number of proxy hops, or proxy addresses/ranges.
   */
  trustProxy?: boolean | number | string[];
}

/** TRUST_PROXY as Fastify's trustProxy takes it. */
function trustProxyOf(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError with one readable line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    timeZone: e.APP_TIMEZONE,
    employeeLogin: e.EMPLOYEE_LOGIN,
    companyName: e.COMPANY_NAME,
    logLevel: e.LOG_LEVEL,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    workers: e.WORKERS === 'auto' ? os.availableParallelism() : Number(e.WORKERS),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
  };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * A start-up warning when emailed links would travel in clear text: PUBLIC_URL is plain http:// on a
 * host other than this machine. Set-password and email-confirmation links carry live tokens, so
 * anyone on the path could read and use them. Null when there is nothing to say.
 */
export function publicUrlWarning(config: Pick<Config, 'publicUrl'>): string | null {
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'http:' || LOOPBACK.test(url.hostname)) return null;
  return `PUBLIC_URL is ${config.publicUrl}: emailed password and confirmation links will use plain http:// on a network host, so their tokens can be read on the way. Serve the portal over https:// and set PUBLIC_URL to match.`;
}
