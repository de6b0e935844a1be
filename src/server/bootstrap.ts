/** Turns a Config into a ready AppContext: database migrated, secret resolved, mailer and throttle built. */
import path from 'node:path';
import pino from 'pino';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrateToLatest, openDatabase, type DatabaseOptions } from './db/database';
import { createMailer, type Mailer } from './mail/mailer';
import { createTokenService, resolveJwtSecret } from './auth/tokens';
import { LoginThrottle } from './auth/login-throttle';
import { OWASP_LOG_N } from './auth/passwords';

export interface ContextOverrides {
  mailer?: Mailer;
  now?: () => Date;
  passwordLogN?: number;
  throttle?: LoginThrottle;
  database?: Pick<DatabaseOptions, 'pgSchema'>;
}

export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const log = pino({ level: config.logLevel });
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
  return {
    config,
    database,
    mailer:
      overrides.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log }),
    tokens: createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir)),
    throttle: overrides.throttle ?? new LoginThrottle(),
    passwordLogN: overrides.passwordLogN ?? OWASP_LOG_N,
    now: overrides.now ?? (() => new Date()),
    log,
  };
}
