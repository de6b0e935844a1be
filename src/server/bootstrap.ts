/** Turns a Config into a ready AppContext: database migrated, secret resolved, mailer and throttle built. */
import path from 'node:path';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrateToLatest, openDatabase, type DatabaseOptions } from './db/database';
import { createMailer, type Mailer } from './mail/mailer';
import { createTokenService, resolveJwtSecret } from './auth/tokens';
import { createAuthThrottle, type AuthLimits } from './auth/auth-throttle';
import { OWASP_LOG_N } from './auth/passwords';
import { loggerOptions } from './log-options';
import { securePrivateDir } from './data-dir';
import type { DeviceLimits } from './modules/devices';

export interface ContextOverrides {
  mailer?: Mailer;
  now?: () => Date;
  passwordLogN?: number;
  /** Tests loosen (or tighten) the sign-in limits. */
  authLimits?: Partial<AuthLimits>;
  database?: Pick<DatabaseOptions, 'pgSchema'>;
  /** Where the log goes instead of stdout (the log-redaction test reads it). */
  logStream?: DestinationStream;
  /** Tests tighten the device request budgets and body cap (/iclock/*). */
  deviceLimits?: Partial<DeviceLimits>;
}

export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const log = pino(loggerOptions(config.logLevel), overrides.logStream);
  // Before anything is written there: the folder 0700, and files an older version left 0644 tightened.
  securePrivateDir(config.dataDir);
  const database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    sqliteSynchronous: config.sqliteSynchronous,
    ...overrides.database,
  });
  try {
    await migrateToLatest(database);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  const now = overrides.now ?? (() => new Date());
  return {
    config,
    database,
    mailer:
      overrides.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log }),
    tokens: createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir)),
    throttle: createAuthThrottle(database.db, now, overrides.authLimits),
    passwordLogN: overrides.passwordLogN ?? OWASP_LOG_N,
    now,
    log,
    ...(overrides.deviceLimits ? { deviceLimits: overrides.deviceLimits } : {}),
  };
}
