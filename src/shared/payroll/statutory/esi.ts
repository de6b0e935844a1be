/**
 * Employees' State Insurance for one month.
 *
 * - Rates: 0.75% employee, 3.25% employer of the month's wages, from 1 July 2019 (GSR 423(E),
 *   amending ESI (Central) Rules 1950 r.51); before that 1.75% and 4.75%.
 * - Coverage: employees whose wages do not exceed ₹21,000 a month (from 1 January 2017; ESI
 *   (Central) Rules r.50). Wages are all cash remuneration, HRA included (ESI Act s.2(22)).
 * - Contribution periods: 1 April–30 September and 1 October–31 March (ESI (General) Regulations
 *   1950). An employee covered at the start of a period stays covered to its end even if a raise
 *   takes the wages above the ceiling (ESI Act s.2(9) proviso); one whose wages fall to the ceiling
 *   is covered from then on.
 * - Rounding: each share up to the next whole rupee, as ESIC computes contributions (a fraction of
 *   a rupee is rounded to the next higher rupee).
 */
import { rupeesUp } from './rounding';
import type { Dated } from './rule-table';

export interface EsiRules extends Dated {
  employeeBp: number;
  employerBp: number;
  wageCeilingPaise: number;
  source: string;
}

export const ESI_RULES: readonly EsiRules[] = [
  {
    effectiveFrom: '2017-01-01',
    employeeBp: 175,
    employerBp: 475,
    wageCeilingPaise: 21_000_00,
    source: 'ESI (Central) Rules 1950 r.50 (ceiling ₹21,000 from 1 Jan 2017) and r.51 (1.75% / 4.75%)',
  },
  {
    effectiveFrom: '2019-07-01',
    employeeBp: 75,
    employerBp: 325,
    wageCeilingPaise: 21_000_00,
    source: 'ESIC: 0.75% / 3.25% from 1 July 2019 (GSR 423(E)); ceiling ₹21,000 from 1 Jan 2017',
  },
];

/** The first month ('YYYY-MM') of the ESI contribution period `month` falls in: April or October. */
export function esiPeriodStart(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  if (m >= 4 && m <= 9) return `${year}-04`;
  return m >= 10 ? `${year}-10` : `${year - 1}-10`;
}

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
}

export interface EsiContribution {
  covered: boolean;
  employeePaise: number;
  employerPaise: number;
}

/** ESI shares for one month, in paise rounded up to rupees; zero when not covered. */
export function esiContribution(input: EsiInput, rules: EsiRules): EsiContribution {
  const atStart = input.periodStartWagesPaise ?? input.monthlyWagesPaise;
  const covered = atStart <= rules.wageCeilingPaise || input.monthlyWagesPaise <= rules.wageCeilingPaise;
  if (!covered) return { covered, employeePaise: 0, employerPaise: 0 };
  return {
    covered,
    employeePaise: rupeesUp(input.earnedWagesPaise, rules.employeeBp),
    employerPaise: rupeesUp(input.earnedWagesPaise, rules.employerBp),
  };
}
