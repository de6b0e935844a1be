/**
 * Accrual, carry-forward and balances of one leave type for one person, computed from the records
 * (joining date, days taken and pending per year), never kept as a counter that could drift.
 *
 * The rules, as Indian HR policies usually write them:
 * - Pro-rating: a person who joins mid-year earns only the months they are with the company; the
 *   joining month counts when they join on or before the 15th.
 * - Yearly accrual credits the (pro-rated) entitlement on the first day of the year, or of joining.
 *   Monthly accrual credits a twelfth on the first day of each month worked.
 * - Credits are rounded down to a half day, so nobody is given a fraction of a day they cannot take.
 * - At the year end, what is left carries into the next year up to the type's cap; the rest lapses.
 * - A company that starts on the product mid-way (its go-live date) brings each person's balance as
 *   an opening balance; only credits dated on or after the go-live date are then earned here, and
 *   nothing carries in from years before it (the opening balance holds that history). Opening
 *   balances and an admin's adjustments (+ or − days, with a reason) are credits of the leave year
 *   their date falls in, so they carry forward like earned days.
 */
import { leaveYear, leaveYearOf, monthIndexIn, type LeaveYearStart } from './leave-year';

/**
 * Whether a leave type is unpaid (its days are loss of pay), from its stored `paid` flag: a leave
 * without a type (rows from before leave types) is of the default type, which is paid. One rule for
 * payroll and the register, which must agree on loss-of-pay days.
 */
export const isUnpaidType = (paid: number | null | undefined): boolean => paid != null && Number(paid) === 0;

export interface LeaveTypePolicy {
  /** Days a full year earns. */
  yearlyEntitlement: number;
  accrual: 'monthly' | 'yearly';
  /** Mid-year joiners earn only their months (see above); when false they earn the full year. */
  proRate: boolean;
  /** Days at most carried into the next year; 0 means everything left lapses. */
  carryForwardCap: number;
}

/** Days of one type a person took (approved) and has asked for (pending) in one leave year. */
export interface YearUse {
  taken: number;
  pending: number;
  /** Opening balance and adjustments dated in the year (+ or −); none when absent. */
  credit?: number;
}

export interface LeaveBalance {
  year: number;
  carriedForward: number;
  accrued: number;
  taken: number;
  pending: number;
  /** Opening balance and adjustments of the year. */
  adjusted: number;
  /** accrued + carried forward + adjusted − taken − pending: what a new request may still use. */
  available: number;
}

const JOINING_MONTH_CUTOFF_DAY = 15;

const downToHalf = (days: number) => Math.floor(days * 2 + 1e-9) / 2;

/** Months of the leave year a person earns for: 12, or fewer for a joiner. */
function earningMonths(year: number, startMonth: LeaveYearStart, joinDate: string): number {
  const span = leaveYear(year, startMonth);
  if (joinDate <= span.start) return 12;
  if (joinDate > span.end) return 0;
  const joinMonth = monthIndexIn(span, joinDate);
  const countsJoinMonth = Number(joinDate.slice(8, 10)) <= JOINING_MONTH_CUTOFF_DAY;
  return 12 - joinMonth + (countsJoinMonth ? 1 : 0);
}

/**
 * Days credited in leave year `year` by `asOf` (the whole year's credit when asOf is past its end).
 * `from` (the go-live date): credits dated before it are not counted, as the opening balance holds them.
 */
export function accruedIn(policy: LeaveTypePolicy, year: number, startMonth: LeaveYearStart, joinDate: string, asOf: string, from?: string): number {
  const span = leaveYear(year, startMonth);
  if (asOf < span.start || asOf < joinDate) return 0;
  const earning = policy.proRate ? earningMonths(year, startMonth, joinDate) : joinDate > span.end ? 0 : 12;
  if (policy.accrual === 'yearly') {
    const creditedOn = joinDate > span.start ? joinDate : span.start;
    if (from && creditedOn < from) return 0;
    return downToHalf((policy.yearlyEntitlement * earning) / 12);
  }
  // Monthly: a twelfth at the start of each earning month that has begun by asOf (and, with a
  // go-live date, on or after it; the joining month's credit is dated on the joining day).
  const firstEarning = 12 - earning + 1;
  const begun = monthIndexIn(span, asOf);
  let credited = 0;
  for (let k = firstEarning; k <= begun; k += 1) {
    const monthStart = monthStartIn(span, k);
    const creditedOn = k === firstEarning && joinDate > monthStart ? joinDate : monthStart;
    if (!from || creditedOn >= from) credited += 1;
  }
  return downToHalf((policy.yearlyEntitlement * credited) / 12);
}

/** The first day of the `index`th month (1–12) of a leave year, YYYY-MM-DD; after its end for 13+. */
function monthStartIn(span: { start: string }, index: number): string {
  const y = Number(span.start.slice(0, 4));
  const m0 = Number(span.start.slice(5, 7)) - 1 + (index - 1);
  return `${y + Math.floor(m0 / 12)}-${String((m0 % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The balance in the leave year holding `asOf`, walking every year from the one the person joined
 * in (or the go-live year, when later) so carry-forward is exact. `use(year)` gives the days taken
 * and pending in that year and its opening balance and adjustments.
 */
export function leaveBalance(
  policy: LeaveTypePolicy,
  { joinDate, asOf, startMonth, use, goLive }: { joinDate: string; asOf: string; startMonth: LeaveYearStart; use(year: number): YearUse; goLive?: string | null },
): LeaveBalance {
  const from = goLive ?? undefined;
  const current = leaveYearOf(asOf, startMonth).year;
  const joinYear = leaveYearOf(joinDate, startMonth).year;
  const first = Math.min(current, from ? Math.max(joinYear, leaveYearOf(from, startMonth).year) : joinYear);
  let carried = 0;
  for (let year = first; year < current; year += 1) {
    const { taken, credit = 0 } = use(year);
    const closing = carried + accruedIn(policy, year, startMonth, joinDate, leaveYear(year, startMonth).end, from) + credit - taken;
    carried = Math.min(policy.carryForwardCap, Math.max(0, closing));
  }
  const accrued = accruedIn(policy, current, startMonth, joinDate, asOf, from);
  const { taken, pending, credit = 0 } = use(current);
  return { year: current, carriedForward: carried, accrued, taken, pending, adjusted: credit, available: carried + accrued + credit - taken - pending };
}
