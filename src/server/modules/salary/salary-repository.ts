/**
 * The salary module's queries: payroll runs and their items. Employees, presence and approved leave
 * come from the employees, attendance and leaves repositories, in batched forms, so a bulk run
 * loads a whole batch of employees' month in one query per table.
 */
import type { StatutoryCorrection } from '../../../shared/payroll/statutory/esi-pt-corrections';
import { sql, type Kysely, type Transaction } from 'kysely';
import { daysInMonth } from '../../../shared/payroll/pay-month';
import type { Dialect } from '../../db/database';
import type { DB } from '../../db/schema';
import { presencePunchInsByUser } from '../attendance';
import { monthLateMarks } from '../work-hours';
import type { MonthLateMarks } from '../../../shared/work-hours/work-hours';
import type { PayRules } from '../../../shared/schemas/pay-rules';
import { esiPeriodStart } from '../../../shared/payroll/statutory/esi';
import { lastCompleteMonth } from '../../../shared/payroll/pay-month';
import { readPayRules } from './pay-rules';
import { readGoLive } from '../go-live';
import type { PayBasis } from '../../../shared/payroll/month-days';
import { findEmployeeByBusinessId, findEmployeeByUserId, selectEmployees, type EmployeeRow, type NewEmployee } from '../employee-records';
import { loadStatutoryByUser, type StatutoryValues } from '../employee-records';
import { loadStatutoryRules } from '../statutory-rules';
import type { RuleBook } from '../../../shared/payroll/statutory/rule-versions';
import type { StatutorySettings } from '../../../shared/payroll/statutory/statutory-settings';
import { approvedLeaveByUser } from '../leaves';
import { workCalendar } from '../leave-policy';
import type { WorkCalendar } from '../../../shared/leave-policy/work-calendar';
import { firstMonthOfFinancialYear } from '../../../shared/payroll/statutory/financial-year';
import type { PaidMonth, SlipOvertimeInput } from '../../../shared/payroll/salary-slip';
import { monthOvertimeByUser } from '../attendance';
import { approvedCarryAndEsiStart, approvedPayByUser, type CarryAndEsiStart } from './payroll-approvals';
import type { SalaryRevisionFact } from '../../../shared/payroll/salary-history';
import type { SlipArrear } from '../../../shared/payroll/arrear-lines';
import { arrearsByUser } from './arrears';
import { pfCorrectionsByUser, statutoryCorrectionsByUser } from './pf-correction-store';
import type { PfCorrection } from '../../../shared/payroll/statutory/pf-corrections';
import { revisionsByUser } from '../salary-history';
import { taxInputsByUser, type TaxInputs } from '../tax';
import { readTaxSettings } from '../tax';

type Db = Kysely<DB> | Transaction<DB>;

/** What a slip needs to know about an employee: the employee's fields and their users id. */
export interface SlipEmployee extends NewEmployee {
  userId: number;
}

/** One employee's month: dates present (P/H) and dates on approved leave, and the employee's statutory details. */
export interface MonthDays {
  present: Set<string>;
  leave: Set<string>;
  /** Of those, the dates of approved leave of unpaid types: loss of pay on the slip. */
  unpaidLeave: Set<string>;
  /** The company's weekly offs and holidays in the month: the slip and the attendance register count with the same. */
  calendar?: WorkCalendar;
  /** State of work, gender, tax regime…; undefined when none were ever saved. */
  statutory?: StatutoryValues;
  /** Late marks in the month (with the minutes lost) and the company's late-mark rule (its LOP is on the slip). */
  lateMarks?: MonthLateMarks;
  /** What the approved earlier months of the financial year paid, by 'YYYY-MM' (the TDS year to date). */
  paidMonths?: Map<string, PaidMonth>;
  /** The year's regime choice, the declarations that count this month, an earlier employer's figures. */
  tax?: TaxInputs;
  /** Dates with attendance H (half days). */
  halfDays?: Set<string>;
  /** The company's pay rules (half days, ESI wages). */
  payRules?: PayRules;
  /** The company's pay basis (go-live settings; 'attendance' when missing) and, under 'leave', the dates marked absent (A). */
  payBasis?: PayBasis;
  absent?: Set<string>;
  /** The previous month's carried deductions and the ESI period's starting rate, from approved months. */
  approved?: CarryAndEsiStart;
  /** The employee's salary history (none: their `salary` every day). */
  salaryRevisions?: SalaryRevisionFact[];
  /** Arrears and recoveries paid in the month. */
  arrears?: SlipArrear[];
  /** PF differences of earlier approved months paid with the month (rule-arrears.ts). */
  pfCorrections?: PfCorrection[];
  /** ESI and PT differences of earlier approved months paid with this month. */
  statutoryCorrections?: StatutoryCorrection[];
  /** The company's statutory rule versions and settings (the shipped ones and defaults when missing). */
  rules?: { book: RuleBook; settings: StatutorySettings };
  /** The month's overtime minutes (days and weeks) and the company's overtime rules; absent when there was none. */
  overtime?: SlipOvertimeInput;
}

export type ItemStatus = 'pending' | 'sent' | 'failed';

/** First and last date of a 'YYYY-MM', as an inclusive date range. */
export const monthBounds = (month: string) => ({ from: `${month}-01`, to: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` });

export const toSlipEmployee = (row: EmployeeRow): SlipEmployee => ({
  userId: row.user_id,
  employeeId: row.employee_id,
  name: row.name,
  email: row.email,
  position: row.position,
  salaryPaise: Number(row.salary_paise),
  joinedOn: row.joined_on,
});

/** `timeZone`: the company's (APP_TIMEZONE), where shifts start and end; the config's default when not given. */
export function createSalaryRepository(db: Kysely<DB>, dialect: Dialect = 'sqlite', timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  return {
    /** An employee (active or not: history stays) by business id ('EMP0001') or record id. */
    async findEmployee(ref: { employeeId: string } | { userId: number }): Promise<SlipEmployee | undefined> {
      const row = 'userId' in ref ? await findEmployeeByUserId(db, ref.userId) : await findEmployeeByBusinessId(db, ref.employeeId);
      return row && toSlipEmployee(row);
    },

    /**
     * Presence with late marks, approved leave, statutory details in `month` and what the approved
     * earlier months of its financial year paid, for many employees: one query per table for up to 500 of them.
     */
    async loadMonthDays(userIds: readonly number[], month: string): Promise<Map<number, MonthDays>> {
      const range = monthBounds(month);
      const [calendar, { payBasis }] = await Promise.all([workCalendar(db, range.from, range.to), readGoLive(db)]);
      const halfDays = new Map<number, Set<string>>();
      // Days marked absent matter only under the pay basis 'leave' (elsewhere any day without presence is LOP).
      const absent = payBasis === 'leave' ? new Map<number, Set<string>>() : undefined;
      const rulesLoaded = loadStatutoryRules(db);
      const [punchIns, { all: leave, unpaid: unpaidLeave }, statutory, paid, tax, revisions, arrears, payRules, approved, rules, pfCorrections, statutoryCorrections] = await Promise.all([
        presencePunchInsByUser(db, range, userIds, halfDays, absent),
        approvedLeaveByUser(db, range.from, range.to, userIds),
        loadStatutoryByUser(db, userIds),
        approvedPayByUser(db, userIds, firstMonthOfFinancialYear(month), month),
        readTaxSettings(db).then((settings) => taxInputsByUser(db, userIds, month, settings)),
        revisionsByUser(db, userIds),
        arrearsByUser(db, month, userIds),
        readPayRules(db),
        // lastCompleteMonth of the 1st is the month before; the ESI period by the company's rule versions.
        rulesLoaded.then(async (r) => approvedCarryAndEsiStart(db, userIds, month, lastCompleteMonth(range.from), esiPeriodStart(month, r.book))),
        rulesLoaded,
        pfCorrectionsByUser(db, month, userIds),
        statutoryCorrectionsByUser(db, month, userIds),
      ]);
      const [lateMarks, overtime] = await Promise.all([
        monthLateMarks(db, timeZone, punchIns, calendar),
        monthOvertimeByUser(db, userIds, month, new Map(userIds.map((id) => [id, statutory.get(id)?.leftOn ?? null]))),
      ]);
      const overtimeOf = (id: number): SlipOvertimeInput | undefined => {
        const m = overtime.byUser.get(id);
        return m && m.totalMinutes > 0 ? { dailyMinutes: m.dailyMinutes, weeklyMinutes: m.weeklyMinutes, rules: overtime.rules } : undefined;
      };
      const none = () => new Set<string>();
      return new Map(
        userIds.map((id) => [
          id,
          {
            present: new Set(punchIns.get(id)?.keys()),
            leave: leave.get(id) ?? none(),
            unpaidLeave: unpaidLeave.get(id) ?? none(),
            calendar,
            statutory: statutory.get(id),
            lateMarks: lateMarks.get(id),
            paidMonths: paid.get(id),
            halfDays: halfDays.get(id) ?? none(),
            payRules,
            payBasis,
            ...(absent && { absent: absent.get(id) ?? none() }),
            approved: approved.get(id),
            tax: tax.get(id),
            salaryRevisions: revisions.get(id),
            arrears: arrears.get(id),
            pfCorrections: pfCorrections.get(id),
            statutoryCorrections: statutoryCorrections.get(id),
            rules,
            overtime: overtimeOf(id),
          },
        ]),
      );
    },

    // ---- bulk payroll runs ----

    findRunningRun: (trx: Db, month: string) =>
      trx.selectFrom('payroll_runs').select('id').where('month', '=', month).where('status', '=', 'running').executeTakeFirst(),

    /**
     * Creates a run with one pending item per active employee who had joined by the month's end,
     * in the caller's transaction; the items are copied by one INSERT … SELECT, not row by row.
     * With `changedIn` (an approved month's version), the items are the approved slips that changed
     * at that version instead: all of them at approval, the changed ones at a re-run. With
     * `allApproved`, every approved slip of the month (the release of slips held until paid).
     */
    async createRun(trx: Transaction<DB>, run: { month: string; createdBy: number; at: string; changedIn?: number; allApproved?: boolean }): Promise<{ id: number; total: number }> {
      const { id } = await trx
        .insertInto('payroll_runs')
        .values({ month: run.month, status: 'running', total: 0, created_by: run.createdBy, created_at: run.at, finished_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Literals, not parameters: PostgreSQL types a bare parameter in a SELECT list as text.
      await trx
        .insertInto('payroll_run_items')
        .columns(['run_id', 'user_id', 'status', 'updated_at'])
        .expression(
          run.allApproved
            ? trx
                .selectFrom('payroll_approved_slips')
                .select([sql.lit(id).as('run_id'), 'user_id', sql.lit('pending').as('status'), sql.lit(run.at).as('updated_at')])
                .where('month', '=', run.month)
            : run.changedIn === undefined
            ? trx
                .selectFrom('employees')
                .innerJoin('users', 'users.id', 'employees.user_id')
                .select([sql.lit(id).as('run_id'), 'employees.user_id', sql.lit('pending').as('status'), sql.lit(run.at).as('updated_at')])
                .where('users.active', '=', 1)
                .where('employees.joined_on', '<=', monthBounds(run.month).to)
            : trx
                .selectFrom('payroll_approved_slips')
                .select([sql.lit(id).as('run_id'), 'user_id', sql.lit('pending').as('status'), sql.lit(run.at).as('updated_at')])
                .where('month', '=', run.month)
                .where('changed_version', '=', run.changedIn),
        )
        .execute();
      const { count } = await trx
        .selectFrom('payroll_run_items')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('run_id', '=', id)
        .executeTakeFirstOrThrow();
      const total = Number(count);
      await trx.updateTable('payroll_runs').set({ total }).where('id', '=', id).execute();
      return { id, total };
    },

    findRun: (id: number) => db.selectFrom('payroll_runs').selectAll().where('id', '=', id).executeTakeFirst(),

    latestRuns: (limit: number) => db.selectFrom('payroll_runs').selectAll().orderBy('id', 'desc').limit(limit).execute(),

    /** Items per status for some runs: one grouped query. */
    async itemCounts(runIds: readonly number[]): Promise<Map<number, Record<ItemStatus, number>>> {
      const counts = new Map<number, Record<ItemStatus, number>>(runIds.map((id) => [id, { pending: 0, sent: 0, failed: 0 }]));
      if (!runIds.length) return counts;
      const rows = await db
        .selectFrom('payroll_run_items')
        .select(['run_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('run_id', 'in', runIds)
        .groupBy(['run_id', 'status'])
        .execute();
      for (const row of rows) {
        const entry = counts.get(row.run_id);
        if (entry) entry[row.status] = Number(row.count);
      }
      return counts;
    },

    failedItems: (runId: number, limit: number) =>
      db
        .selectFrom('payroll_run_items')
        .innerJoin('employees', 'employees.user_id', 'payroll_run_items.user_id')
        .select(['employees.employee_id as employeeId', 'payroll_run_items.error as error'])
        .where('payroll_run_items.run_id', '=', runId)
        .where('payroll_run_items.status', '=', 'failed')
        .orderBy('employees.employee_id')
        .limit(limit)
        .execute(),

    /**
     * Claims up to `limit` pending items of a run that nobody holds (or whose holder's lease has
     * passed) for `worker` until `leaseUntil`, in user-id order, and returns them with what their
     * slips need. One UPDATE: on PostgreSQL its subquery locks the rows it picks and skips rows
     * another instance is claiming at that moment (FOR UPDATE SKIP LOCKED), so concurrent claims
     * never wait on each other and never take the same item; SQLite runs one writer at a time, so
     * the same statement is atomic there as it is.
     */
    async claimBatch(runId: number, worker: string, limit: number, now: string, leaseUntil: string): Promise<SlipEmployee[]> {
      const claimable = db
        .selectFrom('payroll_run_items')
        .select('user_id')
        .where('run_id', '=', runId)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('user_id')
        .limit(limit)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
      const claimed = await db
        .updateTable('payroll_run_items')
        .set({ claimed_by: worker, lease_until: leaseUntil })
        .where('run_id', '=', runId)
        .where('user_id', 'in', claimable)
        .returning('user_id')
        .execute();
      if (!claimed.length) return [];
      const rows = await selectEmployees(db)
        .where(
          'users.id',
          'in',
          claimed.map((c) => c.user_id),
        )
        .orderBy('users.id')
        .execute();
      return rows.map(toSlipEmployee);
    },

    /** Extends the leases `worker` holds on a run's pending items; returns how many it still holds. */
    async renewClaims(runId: number, worker: string, leaseUntil: string): Promise<number> {
      const result = await db
        .updateTable('payroll_run_items')
        .set({ lease_until: leaseUntil })
        .where('run_id', '=', runId)
        .where('claimed_by', '=', worker)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Gives up `worker`'s claims on pending items (a clean stop), so another instance need not wait for the lease. */
    releaseClaims: (worker: string) =>
      db
        .updateTable('payroll_run_items')
        .set({ claimed_by: null, lease_until: null })
        .where('claimed_by', '=', worker)
        .where('status', '=', 'pending')
        .execute(),

    /**
     * Records the outcome of one send. Only a pending item still claimed by this worker changes, so
     * a late answer from an instance whose lease passed can never overwrite what the instance that
     * took the item over recorded.
     */
    markItem: (runId: number, userId: number, worker: string, status: 'sent' | 'failed', error: string | null, at: string) =>
      db
        .updateTable('payroll_run_items')
        .set((eb) => ({ status, error, attempts: eb('attempts', '+', 1), updated_at: at }))
        .where('run_id', '=', runId)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where('claimed_by', '=', worker)
        .execute(),

    /** Closes a run once nothing is pending; a no-op while items still are. */
    finishRunIfDone: (runId: number, at: string) =>
      db
        .updateTable('payroll_runs')
        .set({ status: 'done', finished_at: at })
        .where('id', '=', runId)
        .where('status', '=', 'running')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('payroll_run_items').select('run_id').where('run_id', '=', runId).where('status', '=', 'pending'))),
        )
        .execute(),

    runningRunIds: async () => (await db.selectFrom('payroll_runs').select('id').where('status', '=', 'running').orderBy('id').execute()).map((r) => r.id),

    /** Puts a run's failed items back to pending and reopens the run; returns how many were re-queued. */
    async requeueFailed(trx: Transaction<DB>, runId: number, at: string): Promise<number> {
      const result = await trx
        .updateTable('payroll_run_items')
        .set({ status: 'pending', error: null, updated_at: at, claimed_by: null, lease_until: null })
        .where('run_id', '=', runId)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      const requeued = Number(result.numUpdatedRows);
      if (requeued > 0) {
        await trx.updateTable('payroll_runs').set({ status: 'running', finished_at: null }).where('id', '=', runId).execute();
      }
      return requeued;
    },
  };
}

export type SalaryRepository = ReturnType<typeof createSalaryRepository>;
