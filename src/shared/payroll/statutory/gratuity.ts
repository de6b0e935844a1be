/**
 * Gratuity on leaving, by the rule in force on the leaving day.
 *
 * Payment of Gratuity Act 1972 (exits before 21 November 2025):
 * - s.4(1): payable on leaving after at least five years of continuous service; the five years are
 *   not needed on death or disablement (s.4(1) first proviso).
 * - s.4(2): fifteen days' wages for every completed year of service "or part thereof in excess of
 *   six months"; for a monthly-rated employee fifteen days' wages are the monthly rate × 15 / 26.
 * - s.2(s): wages are basic pay and dearness allowance (allowances such as HRA are excluded).
 * - s.4(3): at most ₹20,00,000, the amount notified by S.O. 1420(E) of 29 March 2018.
 *
 * Code on Social Security 2020, Chapter V (in force 21 November 2025):
 * - s.53(1): the same five years, except one year for a fixed-term employee (second proviso), and
 *   none on death or disablement.
 * - s.53(2): the same fifteen days' wages per completed year or part in excess of six months.
 * - s.2(88): wages are basic pay, dearness and retaining allowance, with the excluded allowances above
 *   one half of all remuneration added back (wages.ts, the same rule PF wages follow).
 * - s.53(3): the ceiling as notified, kept at ₹20,00,000.
 *
 * Years are counted from the joining date to the last day employed, both included: 5 years 6 months
 * is 5 years (a part year of exactly six months is not "in excess of" six months); 5 years 6 months
 * and 1 day is 6. The one-year and five-year minimums count whole years of service.
 */
import type { Dated } from './rule-table';
import { WAGE_DEFINITIONS, wagesFor, type WageParts } from './wages';

export type EmploymentType = 'permanent' | 'fixed-term' | 'contract';
export type ExitReason = 'resignation' | 'termination' | 'retirement' | 'death' | 'disablement' | 'end-of-contract' | 'other';

export interface GratuityRule extends Dated {
  /** 'basic': basic + DA (Payment of Gratuity Act s.2(s)); 'code': the Code on Social Security's wages with the 50% rule. */
  wage: 'basic' | 'code';
  minYears: number;
  fixedTermMinYears: number;
  capPaise: number;
  source: string;
}

export const GRATUITY_RULES: readonly GratuityRule[] = [
  {
    effectiveFrom: '2018-03-29',
    wage: 'basic',
    minYears: 5,
    fixedTermMinYears: 5,
    capPaise: 20_00_000_00,
    source: 'Payment of Gratuity Act 1972 s.4(1)-(3), s.2(s); ceiling ₹20 lakh from 29 Mar 2018 (S.O. 1420(E))',
  },
  {
    effectiveFrom: '2025-11-21',
    wage: 'code',
    minYears: 5,
    fixedTermMinYears: 1,
    capPaise: 20_00_000_00,
    source: 'Code on Social Security 2020 s.53(1)-(3) (fixed-term: one year) and s.2(88) wages; in force 21 Nov 2025',
  },
];

/** The rule in force on `date` ('YYYY-MM-DD'); RangeError before the first. */
export function gratuityRuleOn(date: string): GratuityRule {
  let found: GratuityRule | null = null;
  for (const r of GRATUITY_RULES) if (r.effectiveFrom <= date && (!found || r.effectiveFrom > found.effectiveFrom)) found = r;
  if (!found) throw new RangeError(`no gratuity rule is in force on ${date}`);
  return found;
}

const addMonths = (date: string, months: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Service from `joinedOn` to `lastDay` (both included): whole years, then months and days past the last anniversary. */
export function serviceLength(joinedOn: string, lastDay: string): { years: number; months: number; days: number } {
  const end = dayAfter(lastDay);
  let years = 0;
  while (addMonths(joinedOn, (years + 1) * 12) <= end) years += 1;
  const anniversary = addMonths(joinedOn, years * 12);
  let months = 0;
  while (months < 12 && addMonths(anniversary, months + 1) <= end) months += 1;
  const from = addMonths(anniversary, months);
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return { years, months, days };
}

export interface GratuityInput {
  joinedOn: string;
  /** The last day employed. */
  leftOn: string;
  employmentType: EmploymentType;
  reason: ExitReason;
  /** The last drawn monthly rate: gross, and basic with dearness allowance. */
  lastDrawn: WageParts;
}

export interface Gratuity {
  eligible: boolean;
  /** Why not, when not eligible. */
  notEligibleBecause: string | null;
  service: { years: number; months: number; days: number };
  /** Completed years counted, a part year in excess of six months as one. */
  countedYears: number;
  wagePaise: number;
  /** Before the ceiling. */
  computedPaise: number;
  amountPaise: number;
  capped: boolean;
  rule: GratuityRule;
}

/** Gratuity on leaving (see the top of this file), in paise rounded to the rupee. */
export function gratuity(input: GratuityInput): Gratuity {
  const rule = gratuityRuleOn(input.leftOn);
  const service = serviceLength(input.joinedOn, input.leftOn);
  const exceedsSixMonths = service.months > 6 || (service.months === 6 && service.days > 0);
  const countedYears = service.years + (exceedsSixMonths ? 1 : 0);
  const codeWages = WAGE_DEFINITIONS.find((d) => d.kind === 'code')!;
  const wagePaise = rule.wage === 'code' ? wagesFor(input.lastDrawn, codeWages) : input.lastDrawn.basicPaise;
  const noMinimum = input.reason === 'death' || input.reason === 'disablement';
  const minYears = input.employmentType === 'fixed-term' ? rule.fixedTermMinYears : rule.minYears;
  const eligible = noMinimum || service.years >= minYears;
  const computedPaise = eligible ? Math.round((wagePaise * 15 * countedYears) / 26 / 100) * 100 : 0;
  const amountPaise = Math.min(computedPaise, rule.capPaise);
  return {
    eligible,
    notEligibleBecause: eligible ? null : `${service.years} completed ${service.years === 1 ? 'year' : 'years'} of service; at least ${minYears} needed (${rule.source})`,
    service,
    countedYears,
    wagePaise,
    computedPaise,
    amountPaise,
    capped: amountPaise < computedPaise,
    rule,
  };
}
