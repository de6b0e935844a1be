/**
 * Employees' State Insurance for one month.
 *
 * Every rate, limit and period below is a dated rule version in the company's book
 * (esi-rule-catalogue.ts has the shipped ones and their sources); esiRulesFor reads a month's.
 *
 * - Rates: 0.75% employee, 3.25% employer of the month's wages, from 1 July 2019 (GSR 423(E) of
 *   13 Jun 2019, amending ESI (Central) Rules 1950 r.51); before that 1.75% and 4.75%.
 * - Coverage: employees whose wages do not exceed ₹21,000 a month, ₹25,000 for a person with
 *   disability (from 1 January 2017; ESI (Central) Rules r.50 and its second proviso).
 * - Contribution periods: 1 April–30 September and 1 October–31 March (ESI (General) Regulations
 *   1950). Coverage is decided at the start of each period (or at joining, if later) on the wage
 *   then: an employee covered then stays covered to the period's end even if a raise takes the
 *   wages above the limit (r.50 proviso, "at any time after and not before the beginning of the
 *   contribution period"); one whose wages fall to the limit is covered from then on. Whoever is no
 *   longer covered at a new period's start is reported with reason 4 in April or October.
 * - The employee of a low wage: an employee whose average daily wage is ₹176 or less pays no
 *   employee's share; the employer still pays its 3.25% (r.52 as amended, notified 6 September
 *   2019; source: complianceuncovered.com/2019/09/06, as quoted). The average daily wage is the
 *   month's wages ÷ the calendar days they were paid for.
 * - Which wages: the ESI Act s.2(22) "wages" (all cash remuneration, HRA included: the gross) by
 *   default. The Code on Social Security 2020 s.2(88) definition (basic + DA + retaining allowance,
 *   with the 50% add-back) is what ESIC's circular of 10 December 2025 asks employers to consider;
 *   whether it governs ESI yet is contested, so it is a company setting (esiWages, 'gross' or
 *   'code'), applied by statutory-deductions.ts.
 * - Rounding: each share up to the next whole rupee, as ESIC computes contributions (a fraction of
 *   a rupee is rounded to the next higher rupee).
 */
import type { ContributionPeriods } from './esi-rule-catalogue';
import { rupeesUp } from './rounding';
import { SHIPPED_BOOK } from './rule-catalogue';
import { requireVersionOn, versionOn, type RuleBook, type RuleVersion } from './rule-versions';

/** The ESI rules of one pay month, read from the company's book (esi-rule-catalogue.ts). */
export interface EsiRules {
  employeeBp: number;
  employerBp: number;
  wageCeilingPaise: number;
  /** The limit for a person with disability (r.50 second proviso). */
  disabilityWageCeilingPaise: number;
  /** Average daily wage at or below which the employee's share is nil (r.52); null where none is in force. */
  exemptDailyWagePaise: number | null;
  /** Every version the month used. */
  versions: RuleVersion[];
}

/** The ESI rules of `month` ('YYYY-MM'): the versions in force on its first day. */
export function esiRulesFor(book: RuleBook, month: string): EsiRules {
  const day = `${month}-01`;
  const at = (key: string) => requireVersionOn<number>(book, key, day);
  const [employee, employer, ceiling, disability] = ['esi.employeeRate', 'esi.employerRate', 'esi.wageCeiling', 'esi.disabilityWageCeiling'].map(at) as [RuleVersion<number>, RuleVersion<number>, RuleVersion<number>, RuleVersion<number>];
  const exempt = versionOn<number>(book, 'esi.exemptDailyWage', day);
  const periods = requireVersionOn<ContributionPeriods>(book, 'esi.contributionPeriods', day);
  return {
    employeeBp: employee.value,
    employerBp: employer.value,
    wageCeilingPaise: ceiling.value,
    disabilityWageCeilingPaise: disability.value,
    exemptDailyWagePaise: exempt && exempt.value > 0 ? exempt.value : null,
    versions: [employee, employer, ceiling, disability, ...(exempt ? [exempt] : []), periods],
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The first month ('YYYY-MM') of the ESI contribution period `month` falls in: by the periods in
 * force on the month's first day, April or October unless a later version says otherwise.
 */
export function esiPeriodStart(month: string, book: RuleBook = SHIPPED_BOOK): string {
  const starts = requireVersionOn<ContributionPeriods>(book, 'esi.contributionPeriods', `${month}-01`).value.startMonths;
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const thisYear = starts.filter((s) => s <= m).at(-1);
  return thisYear !== undefined ? `${year}-${pad2(thisYear)}` : `${year - 1}-${pad2(starts.at(-1)!)}`;
}

/** True for the first month of a contribution period (April, October): out-of-coverage is reported then. */
export const isEsiPeriodStart = (month: string, book: RuleBook = SHIPPED_BOOK): boolean => esiPeriodStart(month, book) === month;

export interface EsiInput {
  /** Wages earned this month (after LOP): what the shares are computed on. */
  earnedWagesPaise: number;
  /** The monthly rate of wages now (before LOP). */
  monthlyWagesPaise: number;
  /**
   * The monthly rate at the start of the contribution period, or when the employee joined if later.
   * Defaults to the rate now.
   */
  periodStartWagesPaise?: number;
  /** A person with disability: the higher limit. */
  disabled?: boolean;
  /** Calendar days the month's wages were paid for: the average daily wage divides by them. */
  daysPaid?: number;
}

/**
 * Why an employee is or is not covered, for the slip and the register:
 * - 'within-limit': the wage now is within the limit;
 * - 'period-start': above the limit now, covered to the period's end because it was within it at the period's start;
 * - 'above-limit': above the limit now and at the period's start.
 */
export type EsiCoverageReason = 'within-limit' | 'period-start' | 'above-limit';

export interface EsiContribution {
  covered: boolean;
  employeePaise: number;
  employerPaise: number;
  reason: EsiCoverageReason;
  /** The wage limit applied: ₹21,000, or ₹25,000 for a person with disability. */
  limitPaise: number;
  /** The rate the period started with (what 'period-start' refers to). */
  periodStartWagesPaise: number;
  /** True when the employee's share is nil for a low average daily wage (the employer still pays). */
  employeeExempt: boolean;
}

/** ESI shares for one month, in paise rounded up to rupees; zero when not covered. */
export function esiContribution(input: EsiInput, rules: EsiRules): EsiContribution {
  const atStart = input.periodStartWagesPaise ?? input.monthlyWagesPaise;
  const limit = input.disabled ? rules.disabilityWageCeilingPaise : rules.wageCeilingPaise;
  const reason: EsiCoverageReason = input.monthlyWagesPaise <= limit ? 'within-limit' : atStart <= limit ? 'period-start' : 'above-limit';
  const common = { reason, limitPaise: limit, periodStartWagesPaise: atStart };
  if (reason === 'above-limit') return { covered: false, employeePaise: 0, employerPaise: 0, employeeExempt: false, ...common };
  // Average daily wage ≤ the exempt wage, in integers: earned ≤ exempt × days.
  const exempt =
    rules.exemptDailyWagePaise !== null && input.daysPaid !== undefined && input.daysPaid > 0 && input.earnedWagesPaise <= rules.exemptDailyWagePaise * input.daysPaid;
  return {
    covered: true,
    employeePaise: exempt ? 0 : rupeesUp(input.earnedWagesPaise, rules.employeeBp),
    employerPaise: rupeesUp(input.earnedWagesPaise, rules.employerBp),
    employeeExempt: exempt,
    ...common,
  };
}
