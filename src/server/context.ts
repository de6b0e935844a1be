/** What every route module needs, built once per app: config, database, mail, tokens and the clock. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';
import type { TokenService } from './auth/tokens';
import type { LoginThrottle } from './auth/login-throttle';

export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  tokens: TokenService;
  throttle: LoginThrottle;
  /** scrypt cost as log2(N); OWASP's 17 in production, lowered only by tests. */
  passwordLogN: number;
  /** Injected so tests can fix "today"; production uses the system clock. */
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface ModuleOptions {
  ctx: AppContext;
}
