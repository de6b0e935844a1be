/**
 * Hostile input, property-based: every JSON body, every query string and the path parameters of the
 * API get wrong types, missing and extra fields, odd unicode, prototype keys, SQL- and path-like
 * text, bad numbers and dates, raw bytes and near-limit sizes. For every answer: never a 5xx, a
 * 4xx is always JSON `{msg}` without internals, no CORS grant, no new admin, and a refused request
 * leaves the database exactly as it was (a fingerprint of every row of every table).
 *
 * Runs: a sample in `npm test`, the full count in `npm run test:fuzz` (fuzz-runs.ts).
 */
import fc from 'fast-check';
import { JSON_BODY_LIMIT_BYTES } from '../../shared/constants';
import { auth, createTestApp, engines, type TestApp } from '../test/test-app';
import { fuzzRuns } from '../test/fuzz-runs';
import { hostileBody, hostileQuery, hostileString, rawJsonVariants, type BodyInput } from '../test/hostile-values';
import { createProber, people, stringsIn, type Person, type ProbeRequest } from '../test/security-fixtures';

jest.setTimeout(120_000);

type As = 'public' | 'admin' | 'employee' | 'passwordChanger';

interface BodyTarget {
  method: 'POST' | 'PUT';
  url: (fx: Fx) => string;
  as: As;
  body: (fx: Fx) => Record<string, unknown>;
  /** A 2xx here starts background work that writes to the database (invitations, payroll runs). */
  background?: boolean;
}

interface QueryTarget {
  url: string;
  as: As;
  query: Record<string, string>;
}

interface Fx {
  t: TestApp;
  a: Person;
  b: Person;
  changer: Person;
  leaveId: number;
  /** Leave Without Pay (migration 013). */
  unpaidTypeId: string;
  taskId: number;
  runId: number;
}

const BODY_TARGETS: Record<string, BodyTarget> = {
  'admin sign-in': { method: 'POST', url: () => '/api/auth/admin-login', as: 'public', body: () => ({ email: 'admin@test.local', password: 'wrong-password' }) },
  'employee sign-in': { method: 'POST', url: () => '/api/auth/employee-login', as: 'public', body: (fx) => ({ email: fx.a.email, password: fx.a.password }) },
  'forgot password': { method: 'POST', url: () => '/api/auth/forgot-password', as: 'public', body: (fx) => ({ email: fx.a.email }), background: true },
  'set password': { method: 'POST', url: () => '/api/auth/set-password', as: 'public', body: () => ({ token: 'x'.repeat(43), password: 'new-password-1' }) },
  // The old password is wrong on purpose: a well-formed body is refused (400) and the caller stays signed in.
  'change password': { method: 'PUT', url: () => '/api/auth/change-password', as: 'passwordChanger', body: () => ({ oldPassword: 'not-my-password', newPassword: 'new-password-1' }) },
  // {{n}} and {{d}} become a fresh number and date per request, so a valid body is not a duplicate.
  'add employee': { method: 'POST', url: () => '/api/employee', as: 'admin', body: () => ({ name: 'Fuzz Person', email: 'fuzz.{{n}}@security.test', position: 'Tester', salary: 1234.5 }), background: true },
  'edit employee (admin)': { method: 'PUT', url: (fx) => `/api/employee/edit/${fx.b.id}`, as: 'admin', body: (fx) => ({ name: 'B Person', email: fx.b.email, position: 'Lead', salary: 50000 }) },
  'edit own profile': { method: 'PUT', url: (fx) => `/api/employee/edit/${fx.a.id}`, as: 'employee', body: (fx) => ({ name: 'A Person', email: fx.a.email }) },
  // Leave Without Pay has no balance to run out of, so every well-formed request reaches the insert;
  // the half day puts the type and the day part under the same fire as the spec's fields.
  'request leave': { method: 'POST', url: () => '/api/leave', as: 'employee', body: (fx) => ({ startDate: '{{d}}', endDate: '{{d}}', reason: 'Trip', leaveTypeId: fx.unpaidTypeId, dayPart: 'first-half' }) },
  'decide leave': { method: 'PUT', url: (fx) => `/api/leave/approve/${fx.leaveId}`, as: 'admin', body: () => ({ status: 'approved' }) },
  'assign task': { method: 'POST', url: () => '/api/task/assign', as: 'admin', body: (fx) => ({ employeeId: fx.a.employeeId, title: 'Title', description: 'Description' }) },
  'task status': { method: 'PUT', url: (fx) => `/api/task/${fx.taskId}`, as: 'employee', body: () => ({ status: 'completed' }) },
  'email a slip': { method: 'POST', url: () => '/api/salary/email', as: 'admin', body: (fx) => ({ employeeId: fx.a.employeeId, month: 'March', year: 2025 }) },
  'payroll run': { method: 'POST', url: () => '/api/salary/email-all', as: 'admin', body: () => ({ month: 'April', year: '2025' }), background: true },
  // Routes that take no body still get one.
  'punch in': { method: 'POST', url: () => '/api/attendance/punch-in', as: 'employee', body: () => ({}) },
  'punch out': { method: 'POST', url: () => '/api/attendance/punch-out', as: 'employee', body: () => ({}) },
  'retry a run': { method: 'POST', url: (fx) => `/api/salary/runs/${fx.runId}/retry`, as: 'admin', body: () => ({}), background: true },
};

/** Sent in every field of every body: NUL, lone surrogates, direction and zero-width marks, SQL, paths, wrong types. */
const NASTY: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'a\uDFFFb',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  '\uFEFF',
  '👩‍👩‍👧‍👦',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '../../../../etc/passwd',
  '=HYPERLINK("http://evil")',
  '',
  '   ',
  'x'.repeat(5_000),
  '2025-02-30',
  'NaN',
  '-1',
  -1,
  -0.5,
  1e308,
  2 ** 53 + 1,
  null,
  true,
  [],
  {},
  ['a'],
  { $gt: '' },
];

const QUERY_TARGETS: Record<string, QueryTarget> = {
  'attendance (admin)': { url: '/api/attendance', as: 'admin', query: { date: '2025-03-03', startDate: '2025-03-01', endDate: '2025-03-31' } },
  'own attendance': { url: '/api/attendance/employee', as: 'employee', query: { startDate: '2025-03-01', endDate: '2025-03-31' } },
  'attendance chart': { url: '/api/attendance/summary', as: 'admin', query: { days: '7' } },
  'attendance CSV': { url: '/api/attendance/download', as: 'admin', query: { startDate: '2025-03-01', endDate: '2025-03-31' } },
  'audit log': { url: '/api/audit', as: 'admin', query: { limit: '10', before: '5', person: 'asha', action: 'leave.decide', entity: 'leave', from: '2025-01-01', to: '2025-01-31' } },
  'audit log export': { url: '/api/audit/export', as: 'admin', query: { person: 'asha', action: 'leave.decide', entity: 'leave', from: '2025-01-01', to: '2025-01-31' } },
  'leave list (admin)': { url: '/api/leave', as: 'admin', query: { status: 'pending', limit: '10' } },
  'leave list (employee)': { url: '/api/leave', as: 'employee', query: { status: 'approved', limit: '10' } },
  'task list (admin)': { url: '/api/task', as: 'admin', query: { status: 'assigned', limit: '10' } },
  'task list (employee)': { url: '/api/task', as: 'employee', query: { status: 'completed', limit: '10' } },
  'own slip': { url: '/api/salary/generate', as: 'employee', query: { month: '2025-03' } },
  'payroll runs': { url: '/api/salary/runs', as: 'admin', query: { limit: '5' } },
  'roster (no query)': { url: '/api/employee', as: 'admin', query: {} },
  'own record (no query)': { url: '/api/employee/me', as: 'employee', query: {} },
  'health (no query)': { url: '/api/health', as: 'public', query: {} },
};

/** Path parameters: [name, as, url from one hostile segment]. */
const PARAM_TARGETS: [string, As, (seg: string, fx: Fx) => string][] = [
  ['employee by id', 'admin', (s) => `/api/employee/${s}`],
  ['employee by id (employee)', 'employee', (s) => `/api/employee/${s}`],
  ['slip employee', 'employee', (s) => `/api/salary/slip/${s}/2025-03`],
  ['slip month', 'admin', (s, fx) => `/api/salary/slip/${fx.a.employeeId}/${s}`],
  ['payroll run by id', 'admin', (s) => `/api/salary/runs/${s}`],
];

describe.each(engines)('hostile input on %s', (engine) => {
  const runs = (n: number) => fuzzRuns(n, engine);
  let fx: Fx;
  let prober: Awaited<ReturnType<typeof createProber>>;
  const crashes: unknown[] = [];
  const onCrash = (err: unknown) => crashes.push(err);

  beforeAll(async () => {
    process.on('unhandledRejection', onCrash);
    process.on('uncaughtException', onCrash);
    // Sign-in failures are the point here, not lock-outs: a throttle that never closes keeps them 401,
    // and no account-wide pause (5 s a try once an account has 10 failures, the suite's two sign-in
    // accounts had hundreds) makes the suite wait; account-security.test.ts tests that pause.
    const t = await createTestApp(engine, {
      overrides: { authLimits: { pairMax: 1e9, clientMax: 1e9, accountDelayAfter: 1e9, budgetMax: 1e9, changeMax: 1e9 } },
    });
    const p = await people(t);
    const [a, b, changer] = [await p.create(), await p.create(), await p.create()];
    const db = t.ctx.database.db;
    const at = new Date().toISOString();
    const leave = await db.insertInto('leaves').values({ user_id: a.id, start_date: '2030-01-01', end_date: '2030-01-02', reason: 'x', status: 'pending', created_at: at }).returning('id').executeTakeFirstOrThrow();
    const task = await db.insertInto('tasks').values({ user_id: a.id, title: 't', description: 'd', status: 'assigned', assigned_by: t.admin.id, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const run = await db.insertInto('payroll_runs').values({ month: '2023-05', status: 'done', total: 0, created_by: t.admin.id, created_at: at, finished_at: at }).returning('id').executeTakeFirstOrThrow();
    const unpaid = await db.selectFrom('leave_types').select('id').where('name', '=', 'Leave Without Pay').executeTakeFirstOrThrow();
    fx = { t, a, b, changer, leaveId: leave.id, unpaidTypeId: String(unpaid.id), taskId: task.id, runId: run.id };
    prober = await createProber(t);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onCrash);
    process.off('uncaughtException', onCrash);
    console.log(`hostile input on ${engine}: ${prober?.count} inputs tried`);
    await fx?.t.close();
  });
  afterEach(() => expect(crashes).toEqual([]));

  const tokenFor = (as: As) => ({ public: undefined, admin: fx.t.admin.token, employee: fx.a.token, passwordChanger: fx.changer.token })[as];

  const probe = (req: ProbeRequest, as: As, sent: string[], background = false) => prober.probe(req, tokenFor(as), sent, background);

  function bodyPayload(input: BodyInput): { payload: string | Buffer; sent: string[] } {
    if (input.kind === 'json') return { payload: JSON.stringify(input.value), sent: stringsIn(input.value) };
    if (input.kind === 'raw') return { payload: input.text, sent: [input.text] };
    return { payload: Buffer.from(input.bytes), sent: [Buffer.from(input.bytes).toString('utf8')] };
  }

  describe('JSON bodies', () => {
    it.each(Object.entries(BODY_TARGETS))('%s', async (_name, target) => {
      await fc.assert(
        fc.asyncProperty(hostileBody(target.body(fx)), fc.constantFrom('application/json', 'application/json; charset=utf-8'), async (input, type) => {
          const { payload, sent } = bodyPayload(input);
          await probe({ method: target.method, url: target.url(fx), payload, headers: { 'content-type': type } }, target.as, sent, target.background);
        }),
        { numRuns: runs(60) },
      );
    });

    it.each(Object.entries(BODY_TARGETS))('%s: every field with every nasty value, and every raw JSON trick', async (_name, target) => {
      const valid = target.body(fx);
      const send = (payload: string, sent: string[]) =>
        probe({ method: target.method, url: target.url(fx), payload, headers: { 'content-type': 'application/json' } }, target.as, sent, target.background);
      for (const key of Object.keys(valid)) {
        for (const value of NASTY) await send(JSON.stringify({ ...valid, [key]: value }), stringsIn(value));
        const { [key]: _dropped, ...rest } = valid;
        await send(JSON.stringify(rest), []);
      }
      for (const text of rawJsonVariants(valid)) await send(text, [text]);
    });

    it.each(Object.entries(BODY_TARGETS))('%s: wrong content types, and bodies at and over the 1 MB limit', async (_name, target) => {
      const valid = JSON.stringify(target.body(fx));
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1']) {
        await probe({ method: target.method, url: target.url(fx), payload: valid, headers: { 'content-type': type } }, target.as, [valid], target.background);
      }
      await probe({ method: target.method, url: target.url(fx), payload: valid, headers: { 'content-type': '' } }, target.as, [valid], target.background);
      // A huge string just under the limit: refused by the field's own bounds, not by size.
      const key = Object.keys(target.body(fx))[0] ?? 'x';
      const near = JSON.stringify({ ...target.body(fx), [key]: 'é'.repeat((JSON_BODY_LIMIT_BYTES - 2_000) / 2) });
      expect(Buffer.byteLength(near)).toBeLessThan(JSON_BODY_LIMIT_BYTES);
      const nearRes = await probe({ method: target.method, url: target.url(fx), payload: near, headers: { 'content-type': 'application/json' } }, target.as, []);
      if (Object.keys(target.body(fx)).length) expect(nearRes.statusCode).toBeGreaterThanOrEqual(400);
      // Over the limit: 413 with {msg}, whatever the content.
      const over = JSON.stringify({ ...target.body(fx), [key]: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
      const overRes = await probe({ method: target.method, url: target.url(fx), payload: over, headers: { 'content-type': 'application/json' } }, target.as, []);
      expect(overRes.statusCode).toBe(413);
      expect(overRes.json()).toEqual({ msg: 'Request body is too large' });
    });
  });

  describe('query strings', () => {
    it.each(Object.entries(QUERY_TARGETS))('%s', async (_name, target) => {
      await fc.assert(
        fc.asyncProperty(hostileQuery(target.query), async (query) => {
          await probe({ method: 'GET', url: `${target.url}?${query}` }, target.as, [decodeURIComponentSafe(query)]);
        }),
        { numRuns: runs(40) },
      );
    });
  });

  describe('path parameters', () => {
    it.each(PARAM_TARGETS)('%s', async (_name, as, url) => {
      const segment = fc.oneof(
        hostileString.filter((s) => s.length > 0).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))).filter((s) => s.length > 0),
        fc.constantFrom('%', '%zz', '%00', '..%2F..%2Fetc%2Fpasswd', '%ED%A0%80', '0', '-1', '1e3', '99999999999999999999', '0x10', 'EMP0000', 'emp0001', '%20', 'a'.repeat(500)),
      );
      await fc.assert(
        fc.asyncProperty(segment, async (seg) => {
          await probe({ method: 'GET', url: url(seg, fx) }, as, [decodeURIComponentSafe(seg)]);
        }),
        { numRuns: runs(40) },
      );
    });
  });

  it('still answers afterwards, with the fixture accounts intact', async () => {
    expect((await fx.t.app.inject('/api/health')).statusCode).toBe(200);
    expect((await fx.t.app.inject({ url: '/api/employee/me', headers: auth(fx.a.token) })).statusCode).toBe(200);
  });
});

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
