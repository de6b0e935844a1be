/**
 * Test helpers for the security suites: people made with one precomputed password hash (no hashing
 * per person), every kind of bad token, a database fingerprint to prove a refused request changed
 * nothing, and a scan for internals leaking into error bodies.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import type { Role } from '../../shared/constants';
import type { TokenPayload } from '../../shared/schemas/auth';
import { hashPassword } from '../auth/passwords';
import type { DB } from '../db/schema';
import { nextEmployeeId, TEST_LOG_N, type TestApp } from './test-app';

export const FIXTURE_PASSWORD = 'fixture-password-1';

/** A signed-in person of the fixture: record id, business id (employees), email, password and token. */
export interface Person {
  id: number;
  role: Role;
  employeeId: string | null;
  email: string;
  name: string;
  password: string;
  token: string;
}

export interface People {
  /** A new active employee (or admin) with a valid token; no scrypt per call. */
  create(role?: Role, opts?: { joinedOn?: string }): Promise<Person>;
  /** Claims for a token of this person, as the server signs them. */
  claims(p: Person): Omit<TokenPayload, 'iat' | 'exp'>;
}

let seq = 0;

export async function people(t: TestApp): Promise<People> {
  const db = t.ctx.database.db;
  const hash = await hashPassword(FIXTURE_PASSWORD, TEST_LOG_N);
  const claims = (p: Person, tv = 0): Omit<TokenPayload, 'iat' | 'exp'> => ({
    role: p.role,
    employeeId: p.employeeId,
    user: { id: String(p.id), role: p.role },
    tv,
  });
  return {
    claims: (p) => claims(p),
    async create(role = 'employee', opts = {}) {
      seq += 1;
      const stamp = new Date().toISOString();
      const email = `${role}.${seq}.${randomBytes(3).toString('hex')}@security.test`;
      const name = `${role === 'admin' ? 'Admin' : 'Employee'} ${seq}`;
      const user = await db
        .insertInto('users')
        .values({ email, name, role, password_hash: hash, created_at: stamp, updated_at: stamp })
        .returning(['id', 'token_version'])
        .executeTakeFirstOrThrow();
      let employeeId: string | null = null;
      if (role === 'employee') {
        employeeId = await nextEmployeeId(db);
        await db
          .insertInto('employees')
          .values({ user_id: user.id, employee_id: employeeId, position: 'Engineer', salary_paise: 60_000_00, joined_on: opts.joinedOn ?? '2024-01-01' })
          .execute();
      }
      const person: Person = { id: user.id, role, employeeId, email, name, password: FIXTURE_PASSWORD, token: '' };
      person.token = await t.ctx.tokens.sign(claims(person, user.token_version));
      return person;
    },
  };
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Tokens that must open nothing, all claiming to be `p` (so only the signature/expiry/state is wrong). */
export async function forgedTokens(t: TestApp, claims: Omit<TokenPayload, 'iat' | 'exp'>) {
  const secret = new TextEncoder().encode(t.ctx.config.jwtSecret!);
  const now = Math.floor(Date.now() / 1000);
  return {
    garbage: 'garbage.not-a.jwt',
    expired: await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now - 9 * 3600).setExpirationTime(now - 3600).sign(secret),
    otherKey: await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(randomBytes(32).toString('hex'))),
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 3600 })}.`,
  };
}

/** Revokes tokens the way a password change does: the account's token version moves on. */
export async function bumpTokenVersion(t: TestApp, userId: number) {
  await t.ctx.database.db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Marks the account inactive and nothing else, so only the guard's `active` check can refuse its token. */
export async function deactivate(t: TestApp, userId: number) {
  await t.ctx.database.db.updateTable('users').set({ active: 0 }).where('id', '=', userId).execute();
}

export const TABLES: readonly (keyof DB)[] = [
  'users',
  'employees',
  'counters',
  'password_tokens',
  'attendance',
  'leaves',
  'tasks',
  'audit_log',
  'payroll_runs',
  'payroll_run_items',
  'password_reset_requests',
];

/**
 * A fingerprint of the whole database: per table its row count and a SHA-256 of every row (sorted,
 * so engine row order does not matter). Any insert, update or delete changes it.
 */
export async function dbFingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = t.ctx.database.db;
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.rows.map((r) => JSON.stringify(r)).sort();
    out[table] = `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}

/**
 * Waits for background work (invitation mails writing their links, payroll runs) to finish: the
 * fingerprint must hold still and no payroll run may be running.
 */
export async function settledFingerprint(t: TestApp, timeoutMs = 20_000): Promise<Record<string, string>> {
  const deadline = Date.now() + timeoutMs;
  // The queues say when their work is done; a quiet moment alone is no proof on a busy machine, where
  // a job may not have written yet when two fingerprints agree.
  await Promise.all([t.app.invitations.idle(), t.app.passwordResets.idle()]);
  let last = await dbFingerprint(t);
  for (;;) {
    await new Promise((r) => setTimeout(r, 25));
    const running = await t.ctx.database.db.selectFrom('payroll_runs').select('id').where('status', '=', 'running').executeTakeFirst();
    const next = await dbFingerprint(t);
    if (!running && JSON.stringify(next) === JSON.stringify(last)) return next;
    if (Date.now() > deadline) throw new Error('background work did not settle');
    last = next;
  }
}

/**
 * Signs of internals in a response body: stack frames, SQL, driver names, file paths. Text the
 * request itself carried (an echoed invalid value) is removed first, so only the server's words count.
 */
const LEAK_PATTERNS: [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:\/|file:|node:)[^\s)]*:\d+:\d+/],
  ['stack frame', /\n\s+at /],
  ['SQL', /\b(select\s+[\w*"`.,\s]+\s+from|insert\s+into|update\s+\S+\s+set|delete\s+from|returning\s+\w)/i],
  ['SQLite', /sqlite/i],
  ['PostgreSQL', /postgres|\bpg_|relation "|syntax error at or near|duplicate key value/i],
  ['driver', /kysely|better-sqlite3|node_modules/i],
  ['file path', /(?:\/(?:work|home|usr|tmp|src|app|var)\/[\w./-]+|[A-Z]:\\[\w\\]+|\.tsx?:\d+)/],
  ['error class', /\b(TypeError|ReferenceError|RangeError|SyntaxError|SqliteError|DatabaseError):/],
];

export function leaksInternals(body: string, sent: readonly string[] = []): string | null {
  let text = body;
  for (const s of [...sent].sort((a, b) => b.length - a.length)) {
    if (s.length < 3) continue;
    // An echo may be trimmed or change case (an employee ID is upper-cased): each form is the caller's text.
    for (const form of new Set([s, s.trim(), s.toLowerCase(), s.trim().toLowerCase(), s.toUpperCase(), s.trim().toUpperCase()])) {
      if (form.length >= 3) text = text.split(form).join('');
    }
  }
  for (const [what, pattern] of LEAK_PATTERNS) {
    const m = pattern.exec(text);
    if (m) return `${what}: ${JSON.stringify(m[0])}`;
  }
  return null;
}

/** Every string inside a value (keys too), for leaksInternals. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsIn(v, out);
    }
  }
  return out;
}

export interface ProbeRequest {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

/**
 * Sends hostile requests and checks the invariants on each answer: never a 5xx, a 4xx is JSON
 * `{msg}` without internals, no CORS grant, a refused request leaves the database as it was, and no
 * request makes a second admin. Counts what it sent.
 */
export async function createProber(t: TestApp) {
  let baseline = await dbFingerprint(t);
  let count = 0;
  return {
    get count() {
      return count;
    },
    /** `sent` is the text the request carried (an error may echo it; only the server's own words are scanned). */
    async probe(req: ProbeRequest, token: string | undefined, sent: readonly string[], background = false): Promise<import('fastify').LightMyRequestResponse> {
      let payload = req.payload;
      if (typeof payload === 'string') {
        // {{n}} and {{d}} become a fresh number and date per request, so a valid body is not a duplicate.
        const day = new Date(Date.UTC(2040, 0, 1) + count * 86_400_000).toISOString().slice(0, 10);
        payload = payload.replaceAll('{{n}}', String(count)).replaceAll('{{d}}', day);
      }
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        payload,
        // An address per request keeps the per-IP request ceiling out of the way.
        remoteAddress: `10.${count % 250}.${(count >> 8) % 250}.${((count >> 16) % 250) + 1}`,
        headers: { origin: 'https://evil.example', ...req.headers, ...(token ? { 'x-auth-token': token } : {}) },
      });
      count += 1;
      const where = `${req.method} ${req.url.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
      if (res.headers['access-control-allow-origin'] !== undefined) throw new Error(`CORS granted: ${where}`);
      if (res.statusCode >= 400) {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          throw new Error(`4xx without a JSON body: ${where}`);
        }
        const msg = (body as { msg?: unknown } | null)?.msg;
        if (typeof msg !== 'string' || !msg) throw new Error(`4xx without {msg}: ${where}`);
        const leak = leaksInternals(stringsIn(body).join('\n'), [...sent, ...(typeof payload === 'string' ? [payload] : [])]);
        if (leak) throw new Error(`internals in an error (${leak}): ${where}`);
        const after = await dbFingerprint(t);
        if (JSON.stringify(after) !== JSON.stringify(baseline)) {
          const changed = Object.keys(after).filter((k) => after[k] !== baseline[k]);
          // The next probe compares with the database as it now is: one difference fails one
          // property, not every property after it.
          baseline = after;
          throw new Error(`refused request changed ${changed.join(', ')}: ${where}`);
        }
      } else {
        baseline = background ? await settledFingerprint(t) : await dbFingerprint(t);
        const admins = await t.ctx.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
        if (admins.length !== 1) throw new Error(`a request made an admin: ${where}`);
      }
      return res;
    },
  };
}
