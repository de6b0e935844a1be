/**
 * Which months' slips an employee can have: the approved months with a slip of theirs, and, where the
 * company releases slips only after paying (payroll settings), only the released ones. The Salary
 * Slip screen lists them with their versions; the home card offers the latest.
 */
import { monthLabel } from '../../../shared/payroll/pay-month';
import type { AvailableSlips } from '../../../shared/schemas/payroll-payments';
import type { AppContext } from '../../context';
import { payrollSettings } from './payroll-settings';

async function availableMonths(ctx: AppContext, userId: number, limit?: number) {
  const held = (await payrollSettings(ctx)).slipRelease === 'release';
  return ctx.database.db
    .selectFrom('payroll_approved_slips as s')
    .innerJoin('payroll_approvals as a', 'a.month', 's.month')
    .select(['s.month', 's.net_paise', 's.changed_version'])
    .where('s.user_id', '=', userId)
    .$if(held, (qb) => qb.where('a.released_at', 'is not', null))
    .orderBy('s.month', 'desc')
    .$if(limit !== undefined, (qb) => qb.limit(limit!))
    .execute();
}

/** The employee's available slips, newest first, each with its versions (1, 2, … as stored). */
export async function availableSlips(ctx: AppContext, userId: number): Promise<AvailableSlips['slips']> {
  const months = await availableMonths(ctx, userId);
  if (!months.length) return [];
  const versions = await ctx.database.db
    .selectFrom('payroll_slip_versions')
    .select(['month', 'stored_at', 'reason', 'net_paise'])
    .where('user_id', '=', userId)
    .where(
      'month',
      'in',
      months.map((m) => m.month),
    )
    .orderBy('month')
    .orderBy('version')
    .execute();
  return months.map((m) => {
    const own = versions.filter((v) => v.month === m.month).map((v, i) => ({ version: i + 1, storedAt: v.stored_at, reason: v.reason, net: Number(v.net_paise) / 100 }));
    return { month: m.month, monthLabel: monthLabel(m.month), version: own.length || 1, versions: own };
  });
}

/** The latest month whose slip the employee can download, or null: the home's "Latest salary slip" card. */
export async function latestAvailableSlipMonth(ctx: AppContext, userId: number): Promise<string | null> {
  return (await availableMonths(ctx, userId, 1))[0]?.month ?? null;
}
