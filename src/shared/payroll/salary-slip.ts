/**
 * The salary slip of one employee for one month, computed from plain values: no I/O, no clock,
 * no time zone, so the server (download, email, bulk run) and the browser (a preview) get the
 * same figures. All money is integer paise; the rules that vary by company are in payroll-policy.ts.
 *
 * Days
 * - Working days: the days of the month that are not weekly offs (policy.weeklyOffDays).
 * - Payable window: from the joining date (or the 1st) to the month's end. Working days before
 *   joining are unpaid.
 * - Loss of pay (LOP): a working day in the window, before `today`, with neither presence
 *   (attendance P or H) nor approved leave. Today and later days of the current month are not
 *   over yet, so they are not LOP: the slip of the current month is a forecast.
 * - Paid days = working days − working days before joining − LOP days.
 *   Weekly offs are neither working nor paid days here: they are paid through the ratio below.
 *   Presence on a weekly off earns nothing extra (no comp-off). With the company's work calendar
 *   (input.calendar) its weekly offs replace policy.weeklyOffDays and a mandatory holiday is a paid
 *   working day, never LOP. The days are classified by month-days.ts, which the attendance register
 *   shares, so the register's loss-of-pay days are the slip's.
 *
 * Money (rounding: each component half-up to the whole rupee)
 * - Earned gross   G = round(monthly gross × paid ÷ working)
 * - Basic          B = round(monthly gross × basic% × paid ÷ working)
 * - HRA            H = round(monthly gross × basic% × HRA% × paid ÷ working)
 * - Special        S = max(0, G − B − H): the remainder, so the three add up to G (only when
 *   rounding lifts B + H above a tiny G is S zero and the total a rupee above G)
 * - Employee PF      = min(round(B × PF%), round(PF wage ceiling × PF%))
 * - Professional tax = the state slab reached by the earnings total, never more than what is
 *   left after PF (net pay is never negative)
 * - Earnings total = B + H + S; deductions total = PF + PT; net = earnings − deductions.
 *   Every figure is whole rupees, so net pay has no paise.
 */
import { basisPoints, DEFAULT_PAYROLL_POLICY, type PayrollPolicy } from './payroll-policy';
import { datesOfMonth, daysInMonth, isPayMonth, monthLabel } from './pay-month';
import type { WorkCalendar } from '../leave-policy/work-calendar';
import { classifyMonthDays, weeklyOffCalendar } from './month-days';
import { rupeesInWords } from './rupees-in-words';

export interface SlipInput {
  /** Monthly gross (the employee's `salary`) in paise. */
  monthlyGrossPaise: number;
  /** 'YYYY-MM'. */
  month: string;
  /** 'YYYY-MM-DD'. */
  joinedOn: string;
  /** Dates ('YYYY-MM-DD') with attendance P or H; other dates are ignored. */
  presentDates: ReadonlySet<string>;
  /** Dates covered by approved leave. */
  approvedLeaveDates: ReadonlySet<string>;
  /** The company's today ('YYYY-MM-DD'); days from today on are not counted as LOP. */
  today: string;
  policy?: PayrollPolicy;
  /** The company's weekly offs and holidays; without it, policy.weeklyOffDays and no holidays. */
  calendar?: WorkCalendar;
}

export interface SalarySlip {
  month: string;
  /** 'October 2026'. */
  monthLabel: string;
  /** First and last date paid for: joining date or the 1st, and the month's last day. */
  payableFrom: string;
  payableTo: string;
  days: {
    calendar: number;
    weeklyOff: number;
    working: number;
    /** Working days before the joining date (unpaid). */
    beforeJoining: number;
    lop: number;
    paid: number;
  };
  lopDates: string[];
  monthlyGrossPaise: number;
  earnings: { basicPaise: number; hraPaise: number; specialPaise: number; totalPaise: number };
  deductions: { providentFundPaise: number; professionalTaxPaise: number; totalPaise: number };
  netPaise: number;
  netInWords: string;
}

export type SlipInputProblem = 'invalid' | 'future-month' | 'before-joining';

/** A month the slip cannot be made for; `problem` says why, `message` says it to a person. */
export class SlipInputError extends Error {
  constructor(
    readonly problem: SlipInputProblem,
    message: string,
  ) {
    super(message);
  }
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Throws SlipInputError unless a slip can be made for `month`: not in the future, not before joining. */
export function checkSlipMonth(month: string, joinedOn: string, today: string): void {
  if (!isPayMonth(month)) throw new SlipInputError('invalid', 'month must be a month written YYYY-MM');
  if (!DATE_RE.test(joinedOn)) throw new SlipInputError('invalid', 'joining date must be written YYYY-MM-DD');
  if (!DATE_RE.test(today)) throw new SlipInputError('invalid', 'today must be written YYYY-MM-DD');
  checkMonthStarted(month, today);
  if (month < joinedOn.slice(0, 7)) {
    throw new SlipInputError('before-joining', `There is no salary slip for ${monthLabel(month)}: the employee joined on ${joinedOn}`);
  }
}

/** Throws SlipInputError('future-month') when `month` is after the month of `today`. */
export function checkMonthStarted(month: string, today: string): void {
  if (month > today.slice(0, 7)) {
    throw new SlipInputError('future-month', `${monthLabel(month)} has not started yet; salary slips can be made up to the current month`);
  }
}

/** Whole rupees (as paise) nearest to numerator ÷ denominator paise, halves rounded up. */
function roundToRupee(numerator: bigint, denominator: bigint): number {
  // floor(x / 100 + 1/2) rupees, in integers: floor((2x + 100) / 200) with x = n / d.
  const rupees = (2n * numerator + 100n * denominator) / (200n * denominator);
  return Number(rupees) * 100;
}

/** Computes the slip; throws SlipInputError for a future month, a month before joining or bad input. */
export function computeSalarySlip(input: SlipInput): SalarySlip {
  const policy = input.policy ?? DEFAULT_PAYROLL_POLICY;
  const { month, joinedOn, today, monthlyGrossPaise } = input;
  if (!Number.isSafeInteger(monthlyGrossPaise) || monthlyGrossPaise < 0) {
    throw new SlipInputError('invalid', 'monthly gross must be a whole, non-negative number of paise');
  }
  checkSlipMonth(month, joinedOn, today);

  const dates = datesOfMonth(month);
  const calendar = input.calendar ?? weeklyOffCalendar(policy.weeklyOffDays);
  const { weeklyOff, working, beforeJoining, lopDates } = classifyMonthDays({ month, joinedOn, today, calendar, present: input.presentDates, leave: input.approvedLeaveDates });
  const paid = working - beforeJoining - lopDates.length;

  const gross = BigInt(monthlyGrossPaise);
  const paidDays = BigInt(paid);
  // definePayrollPolicy guarantees at least one working day in every week, so working > 0.
  const workingDays = BigInt(working);
  const basicBp = BigInt(basisPoints(policy.basicPercentOfGross));
  const hraBp = BigInt(basisPoints(policy.hraPercentOfBasic));
  const pfBp = BigInt(basisPoints(policy.employeePfPercent));

  const earnedGross = roundToRupee(gross * paidDays, workingDays);
  const basic = roundToRupee(gross * basicBp * paidDays, 10_000n * workingDays);
  const hra = roundToRupee(gross * basicBp * hraBp * paidDays, 100_000_000n * workingDays);
  const special = Math.max(0, earnedGross - basic - hra);
  const earningsTotal = basic + hra + special;

  const pfCap = roundToRupee(BigInt(policy.pfWageCeilingPaise) * pfBp, 10_000n);
  const providentFund = Math.min(roundToRupee(BigInt(basic) * pfBp, 10_000n), pfCap);
  const professionalTax = Math.min(professionalTaxFor(earningsTotal, policy), earningsTotal - providentFund);
  const deductionsTotal = providentFund + professionalTax;
  const net = earningsTotal - deductionsTotal;

  return {
    month,
    monthLabel: monthLabel(month),
    payableFrom: joinedOn > dates[0]! ? joinedOn : dates[0]!,
    payableTo: dates[dates.length - 1]!,
    days: { calendar: daysInMonth(month), weeklyOff, working, beforeJoining, lop: lopDates.length, paid },
    lopDates,
    monthlyGrossPaise,
    earnings: { basicPaise: basic, hraPaise: hra, specialPaise: special, totalPaise: earningsTotal },
    deductions: { providentFundPaise: providentFund, professionalTaxPaise: professionalTax, totalPaise: deductionsTotal },
    netPaise: net,
    netInWords: rupeesInWords(net),
  };
}

/** The monthly professional tax for an earned gross: the highest slab whose minimum it reaches. */
export function professionalTaxFor(earnedGrossPaise: number, policy: PayrollPolicy = DEFAULT_PAYROLL_POLICY): number {
  let tax = 0;
  let reached = -1;
  for (const slab of policy.professionalTax.slabs) {
    if (earnedGrossPaise >= slab.minGrossPaise && slab.minGrossPaise > reached) {
      reached = slab.minGrossPaise;
      tax = slab.taxPaise;
    }
  }
  return tax;
}
