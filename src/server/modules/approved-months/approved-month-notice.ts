/**
 * Decisions that reach an approved month say so in their answer. An approved month is paid from
 * its stored slips (payroll-approvals.ts), so a leave approved or cancelled, a correction approved
 * or a salary revision dated inside it changes nothing that month by itself: the Payroll Register
 * shows "live data differs" for the people concerned, and the change is paid by a re-run of that
 * month or as arrears on a later one. Telling the person who decides, at the moment they decide,
 * is what keeps a late leave from passing without a word.
 *
 * Stable API for other modules: approvedMonthsBetween, decisionNotice, revisionNotice.
 */
import type { Kysely, Transaction } from 'kysely';
import { formatRupees } from '../../../shared/format';
import { monthLabel } from '../../../shared/payroll/pay-month';
import type { ApprovedMonthNotice } from '../../../shared/schemas/approved-month-notice';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The approved months from the month of `from` to the month of `to` (dates or months), oldest first. */
export async function approvedMonthsBetween(db: Db, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('payroll_approvals')
    .select('month')
    .where('month', '>=', from.slice(0, 7))
    .where('month', '<=', to.slice(0, 7))
    .orderBy('month')
    .execute();
  return rows.map((r) => r.month);
}

const list = (months: readonly string[]) => months.map(monthLabel).join(', ');

/**
 * What a leave, correction or other day-level decision is told when its days lie in approved months;
 * undefined otherwise. HR is told how to pay the change; a manager or stand-in, who settles no pay,
 * only that HR will.
 */
export async function decisionNotice(db: Db, from: string, to: string, what: string, decidedBy: 'hr' | 'manager' = 'hr'): Promise<ApprovedMonthNotice | undefined> {
  const months = await approvedMonthsBetween(db, from, to);
  if (!months.length) return undefined;
  const them = months.length === 1 ? 'it' : 'them';
  const next =
    decidedBy === 'hr'
      ? `The Payroll Register now shows that live data differs; pay the change by re-running ${them} or as arrears on a later month.`
      : 'HR sees the change in the Payroll Register and settles it.';
  return { months, msg: `${list(months)} ${months.length === 1 ? 'is' : 'are'} already approved, and ${what} falls in ${them}: the approved slips stay as they are. ${next}` };
}

/** What a salary revision dated inside approved months is told: they keep their slips, and the difference is arrears. */
export function revisionNotice(months: readonly string[], payMonth: string, arrearsPaise: number): ApprovedMonthNotice | undefined {
  if (!months.length) return undefined;
  return {
    months: [...months],
    msg:
      `The new salary starts inside ${months.length === 1 ? 'an approved month' : 'approved months'} (${list(months)}), whose slips stay as approved: ` +
      `the difference, ${formatRupees(arrearsPaise / 100)}, is added as arrears to the ${monthLabel(payMonth)} slip.`,
  };
}
