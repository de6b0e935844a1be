/**
 * Salary revisions: a new monthly gross from a day on, with a reason and who entered it, audited.
 *
 * - The day defaults to the first day of the earliest month not yet approved (arrears.ts
 *   openPayMonth), and may be any day from joining up to today (a raise meant for a later day is
 *   entered on or after that day, so the Salary field always says what is in force today).
 * - A day inside months already approved never re-prices them: those months keep what they were
 *   approved with, even when re-run (the revision's `appliesFrom` is the open month). The difference
 *   for each approved month is paid as arrears lines, per component, in the open month
 *   (salary-history.ts, arrear-lines.ts revisionArrearLines): the month computed with the revision
 *   less the month computed without it, from the same attendance, so nothing else slips in.
 * - The employee's `salary` (employees.salary_paise) is kept as the salary in force today.
 * - The first revision of someone with no history first records the salary they had, from joining,
 *   so the months before it keep their rate.
 */
import type { Kysely, Transaction } from 'kysely';
import { revisionArrearLines, type SlipArrear } from '../../../shared/payroll/arrear-lines';
import { DEFAULT_PAYROLL_POLICY } from '../../../shared/payroll/payroll-policy';
import { salaryOn, structureOn } from '../../../shared/payroll/salary-history';
import { fixedBasicProblem, structureComponents } from '../../../shared/payroll/salary-structure';
import { overrideText, type PersonStructure } from '../../../shared/payroll/structure-override';
import { monthsAfter } from '../../../shared/payroll/statutory/financial-year';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { badRequest, fieldError, HttpError } from '../../errors';
import { addArrearLines, arrearLinesOf, latestApprovedMonth, nextMonth, openPayMonth, type StoredArrearLine } from './arrears';
import { revisionHistory, revisionsByUser } from '../salary-history';
import type { SalaryHistory } from '../../../shared/schemas/salary-history';
import { findEmployeeByUserId } from '../employee-records';
import { notFound } from '../../errors';
import { createSalaryRepository, type SlipEmployee } from './salary-repository';
import { computeSlip } from './salary-service';
import { companyToday } from '../../company-today';

export interface RevisionInput {
  userId: number;
  employeeId: string;
  joinedOn: string;
  /** The salary before this revision (employees.salary_paise), recorded from joining when there is no history yet. */
  previousPaise: number;
  salaryPaise: number;
  effectiveFrom?: string;
  reason?: string;
  actorId: number;
}

export interface RevisionOutcome {
  revisionId: number;
  effectiveFrom: string;
  appliesFrom: string | null;
  arrears: StoredArrearLine[];
  inForceTodayPaise: number;
}

export const DEFAULT_REVISION_REASON = 'Salary changed on Edit Employee';

/** Records a revision inside the caller's transaction (see the top of this file); 400 for a day before joining or after today. */
export async function recordSalaryRevision(ctx: AppContext, trx: Transaction<DB>, input: RevisionInput, now: Date): Promise<RevisionOutcome> {
  const today = companyToday(ctx);
  const open = await openPayMonth(trx, today);
  const effectiveFrom = input.effectiveFrom ?? maxDate(`${open}-01`, input.joinedOn);
  if (effectiveFrom < input.joinedOn) throw badRequest(`salaryEffectiveFrom ${effectiveFrom} is before the joining date ${input.joinedOn}`);
  if (effectiveFrom > today) throw badRequest(`salaryEffectiveFrom ${effectiveFrom} is after today (${today}): enter a raise on or after the day it takes effect`);
  const reason = input.reason?.trim() || DEFAULT_REVISION_REASON;
  const at = now.toISOString();

  const existing = (await revisionsByUser(trx, [input.userId])).get(input.userId) ?? [];
  // A salary below the fixed Basic of the structure in force would not pay that Basic.
  const latestApproved = await latestApprovedMonth(trx);
  const structure = structureOn(effectiveFrom, existing, appliesFromOf(effectiveFrom, latestApproved) ?? effectiveFrom.slice(0, 7));
  const basicProblem = structure ? fixedBasicProblem(input.salaryPaise, structure) : null;
  if (basicProblem) throw fieldError('salary', `Salary: ${basicProblem} (salary structure ${structure!.name}). Assign another structure first, or enter at least the Basic`);
  if (!existing.length) {
    await trx
      .insertInto('salary_revisions')
      .values({ user_id: input.userId, effective_from: input.joinedOn, salary_paise: input.previousPaise, reason: 'Salary before the first recorded revision', applies_from: null, created_by: null, created_at: at })
      .execute();
    existing.push({ effectiveFrom: input.joinedOn, monthlyGrossPaise: input.previousPaise, appliesFrom: null });
  }
  const effectiveMonth = effectiveFrom.slice(0, 7);
  // Only approved months are kept from it: with none approved on or after its month, it applies from its day.
  const appliesFrom = appliesFromOf(effectiveFrom, latestApproved);
  const { id } = await trx
    .insertInto('salary_revisions')
    .values({ user_id: input.userId, effective_from: effectiveFrom, salary_paise: input.salaryPaise, reason, applies_from: appliesFrom, created_by: input.actorId, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const revisionId = Number(id);

  let arrears: StoredArrearLine[] = [];
  if (appliesFrom) {
    const lines = await arrearsForApprovedMonths(ctx, trx, input, existing, { effectiveFrom, monthlyGrossPaise: input.salaryPaise }, [effectiveMonth, ...monthsAfter(effectiveMonth, appliesFrom)].filter((m) => m < appliesFrom), reason, today);
    arrears = await addArrearLines(
      trx,
      lines.map((l) => ({ ...l, userId: input.userId, payMonth: appliesFrom, source: 'salary-revision', sourceRef: String(revisionId) })),
      { actorId: input.actorId, today },
      now,
    );
  }

  const all = [...existing, { effectiveFrom, monthlyGrossPaise: input.salaryPaise, appliesFrom }];
  const inForceTodayPaise = salaryOn(today, all, input.salaryPaise);
  await trx.updateTable('employees').set({ salary_paise: inForceTodayPaise }).where('user_id', '=', input.userId).execute();
  await recordAudit(
    trx,
    {
      actorId: input.actorId,
      action: 'salary.revision',
      entity: 'employee',
      entityId: String(input.userId),
      before: { employeeId: input.employeeId, salary: input.previousPaise / 100 },
      after: { employeeId: input.employeeId, revisionId, salary: input.salaryPaise / 100, effectiveFrom, appliesFrom, reason, arrears: arrears.reduce((s, l) => s + l.amountPaise, 0) / 100 },
    },
    now,
  );
  return { revisionId, effectiveFrom, appliesFrom, arrears, inForceTodayPaise };
}

/** The first month computed with a revision from `effectiveFrom`: the month after the latest approved one when it falls in approved months. */
const appliesFromOf = (effectiveFrom: string, latestApproved: string | null | undefined) => (latestApproved && effectiveFrom.slice(0, 7) <= latestApproved ? nextMonth(latestApproved) : null);

const maxDate = (a: string, b: string) => (a > b ? a : b);

/** A revision's structure as the history shows it, with its split of the revision's gross. */
function structureView(st: PersonStructure | null, assigned: boolean, grossPaise: number): SalaryHistory['revisions'][number]['structure'] {
  if (!st) return null;
  const c = structureComponents(grossPaise, st);
  const fixed = st.basicMonthlyPaise != null;
  return {
    name: st.name,
    assigned,
    basicPercentOfGross: fixed ? null : st.basicPercentOfGross,
    basicMonthly: fixed ? st.basicMonthlyPaise! / 100 : null,
    hraPercentOfBasic: st.hraPercentOfBasic,
    fixedAllowances: (st.fixedAllowances ?? []).map((a) => ({ name: a.name, monthly: a.monthlyPaise / 100 })),
    basic: c.basicPaise / 100,
    hra: c.hraPaise / 100,
    special: c.specialPaise / 100,
    override: st.override ? overrideText(st.override) : null,
  };
}

/**
 * For each approved month with a stored slip for the employee: the month computed with the new
 * revision less the month computed without it, on the same (today's) data, as arrears lines.
 */
async function arrearsForApprovedMonths(
  ctx: AppContext,
  trx: Transaction<DB>,
  input: RevisionInput,
  history: readonly { effectiveFrom: string; monthlyGrossPaise: number; appliesFrom?: string | null }[],
  revision: { effectiveFrom: string; monthlyGrossPaise: number },
  months: readonly string[],
  reason: string,
  today: string,
): Promise<SlipArrear[]> {
  if (!months.length) return [];
  const approved = await trx.selectFrom('payroll_approved_slips').select('month').where('user_id', '=', input.userId).where('month', 'in', months).execute();
  const paid = new Set(approved.map((r) => r.month));
  const repo = createSalaryRepository(trx as unknown as Kysely<DB>, ctx.database.dialect, ctx.config.timeZone);
  const employee: SlipEmployee = { userId: input.userId, employeeId: input.employeeId, name: '', email: '', position: '', salaryPaise: input.previousPaise, joinedOn: input.joinedOn };
  const lines: SlipArrear[] = [];
  for (const month of months.filter((m) => paid.has(m))) {
    const days = (await repo.loadMonthDays([input.userId], month)).get(input.userId)!;
    try {
      const without = computeSlip(DEFAULT_PAYROLL_POLICY, employee, { ...days, salaryRevisions: [...history], arrears: [] }, month, today);
      const withIt = computeSlip(DEFAULT_PAYROLL_POLICY, employee, { ...days, salaryRevisions: [...history, { ...revision, appliesFrom: null }], arrears: [] }, month, today);
      lines.push(...revisionArrearLines(month, without, withIt, reason));
    } catch (err) {
      // A month the employee has no slip for any more (a leaving date moved back): nothing owed.
      if (!(err instanceof HttpError)) throw err;
    }
  }
  return lines;
}

/** GET /api/salary/history/:id: the revisions and arrears lines of one employee (deactivated ones too); 404 when unknown. */
export async function salaryHistory(ctx: AppContext, userId: number): Promise<SalaryHistory> {
  const { db } = ctx.database;
  const employee = await findEmployeeByUserId(db, userId);
  if (!employee) throw notFound('No employee with that id');
  const [revisions, arrears, open] = await Promise.all([revisionHistory(db, userId), arrearLinesOf(db, userId), openPayMonth(db, companyToday(ctx))]);
  return {
    employeeId: employee.employee_id,
    salary: Number(employee.salary_paise) / 100,
    defaultEffectiveFrom: maxDate(`${open}-01`, employee.joined_on),
    revisions: revisions.map((r) => ({
      id: String(r.id),
      effectiveFrom: r.effectiveFrom,
      salary: r.monthlyGrossPaise / 100,
      reason: r.reason,
      appliesFrom: r.appliesFrom,
      enteredBy: r.enteredBy,
      enteredAt: r.enteredAt,
      structure: structureView(r.inForce ?? null, r.structure === r.inForce && r.inForce != null, r.monthlyGrossPaise),
    })),
    arrears: arrears.map((l) => ({ id: String(l.id), payMonth: l.payMonth, forMonth: l.forMonth, component: l.component, amount: l.amountPaise / 100, reason: l.reason, source: l.source })),
  };
}
