/**
 * Computes a leaver's full-and-final statement from today's data (src/shared/payroll/full-and-final.ts
 * and statutory/gratuity.ts hold the rules and their sources):
 *
 * - the last month's pay to the leaving date: the month's slip, computed with the leaving date, or
 *   the slip as approved when that month's payroll is approved (it is then paid through the payroll
 *   bank file and shown here without being added again);
 * - leave encashment of every encashable type's balance on the leaving date, capped, at the type's
 *   day's pay of the last drawn rate;
 * - notice: the shortfall of the exit's notice, recovered or (relieved early) paid, unless waived;
 * - gratuity on the last drawn wage by the rule in force on the leaving date;
 * - arrears owed in months after the last one (no slip will pay them);
 * - other recoveries the admin entered; TDS on the taxable part on the year's actual income.
 */
import type { Kysely } from 'kysely';
import { dayRate, leaveEncashment, noticePay, settlement, settlementDueOn, settlementTds, type EncashmentBasis, type LastDrawn } from '../../../shared/payroll/full-and-final';
import { countOf } from '../../../shared/format';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { DEFAULT_PAYROLL_POLICY, type PayrollPolicy } from '../../../shared/payroll/payroll-policy';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import { structureOn, type SalaryRevisionFact } from '../../../shared/payroll/salary-history';
import { structureComponents } from '../../../shared/payroll/salary-structure';
import { EXIT_KIND_LABELS, type ExitKind } from '../../../shared/payroll/exit-codes';
import { gratuity, type EmploymentType, type ExitReason } from '../../../shared/payroll/statutory/gratuity';
import { oldRegimeForAge, ageBandFor } from '../../../shared/payroll/statutory/income-tax';
import { rulesInForce } from '../../../shared/payroll/statutory/rules-in-force';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import type { FinalSettlement } from '../../../shared/schemas/exit';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { balancesOf } from '../leave-policy';
import { listLeaveTypes, readLeaveSettings, workCalendar } from '../leave-policy';
import { findApprovedMonth } from '../salary';
import { computeSlip, storedSlip } from '../salary';
import { companyToday } from '../../company-today';
import { createSalaryRepository, type SlipEmployee } from '../salary';
import { addDays, findExit, noticeOf } from './exit-service';

const rupees = (paise: number) => paise / 100;

/** What an approved statement stores beside its view: the figures the payroll bank file needs. */
export interface Statement {
  view: Omit<FinalSettlement, 'state' | 'overdue' | 'approvedAt' | 'approvedBy' | 'batch'>;
  payablePaise: number;
  lastMonth: string;
  /** The last month's net pay the settlement itself pays (0 when payroll pays it). */
  lastMonthPaidPaise: number;
  userId: number;
}

/** Gratuity's reasons are fewer: a retrenchment is a termination, the rest map one to one. */
const gratuityReason = (kind: ExitKind | null): ExitReason => (kind === 'retrenchment' ? 'termination' : (kind ?? 'other'));

/**
 * The monthly rate in force on the leaving date (the slip's last salary period, else its monthly
 * gross) and its Basic: by the salary structure in force that day (a percentage of the gross or a
 * fixed amount), else the company default's percentage.
 */
export function lastDrawnOf(slip: SalarySlip, policy: PayrollPolicy, revisions: readonly SalaryRevisionFact[] | undefined, leftOn: string): LastDrawn {
  const grossPaise = slip.salaryPeriods?.at(-1)?.monthlyGrossPaise ?? slip.monthlyGrossPaise;
  const structure = revisions?.length ? structureOn(leftOn, revisions, leftOn.slice(0, 7)) : null;
  if (structure) return { grossPaise, basicPaise: structureComponents(grossPaise, structure).basicPaise };
  return { grossPaise, basicPaise: Math.round((grossPaise * policy.basicPercentOfGross) / 100) };
}

export async function computeStatement(ctx: AppContext, userId: number, otherRecoveriesPaise: number, recoveriesNote: string, policy: PayrollPolicy = DEFAULT_PAYROLL_POLICY): Promise<Statement> {
  const db = ctx.database.db as Kysely<DB>;
  const repo = createSalaryRepository(db, ctx.database.dialect, ctx.config.timeZone);
  const employee: SlipEmployee | undefined = await repo.findEmployee({ userId });
  if (!employee) throw notFound('Employee not found');
  const [exit, statutory] = await Promise.all([findExit(db, userId), db.selectFrom('employee_statutory').select(['left_on', 'employment_type', 'date_of_birth']).where('user_id', '=', userId).executeTakeFirst()]);
  const leftOn = statutory?.left_on ?? null;
  if (!leftOn) throw conflict(`${employee.name} (${employee.employeeId}) has no leaving date: record their exit first`);
  const today = companyToday(ctx);
  const lastMonth = leftOn.slice(0, 7);
  if (lastMonth > today.slice(0, 7)) throw conflict(`${employee.name}'s last working day is ${leftOn}: the settlement can be worked out from the first day of ${monthLabel(lastMonth)}`);

  const days = (await repo.loadMonthDays([userId], lastMonth)).get(userId)!;
  const approved = await findApprovedMonth(db, lastMonth);
  const stored = approved ? await storedSlip(ctx, userId, lastMonth) : undefined;
  const slip = stored?.slip ?? computeSlip(policy, employee, days, lastMonth, today);
  const paidThroughPayroll = Boolean(stored);
  const last = lastDrawnOf(slip, policy, days.salaryRevisions, leftOn);

  // Leave: balances on the leaving date of the types a leaver is paid for.
  const settings = await readLeaveSettings(db);
  const types = (await listLeaveTypes(db)).filter((t) => Number(t.encashable) === 1);
  const balances = types.length ? ((await balancesOf(db, [{ userId, joinedOn: employee.joinedOn }], leftOn, settings, { all: false })).get(userId) ?? []) : [];
  const encashment = leaveEncashment(
    types.map((t) => ({
      leaveType: t.name,
      encashable: true,
      balanceDays: Math.max(0, balances.find((b) => b.leaveTypeId === String(t.id))?.available ?? 0),
      capDays: t.encashment_cap_days === null ? null : Number(t.encashment_cap_days),
      basis: t.encashment_basis as EncashmentBasis,
    })),
    last,
  );

  const noticeDays = exit ? noticeOf(exit) : { requiredDays: 0, servedDays: 0, shortfallDays: 0 };
  const waived = exit ? Number(exit.notice_waived) === 1 : false;
  const relievedEarly = exit ? Number(exit.relieved_early) === 1 : false;
  const notice = noticePay({ requiredDays: noticeDays.requiredDays, servedDays: noticeDays.servedDays, waived, relievedByEmployer: relievedEarly }, last);

  const employmentType = (statutory?.employment_type ?? 'permanent') as EmploymentType;
  const kind = (exit?.kind ?? null) as ExitKind | null;
  const grat = gratuity({ joinedOn: employee.joinedOn, leftOn, employmentType, reason: gratuityReason(kind), lastDrawn: last });

  // Arrears in months after the last: no slip of theirs will pay them.
  const owed = await db.selectFrom('payroll_arrears').select((eb) => eb.fn.sum<string | number | null>('amount_paise').as('total')).where('user_id', '=', userId).where('pay_month', '>', lastMonth).executeTakeFirst();
  const arrearsPaise = Number(owed?.total ?? 0);

  // TDS on the taxable part, on the year's actual income to the leaving month.
  const untaxed = settlement({ lastMonthNetPaise: 0, encashment, notice, gratuity: grat, arrearsPaise, otherRecoveriesPaise, tdsPaise: 0 });
  const book = days.rules?.book;
  const rules = rulesInForce(lastMonth, book, days.rules?.settings);
  const regime = slip.statutory.taxRegime;
  const regimeRules = regime === 'old' ? oldRegimeForAge(rules.incomeTax.old, ageBandFor(statutory?.date_of_birth ?? null, financialYearOf(lastMonth))) : rules.incomeTax[regime];
  const tdsPaise = settlementTds(slip.statutory.incomeTax?.taxableIncomePaise ?? 0, untaxed.taxablePaise, regimeRules);

  const lastMonthPaidPaise = paidThroughPayroll ? 0 : slip.netPaise;
  const result = settlement({ lastMonthNetPaise: lastMonthPaidPaise, encashment, notice, gratuity: grat, arrearsPaise, otherRecoveriesPaise, tdsPaise });
  const lines = result.lines.map((l, i) =>
    i === 0
      ? { label: paidThroughPayroll ? `Salary for ${slip.monthLabel} (${countOf(slip.days.paid, 'paid day')}): ₹${rupees(slip.netPaise).toLocaleString('en-IN')} net, paid with that month's payroll` : `Salary for ${slip.monthLabel} to ${leftOn} (${countOf(slip.days.paid, 'paid day')}), net`, amount: rupees(l.amountPaise) }
      : { label: l.label === 'Other recoveries' && recoveriesNote ? `Other recoveries: ${recoveriesNote}` : l.label, amount: rupees(l.amountPaise) },
  );
  const calendar = await workCalendar(db, addDays(leftOn, 1), addDays(leftOn, 31));
  return {
    userId,
    lastMonth,
    lastMonthPaidPaise,
    payablePaise: result.payablePaise,
    view: {
      employeeId: employee.employeeId,
      name: employee.name,
      joinedOn: employee.joinedOn,
      leftOn,
      exitKind: kind ? EXIT_KIND_LABELS[kind] : 'Not recorded',
      employmentType,
      dueOn: settlementDueOn(leftOn, calendar),
      lastMonth: { month: lastMonth, monthLabel: monthLabel(lastMonth), paidDays: slip.days.paid, gross: rupees(slip.earnings.totalPaise), net: rupees(slip.netPaise), paidThroughPayroll },
      encashment: encashment.map((e) => ({ leaveType: e.leaveType, days: e.days, amount: rupees(e.amountPaise), basis: `${e.basis.startsWith('basic') ? 'Basic' : 'Gross'} ÷ ${e.basis.slice(-2)} (₹${rupees(Math.round(dayRate(e.basis, last))).toLocaleString('en-IN')} a day)` })),
      notice: { requiredDays: noticeDays.requiredDays, servedDays: noticeDays.servedDays, shortfallDays: notice.shortfallDays, amount: rupees(notice.amountPaise), waived, relievedEarly },
      gratuity: {
        eligible: grat.eligible,
        notEligibleBecause: grat.notEligibleBecause,
        service: grat.service,
        countedYears: grat.countedYears,
        wage: rupees(grat.wagePaise),
        amount: rupees(grat.amountPaise),
        capped: grat.capped,
        rule: grat.rule.source,
      },
      arrears: rupees(arrearsPaise),
      otherRecoveries: rupees(otherRecoveriesPaise),
      recoveriesNote,
      tax: { taxable: rupees(result.taxablePaise), gratuityExempt: rupees(result.gratuityExemptPaise), encashmentExempt: rupees(result.encashmentExemptPaise), tds: rupees(tdsPaise) },
      lines,
      total: rupees(result.totalPaise),
      payable: rupees(result.payablePaise),
      owedByEmployee: rupees(result.owedByEmployeePaise),
      computedAt: ctx.now().toISOString(),
    },
  };
}
