/** What every route module needs, built once per app: config, database, mail, tokens and the clock. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';
import type { TokenService } from './auth/tokens';
import type { AuthThrottle } from './auth/auth-throttle';
import type { DeviceLimits } from './modules/devices';

export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  tokens: TokenService;
  /** Sign-in failures, auth budgets and mail limits, kept in the database (shared by all instances). */
  throttle: AuthThrottle;
  /** scrypt cost as log2(N); OWASP's 17 in production, lowered only by tests. */
  passwordLogN: number;
  /** Injected so tests can fix "today"; production uses the system clock. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** The device paths' budgets and body cap, when not the defaults (tests tighten them). */
  deviceLimits?: Partial<DeviceLimits>;
}

export interface ModuleOptions {
  ctx: AppContext;
}
