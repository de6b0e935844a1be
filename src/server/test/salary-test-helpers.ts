/**
 * Test helpers for payroll: seeding a month of attendance and leave, an employee with statutory
 * details, a custom bank layout, approving a month, reading a slip back with exceljs, a mailer that
 * holds messages, and re-opening an app on the same database (a restart). The SMTP peer and MIME
 * reader are in mail/smtp-test-server.ts.
 */
import type ExcelJS from 'exceljs';
import { exceljs } from '../file-libraries';
import type { FastifyInstance } from 'fastify';
import { datesOfMonth, weekdayOf } from '../../shared/payroll/pay-month';
import { buildApp } from '../app';
import { createContext } from '../bootstrap';
import type { AppContext } from '../context';
import type { MailMessage, Mailer } from '../mail/mailer';
import { auth, eventually, TEST_LOG_N, type TestApp, type TestEmployee } from './test-app';

/** A fixed "now": 15 November 2026, noon in Asia/Kolkata (the harness's APP_TIMEZONE). */
export const TEST_NOW = new Date('2026-11-15T06:30:00Z');

/** Marks the employee present (or `status`) on every non-Sunday of the month except `except`. */
export async function seedAttendance(t: TestApp, userId: number, month: string, opts: { except?: string[]; status?: string } = {}) {
  const except = new Set(opts.except ?? []);
  const rows = datesOfMonth(month)
    .filter((d) => weekdayOf(d) !== 0 && !except.has(d))
    .map((date) => ({ user_id: userId, date, status: opts.status ?? 'P', punch_in: `${date}T04:00:00.000Z`, punch_out: `${date}T12:00:00.000Z` }));
  if (rows.length) await t.ctx.database.db.insertInto('attendance').values(rows).execute();
}

/**
 * An employee since April 2020 on `salaryRupees` a month, working in Karnataka with the statutory
 * details given (saved as an admin does), present every working day of `months`.
 */
export async function statutoryPerson(t: TestApp, name: string, salaryRupees: number, statutory: object, months: readonly string[]): Promise<TestEmployee> {
  const email = `${name.split(' ')[0]!.toLowerCase()}@test.local`;
  const e = await t.employee({ name, email, salaryPaise: salaryRupees * 100, joinedOn: '2020-04-01' });
  const res = await t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: auth(t.admin.token), payload: { name, email, statutory: { stateOfWork: 'KA', ...statutory } } });
  expect(res.statusCode).toBe(200);
  for (const m of months) await seedAttendance(t, e.id, m);
  return e;
}

export async function seedLeave(t: TestApp, userId: number, startDate: string, endDate: string, status: 'pending' | 'approved' | 'rejected') {
  await t.ctx.database.db
    .insertInto('leaves')
    .values({ user_id: userId, start_date: startDate, end_date: endDate, reason: 'test', status, decided_by: null, decided_at: null, created_at: TEST_NOW.toISOString() })
    .execute();
}

/** A slip's cells: every bold label in columns A and C mapped to the cell on its right. */
export interface SlipSheet {
  title: string;
  company: string;
  values: Map<string, ExcelJS.CellValue>;
  sheet: ExcelJS.Worksheet;
  /** The Notes rows (the company's settings and the rules applied). */
  notes: string[];
}

export async function readSlip(bytes: Buffer): Promise<SlipSheet> {
  const wb = new (exceljs().Workbook)();
  // exceljs's typings name an older Buffer type; the bytes are what it reads.
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const values = new Map<string, ExcelJS.CellValue>();
  sheet.eachRow((row) => {
    for (const col of [1, 3]) {
      const label = row.getCell(col).value;
      if (typeof label === 'string') values.set(label, row.getCell(col + 1).value);
    }
  });
  // The notes: the rows under 'Notes' up to the first empty one.
  const notes: string[] = [];
  let inNotes = false;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const first = row.getCell(1).value;
    if (first === 'Notes') inNotes = true;
    else if (inNotes && typeof first === 'string' && first) notes.push(first);
    else if (inNotes) inNotes = false;
  });
  return { title: String(sheet.getCell('A2').value), company: String(sheet.getCell('A1').value), values, sheet, notes };
}

/** Accepts the first `openFor` messages at once and holds the rest until release() or fail(). */
export class GateMailer implements Mailer {
  readonly kind = 'outbox' as const;
  sent: MailMessage[] = [];
  held: { message: MailMessage; resolve: () => void; reject: (err: Error) => void }[] = [];
  private started = 0;
  constructor(private openFor: number) {}
  send(message: MailMessage): Promise<void> {
    this.started += 1;
    if (this.started <= this.openFor) {
      this.sent.push(message);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.held.push({ message, resolve: () => (this.sent.push(message), resolve()), reject });
    });
  }
  /** Accepts the held messages and everything after. */
  release() {
    this.openFor = Infinity;
    for (const h of this.held.splice(0)) h.resolve();
  }
  /** Fails the held messages, as a connection lost mid-send would. */
  fail() {
    for (const h of this.held.splice(0)) h.reject(new Error('connection lost'));
  }
  close() {}
}

/** A second app on the test app's database, as after a restart (or another instance); `now` defaults to TEST_NOW. */
export async function reopenApp(t: TestApp, mailer: Mailer, now = TEST_NOW): Promise<{ app: FastifyInstance; ctx: AppContext; close(): Promise<void> }> {
  const ctx = await createContext(t.ctx.config, {
    mailer,
    now: () => now,
    passwordLogN: TEST_LOG_N,
    database: { pgSchema: t.ctx.database.pgSchema },
  });
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.database.close();
    },
  };
}

/**
 * An approval body overriding every blocking register warning: test people have no bank account or
 * UAN, and most tests are not about those warnings (payroll-approvals.test.ts tests them).
 */
export const OVERRIDE_BLOCKING = {
  overrides: [
    { kind: 'missing-bank', reason: 'Paid by cheque this month' },
    { kind: 'no-pt-table', reason: 'PT filed by the branch' },
    { kind: 'pf-without-uan', reason: 'UAN being generated' },
  ],
} as const;

/**
 * A bank's own column layout (the 'custom' template): a fixed first cell, the company's debit
 * account, dates as DD/MM/YYYY, the narration and the batch reference last.
 */
export const CUSTOM_BANK_FORMAT = {
  template: 'custom',
  headerRow: true,
  dateFormat: 'DD/MM/YYYY',
  debitAccount: '00011122233',
  columns: [
    { field: 'fixed', header: 'Txn Type', value: 'NEFT' },
    { field: 'debitAccount', header: 'Debit Account' },
    { field: 'beneficiaryAccount', header: 'Beneficiary A/c' },
    { field: 'ifsc', header: 'IFSC' },
    { field: 'amount', header: 'Amount' },
    { field: 'paymentDate', header: 'Value Date' },
    { field: 'beneficiaryName', header: 'Name' },
    { field: 'narration', header: 'Remarks' },
    { field: 'batchReference', header: 'Ref' },
  ],
};

/** POST …/approve with every blocking warning overridden. */
export const approveMonth = (t: TestApp, month: string, token = t.admin.token) =>
  t.app.inject({ method: 'POST', url: `/api/salary/register/${month}/approve`, headers: { authorization: `Bearer ${token}` }, payload: OVERRIDE_BLOCKING });

/**
 * Approves `month` (blocking warnings overridden), waits until its slips are emailed, and forgets
 * those mails: for tests about what happens after approval.
 */
export async function approveQuietly(t: TestApp, month: string): Promise<void> {
  const res = await approveMonth(t, month);
  if (res.statusCode !== 202) throw new Error(`approving ${month}: ${res.statusCode} ${res.body}`);
  const { runId } = res.json() as { runId: string | null };
  if (runId) {
    await eventually(
      async () => (await t.app.inject({ method: 'GET', url: `/api/salary/runs/${runId}`, headers: { authorization: `Bearer ${t.admin.token}` } })).json().status === 'done',
      15_000,
      'the approval run to finish',
    );
  }
  t.mailer.sent.splice(0);
}
