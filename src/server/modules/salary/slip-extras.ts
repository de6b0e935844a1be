/**
 * What a payslip shows beside the month's computation: its status mark (a draft preview, or a
 * revised version with its date and reason), the identity an Indian employee looks for (UAN, PAN,
 * ESI number, the bank account masked), the financial year to date as approved months paid it
 * (gross, PF, PT, TDS) and the leave balances at the month's end. Read per slip from the stored
 * approval (beneficiary details frozen at approval) or, for a preview, from today's details.
 */
import { financialYearOf, firstMonthOfFinancialYear } from '../../../shared/payroll/statutory/financial-year';
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import { maskBankAccount } from '../../../shared/schemas/employee-statutory';
import type { AppContext } from '../../context';
import { loadStatutoryByUser, NO_STATUTORY, type StatutoryValues } from '../employees/employee-statutory';
import { balancesOf } from '../leave-policy/leave-balances';
import { readLeaveSettings } from '../leave-policy/leave-policy-repository';
import type { Beneficiary } from './beneficiary';
import { approvedPayByUser } from './payroll-approvals';
import { monthBounds, type SlipEmployee } from './salary-repository';
import { formatRupees } from './slip-sections';

export interface SlipExtras {
  /** 'Draft: …' or 'Revised: version 2 of 26 Nov 2026, reason …'; null for a slip as first approved. */
  stamp: string | null;
  identity: [string, string][];
  /** Label, value pairs: the financial year's gross, PF, PT and TDS up to and including this month. */
  yearToDate: [string, string][];
  /** One line per leave type: taken in the leave year and available at the month's end. */
  leave: [string, string][];
}

/** 'Revised: version 2 of 26 Nov 2026, reason Late leave approved' (the day in the company's zone). */
export function revisedStamp(ordinal: number, storedAt: string, reason: string | null, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(storedAt));
  return `Revised: version ${ordinal} of ${day}${reason ? `, reason ${reason}` : ''}`;
}

export const draftStamp = (slip: SalarySlip) => `Draft: ${slip.monthLabel} is not approved yet; figures may change and this is not a payslip`;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

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
    const leave: [string, string][] = (balances.get(employee.userId) ?? []).map((b) => [b.leaveType, `taken ${days(b.taken)} in ${b.year}, ${days(b.available)} left`]);
    out.set(employee.userId, { stamp, identity, yearToDate, leave });
  }
  return out;
}
