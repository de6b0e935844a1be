/**
 * What a payslip shows beside the month's computation: its status mark (a draft preview, or a
 * revised version with its date and reason), the identity an Indian employee looks for (UAN, PAN,
 * ESI number, the bank account masked), the financial year to date as approved months paid it
 * (gross, PF, PT, TDS), the approved leave taken in the month and the leave balances at the month's end. Read per slip from the stored
 * approval (beneficiary details frozen at approval) or, for a preview, from today's details.
 */
import { financialYearOf, firstMonthOfFinancialYear } from '../../../shared/payroll/statutory/financial-year';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import { maskBankAccount } from '../../../shared/schemas/employee-statutory';
import type { AppContext } from '../../context';
import { loadStatutoryByUser, NO_STATUTORY, type StatutoryValues } from '../employee-records';
import { balancesOf } from '../leave-policy';
import { leaveDays } from '../../../shared/leave-policy/work-calendar';
import { readLeaveSettings, workCalendar } from '../leave-policy';
import type { Beneficiary } from './beneficiary';
import { approvedPayByUser } from './payroll-approvals';
import { monthBounds, type SlipEmployee } from './salary-repository';
import { formatRupees } from '../../paise-text';

export interface SlipExtras {
  /** 'Draft: …' or 'Revised: version 2 of 26 Nov 2026, reason …'; null for a slip as first approved. */
  stamp: string | null;
  identity: [string, string][];
  /** Label, value pairs: the financial year's gross, PF, PT and TDS up to and including this month. */
  yearToDate: [string, string][];
  /** One line per leave type: taken in the month, taken in the leave year, and available at the month's end. */
  leave: [string, string][];
  /** Working days of approved leave (every type) in the slip's month; undefined on a bare slip. */
  leaveTaken?: number;
}

/** 'Revised: version 2 of 26 Nov 2026, reason Late leave approved' (the day in the company's zone). */
export function revisedStamp(ordinal: number, storedAt: string, reason: string | null, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(storedAt));
  return `Revised: version ${ordinal} of ${day}${reason ? `, reason ${reason}` : ''}`;
}

export const draftStamp = (slip: SalarySlip) => `Draft: ${slip.monthLabel} is not approved yet; figures may change and this is not a payslip`;

export async function slipExtras(
  ctx: AppContext,
  employee: Pick<SlipEmployee, 'userId' | 'joinedOn'>,
  slip: SalarySlip,
  opts: { stamp: string | null; beneficiary: Beneficiary | null },
): Promise<SlipExtras> {
  return (await slipExtrasOfMany(ctx, slip.month, [{ employee, slip, ...opts }])).get(employee.userId)!;
}

/** The extras of many slips of one month at once (a bulk run's batch): one query per table, not per slip. */
export async function slipExtrasOfMany(
  ctx: AppContext,
  month: string,
  slips: readonly { employee: Pick<SlipEmployee, 'userId' | 'joinedOn'>; slip: SalarySlip; stamp: string | null; beneficiary: Beneficiary | null }[],
): Promise<Map<number, SlipExtras>> {
  const { db } = ctx.database;
  const ids = slips.map((s) => s.employee.userId);
  const unfrozen = slips.filter((s) => !s.beneficiary).map((s) => s.employee.userId);
  const [statutory, paidByUser, settings] = await Promise.all([
    unfrozen.length ? loadStatutoryByUser(db, unfrozen) : new Map<number, StatutoryValues>(),
    approvedPayByUser(db, ids, firstMonthOfFinancialYear(month), month),
    readLeaveSettings(db),
  ]);
  const balances = await balancesOf(
    db,
    slips.map((s) => ({ userId: s.employee.userId, joinedOn: s.employee.joinedOn })),
    monthBounds(month).to,
    settings,
  );
  const taken = await leaveTakenIn(ctx, month, ids, settings);
  const fy = financialYearOf(month);
  const dash = (v: string | null | undefined) => v || '—';
  const out = new Map<number, SlipExtras>();
  for (const { employee, slip, stamp, beneficiary } of slips) {
    const details = beneficiary ?? statutory.get(employee.userId) ?? NO_STATUTORY;
    const identity: [string, string][] = [
      ['UAN', dash(details.uan)],
      ['PAN', dash(details.pan)],
      ['ESI Number', dash(details.esiNumber)],
      ['Bank Account', details.bankAccount ? `${maskBankAccount(details.bankAccount)}${details.ifsc ? ` (${details.ifsc})` : ''}` : '—'],
    ];
    // Approved months before this one, as paid, and this slip itself.
    const ytd = { gross: slip.earnings.totalPaise, pf: slip.deductions.providentFundPaise, pt: slip.deductions.professionalTaxPaise, tds: slip.deductions.tdsPaise };
    for (const m of paidByUser.get(employee.userId)?.values() ?? []) {
      ytd.gross += m.salaryPaise;
      ytd.pf += m.employeePfPaise;
      ytd.pt += m.professionalTaxPaise;
      ytd.tds += m.taxPaise;
    }
    const yearToDate: [string, string][] = [
      [`Gross (FY ${fy} to date)`, `₹${formatRupees(ytd.gross)}`],
      ['Provident Fund to date', `₹${formatRupees(ytd.pf)}`],
      ['Professional Tax to date', `₹${formatRupees(ytd.pt)}`],
      ['Income Tax (TDS) to date', `₹${formatRupees(ytd.tds)}`],
    ];
    // Days are in the heading (SLIP_LABELS.leave), so a line fits its column: "2 this month, 8 in 2026, 3 left".
    const byType = taken.get(employee.userId);
    const leave: [string, string][] = (balances.get(employee.userId) ?? []).map((b) => [b.leaveType, `${byType?.get(b.leaveTypeId) ?? 0} this month, ${b.taken} in ${b.year}, ${b.available} left`]);
    const leaveTaken = [...(byType?.values() ?? [])].reduce((sum, n) => sum + n, 0);
    out.set(employee.userId, { stamp, identity, yearToDate, leave, leaveTaken });
  }
  return out;
}

/**
 * Working days of approved leave in `month`, per person and leave type id (a half day counts ½): one
 * query for the batch, then the month's holidays and the default type when there is any leave.
 */
async function leaveTakenIn(ctx: AppContext, month: string, ids: readonly number[], settings: Awaited<ReturnType<typeof readLeaveSettings>>): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>();
  if (!ids.length) return out;
  const { from, to } = monthBounds(month);
  const rows = await ctx.database.db
    .selectFrom('leaves')
    .select(['user_id', 'leave_type_id', 'start_date', 'end_date', 'day_part'])
    .where('status', '=', 'approved')
    .where('user_id', 'in', ids)
    .where('start_date', '<=', to)
    .where('end_date', '>=', from)
    .execute();
  if (!rows.length) return out;
  const calendar = await workCalendar(ctx.database.db, from, to, settings);
  // Leave filed before leave types counts as the default type, as the balances count it.
  const fallback = rows.some((r) => r.leave_type_id == null)
    ? String((await ctx.database.db.selectFrom('leave_types').select('id').where('is_default', '=', 1).executeTakeFirst())?.id ?? '')
    : '';
  for (const r of rows) {
    const start = r.start_date < from ? from : r.start_date;
    const end = r.end_date > to ? to : r.end_date;
    const n = leaveDays(start, end, calendar, r.start_date === r.end_date ? (r.day_part ?? undefined) : undefined);
    const type = r.leave_type_id == null ? fallback : String(r.leave_type_id);
    let byType = out.get(Number(r.user_id));
    if (!byType) out.set(Number(r.user_id), (byType = new Map()));
    byType.set(type, (byType.get(type) ?? 0) + n);
  }
  return out;
}
