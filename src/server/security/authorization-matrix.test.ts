/**
 * The authorization matrix, generated from ROUTE_TABLE: every /api route is called by every kind of
 * caller (no token, broken and revoked tokens, the wrong role, an employee reaching for someone
 * else's record, an admin) and each answer must be exactly the status the table implies. The suite
 * also fails when the server has a route the table lacks, or the table a route the server lacks.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { RouteOptions } from 'fastify';
import { dateInZone } from '../../shared/format';
import { LEAVER_MSG, SERVER_MSG } from '../../shared/messages';
import { csvFile, multipart } from '../test/multipart';
import { financialYearOf } from '../../shared/payroll/statutory/financial-year';
import { issuePasswordToken, requestEmailChange } from '../modules/auth';
import { auth, createTestApp, engines, eventually, type TestApp } from '../test/test-app';
import { computeSalarySlip } from '../../shared/payroll/salary-slip';
import { createPayrollApprovalService, savePayrollSettings } from '../modules/salary';
import { OVERRIDE_BLOCKING } from '../test/salary-test-helpers';
import { sampleLogo } from '../test/png-fixture';
import { writeDayRules } from '../modules/day-rules';
import { DEFAULT_DAY_RULES } from '../../shared/schemas/day-rules';
import { READY_BANK_FORMATS } from '../../shared/schemas/payroll-payments';
import { DEVICE_ROUTES, ROUTE_TABLE, routeKey, type RouteRule } from './route-table';
import { bumpTokenVersion, deactivate, forgedTokens, people, type People, type Person } from '../test/security-fixtures';

type CallerKind =
  | 'no token'
  | 'garbage token'
  | 'expired token'
  | 'token signed with another key'
  | 'alg:none token'
  | 'token from before a password change'
  | "deactivated employee's token"
  | 'employee'
  | "employee reaching for another employee's record"
  | 'admin'
  | 'record that does not exist'
  | 'former employee'
  | "former employee reaching for another employee's record"
  | 'former employee past the access date';

/** The leaving date each former-employee kind is given for its one request (today: working). */
const LEFT_ON: Partial<Record<CallerKind, (today: string) => string>> = {
  'former employee': (today) => dayAfter(today, -1),
  "former employee reaching for another employee's record": (today) => dayAfter(today, -1),
  // Left in January 2020: the financial year 2019-20 ended 31 March 2020, access ended 15 June 2020.
  'former employee past the access date': () => '2020-01-15',
};

const BROKEN: CallerKind[] = ['garbage token', 'expired token', 'token signed with another key', 'alg:none token', 'token from before a password change', "deactivated employee's token"];

interface Fixture {
  t: TestApp;
  people: People;
  admin: Person;
  /** The employee who calls in the 'employee' cases, and the other employee they reach for. */
  a: Person;
  b: Person;
  /** A team of two managers: m1 manages a, m2 manages b (employees.manager_id). */
  m1: Person;
  m2: Person;
  /** Rows of a and b that lists must show to their owner (and admins) only. */
  rows: Record<'attendance' | 'leave' | 'task', { a: string; b: string }>;
  today: string;
  seq: () => number;
}

interface CallContext {
  fx: Fixture;
  /** Who the request is sent as (null: no token); for broken tokens, the person the token claims to be. */
  who: Person;
  /** The person whose record the request names; 'missing' for a record that does not exist. */
  target: Person | 'missing';
}

interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Extra checks of a successful answer. */
  check?: (res: LightMyRequestResponse) => void;
}

interface Recipe {
  /** The status of the allowed caller's request. */
  ok: number;
  /** The request changes the caller's own state (password, today's punch), so each case gets a new caller. */
  fresh?: boolean;
  /** The call ends every session of its caller's account: the admin case gets an admin of its own. */
  endsAccountSessions?: boolean;
  build(c: CallContext): Promise<Call> | Call;
}

const MISSING_ID = '987654321';

/**
 * A person (fresh unless given) who left yesterday, recorded through the API as an admin would;
 * with `approved`, their settlement approved too; with `bank`, bank details to pay it to. Their id.
 * The route's own case checks the answer, so nothing here is asserted.
 */
async function withExit(fx: CallContext['fx'], opts: { approved?: boolean; bank?: boolean; person?: Person } = {}): Promise<string> {
  const person = opts.person ?? (await fx.people.create());
  const yesterday = dateInZone(new Date(Date.now() - 86_400_000), fx.t.ctx.config.timeZone);
  const admin = auth(fx.admin.token);
  if (opts.bank) {
    // Present from the 1st to yesterday, so the last month pays something to put in a bank file.
    const days: string[] = [];
    for (let d = `${yesterday.slice(0, 8)}01`; d <= yesterday; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) days.push(d);
    await fx.t.ctx.database.db.insertInto('attendance').values(days.map((date) => ({ user_id: person.id, date, status: 'P', punch_in: `${date}T04:00:00.000Z`, punch_out: `${date}T12:00:00.000Z` }))).execute();
    await fx.t.app.inject({ method: 'PUT', url: `/api/employee/edit/${person.id}`, headers: admin, payload: { name: person.name, email: person.email, statutory: { bankAccount: '50100123456789', ifsc: 'HDFC0001234' } } });
  }
  const exit = await fx.t.app.inject({ method: 'POST', url: `/api/employees/${person.id}/exit`, headers: admin, payload: { kind: 'resignation', noticeGivenOn: yesterday, noticePeriodDays: 0, lastWorkingDay: yesterday, reason: 'Moving cities' } });
  // A deactivated person (a broken-token case) cannot leave: their request is refused before it matters.
  if (exit.statusCode === 200 && opts.approved) await fx.t.app.inject({ method: 'POST', url: `/api/employees/${person.id}/final-settlement/approve`, headers: admin });
  return String(person.id);
}

/** A kept import report with one failed row, by the fixture's admin. */
/** A stored company logo (idempotent), for the logo routes' successful cases. */
async function insertLogo(fx: CallContext['fx']): Promise<void> {
  const content = sampleLogo();
  await fx.t.ctx.database.db
    .insertInto('company_logo')
    .values({ key: 'logo', content_type: 'image/png', size_bytes: content.length, sha256: 'test', content, updated_by: fx.admin.id, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

async function insertImportReport(fx: CallContext['fx']): Promise<string> {
  const rows = JSON.stringify([{ row: 2, employeeId: null, result: 'failed', error: 'invalid email', values: { email: 'x@' } }]);
  const row = await fx.t.ctx.database.db
    .insertInto('import_reports')
    .values({ kind: 'employees', actor_id: fx.admin.id, file_name: 'f.csv', mode: 'add', added: 0, updated: 0, unchanged: 0, failed: 1, rows_json: rows, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
const json = (res: LightMyRequestResponse) => res.json() as unknown;
const ids = (res: LightMyRequestResponse) => (res.json() as { _id: string }[]).map((r) => r._id);

/** How to make each route's allowed caller succeed: valid bodies, real ids, fresh rows where a call consumes them. */
let versionDay = 0;
const RECIPES: Record<string, Recipe> = {
  'GET /api/openapi.json': { ok: 200, build: () => ({ url: '/api/openapi.json', check: (r) => expect(r.json()).toHaveProperty('openapi') }) },
  'GET /api/docs': { ok: 200, build: () => ({ url: '/api/docs' }) },
  'GET /api/docs/static/index.html': { ok: 302, build: () => ({ url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': { ok: 200, build: () => ({ url: '/api/docs/static/swagger-initializer.js' }) },
  'GET /api/docs/json': { ok: 200, build: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { ok: 200, build: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/*': { ok: 200, build: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/health': { ok: 200, build: () => ({ url: '/api/health', check: (r) => expect(json(r)).toEqual({ status: 'ok' }) }) },

  'POST /api/auth/admin-login': {
    ok: 200,
    build: ({ fx }) => ({ url: '/api/auth/admin-login', payload: { email: fx.admin.email, password: fx.admin.password }, check: (r) => expect(r.json()).toMatchObject({ role: 'admin' }) }),
  },
  'POST /api/auth/employee-login': {
    ok: 200,
    build: ({ fx }) => ({ url: '/api/auth/employee-login', payload: { email: fx.a.email, password: fx.a.password }, check: (r) => expect(r.json()).toMatchObject({ role: 'employee' }) }),
  },
  'POST /api/auth/forgot-password': { ok: 200, build: ({ fx }) => ({ url: '/api/auth/forgot-password', payload: { email: fx.a.email } }) },
  'POST /api/auth/set-password': {
    ok: 200,
    build: async ({ fx }) => {
      const someone = await fx.people.create();
      const token = await issuePasswordToken(fx.t.ctx.database.db, someone.id, 'reset', new Date());
      return { url: '/api/auth/set-password', payload: { token, password: 'a-new-password-9' } };
    },
  },
  'POST /api/auth/logout': { ok: 200, fresh: true, build: () => ({ url: '/api/auth/logout' }) },
  'POST /api/auth/confirm-email': {
    ok: 200,
    build: async ({ fx }) => {
      const someone = await fx.people.create();
      const { confirm: token } = await fx.t.ctx.database.db.transaction().execute((trx) => requestEmailChange(trx, someone.id, someone.email, `confirmed.${fx.seq()}@security.test`, new Date()));
      return { url: '/api/auth/confirm-email', payload: { token } };
    },
  },
  'POST /api/auth/cancel-email-change': {
    ok: 200,
    build: async ({ fx }) => {
      const someone = await fx.people.create();
      const { cancel: token } = await fx.t.ctx.database.db.transaction().execute((trx) => requestEmailChange(trx, someone.id, someone.email, `cancelled.${fx.seq()}@security.test`, new Date()));
      return { url: '/api/auth/cancel-email-change', payload: { token } };
    },
  },
  'POST /api/auth/logout-everywhere': { ok: 200, fresh: true, endsAccountSessions: true, build: () => ({ url: '/api/auth/logout-everywhere' }) },
  'PUT /api/auth/change-password': {
    ok: 200,
    fresh: true,
    // An admin's change ends the fixture admin's other sessions: the admin case gets an admin of its own.
    endsAccountSessions: true,
    build: ({ who }) => ({ url: '/api/auth/change-password', payload: { oldPassword: who.password, newPassword: 'changed-password-2' } }),
  },

  'POST /api/employee': {
    ok: 200,
    build: ({ fx }) => ({ url: '/api/employee', payload: { name: 'New Hire', email: `new.hire.${fx.seq()}@security.test`, position: 'Analyst', salary: 45000.5 } }),
  },
  'POST /api/employee/upload': {
    ok: 200,
    build: ({ fx }) => {
      const { payload, headers } = csvFile(`name,email,position,salary\nUp Loaded,uploaded.${fx.seq()}@security.test,Dev,1000\n`);
      return { url: '/api/employee/upload', payload, headers, check: (r) => expect(r.json()).toMatchObject({ msg: 'Added 1 of 1 employees', errors: [] }) };
    },
  },
  'GET /api/employee/upload/template': { ok: 200, build: () => ({ url: '/api/employee/upload/template?format=csv', check: (r) => expect(r.body).toMatch(/employeeId,name,email/) }) },
  'POST /api/employee/invitations': { ok: 200, build: () => ({ url: '/api/employee/invitations', check: (r) => expect(r.json()).toHaveProperty('count') }) },
  'GET /api/employee/invitations': { ok: 200, build: () => ({ url: '/api/employee/invitations', check: (r) => expect(r.json()).toHaveProperty('held') }) },
  'GET /api/company/departments': { ok: 200, build: () => ({ url: '/api/company/departments' }) },
  'POST /api/company/departments': { ok: 200, build: ({ fx }) => ({ url: '/api/company/departments', payload: { name: `Dept ${fx.seq()}` } }) },
  'DELETE /api/company/departments/:id': {
    ok: 200,
    build: async ({ fx, target }) => {
      if (target === 'missing') return { url: `/api/company/departments/${MISSING_ID}` };
      const row = await fx.t.ctx.database.db.insertInto('departments').values({ name: `Gone ${fx.seq()}`, head_user_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
      return { url: `/api/company/departments/${row.id}` };
    },
  },
  'GET /api/company/locations': { ok: 200, build: () => ({ url: '/api/company/locations' }) },
  'POST /api/company/locations': { ok: 200, build: ({ fx }) => ({ url: '/api/company/locations', payload: { name: `Office ${fx.seq()}`, state: 'KA' } }) },
  'GET /api/company/go-live': { ok: 200, build: () => ({ url: '/api/company/go-live', check: (r) => expect(r.json()).toHaveProperty('payBasis') }) },
  'PUT /api/company/go-live': { ok: 200, build: () => ({ url: '/api/company/go-live', payload: { goLiveDate: '2026-11-26', payBasis: 'attendance', inviteOnImport: 'now' } }) },
  'GET /api/company/profile': { ok: 200, build: () => ({ url: '/api/company/profile', check: (r) => expect(r.json()).toHaveProperty('legalName') }) },
  'PUT /api/company/profile': { ok: 200, build: () => ({ url: '/api/company/profile', payload: { legalName: 'Acme Analytics India Private Limited', tan: 'BLRA12345B' } }) },
  'GET /api/company/logo': { ok: 200, build: async ({ fx }) => (await insertLogo(fx), { url: '/api/company/logo' }) },
  'PUT /api/company/logo': { ok: 200, build: () => ({ url: '/api/company/logo', ...multipart([{ name: 'file', filename: 'logo.png', content: sampleLogo(), contentType: 'image/png' }]) }) },
  'DELETE /api/company/logo': { ok: 200, build: async ({ fx }) => (await insertLogo(fx), { url: '/api/company/logo' }) },
  'GET /api/company/leaver-access': { ok: 200, build: () => ({ url: '/api/company/leaver-access', check: (r) => expect(r.json()).toEqual({ month: 6, day: 15 }) }) },
  'PUT /api/company/leaver-access': { ok: 200, build: () => ({ url: '/api/company/leaver-access', payload: { month: 6, day: 15 } }) },
  'GET /api/company/imports': { ok: 200, build: () => ({ url: '/api/company/imports' }) },
  'GET /api/company/imports/:id': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/company/imports/${target === 'missing' ? MISSING_ID : await insertImportReport(fx)}` }) },
  'GET /api/company/imports/:id/failed': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/company/imports/${target === 'missing' ? MISSING_ID : await insertImportReport(fx)}/failed` }) },
  'GET /api/employee': { ok: 200, build: ({ fx }) => ({ url: '/api/employee', check: (r) => expect(ids(r)).toContain(String(fx.b.id)) }) },
  'GET /api/employee/me': { ok: 200, build: ({ who }) => ({ url: '/api/employee/me', check: (r) => expect(r.json()).toMatchObject({ _id: String(who.id) }) }) },
  'GET /api/employee/me/access': { ok: 200, build: () => ({ url: '/api/employee/me/access', check: (r) => expect(r.json()).toHaveProperty('scope') }) },
  'GET /api/employee/current': { ok: 200, build: ({ who }) => ({ url: '/api/employee/current', check: (r) => expect(r.json()).toMatchObject({ _id: String(who.id) }) }) },
  'GET /api/employee/:id': {
    ok: 200,
    build: ({ target }) => ({
      url: `/api/employee/${target === 'missing' ? MISSING_ID : target.id}`,
      check: (r) => expect(r.json()).toMatchObject({ _id: String((target as Person).id) }),
    }),
  },
  'PUT /api/employee/edit/:id': {
    ok: 200,
    build: ({ who, target }) => {
      const id = target === 'missing' ? MISSING_ID : target.id;
      const email = target === 'missing' ? 'nobody@security.test' : target.email;
      // Admins send all four fields; an employee only name and email (position/salary from them is a 403).
      const payload = who.role === 'admin' ? { name: 'Edited Name', email, position: 'Lead', salary: 70000 } : { name: 'Edited Name', email };
      return { url: `/api/employee/edit/${id}`, payload };
    },
  },
  'DELETE /api/employee/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/employee/${target === 'missing' ? MISSING_ID : (await fx.people.create()).id}` }),
  },
  'GET /api/audit': { ok: 200, build: () => ({ url: '/api/audit' }) },
  'GET /api/audit/facets': { ok: 200, build: () => ({ url: '/api/audit/facets', check: (r) => expect(r.json()).toHaveProperty('actions') }) },
  'GET /api/audit/export': { ok: 200, build: () => ({ url: '/api/audit/export?action=employee.create', check: (r) => expect(r.body).toContain('When (') }) },
  'GET /api/admins': { ok: 200, build: ({ fx }) => ({ url: '/api/admins', check: (r) => expect(ids(r)).toContain(String(fx.admin.id)) }) },
  'POST /api/admins': {
    ok: 201,
    build: ({ fx }) => ({ url: '/api/admins', payload: { email: `second.admin.${fx.seq()}@security.test`, name: 'Second Admin' } }),
  },
  'PUT /api/admins/:id/deactivate': {
    ok: 200,
    // A fresh admin each time, so the fixture's admin is never the one deactivated.
    build: async ({ fx, target }) => ({ url: `/api/admins/${target === 'missing' ? MISSING_ID : (await fx.people.create('admin')).id}/deactivate` }),
  },

  'POST /api/attendance/punch-in': { ok: 200, fresh: true, build: () => ({ url: '/api/attendance/punch-in' }) },
  'POST /api/attendance/punch-out': {
    ok: 200,
    fresh: true,
    build: async ({ fx, who }) => {
      if (who.role === 'employee') {
        await fx.t.ctx.database.db.insertInto('attendance').values({ user_id: who.id, date: fx.today, status: 'P', punch_in: new Date().toISOString(), punch_out: null }).execute();
      }
      return { url: '/api/attendance/punch-out' };
    },
  },
  'GET /api/attendance/employee': {
    ok: 200,
    build: ({ fx }) => ({
      url: '/api/attendance/employee',
      check: (r) => {
        expect(ids(r)).toContain(fx.rows.attendance.a);
        expect(ids(r)).not.toContain(fx.rows.attendance.b);
      },
    }),
  },
  'GET /api/attendance': { ok: 200, build: ({ fx }) => ({ url: '/api/attendance', check: (r) => expect(ids(r)).toEqual(expect.arrayContaining([fx.rows.attendance.a, fx.rows.attendance.b])) }) },
  'GET /api/attendance/summary': { ok: 200, build: () => ({ url: '/api/attendance/summary?days=7' }) },
  'GET /api/attendance/absent-today': { ok: 200, build: () => ({ url: '/api/attendance/absent-today?q=a' }) },
  'GET /api/attendance/page': {
    ok: 200,
    build: ({ fx }) => ({ url: '/api/attendance/page?limit=500', check: (r) => expect(r.json().records.map((x: { _id: string }) => x._id)).toEqual(expect.arrayContaining([fx.rows.attendance.a, fx.rows.attendance.b])) }),
  },
  'GET /api/attendance/download': {
    ok: 200,
    build: ({ fx }) => ({ url: `/api/attendance/download?startDate=2024-01-01&endDate=${fx.today}`, check: (r) => expect(r.headers['content-type']).toMatch(/text\/csv/) }),
  },
  'GET /api/attendance/register': { ok: 200, build: ({ fx }) => ({ url: `/api/attendance/register?month=${fx.today.slice(0, 7)}`, check: (r) => expect(r.json()).toHaveProperty('rows') }) },
  'GET /api/attendance/register/download': {
    ok: 200,
    build: ({ fx }) => ({ url: `/api/attendance/register/download?month=${fx.today.slice(0, 7)}&format=csv`, check: (r) => expect(r.headers['content-type']).toMatch(/text\/csv/) }),
  },

  'POST /api/attendance/corrections': {
    ok: 201,
    // A day of its own per call (one live correction per day), all in the past.
    build: ({ fx }) => ({
      url: '/api/attendance/corrections',
      payload: { date: dayAfter('2025-01-01', fx.seq()), inTime: '09:30', outTime: '18:00', kind: 'missed-punch-out', reason: 'Forgot to punch out' },
    }),
  },
  'GET /api/attendance/corrections/me': {
    ok: 200,
    build: async ({ fx }) => {
      const [a, b] = await Promise.all([insertCorrection(fx, fx.a.id), insertCorrection(fx, fx.b.id)]);
      return {
        url: '/api/attendance/corrections/me',
        check: (r) => {
          expect(ids(r)).toContain(a);
          expect(ids(r)).not.toContain(b);
        },
      };
    },
  },
  'GET /api/attendance/corrections': {
    ok: 200,
    build: async ({ fx }) => {
      const [a, b] = await Promise.all([insertCorrection(fx, fx.a.id), insertCorrection(fx, fx.b.id)]);
      return { url: '/api/attendance/corrections?status=pending', check: (r) => expect(ids(r)).toEqual(expect.arrayContaining([a, b])) };
    },
  },
  'PUT /api/attendance/corrections/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/attendance/corrections/${target === 'missing' ? MISSING_ID : await insertCorrection(fx, target.id)}`,
      payload: { status: 'approved' },
    }),
  },

  'POST /api/leave': {
    ok: 201,
    build: ({ fx }) => {
      // A Monday (6 January 2031 and the weeks after): a working day, one request a week, within the balance.
      const start = new Date(Date.UTC(2031, 0, 6) + fx.seq() * 7 * 86_400_000).toISOString().slice(0, 10);
      return { url: '/api/leave', payload: { startDate: start, endDate: start, reason: 'Family event' } };
    },
  },
  'GET /api/leave': {
    ok: 200,
    build: ({ fx, who }) => ({
      url: '/api/leave',
      check: (r) => {
        if (who.role === 'admin') return expect(ids(r)).toEqual(expect.arrayContaining([fx.rows.leave.a, fx.rows.leave.b]));
        expect(ids(r)).toContain(fx.rows.leave.a);
        expect(ids(r)).not.toContain(fx.rows.leave.b);
      },
    }),
  },
  'PUT /api/leave/approve/:id': {
    ok: 200,
    build: async ({ fx, target }) => {
      const id = target === 'missing' ? MISSING_ID : String(await insertLeave(fx, target.id, '2030-06-01'));
      return { url: `/api/leave/approve/${id}`, payload: { status: 'approved' } };
    },
  },
  'PUT /api/leave/cancel/:id': {
    ok: 200,
    // The requester withdraws a pending request; an admin cancels approved leave, with a reason.
    build: async ({ fx, who, target }) => {
      if (target === 'missing') return { url: `/api/leave/cancel/${MISSING_ID}`, payload: { reason: 'Plans changed' } };
      const id = await insertLeave(fx, target.id, dayAfter('2031-06-01', fx.seq()), who.role === 'admin' ? 'approved' : 'pending');
      return { url: `/api/leave/cancel/${id}`, payload: { reason: 'Plans changed' } };
    },
  },

  'GET /api/team/summary': { ok: 200, build: () => ({ url: '/api/team/summary', check: (r) => expect(r.json()).toHaveProperty('waiting') }) },
  'GET /api/team/attendance': { ok: 200, build: () => ({ url: '/api/team/attendance', check: (r) => expect(r.json()).toHaveProperty('members') }) },
  'GET /api/team/whos-off': { ok: 200, build: () => ({ url: '/api/team/whos-off?from=2029-01-01&to=2029-01-07', check: (r) => expect(r.json()).toHaveProperty('leaves') }) },
  'GET /api/team/leave-balances': { ok: 200, build: () => ({ url: '/api/team/leave-balances' }) },
  'GET /api/team/stand-ins': { ok: 200, build: () => ({ url: '/api/team/stand-ins' }) },
  'GET /api/team/stand-in-candidates': { ok: 200, build: () => ({ url: '/api/team/stand-in-candidates' }) },
  // a's own manager: among the people a may name (a stranger is refused with 400).
  'POST /api/team/stand-ins': { ok: 201, build: ({ fx }) => ({ url: '/api/team/stand-ins', payload: { standInId: String(fx.m1.id), from: '2030-01-01', to: '2030-01-10' } }) },
  'DELETE /api/team/stand-ins/:id': {
    ok: 200,
    build: async ({ fx, who, target }) => {
      if (target === 'missing') return { url: `/api/team/stand-ins/${MISSING_ID}` };
      const row = await fx.t.ctx.database.db
        .insertInto('approval_stand_ins')
        .values({ manager_id: who.id, stand_in_id: fx.b.id, from_date: '2030-01-01', to_date: '2030-01-02', created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/team/stand-ins/${row.id}` };
    },
  },
  'GET /api/approval-settings': { ok: 200, build: () => ({ url: '/api/approval-settings', check: (r) => expect(r.json()).toEqual({ skipLevel: false, escalateAfterDays: 3 }) }) },
  'PUT /api/approval-settings': { ok: 200, build: () => ({ url: '/api/approval-settings', payload: { skipLevel: false, escalateAfterDays: 3 } }) },
  'GET /api/notifications': { ok: 200, build: () => ({ url: '/api/notifications', check: (r) => expect(r.json()).toHaveProperty('unread') }) },
  'PUT /api/notifications/read': { ok: 200, build: () => ({ url: '/api/notifications/read', payload: {}, check: (r) => expect(r.json()).toMatchObject({ unread: 0 }) }) },
  'GET /api/notifications/preferences': { ok: 200, build: () => ({ url: '/api/notifications/preferences', check: (r) => expect(r.json()).toEqual({ digest: false }) }) },
  'PUT /api/notifications/preferences': { ok: 200, build: () => ({ url: '/api/notifications/preferences', payload: { digest: false } }) },

  'POST /api/task/assign': {
    ok: 201,
    build: ({ fx }) => ({ url: '/api/task/assign', payload: { employeeId: fx.b.employeeId!, title: 'Write the report', description: 'Quarterly numbers' } }),
  },
  'GET /api/task': {
    ok: 200,
    build: ({ fx, who }) => ({
      url: '/api/task',
      check: (r) => {
        if (who.role === 'admin') return expect(ids(r)).toEqual(expect.arrayContaining([fx.rows.task.a, fx.rows.task.b]));
        expect(ids(r)).toContain(fx.rows.task.a);
        expect(ids(r)).not.toContain(fx.rows.task.b);
      },
    }),
  },
  'PUT /api/task/:id': {
    ok: 200,
    build: async ({ fx, target }) => {
      const id = target === 'missing' ? MISSING_ID : String(await insertTask(fx, target.id));
      return { url: `/api/task/${id}`, payload: { status: 'in-progress' } };
    },
  },
  'PUT /api/task/edit/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/task/edit/${target === 'missing' ? MISSING_ID : await insertTask(fx, fx.a.id)}`,
      payload: { employeeId: fx.a.employeeId, title: 'Edited', description: 'Edited task', priority: 'high' },
    }),
  },
  'DELETE /api/task/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/task/${target === 'missing' ? MISSING_ID : await insertTask(fx, fx.a.id)}` }),
  },

  'GET /api/salary/slip/:employeeId/:month': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/salary/slip/${target === 'missing' ? 'EMP99999' : target.employeeId}/${await slipMonth(fx)}`,
      check: (r) => expect(r.headers['content-type']).toMatch(/spreadsheetml/),
    }),
  },
  'GET /api/salary/generate': {
    ok: 200,
    build: async ({ fx }) => ({ url: `/api/salary/generate?month=${await slipMonth(fx)}`, check: (r) => expect(r.headers['content-type']).toMatch(/spreadsheetml/) }),
  },
  'GET /api/salary/slips/:employeeId': {
    ok: 200,
    build: async ({ fx, target }) => {
      await slipMonth(fx);
      return { url: `/api/salary/slips/${target === 'missing' ? 'EMP99999' : target.employeeId}`, check: (r) => expect(r.json()).toHaveProperty('slips') };
    },
  },
  'POST /api/salary/email': {
    ok: 200,
    build: async ({ fx }) => {
      await slipMonth(fx);
      return { url: '/api/salary/email', payload: { employeeId: fx.b.employeeId!, month: 'March', year: 2025 } };
    },
  },
  // Exits and settlements: every admin case acts on a fresh person, so a and b stay current.
  'GET /api/employees/:id/exit': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/employees/${target === 'missing' ? MISSING_ID : await withExit(fx)}/exit`, check: (r) => expect(r.json()).toHaveProperty('kind', 'resignation') }) },
  'POST /api/employees/:id/exit': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/employees/${target === 'missing' ? MISSING_ID : (await fx.people.create()).id}/exit`,
      payload: { kind: 'resignation', noticeGivenOn: fx.today, noticePeriodDays: 30, lastWorkingDay: fx.today, reason: 'Moving cities' },
    }),
  },
  'DELETE /api/employees/:id/exit': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/employees/${target === 'missing' ? MISSING_ID : await withExit(fx)}/exit` }) },
  'GET /api/employees/:id/final-settlement': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/employees/${target === 'missing' ? MISSING_ID : await withExit(fx)}/final-settlement`, check: (r) => expect(r.json()).toHaveProperty('state', 'draft') }) },
  'PUT /api/employees/:id/final-settlement': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/employees/${target === 'missing' ? MISSING_ID : await withExit(fx)}/final-settlement`, payload: { otherRecoveries: 1000, recoveriesNote: 'Advance' } }),
  },
  'POST /api/employees/:id/final-settlement/approve': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/employees/${target === 'missing' ? MISSING_ID : await withExit(fx)}/final-settlement/approve` }) },
  'POST /api/employees/:id/final-settlement/batch': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/employees/${target === 'missing' ? MISSING_ID : await withExit(fx, { approved: true, bank: true })}/final-settlement/batch` }),
  },
  'GET /api/employees/:id/final-settlement/pdf': {
    ok: 200,
    fresh: true,
    // The leaver's own (a fresh employee with an approved settlement) or, for an admin, a fresh leaver's;
    // reaching for anyone else's names them without changing them.
    build: async ({ fx, who, target }) => {
      const id = target === 'missing' ? MISSING_ID : who.role === 'admin' ? await withExit(fx, { approved: true }) : target.id === who.id ? await withExit(fx, { approved: true, person: who }) : target.id;
      return { url: `/api/employees/${id}/final-settlement/pdf` };
    },
  },
  'GET /api/final-settlements': { ok: 200, build: () => ({ url: '/api/final-settlements?which=all' }) },
  'GET /api/final-settlements/mine': { ok: 200, build: () => ({ url: '/api/final-settlements/mine', check: (r) => expect(r.json()).toHaveProperty('state') }) },
  'GET /api/salary/history/:id': {
    ok: 200,
    build: ({ fx, target }) => ({ url: `/api/salary/history/${target === 'missing' ? MISSING_ID : fx.b.id}`, check: (r) => expect(r.json()).toHaveProperty('revisions') }),
  },
  'PUT /api/salary/history/:id/structure-override': {
    ok: 200,
    // b is put on a structure first, from a day after every month the matrix approves; each call sets HRA anew.
    build: async ({ fx, target }) => {
      if (target !== 'missing') {
        const assigned = await fx.t.app.inject({ method: 'POST', url: `/api/salary/structures/${await insertStructure(fx)}/assign`, headers: auth(fx.admin.token), payload: { employeeIds: [String(fx.b.id)], effectiveFrom: '2099-01-01' } });
        expect(assigned.statusCode).toBe(200);
      }
      return {
        url: `/api/salary/history/${target === 'missing' ? MISSING_ID : fx.b.id}/structure-override`,
        payload: { component: 'hra', hraPercentOfBasic: 60, effectiveFrom: '2099-01-01' },
        check: (r) => expect(r.json().revisions[0].structure.override).toBe('HRA 60% of Basic'),
      };
    },
  },
  'POST /api/salary/email-all': {
    ok: 202,
    // A month of its own per call: a second run of a month still running is a 409.
    build: ({ fx }) => ({ url: '/api/salary/email-all', payload: { month: (fx.seq() % 12) + 1, year: 2024 } }),
  },
  'GET /api/salary/register/:month': { ok: 200, build: () => ({ url: '/api/salary/register/2025-03', check: (r) => expect(r.json()).toHaveProperty('totals') }) },
  'GET /api/salary/register/:month/approval': { ok: 200, build: () => ({ url: '/api/salary/register/2025-05/approval', check: (r) => expect(r.json()).toHaveProperty('approved', false) }) },
  'GET /api/salary/register/:month/rerun-preview': {
    ok: 200,
    build: async ({ fx }) => ({ url: `/api/salary/register/${await paymentMonth(fx)}/rerun-preview`, check: (r) => expect(r.json()).toHaveProperty('previewHash') }),
  },
  'GET /api/salary/register/:month/rule-arrears': { ok: 200, build: () => ({ url: '/api/salary/register/2025-03/rule-arrears', check: (r) => expect(r.json()).toHaveProperty('ruleArrears') }) },
  'POST /api/salary/register/:month/rule-arrears': {
    ok: 200,
    build: async ({ fx }) => ({ url: `/api/salary/register/${await ruleArrearsOpenMonth(fx)}/rule-arrears`, payload: { reason: 'PF ceiling correction', employeeShare: 'employer' } }),
  },
  'POST /api/salary/register/:month/release': {
    ok: 202,
    build: async ({ fx }) => {
      // Slips held until release (March 2025 is released already, so its downloads stay open), and this month's bank file paid.
      await savePayrollSettings(fx.t.ctx, fx.admin.id, { slipRelease: 'release' });
      const month = await paymentMonth(fx);
      await insertBatch(fx, month, 'paid');
      return { url: `/api/salary/register/${month}/release` };
    },
  },
  'GET /api/salary/payments/:month': { ok: 200, build: () => ({ url: '/api/salary/payments/2025-03', check: (r) => expect(r.json()).toHaveProperty('batches') }) },
  'POST /api/salary/payments/:month/batches': { ok: 201, build: async ({ fx }) => ({ url: `/api/salary/payments/${await payableMonth(fx)}/batches` }) },
  'GET /api/salary/payments/batches/:id/file': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/salary/payments/batches/${target === 'missing' ? MISSING_ID : await insertBatch(fx, await paymentMonth(fx), 'created')}/file` }),
  },
  'POST /api/salary/payments/batches/:id/paid': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/salary/payments/batches/${target === 'missing' ? MISSING_ID : await insertBatch(fx, await paymentMonth(fx), 'created')}/paid`,
      payload: { paidOn: dateInZone(new Date(), fx.t.ctx.config.timeZone), bankReference: 'UTR0001' },
    }),
  },
  'POST /api/salary/payments/batches/:id/returned': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/salary/payments/batches/${target === 'missing' ? MISSING_ID : await insertBatch(fx, await paymentMonth(fx), 'paid')}/returned`,
      payload: { employeeIds: [fx.b.employeeId], reason: 'Account closed' },
    }),
  },
  // A month of its own per call: an approved month is locked.
  'POST /api/salary/register/:month/approve': { ok: 202, build: ({ fx }) => ({ url: `/api/salary/register/2022-${String((fx.seq() % 12) + 1).padStart(2, '0')}/approve` }) },
  'POST /api/salary/register/:month/rerun': {
    ok: 202,
    build: async ({ fx }) => ({ url: `/api/salary/register/${await lockedMonth(fx)}/rerun`, payload: { reason: 'Authorization matrix re-run' } }),
  },
  'GET /api/salary/files/:month/:kind': {
    ok: 200,
    build: async ({ fx }) => ({ url: `/api/salary/files/${await approvedMonth(fx)}/pt`, check: (r) => expect(r.headers['content-type']).toMatch(/text\/csv/) }),
  },
  'GET /api/salary/structures': { ok: 200, build: () => ({ url: '/api/salary/structures', check: (r) => expect(r.json()).toHaveProperty('structures') }) },
  'POST /api/salary/structures': {
    ok: 201,
    build: ({ fx }) => ({ url: '/api/salary/structures', payload: { name: `Matrix structure ${fx.seq()}`, basicPercentOfGross: 45, hraPercentOfBasic: 50 } }),
  },
  'PUT /api/salary/structures/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/salary/structures/${target === 'missing' ? MISSING_ID : await insertStructure(fx)}`,
      payload: { name: `Matrix structure ${fx.seq()}`, basicPercentOfGross: 40, hraPercentOfBasic: 40, fixedAllowances: [{ name: 'Conveyance', monthly: 1600 }] },
    }),
  },
  'POST /api/salary/structures/:id/assign': {
    ok: 200,
    // A day after every month the matrix approves.
    build: async ({ fx, target }) => ({
      url: `/api/salary/structures/${target === 'missing' ? MISSING_ID : await insertStructure(fx)}/assign`,
      payload: { employeeIds: [String(fx.b.id)], effectiveFrom: '2099-01-01' },
    }),
  },
  'GET /api/salary/settings': { ok: 200, build: () => ({ url: '/api/salary/settings', check: (r) => expect(r.json()).toHaveProperty('slipEmailAttachXlsx') }) },
  'PUT /api/salary/settings': { ok: 200, build: () => ({ url: '/api/salary/settings', payload: { slipEmailAttachXlsx: false } }) },
  'POST /api/salary/settings/bank-preview': {
    ok: 200,
    build: () => ({ url: '/api/salary/settings/bank-preview', payload: { bankFormat: { ...READY_BANK_FORMATS.find((r) => r.format.layout === 'fixed')!.format, debitAccount: '566800100012345' } }, check: (r) => expect(r.json()).toHaveProperty('lines') }),
  },
  'GET /api/statutory-rules': { ok: 200, build: () => ({ url: '/api/statutory-rules?month=2026-10', check: (r) => expect(r.json().rules.length).toBeGreaterThan(0) }) },
  'POST /api/statutory-rules/versions': {
    ok: 200,
    // A new first day each time: one version per rule and day.
    build: () => ({ url: '/api/statutory-rules/versions', payload: { key: 'pf.adminMinimum', effectiveFrom: `2030-01-${String(++versionDay).padStart(2, '0')}`, value: 500, source: 'S.O. 1(E) of 1 Jan 2030' } }),
  },
  'PUT /api/statutory-rules/settings': { ok: 200, build: () => ({ url: '/api/statutory-rules/settings', payload: { pfCeilingReading: 'day-weighted', eps58Month: 'proportionate', epsUntil60: false } }) },
  'GET /api/salary/pay-rules': { ok: 200, build: () => ({ url: '/api/salary/pay-rules', check: (r) => expect(r.json()).toHaveProperty('halfDayPay') }) },
  'PUT /api/salary/pay-rules': { ok: 200, build: () => ({ url: '/api/salary/pay-rules', payload: { halfDayPay: 'half', esiWages: 'gross' } }) },
  'GET /api/salary/runs': { ok: 200, build: () => ({ url: '/api/salary/runs' }) },
  'GET /api/salary/runs/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/salary/runs/${target === 'missing' ? MISSING_ID : await insertRun(fx)}` }),
  },
  'POST /api/salary/runs/:id/retry': {
    ok: 202,
    build: async ({ fx, target }) => ({ url: `/api/salary/runs/${target === 'missing' ? MISSING_ID : await insertRun(fx)}/retry` }),
  },

  'GET /api/dashboard/summary': { ok: 200, build: () => ({ url: '/api/dashboard/summary', check: (r) => expect(r.json()).toHaveProperty('activeEmployees') }) },
  'GET /api/dashboard/me': { ok: 200, build: () => ({ url: '/api/dashboard/me', check: (r) => expect(r.json()).toHaveProperty('openTasks') }) },

  'GET /api/leave-types': { ok: 200, build: () => ({ url: '/api/leave-types', check: (r) => expect(r.json()).toHaveLength(4) }) }, // Casual, Sick, Earned and Leave Without Pay
  'POST /api/leave-types': { ok: 201, build: ({ fx }) => ({ url: '/api/leave-types', payload: { ...LEAVE_TYPE, name: `Special ${fx.seq()}` } }) },
  'PUT /api/leave-types/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/leave-types/${target === 'missing' ? MISSING_ID : (await fx.t.ctx.database.db.selectFrom('leave_types').select('id').where('name', '=', 'Sick').executeTakeFirstOrThrow()).id}`,
      payload: { ...LEAVE_TYPE, name: 'Sick' },
    }),
  },
  'GET /api/holidays': { ok: 200, build: () => ({ url: '/api/holidays?year=2026' }) },
  'POST /api/holidays': { ok: 201, build: ({ fx }) => ({ url: '/api/holidays', payload: { date: dayAfter('2030-01-01', fx.seq()), name: 'Founders Day' } }) },
  'PUT /api/holidays/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/holidays/${target === 'missing' ? MISSING_ID : await insertHoliday(fx)}`,
      payload: { date: dayAfter('2040-01-01', fx.seq()), name: 'Renamed Day', repeatsYearly: false },
    }),
  },
  'DELETE /api/holidays/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/holidays/${target === 'missing' ? MISSING_ID : await insertHoliday(fx)}` }),
  },
  'GET /api/leave-settings': { ok: 200, build: () => ({ url: '/api/leave-settings', check: (r) => expect(r.json()).toHaveProperty('weeklyOff') }) },
  'PUT /api/leave-settings': { ok: 200, build: () => ({ url: '/api/leave-settings', payload: { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } } }) },
  'GET /api/work-hours': { ok: 200, build: () => ({ url: '/api/work-hours', check: (r) => expect(r.json()).toHaveProperty('shift.graceMinutes') }) },
  'PUT /api/work-hours': {
    ok: 200,
    build: () => ({ url: '/api/work-hours', payload: { shift: { start: '09:30', end: '18:30', graceMinutes: 15 }, lateMarkRule: { enabled: false, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 } } }),
  },
  'GET /api/work-hours/employees/:id': {
    ok: 200,
    build: ({ target }) => ({
      url: `/api/work-hours/employees/${target === 'missing' ? MISSING_ID : target.id}`,
      check: (r) => expect(r.json()).toHaveProperty('effective.start'),
    }),
  },
  'PUT /api/work-hours/employees/:id': {
    ok: 200,
    build: ({ target }) => ({ url: `/api/work-hours/employees/${target === 'missing' ? MISSING_ID : target.id}`, payload: { shift: { start: '22:00', end: '06:00', graceMinutes: 10 } } }),
  },
  'GET /api/day-rules': { ok: 200, build: () => ({ url: '/api/day-rules', check: (r) => expect(r.json()).toHaveProperty('overtime.rate') }) },
  'PUT /api/day-rules': {
    ok: 200,
    build: () => ({ url: '/api/day-rules', payload: { fullDayMinutes: null, halfDayMinutes: null, allowBreaks: false, overtime: { enabled: false, normalDayMinutes: 540, normalWeekMinutes: 2880, rate: 2, payable: false } } }),
  },
  'GET /api/punch-policy': { ok: 200, build: () => ({ url: '/api/punch-policy', check: (r) => expect(r.json()).toHaveProperty('rule.webAllowed') }) },
  'PUT /api/punch-policy': { ok: 200, build: () => ({ url: '/api/punch-policy', payload: { rule: { webAllowed: true, geofenceRequired: false, networkRequired: false }, sites: [], networks: [] } }) },
  'GET /api/punch-policy/mine': { ok: 200, build: () => ({ url: '/api/punch-policy/mine', check: (r) => expect(r.json()).toHaveProperty('allowBreaks') }) },
  'GET /api/punch-policy/locations': { ok: 200, build: () => ({ url: '/api/punch-policy/locations', check: (r) => expect(Array.isArray(r.json())).toBe(true) }) },
  'PUT /api/punch-policy/locations/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/punch-policy/locations/${target === 'missing' ? MISSING_ID : await insertLocation(fx)}`,
      payload: { rule: { webAllowed: true, geofenceRequired: false, networkRequired: true } },
    }),
  },
  'GET /api/punch-policy/employees': { ok: 200, build: () => ({ url: '/api/punch-policy/employees' }) },
  'GET /api/punch-policy/employees/:id': {
    ok: 200,
    build: ({ target }) => ({ url: `/api/punch-policy/employees/${target === 'missing' ? MISSING_ID : target.id}`, check: (r) => expect(r.json()).toHaveProperty('effective.webAllowed') }),
  },
  'PUT /api/punch-policy/employees/:id': {
    ok: 200,
    build: ({ target }) => ({ url: `/api/punch-policy/employees/${target === 'missing' ? MISSING_ID : target.id}`, payload: { rule: { webAllowed: true, geofenceRequired: false, networkRequired: false } } }),
  },
  'GET /api/comp-off/mine': { ok: 200, build: () => ({ url: '/api/comp-off/mine', check: (r) => expect(r.json()).toHaveProperty('balance.available') }) },
  'POST /api/comp-off': {
    ok: 201,
    // A Sunday of its own per call, worked by the caller, with comp-off on.
    build: async ({ fx, who }) => ({ url: '/api/comp-off', payload: { workDate: await workedSunday(fx, who.id), reason: 'Release weekend' } }),
  },
  'GET /api/comp-off': {
    ok: 200,
    build: async ({ fx }) => {
      const [a, b] = await Promise.all([insertCompOff(fx, fx.a.id), insertCompOff(fx, fx.b.id)]);
      return { url: '/api/comp-off?status=pending', check: (r) => expect(ids(r)).toEqual(expect.arrayContaining([a, b])) };
    },
  },
  'PUT /api/comp-off/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/comp-off/${target === 'missing' ? MISSING_ID : await insertCompOff(fx, target.id)}`, payload: { status: 'approved' } }),
  },
  'POST /api/comp-off/:id/withdraw': {
    ok: 200,
    // A pending request of its own per call: the caller's, or the one of someone they reach for.
    build: async ({ fx, target }) => ({ url: `/api/comp-off/${target === 'missing' ? MISSING_ID : await insertCompOff(fx, target.id)}/withdraw`, payload: {} }),
  },
  'GET /api/leave-balances/me': { ok: 200, build: () => ({ url: '/api/leave-balances/me', check: (r) => expect(r.json()).toHaveProperty('balances') }) },
  'GET /api/leave-balances': { ok: 200, build: () => ({ url: '/api/leave-balances' }) },
  'POST /api/leave-balances/import': {
    ok: 200,
    build: ({ fx }) => {
      const { payload, headers } = csvFile(`employeeId,leaveType,days,asOf\n${fx.b.employeeId},CL,2,2026-11-26\n`, 'balances.csv');
      return { url: '/api/leave-balances/import?dryRun=true', payload, headers, check: (r) => expect(r.json()).toMatchObject({ dryRun: true, errors: [] }) };
    },
  },
  'GET /api/dashboard/setup': { ok: 200, build: () => ({ url: '/api/dashboard/setup', check: (r) => expect(r.json().steps).toHaveLength(7) }) },
  'POST /api/attendance/import': {
    ok: 200,
    build: ({ fx }) => {
      const { payload, headers } = csvFile(`employeeId,date,status\n${fx.b.employeeId},2026-01-05,P\n`, 'attendance.csv');
      return { url: '/api/attendance/import?dryRun=true', payload, headers, check: (r) => expect(r.json()).toMatchObject({ dryRun: true }) };
    },
  },
  'GET /api/devices': { ok: 200, build: () => ({ url: '/api/devices', check: (r) => expect(Array.isArray(r.json())).toBe(true) }) },
  'POST /api/devices': { ok: 201, build: ({ fx }) => ({ url: '/api/devices', payload: { serialNumber: `MATRIX${fx.seq()}`, name: 'Reception' }, check: (r) => expect(r.json()).toHaveProperty('_id') }) },
  'GET /api/devices/sightings': { ok: 200, build: () => ({ url: '/api/devices/sightings' }) },
  'POST /api/devices/sightings/:serialNumber/accept': {
    ok: 201,
    build: async ({ fx, target }) => ({ url: `/api/devices/sightings/${target === 'missing' ? MISSING_ID : await insertSighting(fx)}/accept` }),
  },
  'GET /api/devices/settings': { ok: 200, build: () => ({ url: '/api/devices/settings', check: (r) => expect(r.json()).toHaveProperty('driftThresholdSeconds') }) },
  'PUT /api/devices/settings': { ok: 200, build: () => ({ url: '/api/devices/settings', payload: { driftThresholdSeconds: 120, maxPunchAgeDays: 45 } }) },
  'PUT /api/devices/:id': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/devices/${target === 'missing' ? MISSING_ID : await insertDevice(fx)}`, payload: { name: 'Gate 2' } }) },
  'DELETE /api/devices/:id': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/devices/${target === 'missing' ? MISSING_ID : await insertDevice(fx)}` }) },
  'POST /api/devices/:id/clock-correction': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/devices/${target === 'missing' ? MISSING_ID : await insertDevice(fx)}/clock-correction`, payload: { from: '2026-01-01', to: '2026-01-31', seconds: -60, reason: 'Clock ran fast' } }),
  },
  'GET /api/attendance/punches': { ok: 200, build: () => ({ url: '/api/attendance/punches?limit=10', check: (r) => expect(r.json()).toHaveProperty('total') }) },
  'GET /api/attendance/punches/download': { ok: 200, build: () => ({ url: '/api/attendance/punches/download', check: (r) => expect(r.headers['content-type']).toMatch(/text\/csv/) }) },
  'POST /api/attendance/punches/import': {
    ok: 200,
    build: ({ fx }) => {
      const { payload, headers } = csvFile(`employeeId,dateTime\n${fx.b.employeeId},2026-01-05 09:10\n`, 'punches.csv');
      return { url: '/api/attendance/punches/import?dryRun=true', payload, headers, check: (r) => expect(r.json()).toMatchObject({ dryRun: true }) };
    },
  },
  'GET /api/attendance/punches/unmapped': { ok: 200, build: () => ({ url: '/api/attendance/punches/unmapped' }) },
  'POST /api/attendance/punches/unmapped/:pin/map': {
    ok: 200,
    build: async ({ fx, target }) => {
      const person = await fx.people.create();
      return { url: `/api/attendance/punches/unmapped/${target === 'missing' ? MISSING_ID : await insertPunch(fx, 'unmapped')}/map`, payload: { employeeId: person.employeeId } };
    },
  },
  'GET /api/attendance/punches/needs-pin': { ok: 200, build: () => ({ url: '/api/attendance/punches/needs-pin' }) },
  'PUT /api/attendance/punches/pins/:id': { ok: 200, build: ({ fx, target }) => ({ url: `/api/attendance/punches/pins/${target === 'missing' ? MISSING_ID : target.id}`, payload: { devicePin: String(700000 + fx.seq()) } }) },
  'POST /api/attendance/punches/held/:id/release': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/attendance/punches/held/${target === 'missing' ? MISSING_ID : await insertPunch(fx, 'quarantined')}/release`, payload: { reason: 'Device was offline' } }) },
  'POST /api/attendance/punches/held/:id/discard': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/attendance/punches/held/${target === 'missing' ? MISSING_ID : await insertPunch(fx, 'quarantined')}/discard`, payload: { reason: 'Clock was wrong' } }) },
  'GET /api/attendance/punches/mine': { ok: 200, build: () => ({ url: '/api/attendance/punches/mine', check: (r) => expect(Array.isArray(r.json())).toBe(true) }) },
  'PUT /api/attendance/day': { ok: 200, build: ({ fx }) => ({ url: '/api/attendance/day', payload: { employeeId: fx.b.employeeId!, date: dayAfter('2026-01-01', fx.seq() % 200), status: 'P', punchIn: '09:30', punchOut: '18:00', reason: 'Matrix check' } }) },
  'POST /api/attendance/bulk': { ok: 200, build: ({ fx }) => ({ url: '/api/attendance/bulk', payload: { employeeIds: [fx.b.employeeId!], from: '2026-02-02', to: '2026-02-03', status: 'P', reason: 'Matrix check' } }) },
  'PUT /api/leave-balances/opening': { ok: 200, build: ({ fx }) => ({ url: '/api/leave-balances/opening', payload: { employeeId: fx.b.employeeId!, leaveType: 'CL', days: 3, asOf: '2026-11-26' } }) },
  'POST /api/leave-balances/adjustments': { ok: 200, build: ({ fx }) => ({ url: '/api/leave-balances/adjustments', payload: { employeeId: fx.b.employeeId!, leaveType: 'CL', days: 1, reason: 'Matrix check' } }) },
  'GET /api/leave-balances/adjustments': { ok: 200, build: ({ fx }) => ({ url: `/api/leave-balances/adjustments?employeeId=${fx.b.employeeId!}` }) },
  'POST /api/holidays/import': {
    ok: 200,
    build: ({ fx }) => ({
      url: '/api/holidays/import',
      payload: `date,name,optional\n${dayAfter('2032-01-01', fx.seq())},Imported Day,no\n`,
      headers: { 'content-type': 'text/csv' },
      check: (r) => expect(r.json()).toEqual({ msg: 'Imported 1 holiday', added: 1, errors: [] }),
    }),
  },
  'GET /api/whos-off': { ok: 200, build: () => ({ url: '/api/whos-off?from=2029-01-01&to=2029-01-07', check: (r) => expect(r.json()).toHaveProperty('leaves') }) },

  'GET /api/tax/me': { ok: 200, build: ({ who }) => ({ url: `/api/tax/me?financialYear=2026-27`, check: (r) => expect(r.json()).toMatchObject({ employeeId: who.employeeId, regime: 'new' }) }) },
  'PUT /api/tax/regime': { ok: 200, build: ({ fx }) => ({ url: '/api/tax/regime', payload: { financialYear: thisYear(fx), regime: 'old' } }) },
  'PUT /api/tax/declarations': { ok: 200, build: ({ fx }) => ({ url: '/api/tax/declarations', payload: { financialYear: thisYear(fx), section: '80C', amount: 150000, details: {} } }) },
  'POST /api/tax/proofs': {
    ok: 201,
    build: ({ fx }) => ({ url: `/api/tax/proofs?financialYear=${thisYear(fx)}&section=80C`, ...multipart([{ name: 'file', filename: 'lic-receipt.pdf', content: PDF_BYTES, contentType: 'application/pdf' }]) }),
  },
  'GET /api/tax/proofs/:id': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/tax/proofs/${target === 'missing' ? MISSING_ID : await insertProof(fx, target.id)}`,
      check: (r) => expect(r.headers['content-type']).toBe('application/pdf'),
    }),
  },
  'DELETE /api/tax/proofs/:id': { ok: 200, build: async ({ fx, target }) => ({ url: `/api/tax/proofs/${target === 'missing' ? MISSING_ID : await insertProof(fx, target.id)}` }) },
  'PUT /api/tax/previous-employment': {
    ok: 200,
    build: ({ fx }) => ({ url: '/api/tax/previous-employment', payload: { financialYear: thisYear(fx), employerName: 'Earlier Ltd', salary: 900000, exemptions: 0, providentFund: 10800, professionalTax: 1200, tds: 75402 } }),
  },
  'GET /api/tax/employees/:id': {
    ok: 200,
    build: ({ target }) => ({ url: `/api/tax/employees/${target === 'missing' ? MISSING_ID : target.id}?financialYear=2026-27`, check: (r) => expect(r.json()).toHaveProperty('declarations') }),
  },
  'PUT /api/tax/employees/:id/regime': {
    ok: 200,
    build: ({ target }) => ({ url: `/api/tax/employees/${target === 'missing' ? MISSING_ID : target.id}/regime`, payload: { financialYear: '2024-25', regime: 'old' } }),
  },
  'PUT /api/tax/employees/:id/previous-employment': {
    ok: 200,
    build: ({ target }) => ({
      url: `/api/tax/employees/${target === 'missing' ? MISSING_ID : target.id}/previous-employment`,
      payload: { financialYear: '2024-25', employerName: 'Earlier Ltd', salary: 500000, exemptions: 0, providentFund: 0, professionalTax: 0, tds: 0 },
    }),
  },
  'GET /api/tax/regimes': {
    ok: 200,
    build: ({ fx }) => ({ url: `/api/tax/regimes?financialYear=2026-27&q=${encodeURIComponent(String(fx.b.employeeId))}`, check: (r) => expect(r.json().rows.map((c: { employeeId: string }) => c.employeeId)).toContain(fx.b.employeeId) }),
  },
  'GET /api/tax/declarations': { ok: 200, build: () => ({ url: '/api/tax/declarations?financialYear=2026-27&offset=0&limit=50', check: (r) => expect(r.json()).toMatchObject({ rows: expect.any(Array), offset: 0, limit: 50 }) }) },
  'PUT /api/tax/declarations/:id/decision': {
    ok: 200,
    build: async ({ fx, target }) => ({ url: `/api/tax/declarations/${target === 'missing' ? MISSING_ID : await insertDeclaration(fx, target.id)}/decision`, payload: { status: 'verified' } }),
  },
  'GET /api/tax/settings': { ok: 200, build: () => ({ url: '/api/tax/settings', check: (r) => expect(r.json()).toHaveProperty('declaredUntilProofWindowCloses') }) },
  'PUT /api/tax/settings': { ok: 200, build: () => ({ url: '/api/tax/settings', payload: { declaredUntilProofWindowCloses: true, years: {} } }) },
  'GET /api/tax/statement/:employeeId/:financialYear': {
    ok: 200,
    build: async ({ fx, target }) => ({
      url: `/api/tax/statement/${target === 'missing' ? 'EMP99999' : (await withApprovedTaxMonth(fx), target.employeeId)}/2023-24`,
      check: (r) => expect(r.headers['content-type']).toBe('application/pdf'),
    }),
  },
  'GET /api/tax/annexure/:financialYear': { ok: 200, build: () => ({ url: '/api/tax/annexure/2023-24', check: (r) => expect(r.headers['content-type']).toMatch(/text\/csv/) }) },
};

/** For each team list: its URL for a manager, and a text only m1's answer (a's row) or only m2's (b's) holds. */
const TEAM_LISTS: Record<string, (fx: Fixture) => Promise<{ url: string; mine: string; theirs: string }>> = {
  'GET /api/leave': async (fx) => ({ url: '/api/leave?scope=team', mine: `"_id":"${fx.rows.leave.a}"`, theirs: `"_id":"${fx.rows.leave.b}"` }),
  'GET /api/attendance/corrections': async (fx) => {
    const [a, b] = [await insertCorrection(fx, fx.a.id), await insertCorrection(fx, fx.b.id)];
    return { url: '/api/attendance/corrections?scope=team', mine: `"_id":"${a}"`, theirs: `"_id":"${b}"` };
  },
  'GET /api/comp-off': async (fx) => {
    const [a, b] = [await insertCompOff(fx, fx.a.id), await insertCompOff(fx, fx.b.id)];
    return { url: '/api/comp-off?scope=team', mine: `"_id":"${a}"`, theirs: `"_id":"${b}"` };
  },
  'GET /api/team/attendance': async (fx) => ({ url: '/api/team/attendance', mine: `"_id":"${fx.a.id}"`, theirs: `"_id":"${fx.b.id}"` }),
  'GET /api/team/leave-balances': async (fx) => ({ url: '/api/team/leave-balances', mine: `"${fx.a.employeeId}"`, theirs: `"${fx.b.employeeId}"` }),
  'GET /api/team/whos-off': async (fx) => {
    const [a, b] = [await insertLeave(fx, fx.a.id, '2033-02-02', 'approved'), await insertLeave(fx, fx.b.id, '2033-02-03', 'approved')];
    return { url: '/api/team/whos-off?from=2033-02-01&to=2033-02-07', mine: `"_id":"${a}"`, theirs: `"_id":"${b}"` };
  },
};

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const thisYear = (fx: Fixture) => financialYearOf(fx.today.slice(0, 7));

async function insertProof(fx: Fixture, userId: number): Promise<string> {
  const row = await fx.t.ctx.database.db
    .insertInto('tax_proofs')
    .values({ user_id: userId, financial_year: thisYear(fx), section: 'rent', file_name: 'rent-receipt.pdf', content_type: 'application/pdf', size_bytes: PDF_BYTES.length, content: PDF_BYTES, uploaded_by: userId, uploaded_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A declaration of a section of its own (one per person, year and section). */
async function insertDeclaration(fx: Fixture, userId: number): Promise<string> {
  const n = fx.seq();
  const row = await fx.t.ctx.database.db
    .insertInto('tax_declarations')
    .values({ user_id: userId, financial_year: `${2100 + n}-${String((2101 + n) % 100).padStart(2, '0')}`, section: '80C', amount_paise: 5_000_000, details_json: '{}', status: 'declared', verified_amount_paise: null, decision_note: null, decided_by: null, decided_at: null, updated_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** June 2023 approved with a slip for both employees of the fixture, once: what a year's statement is made from. */
async function withApprovedTaxMonth(fx: Fixture): Promise<void> {
  const { db } = fx.t.ctx.database;
  const month = '2023-06';
  if (await db.selectFrom('payroll_approvals').select('month').where('month', '=', month).executeTakeFirst()) return;
  await db
    .insertInto('payroll_approvals')
    .values({ month, approved_by: fx.admin.id, approved_at: new Date().toISOString(), version: 1, rerun_by: null, rerun_at: null, rerun_reason: null, run_id: null, employees: 2, net_paise: 0 })
    .execute();
  for (const p of [fx.a, fx.b]) {
    await db
      .insertInto('payroll_approved_slips')
      .values({ month, user_id: p.id, employee_id: p.employeeId!, fingerprint: 'x', changed_version: 1, gross_paise: 5_000_000, basic_paise: 2_500_000, hra_paise: 1_000_000, pf_paise: 180_000, esi_paise: 0, pt_paise: 20_000, tds_paise: 100_000, net_paise: 4_700_000, slip_json: '{}' })
      .execute();
  }
}

const LEAVE_TYPE = { name: 'Sick', yearlyEntitlement: 12, accrual: 'yearly', proRate: true, carryForwardCap: 0, halfDayAllowed: true, paid: true };
const dayAfter = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function insertDevice(fx: Fixture): Promise<number> {
  const at = new Date().toISOString();
  const row = await fx.t.ctx.database.db.insertInto('devices').values({ serial_number: `DEV${fx.seq()}X`, name: 'Gate', location_id: null, time_zone: null, comm_key: null, created_at: at, updated_at: at, last_contact_at: null, last_address: null, firmware: null, drift_seconds: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function insertSighting(fx: Fixture): Promise<string> {
  const serial = `SEEN${fx.seq()}X`;
  const at = new Date().toISOString();
  await fx.t.ctx.database.db.insertInto('device_sightings').values({ serial_number: serial, address: '127.0.0.1', first_seen_at: at, last_seen_at: at }).execute();
  return serial;
}

/** An unmapped punch (its PIN is returned) or a punch held for review of employee b (its id is returned). */
async function insertPunch(fx: Fixture, state: 'unmapped' | 'quarantined'): Promise<string> {
  const n = fx.seq();
  const pin = String(800000 + n);
  const at = new Date(Date.now() - 3600_000);
  const row = await fx.t.ctx.database.db
    .insertInto('punches')
    .values({
      dedupe_key: `matrix|${n}`, source: 'device', device_id: null, device_serial: 'MATRIXDEV', pin, user_id: state === 'unmapped' ? null : fx.b.id,
      sent_time: at.toISOString().replace('T', ' ').slice(0, 19), punched_at: at.toISOString(), received_at: at.toISOString(), status: '0', verify_type: '1', work_code: null,
      attendance_date: fx.today, state, reason: state === 'unmapped' ? 'no employee has this PIN' : 'older than 45 days',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return state === 'unmapped' ? pin : String(row.id);
}

async function insertHoliday(fx: Fixture): Promise<number> {
  const row = await fx.t.ctx.database.db
    .insertInto('holidays')
    .values({ date: dayAfter('2031-01-01', fx.seq()), name: 'To remove', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertLeave(fx: Fixture, userId: number, date: string, status: 'pending' | 'approved' = 'pending', stage: 'manager' | 'hr' = 'hr'): Promise<number> {
  const row = await fx.t.ctx.database.db
    .insertInto('leaves')
    .values({ user_id: userId, start_date: date, end_date: date, reason: 'Fixture', status, stage, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pending correction of a past day of its own (one live correction per person and day). */
/** A location of its own. */
async function insertLocation(fx: Fixture): Promise<string> {
  const row = await fx.t.ctx.database.db.insertInto('locations').values({ name: `Site ${fx.seq()}`, state: null, city: null, pt_registration: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

/** A pending comp-off request of the person's, waiting for their manager, on a day of its own. */
async function insertCompOff(fx: Fixture, userId: number): Promise<string> {
  const row = await fx.t.ctx.database.db
    .insertInto('comp_offs')
    .values({ user_id: userId, work_date: dayAfter('2020-01-05', fx.seq() * 7), days: 1, worked_minutes: 540, day_off: 'weekly-off', reason: 'Fixture', status: 'pending', stage: 'manager', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Turns comp-off on (a year to claim) and gives the person a worked Sunday of the past year not asked for yet. */
async function workedSunday(fx: Fixture, userId: number): Promise<string> {
  const db = fx.t.ctx.database.db;
  await writeDayRules(db, { ...DEFAULT_DAY_RULES, compOff: { enabled: true, expiryDays: 365 } }, new Date().toISOString());
  const yesterday = dayAfter(fx.today, -1);
  const lastSunday = dayAfter(yesterday, -new Date(`${yesterday}T00:00:00Z`).getUTCDay());
  for (let k = 0; k < 50; k++) {
    const date = dayAfter(lastSunday, -7 * k);
    const asked = await db.selectFrom('comp_offs').select('id').where('user_id', '=', userId).where('work_date', '=', date).executeTakeFirst();
    if (asked) continue;
    await db.deleteFrom('attendance').where('user_id', '=', userId).where('date', '=', date).execute();
    await db.insertInto('attendance').values({ user_id: userId, date, status: 'P', punch_in: `${date}T04:00:00.000Z`, punch_out: `${date}T12:30:00.000Z` }).execute();
    return date;
  }
  throw new Error('no Sunday left to claim');
}

async function insertCorrection(fx: Fixture, userId: number, stage: 'manager' | 'hr' = 'hr'): Promise<string> {
  const date = dayAfter('2020-01-01', fx.seq());
  const row = await fx.t.ctx.database.db
    .insertInto('attendance_corrections')
    .values({
      user_id: userId,
      date,
      requested_in: `${date}T04:00:00.000Z`,
      requested_out: `${date}T12:30:00.000Z`,
      kind: 'other',
      reason: 'Fixture',
      status: 'pending',
      stage,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

async function insertTask(fx: Fixture, userId: number): Promise<number> {
  const at = new Date().toISOString();
  const row = await fx.t.ctx.database.db
    .insertInto('tasks')
    .values({ user_id: userId, title: 'Fixture task', description: 'Do it', status: 'assigned', due_date: null, assigned_by: fx.admin.id, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * March 2025 approved (blocking warnings overridden) and released, once per fixture: the month whose
 * slips employees may download, whatever the release setting.
 */
async function slipMonth(fx: Fixture): Promise<string> {
  const month = '2025-03';
  const { db } = fx.t.ctx.database;
  if (!(await db.selectFrom('payroll_approvals').select('month').where('month', '=', month).executeTakeFirst())) {
    await createPayrollApprovalService(fx.t.ctx).approve(fx.admin.id, month, OVERRIDE_BLOCKING.overrides);
    await db.updateTable('payroll_approvals').set({ released_at: new Date().toISOString() }).where('month', '=', month).execute();
  }
  return month;
}

/**
 * A month of its own per call, approved just now with no slips: from January 1990 on (before anyone
 * joined, so a re-run preview computes nobody), or with `slips`, from April 2019 (a whole financial year of PF tables, which start in
 * June 2018), for a month a slip is stored in. Neither range meets the other helpers' months.
 */
const monthsUsed = { empty: 0, slips: 0, ruleArrears: 0 };
async function paymentMonth(fx: Fixture, slips = false): Promise<string> {
  const i = slips ? 3 + monthsUsed.slips++ : monthsUsed.empty++;
  const month = `${(slips ? 2019 : 1990) + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  await fx.t.ctx.database.db
    .insertInto('payroll_approvals')
    .values({ month, approved_by: fx.admin.id, approved_at: new Date().toISOString(), version: 1, rerun_by: null, rerun_at: null, rerun_reason: null, run_id: null, employees: 0, net_paise: 0 })
    .execute();
  return month;
}

/** A month approved just now with one slip owed to b (bank details frozen with it), a different one per call: a batch can be made of it. */
async function payableMonth(fx: Fixture): Promise<string> {
  const month = await paymentMonth(fx, true);
  const slip = computeSalarySlip({ monthlyGrossPaise: 30_000_00, month, joinedOn: '2018-01-01', presentDates: new Set(), approvedLeaveDates: new Set(), today: '2026-01-01' });
  await fx.t.ctx.database.db
    .insertInto('payroll_approved_slips')
    .values({
      month,
      user_id: fx.b.id,
      employee_id: fx.b.employeeId!,
      fingerprint: 'fixture',
      changed_version: 1,
      gross_paise: slip.earnings.totalPaise,
      pf_paise: 0,
      esi_paise: 0,
      pt_paise: 0,
      tds_paise: 0,
      net_paise: 30_000_00,
      slip_json: JSON.stringify(slip),
      beneficiary_json: JSON.stringify({ name: 'Fixture B', bankAccount: '123456789012', ifsc: 'HDFC0000123', uan: null, pan: null, esiNumber: null }),
    })
    .execute();
  return month;
}

/**
 * A month approved with b's slip as if on a ₹10,000 PF ceiling (the book says more): a PF
 * difference to pay. Answers the open month (the one after the latest approved) it is paid with.
 */
async function ruleArrearsOpenMonth(fx: Fixture): Promise<string> {
  const { db } = fx.t.ctx.database;
  // Months of their own (2040 on), clear of the other recipes' months.
  const i = monthsUsed.ruleArrears++;
  const month = `${2040 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  await db
    .insertInto('payroll_approvals')
    .values({ month, approved_by: fx.admin.id, approved_at: new Date().toISOString(), version: 1, rerun_by: null, rerun_at: null, rerun_reason: null, run_id: null, employees: 1, net_paise: 0 })
    .execute();
  const slip = computeSalarySlip({ monthlyGrossPaise: 30_000_00, month, joinedOn: '2018-01-01', presentDates: new Set(), approvedLeaveDates: new Set(), today: '2099-01-01' });
  Object.assign(slip.statutory, { pfWagesPaise: 15_000_00, pfMember: true, pfCeilingPaise: 10_000_00, epfWagesPaise: 10_000_00, epsWagesPaise: 10_000_00, edliWagesPaise: 10_000_00 });
  await db
    .insertInto('payroll_approved_slips')
    .values({ month, user_id: fx.b.id, employee_id: fx.b.employeeId!, fingerprint: 'fixture', changed_version: 1, gross_paise: 0, pf_paise: 0, esi_paise: 0, pt_paise: 0, tds_paise: 0, net_paise: 0, slip_json: JSON.stringify(slip) })
    .execute();
  return i % 12 === 11 ? `${2041 + Math.floor(i / 12)}-01` : `${2040 + Math.floor(i / 12)}-${String((i % 12) + 2).padStart(2, '0')}`;
}

/** A salary structure of its own (its name unique per call). */
async function insertStructure(fx: Fixture): Promise<number> {
  const name = `Matrix inserted ${fx.seq()}`;
  const at = new Date().toISOString();
  const { id } = await fx.t.ctx.database.db
    .insertInto('salary_structures')
    .values({ name, name_key: name.toLowerCase(), basic_bp: 4500, hra_bp: 5000, allowances_json: '[]', created_by: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** A payment batch of `month` with one row for b, in `state`. */
async function insertBatch(fx: Fixture, month: string, state: 'created' | 'paid'): Promise<string> {
  const { db } = fx.t.ctx.database;
  const at = new Date().toISOString();
  const content = 'Beneficiary Account Number,IFSC,Amount,Beneficiary Name,Narration\r\n123456789012,HDFC0000123,100.00,Fixture B,Salary\r\n';
  const batch = await db
    .insertInto('payment_batches')
    .values({
      month,
      seq: 1,
      kind: 'salary',
      approval_version: 1,
      created_by: fx.admin.id,
      created_at: at,
      rows: 1,
      total_paise: 100_00,
      filename: `bank-transfer_${month}.csv`,
      content,
      sha256: 'f'.repeat(64),
      recoveries_json: '[]',
      left_out_json: '[]',
      state,
      paid_on: state === 'paid' ? at.slice(0, 10) : null,
      bank_reference: state === 'paid' ? 'UTR' : null,
      paid_by: null,
      paid_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('payment_batch_rows')
    .values({ batch_id: batch.id, user_id: fx.b.id, employee_id: fx.b.employeeId!, name: 'Fixture B', account: '123456789012', ifsc: 'HDFC0000123', amount_paise: 100_00, purpose: 'salary', returned_at: null, returned_reason: null, returned_by: null })
    .execute();
  return String(batch.id);
}

/** A month approved with no slips (its filing files are empty but given), approved once per fixture. */
async function approvedMonth(fx: Fixture): Promise<string> {
  const month = '2023-02';
  const { db } = fx.t.ctx.database;
  if (!(await db.selectFrom('payroll_approvals').select('month').where('month', '=', month).executeTakeFirst())) {
    await db
      .insertInto('payroll_approvals')
      .values({ month, approved_by: fx.admin.id, approved_at: new Date().toISOString(), version: 1, rerun_by: null, rerun_at: null, rerun_reason: null, run_id: null, employees: 0, net_paise: 0 })
      .execute();
  }
  return month;
}

/** A month approved just now (no slips stored yet), a different one per call, for a re-run. */
async function lockedMonth(fx: Fixture): Promise<string> {
  const month = `2021-${String((fx.seq() % 12) + 1).padStart(2, '0')}`;
  await fx.t.ctx.database.db
    .insertInto('payroll_approvals')
    .values({ month, approved_by: fx.admin.id, approved_at: new Date().toISOString(), version: 1, rerun_by: null, rerun_at: null, rerun_reason: null, run_id: null, employees: 0, net_paise: 0 })
    .execute();
  return month;
}

async function insertRun(fx: Fixture): Promise<number> {
  const at = new Date().toISOString();
  const row = await fx.t.ctx.database.db
    .insertInto('payroll_runs')
    .values({ month: '2023-01', status: 'done', total: 0, created_by: fx.admin.id, created_at: at, finished_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives `userId` the leaving date `leftOn` for one request; the returned function puts things back. */
async function leaveOn(fx: Fixture, userId: number, leftOn: string): Promise<() => Promise<void>> {
  const { db } = fx.t.ctx.database;
  const had = await db.selectFrom('employee_statutory').select('left_on').where('user_id', '=', userId).executeTakeFirst();
  if (had) await db.updateTable('employee_statutory').set({ left_on: leftOn }).where('user_id', '=', userId).execute();
  else await db.insertInto('employee_statutory').values({ user_id: userId, pf_on_full_wages: 0, left_on: leftOn, updated_at: new Date().toISOString() }).execute();
  return async () => {
    if (had) await db.updateTable('employee_statutory').set({ left_on: had.left_on }).where('user_id', '=', userId).execute();
    else await db.deleteFrom('employee_statutory').where('user_id', '=', userId).execute();
  };
}

const allows = (r: RouteRule, role: 'admin' | 'employee') => r.roles !== 'public' && r.roles.includes(role);

/** The callers that apply to a route, each with the exact status the table says it must get. */
function casesFor(r: RouteRule): { kind: CallerKind; status: number }[] {
  const ok = RECIPES[routeKey(r)]?.ok ?? 200;
  if (r.roles === 'public') {
    // Tokens are ignored on public routes: every caller gets the anonymous answer.
    return (['no token', ...BROKEN, 'employee', 'admin'] as CallerKind[]).map((kind) => ({ kind, status: ok }));
  }
  const cases: { kind: CallerKind; status: number }[] = [{ kind: 'no token', status: 401 }, ...BROKEN.map((kind) => ({ kind, status: 401 }))];
  // Who is not a manager: nothing of a team's; their own request is never theirs to decide.
  const employeeRefused = r.ownership.kind === 'team-decide' || (r.ownership.kind === 'team-rows' && r.ownership.query !== undefined);
  cases.push({ kind: 'employee', status: allows(r, 'employee') && !employeeRefused ? ok : 403 });
  if (allows(r, 'employee') && ['own-record', 'team-decide', 'own-or-team'].includes(r.ownership.kind)) cases.push({ kind: "employee reaching for another employee's record", status: 403 });
  if (allows(r, 'employee') && r.ownership.kind === 'own-rows') cases.push({ kind: "employee reaching for another employee's record", status: ok });
  const adminRefused = !allows(r, 'admin') || (r.ownership.kind === 'own-record' && r.ownership.admins === 'none');
  cases.push({ kind: 'admin', status: adminRefused ? 403 : ok });
  if (r.record) cases.push({ kind: 'record that does not exist', status: 404 });
  if (allows(r, 'employee')) {
    // A leaver: what an employee gets on the routes of the former-employee scope, 403 everywhere else.
    const asEmployee = cases.find((c) => c.kind === 'employee')!.status;
    cases.push({ kind: 'former employee', status: r.formerEmployee ? asEmployee : 403 });
    if (r.formerEmployee && r.ownership.kind === 'own-record') cases.push({ kind: "former employee reaching for another employee's record", status: 403 });
  }
  cases.push({ kind: 'former employee past the access date', status: 401 });
  return cases;
}

describe.each(engines)('authorization matrix on %s', (engine) => {
  const serverRoutes = new Map<string, RouteOptions>();
  let fx: Fixture;
  let casesRun = 0;

  beforeAll(async () => {
    const t = await createTestApp(engine, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) serverRoutes.set(`${method} ${route.url}`, route);
      },
      // Every case signs in successfully; a generous failure throttle keeps the matrix about roles.
      overrides: { authLimits: { pairMax: 1_000_000, clientMax: 1_000_000, budgetMax: 1_000_000 } },
    });
    const p = await people(t);
    const admin: Person = { id: t.admin.id, role: 'admin', employeeId: null, email: t.admin.email, name: 'Admin', password: 'admin-password', token: t.admin.token };
    const [a, b] = [await p.create(), await p.create()];
    const [m1, m2] = [await p.create(), await p.create()];
    const today = dateInZone(new Date(), t.ctx.config.timeZone);
    const yesterday = dateInZone(new Date(Date.now() - 86_400_000), t.ctx.config.timeZone);
    const db = t.ctx.database.db;
    const punch = async (userId: number) =>
      String((await db.insertInto('attendance').values({ user_id: userId, date: yesterday, status: 'P', punch_in: `${yesterday}T04:00:00.000Z`, punch_out: null }).returning('id').executeTakeFirstOrThrow()).id);
    let n = 0;
    await db.updateTable('employees').set({ manager_id: m1.id }).where('user_id', '=', a.id).execute();
    await db.updateTable('employees').set({ manager_id: m2.id }).where('user_id', '=', b.id).execute();
    fx = { t, people: p, admin, a, b, m1, m2, today, seq: () => ++n, rows: { attendance: { a: '', b: '' }, leave: { a: '', b: '' }, task: { a: '', b: '' } } };
    fx.rows = {
      attendance: { a: await punch(a.id), b: await punch(b.id) },
      leave: { a: String(await insertLeave(fx, a.id, '2029-01-01')), b: String(await insertLeave(fx, b.id, '2029-01-01')) },
      task: { a: String(await insertTask(fx, a.id)), b: String(await insertTask(fx, b.id)) },
    };
  });
  afterAll(async () => {
    console.log(`authorization matrix on ${engine}: ${casesRun} cases over ${ROUTE_TABLE.length} routes`);
    await fx?.t.close();
  });

  it('lists every /api route of the server in the table, and nothing else', () => {
    const declared = new Set(ROUTE_TABLE.map(routeKey));
    expect(declared.size).toBe(ROUTE_TABLE.length);
    const real = new Set<string>();
    for (const [key, route] of serverRoutes) {
      if (!route.url.startsWith('/api')) continue;
      // Fastify answers HEAD for every GET by itself; a HEAD route is covered by its GET entry.
      if (key.startsWith('HEAD ') && serverRoutes.has(key.replace(/^HEAD /, 'GET '))) continue;
      real.add(key);
    }
    const missingFromTable = [...real].filter((k) => !declared.has(k));
    const goneFromServer = [...declared].filter((k) => !real.has(k));
    expect({ missingFromTable, goneFromServer }).toEqual({ missingFromTable: [], goneFromServer: [] });
  });

  it("states each route's roles, former-employee access and cost exactly as the route declares them", () => {
    const mismatches = ROUTE_TABLE.filter((r) => serverRoutes.has(routeKey(r))).flatMap((r) => {
      const declared = serverRoutes.get(routeKey(r))!.config?.roles ?? 'public';
      const same = JSON.stringify(declared === 'public' ? declared : [...declared].sort()) === JSON.stringify(r.roles === 'public' ? r.roles : [...r.roles].sort());
      const former = Boolean(serverRoutes.get(routeKey(r))!.config?.formerEmployee);
      return [
        ...(same ? [] : [`${routeKey(r)}: table ${JSON.stringify(r.roles)}, route ${JSON.stringify(declared)}`]),
        ...(former === Boolean(r.formerEmployee) ? [] : [`${routeKey(r)}: former employees ${r.formerEmployee ? 'in the table' : 'on the route'} only`]),
        ...(Boolean(serverRoutes.get(routeKey(r))!.config?.heavy) === Boolean(r.heavy) ? [] : [`${routeKey(r)}: costly ${r.heavy ? 'in the table' : 'on the route'} only`]),
      ];
    });
    expect(mismatches).toEqual([]);
  });

  it('has a request recipe for every table entry', () => {
    expect(ROUTE_TABLE.map(routeKey).filter((k) => !RECIPES[k])).toEqual([]);
    expect(Object.keys(RECIPES).filter((k) => !ROUTE_TABLE.some((r) => routeKey(r) === k))).toEqual([]);
  });

  describe('the device caller kind (/iclock/*)', () => {
    it('lists every device route of the server, and nothing else', () => {
      const real = [...serverRoutes.keys()].filter((k) => / \/iclock\//.test(k) && !k.startsWith('HEAD ')).sort();
      expect(real).toEqual(DEVICE_ROUTES.map(routeKey).sort());
    });

    it.each(DEVICE_ROUTES.map((r) => [routeKey(r), r] as const))('%s: a registered serial number gets OK; an unknown one, with or without a token, gets no OK', async (_key, route) => {
      const serial = (await fx.t.ctx.database.db.selectFrom('devices').select('serial_number').where('id', '=', await insertDevice(fx)).executeTakeFirstOrThrow()).serial_number;
      const call = (sn: string | null, headers: Record<string, string> = {}) =>
        fx.t.app.inject({ method: route.method, url: `${route.path}${sn === null ? '' : `?SN=${sn}&table=OPERLOG`}`, payload: route.method === 'POST' ? 'USER PIN=1\tName=A' : undefined, headers: { 'content-type': 'text/plain', ...headers } });
      const ok = await call(serial);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toMatch(/^(OK|GET OPTION FROM)/);
      for (const headers of [{}, auth(fx.admin.token), auth(fx.a.token)]) {
        const refused = await call(`UNKNOWN${fx.seq()}`, headers);
        expect({ status: refused.statusCode, ok: refused.body.startsWith('OK') }).toEqual({ status: 403, ok: false });
      }
      expect((await call(null)).statusCode).toBe(400);
    });
  });

  describe('a team of two managers (m1 manages a, m2 manages b)', () => {
    const teamRoutes = ROUTE_TABLE.filter((r) => r.ownership.kind === 'team-rows' || (r.ownership.kind === 'own-rows' && r.ownership.team));
    const decideRoutes = ROUTE_TABLE.filter((r) => r.ownership.kind === 'team-decide' || r.ownership.kind === 'own-or-team');
    const recordRoutes = ROUTE_TABLE.filter((r) => r.ownership.kind === 'own-record' && allows(r, 'employee'));
    const as = (p: Person, method: string, url: string, payload?: object) => fx.t.app.inject({ method: method as 'GET', url, payload, headers: auth(p.token) });
    // Keys that would mean pay, bank, identity or statutory data reached a manager.
    const PAY_KEYS = /"(salary|salaryPaise|net|gross|pan|bankAccount|ifsc|uan|esiNumber|statutory|declarations?)"\s*:/i;

    it('has a team recipe for every team list in the table', () => {
      expect(teamRoutes.map(routeKey).filter((k) => !TEAM_LISTS[k])).toEqual([]);
    });

    it.each(teamRoutes.map((r) => [routeKey(r)] as const))("%s: each manager sees their report's rows, not the other team's, and no pay", async (key) => {
      const recipe = TEAM_LISTS[key]!;
      const { url, mine, theirs } = await recipe(fx);
      const [one, two] = [await as(fx.m1, 'GET', url), await as(fx.m2, 'GET', url)];
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      expect(one.body).toContain(mine);
      expect(one.body).not.toContain(theirs);
      expect(two.body).toContain(theirs);
      expect(two.body).not.toContain(mine);
      expect(one.body).not.toMatch(PAY_KEYS);
    });

    it.each(decideRoutes.map((r) => [routeKey(r), r] as const))("%s: a manager acts on their report's request only; a former manager loses it at once", async (_key, route) => {
      const path = (id: string | number) => route.path.replace(/:\w+/, String(id));
      const payload = route.path.includes('cancel') ? { reason: 'Team change' } : { status: 'approved' };
      const status: 'pending' | 'approved' = route.path.includes('cancel') ? 'approved' : 'pending';
      const make = async (who: Person) =>
        route.path.includes('corrections')
          ? await insertCorrection(fx, who.id, 'manager')
          : route.path.includes('comp-off')
            ? await insertCompOff(fx, who.id)
            : String(await insertLeave(fx, who.id, dayAfter('2032-03-01', fx.seq()), status, 'manager'));
      expect((await as(fx.m1, route.method, path(await make(fx.a)), payload)).statusCode).toBe(200);
      expect((await as(fx.m1, route.method, path(await make(fx.b)), payload)).statusCode).toBe(403);
      expect((await as(fx.m1, route.method, path(MISSING_ID), payload)).statusCode).toBe(403);
      // The line changes: a now reports to m2. m1's access ends with no other step; m2's begins.
      const pending = await make(fx.a);
      const db = fx.t.ctx.database.db;
      await db.updateTable('employees').set({ manager_id: fx.m2.id }).where('user_id', '=', fx.a.id).execute();
      try {
        expect((await as(fx.m1, route.method, path(pending), payload)).statusCode).toBe(403);
        expect((await as(fx.m2, route.method, path(pending), payload)).statusCode).toBe(200);
      } finally {
        await db.updateTable('employees').set({ manager_id: fx.m1.id }).where('user_id', '=', fx.a.id).execute();
      }
    });

    it.each(recordRoutes.map((r) => [routeKey(r), r] as const))("%s: a manager cannot read or change a report's own record (pay, slip, statutory)", async (key, route) => {
      const recipe = RECIPES[key]!;
      const call = await recipe.build({ fx, who: fx.m1, target: fx.a });
      const res = await fx.t.app.inject({ method: route.method, url: call.url, payload: call.payload as object, headers: { ...call.headers, ...auth(fx.m1.token) } });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('a read changes nothing', () => {
    // What a read may write: the audit trail of who read money or identity, and the budgets that
    // count costly requests and sign-ins. Anything else written by a GET would be a state change
    // that a link, a prefetch or a crawler could trigger.
    const MAY_WRITE = new Set(['audit_log', 'auth_throttle']);
    const snapshot = async () => {
      const db = fx.t.ctx.database.db;
      const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => !MAY_WRITE.has(name) && !name.startsWith('kysely_'));
      const rows = new Map<string, string>();
      for (const name of tables) {
        const all = await db.selectFrom(name as 'users').selectAll().execute();
        rows.set(name, all.map((row) => JSON.stringify(row)).sort().join('\n'));
      }
      return rows;
    };
    const reads = ROUTE_TABLE.filter((r) => r.method === 'GET');
    it.each(reads.map((r) => [routeKey(r), r] as const))('%s leaves every table as it was', async (key, route) => {
      const who = allows(route, 'admin') ? fx.admin : fx.a;
      const call = await RECIPES[key]!.build({ fx, who, target: who.role === 'employee' ? who : fx.b });
      // A recipe may approve a month to have a slip to read; its slip run finishes in the background.
      const running = () => fx.t.ctx.database.db.selectFrom('payroll_runs').select('id').where('status', '=', 'running').executeTakeFirst();
      await eventually(async () => !(await running()), 60_000, 'the slip runs to finish');
      const before = await snapshot();
      const res = await fx.t.app.inject({ method: 'GET', url: call.url, headers: { ...call.headers, ...(route.roles === 'public' ? {} : auth(who.token)) } });
      expect(res.statusCode).toBeLessThan(500);
      const after = await snapshot();
      expect([...after].filter(([name, rows]) => before.get(name) !== rows).map(([name]) => name)).toEqual([]);
    });
  });

  describe.each(ROUTE_TABLE.map((r) => [routeKey(r), r] as const))('%s', (_key, route) => {
    it.each(casesFor(route).map((c) => [c.kind, c.status] as const))('%s -> %i', async (kind, status) => {
      const recipe = RECIPES[routeKey(route)];
      if (!recipe) throw new Error(`no recipe for ${routeKey(route)}`);
      const { t } = fx;
      // The role a broken token claims: admin on admin-only routes, else employee.
      const claimedRole = route.roles !== 'public' && !route.roles.includes('employee') ? 'admin' : 'employee';

      let who: Person;
      let token: string | undefined;
      let target: Person | 'missing';
      switch (kind) {
        case 'no token':
          who = recipe.fresh ? await fx.people.create() : fx.a;
          target = who.role === 'employee' ? who : fx.b;
          break;
        case 'employee':
          who = recipe.fresh ? await fx.people.create() : fx.a;
          token = who.token;
          target = who;
          break;
        case "employee reaching for another employee's record":
          who = fx.a;
          token = who.token;
          target = fx.b;
          break;
        case 'admin':
          who = recipe.endsAccountSessions ? await fx.people.create('admin') : fx.admin;
          // A route that ends the caller's session (logout) gets a token of its own.
          token = recipe.fresh ? await t.ctx.tokens.sign(fx.people.claims(who)) : who.token;
          target = fx.b;
          break;
        case 'former employee':
        case 'former employee past the access date':
          who = recipe.fresh ? await fx.people.create() : fx.a;
          token = who.token;
          target = who;
          break;
        case "former employee reaching for another employee's record":
          who = fx.a;
          token = who.token;
          target = fx.b;
          break;
        case 'record that does not exist':
          who = allows(route, 'admin') && !(route.ownership.kind === 'own-record' && route.ownership.admins === 'none') ? fx.admin : fx.a;
          token = who.token;
          target = 'missing';
          break;
        default: {
          // Broken tokens claim a real, freshly made person of the route's role; the deactivated
          // account is always an employee's (deactivation is something done to employees).
          who = await fx.people.create(kind === "deactivated employee's token" ? 'employee' : claimedRole);
          target = who.role === 'employee' ? who : fx.b;
          if (kind === 'token from before a password change') {
            token = who.token;
            await bumpTokenVersion(t, who.id);
          } else if (kind === "deactivated employee's token") {
            token = who.token;
            await deactivate(t, who.id);
          } else {
            const forged = await forgedTokens(t, fx.people.claims(who));
            token = { 'garbage token': forged.garbage, 'expired token': forged.expired, 'token signed with another key': forged.otherKey, 'alg:none token': forged.algNone }[kind as string];
          }
        }
      }

      const call = await recipe.build({ fx, who, target });
      const leftOn = LEFT_ON[kind]?.(fx.today);
      const restore = leftOn ? await leaveOn(fx, who.id, leftOn) : async () => {};
      let res: LightMyRequestResponse;
      try {
        res = await t.app.inject({
          method: route.method,
          url: call.url,
          payload: call.payload as string | object | Buffer | undefined,
          headers: { ...call.headers, ...(token ? auth(token) : {}) },
        });
      } finally {
        await restore();
      }
      casesRun += 1;
      expect({ status: res.statusCode, body: res.statusCode === status ? '' : res.body.slice(0, 300) }).toEqual({ status, body: '' });
      if (status === 401 && kind === 'former employee past the access date') expect(res.json()).toEqual({ msg: LEAVER_MSG.ended('2020-06-15') });
      else if (status === 401) expect(res.json()).toEqual({ msg: kind === 'no token' ? SERVER_MSG.missingToken : SERVER_MSG.invalidToken });
      if (status === 403 || status === 404) expect(res.json()).toEqual({ msg: expect.any(String) });
      if (status < 300) call.check?.(res);
    });
  });
});

describe('a route without declared roles', () => {
  it('stops the server from starting, so no route is open by accident', async () => {
    const t = await createTestApp('sqlite');
    try {
      const { buildApp } = await import('../app');
      const app = await buildApp({ ctx: t.ctx });
      expect(() => app.get('/api/forgotten', async () => ({ open: true }))).toThrow(/declares no roles/);
      await app.close();
    } finally {
      await t.close();
    }
  });
});
