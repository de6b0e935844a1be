/**
 * Sign-in throttling and the per-client budget of the public auth routes, kept in the database
 * (table auth_throttle) so that every server instance on one PostgreSQL counts the same failures.
 *
 * What is counted, following the OWASP Authentication Cheat Sheet ("lock the attacker, not the
 * account"):
 * - per (account, client) pair: 10 failures in 15 minutes block that pair for 15 minutes. Only the
 *   client that failed is refused; the owner signing in from elsewhere is not.
 * - per client, across accounts: 30 failures in 15 minutes block that client (password spraying;
 *   also a bound on the scrypt work one client can cause).
 * - per account, across clients: never a refusal. From 10 failures on (more than one client's own
 *   allowance) each attempt waits a growing delay (250 ms doubling, at most 5 s), so a distributed
 *   guesser slows down while the right password from a client that has not failed still gets in, and
 *   one attacker alone costs the owner at most a quarter of a second.
 * - the shared budget: 60 requests a minute per client over both sign-ins, forgot-password and
 *   set-password together.
 * - reset mails: 3 an hour per account; change-password: 10 wrong old passwords in 15 minutes per
 *   account.
 * A password set through a link or changed clears the account's sign-in failures.
 *
 * Counters use fixed windows that start at the first event (one upsert per event, no row per
 * failure), and a window that has passed simply restarts at 1. Stale rows are swept now and then.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface AuthLimits {
  windowMs: number;
  pairMax: number;
  clientMax: number;
  accountDelayAfter: number;
  accountDelayBaseMs: number;
  accountDelayMaxMs: number;
  budgetMax: number;
  budgetWindowMs: number;
  resetMailsMax: number;
  resetMailWindowMs: number;
  changeMax: number;
  /** Email-change requests (each mails two addresses) per account, and per client, in a window. */
  emailChangeAccountMax: number;
  emailChangeClientMax: number;
  emailChangeWindowMs: number;
  /** Expensive authenticated requests (PDF slips, registers, exports, imports) per user in a window. */
  heavyMax: number;
  heavyWindowMs: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  windowMs: 15 * 60_000,
  pairMax: 10,
  clientMax: 30,
  accountDelayAfter: 10,
  accountDelayBaseMs: 250,
  // Well under the client's 10 s request timeout, so a slowed sign-in still arrives.
  accountDelayMaxMs: 5_000,
  budgetMax: 60,
  budgetWindowMs: 60_000,
  resetMailsMax: 3,
  resetMailWindowMs: 60 * 60_000,
  changeMax: 10,
  emailChangeAccountMax: 3,
  emailChangeClientMax: 10,
  emailChangeWindowMs: 60 * 60_000,
  // A person opening slips and registers one by one stays far below this; a script rendering PDFs in a loop does not.
  heavyMax: 30,
  heavyWindowMs: 60_000,
};

type Scope = 'pair' | 'client' | 'account' | 'budget' | 'reset-mail' | 'change' | 'email-change' | 'heavy';
interface Key {
  scope: Scope;
  account: string;
  client: string;
}

const SWEEP_EVERY = 200;

export interface SignInGate {
  /** Seconds to wait before trying again (0: go ahead). */
  retryAfter: number;
  /** How long to hold this attempt before checking the password (account-wide slowdown). */
  delayMs: number;
}

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;

export function createAuthThrottle(db: Kysely<DB>, now: () => Date, overrides: Partial<AuthLimits> = {}) {
  const limits = { ...DEFAULT_AUTH_LIMITS, ...overrides };
  let writes = 0;

  const pair = (account: string, client: string): Key => ({ scope: 'pair', account, client });
  const clientKey = (client: string): Key => ({ scope: 'client', account: '', client });
  const accountKey = (account: string): Key => ({ scope: 'account', account, client: '' });

  async function read(keys: Key[]) {
    const t = now().getTime();
    const rows = await db
      .selectFrom('auth_throttle')
      .select(['scope', 'account', 'client', 'count', 'window_start', 'blocked_until'])
      .where((eb) => eb.or(keys.map((k) => eb.and([eb('scope', '=', k.scope), eb('account', '=', k.account), eb('client', '=', k.client)]))))
      .execute();
    return (k: Key, windowMs: number) => {
      const row = rows.find((r) => r.scope === k.scope && r.account === k.account && r.client === k.client);
      const blockedMs = row?.blocked_until ? Date.parse(row.blocked_until) - t : 0;
      const live = row && Date.parse(row.window_start) + windowMs > t;
      return { count: live ? row.count : 0, blockedMs: Math.max(0, blockedMs), windowEndsMs: live ? Date.parse(row.window_start) + windowMs - t : 0 };
    };
  }

  /**
   * Counts one event atomically (one upsert, safe across instances) and, when the count reaches
   * `max`, blocks the key for `blockMs`. Returns the count in the current window.
   */
  async function hit(k: Key, windowMs: number, max?: number, blockMs?: number): Promise<{ count: number; windowEndsMs: number }> {
    const at = now();
    const nowIso = at.toISOString();
    const windowFloor = new Date(at.getTime() - windowMs).toISOString();
    const expiresAt = new Date(at.getTime() + Math.max(windowMs, blockMs ?? 0)).toISOString();
    const row = await db
      .insertInto('auth_throttle')
      .values({ ...k, count: 1, window_start: nowIso, blocked_until: null, expires_at: expiresAt })
      .onConflict((oc) =>
        oc.columns(['scope', 'account', 'client']).doUpdateSet({
          count: sql<number>`case when auth_throttle.window_start <= ${windowFloor} then 1 else auth_throttle.count + 1 end`,
          window_start: sql<string>`case when auth_throttle.window_start <= ${windowFloor} then ${nowIso} else auth_throttle.window_start end`,
          expires_at: expiresAt,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    const count = Number(row.count);
    if (max !== undefined && blockMs !== undefined && count >= max) {
      await db
        .updateTable('auth_throttle')
        .set({ blocked_until: new Date(at.getTime() + blockMs).toISOString() })
        .where('scope', '=', k.scope)
        .where('account', '=', k.account)
        .where('client', '=', k.client)
        .execute();
    }
    if (++writes % SWEEP_EVERY === 0) await sweep();
    return { count, windowEndsMs: Date.parse(row.window_start) + windowMs - at.getTime() };
  }

  async function clear(keys: Key[]) {
    for (const k of keys) {
      await db.deleteFrom('auth_throttle').where('scope', '=', k.scope).where('account', '=', k.account).where('client', '=', k.client).execute();
    }
  }

  /** Drops rows whose window and block have both passed. */
  async function sweep() {
    await db.deleteFrom('auth_throttle').where('expires_at', '<', now().toISOString()).execute();
  }

  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    limits,
    sweep,

    /** Before a sign-in: may this client try this account now, and after how long a pause? */
    async signInGate(account: string, client: string): Promise<SignInGate> {
      const state = await read([pair(account, client), clientKey(client), accountKey(account)]);
      const blockedMs = Math.max(state(pair(account, client), limits.windowMs).blockedMs, state(clientKey(client), limits.windowMs).blockedMs);
      if (blockedMs > 0) return { retryAfter: seconds(blockedMs), delayMs: 0 };
      const accountFailures = state(accountKey(account), limits.windowMs).count;
      const over = accountFailures - limits.accountDelayAfter;
      const delayMs = over < 0 ? 0 : Math.min(limits.accountDelayBaseMs * 2 ** over, limits.accountDelayMaxMs);
      return { retryAfter: 0, delayMs };
    },

    async signInFailed(account: string, client: string): Promise<void> {
      await hit(pair(account, client), limits.windowMs, limits.pairMax, limits.windowMs);
      await hit(clientKey(client), limits.windowMs, limits.clientMax, limits.windowMs);
      await hit(accountKey(account), limits.windowMs);
    },

    /** A right password: this pair starts again from zero (the account-wide count stays). */
    signInSucceeded: (account: string, client: string) => clear([pair(account, client)]),

    /** A password set or changed: the account's failures no longer mean anything. */
    async clearAccount(account: string): Promise<void> {
      await db.deleteFrom('auth_throttle').where('account', '=', account).where('scope', 'in', ['pair', 'account']).execute();
    },

    /** Counts one public auth request of a client; seconds to wait when over the budget, else 0. */
    async spendBudget(client: string): Promise<number> {
      const { count, windowEndsMs } = await hit({ scope: 'budget', account: '', client }, limits.budgetWindowMs);
      return count > limits.budgetMax ? seconds(windowEndsMs) : 0;
    },

    /**
     * Counts an email-change request of an account from a client (each one mails two addresses, one
     * of them chosen by the caller); seconds to wait when the account or the client is over its share.
     */
    async spendEmailChange(account: string, client: string): Promise<number> {
      const byAccount = await hit({ scope: 'email-change', account, client: '' }, limits.emailChangeWindowMs);
      const byClient = await hit({ scope: 'email-change', account: '', client }, limits.emailChangeWindowMs);
      if (byAccount.count > limits.emailChangeAccountMax) return seconds(byAccount.windowEndsMs);
      return byClient.count > limits.emailChangeClientMax ? seconds(byClient.windowEndsMs) : 0;
    },

    /** Counts one expensive request of a user; seconds to wait when over the budget, else 0. */
    async spendHeavy(userId: string): Promise<number> {
      const { count, windowEndsMs } = await hit({ scope: 'heavy', account: userId, client: '' }, limits.heavyWindowMs);
      return count > limits.heavyMax ? seconds(windowEndsMs) : 0;
    },

    /** Counts a reset mail for an account; false when it has had its share this hour. */
    async allowResetMail(account: string): Promise<boolean> {
      const { count } = await hit({ scope: 'reset-mail', account, client: '' }, limits.resetMailWindowMs);
      return count <= limits.resetMailsMax;
    },

    /** change-password: seconds until the account may try its old password again, or 0. */
    async changeGate(userId: number): Promise<number> {
      const k: Key = { scope: 'change', account: String(userId), client: '' };
      const { blockedMs } = (await read([k]))(k, limits.windowMs);
      return blockedMs > 0 ? seconds(blockedMs) : 0;
    },
    changeFailed: (userId: number) => hit({ scope: 'change', account: String(userId), client: '' }, limits.windowMs, limits.changeMax, limits.windowMs).then(() => {}),
    changeSucceeded: (userId: number) => clear([{ scope: 'change', account: String(userId), client: '' }]),
  };
}
