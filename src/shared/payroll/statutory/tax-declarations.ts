/**
 * What an employee on the old regime declares for a financial year, and what each declaration is
 * worth against the year's salary: the HRA exemption month by month, and the deductions with their
 * caps. The new regime allows none of these (s.115BAC(2); s.202 of the 2025 Act), so the employer's
 * estimate under it ignores them.
 *
 * HRA exemption (s.10(13A) with rule 2A; from Tax Year 2026-27 Schedule III with the Income-tax
 * Rules 2026): for each month the rented house is occupied, the least of
 *   (a) the HRA received for the month;
 *   (b) the rent paid for the month less 10% of the month's salary;
 *   (c) 50% of that salary where the rented house is in one of the listed cities, 40% elsewhere;
 * where "salary" is basic pay with the dearness allowance that counts for retirement benefits (and
 * commission at a fixed percentage of turnover): the slip's basic. The city is where the house is,
 * not where the employee works. The list of 50% cities is a dated rule (HRA_CITY_RULES).
 *
 * Deductions (old regime), each with its cap (DEDUCTION_CAPS):
 * - s.80C (s.123 of the 2025 Act): ₹1,50,000 for life insurance, PF, PPF, ELSS, tuition, home-loan
 *   principal and the like; the employee's PF from the slips counts first (tds.ts adds it).
 * - s.80CCD(1B) (s.124): ₹50,000 more for the employee's own NPS contribution.
 * - s.80D (s.126): health insurance for self, spouse and children up to ₹25,000 (₹50,000 when one of
 *   them is a senior citizen), and for parents up to ₹25,000 more (₹50,000 when a parent is).
 * - s.24(b) (s.22): interest on a loan for a self-occupied house, up to ₹2,00,000.
 */
import { inr } from './rounding';
import { versionInForce, type Dated } from './rule-table';
import type { AgeBand } from './income-tax';

/** The cities whose rented houses get the 50% limit, by key; any other place is 'other' (40%). */
export const HRA_CITIES = ['delhi', 'mumbai', 'kolkata', 'chennai', 'bengaluru', 'hyderabad', 'pune', 'ahmedabad', 'other'] as const;
export type HraCity = (typeof HRA_CITIES)[number];

interface HraCityRule extends Dated {
  fiftyPercentCities: readonly HraCity[];
  source: string;
}

export const HRA_CITY_RULES: readonly HraCityRule[] = [
  {
    // The four-city list of rule 2A has been unchanged for decades; the date covers every month paid here.
    effectiveFrom: '2000-04-01',
    fiftyPercentCities: ['delhi', 'mumbai', 'kolkata', 'chennai'],
    source: 'Income-tax Rules 1962, rule 2A(b): one-half of salary at Bombay, Calcutta, Delhi or Madras, two-fifths elsewhere',
  },
  {
    effectiveFrom: '2026-04-01',
    fiftyPercentCities: ['delhi', 'mumbai', 'kolkata', 'chennai', 'bengaluru', 'hyderabad', 'pune', 'ahmedabad'],
    source:
      'Income-tax Rules 2026 (notified 20 March 2026, in force 1 April 2026) under Schedule III of the Income-tax Act 2025: ' +
      '50% of salary in Mumbai, Delhi, Kolkata, Chennai, Bengaluru, Hyderabad, Pune and Ahmedabad, 40% elsewhere ' +
      '(rule 279 of the draft published 7 February 2026, as quoted by https://www.angelone.in/news/taxation/hra-tax-exemption-may-expand-to-more-cities-under-draft-income-tax-rules-2026 ' +
      'and https://www.financialexpress.com/india-news/bengaluru-and-hyderabad-among-cities-that-may-get-50-hra-exemption-new-income-tax-draft-rules-explained/4136772/)',
  },
];

/** The HRA city rule in force in a pay month ('YYYY-MM'). */
export function hraCityRule(month: string): HraCityRule {
  return versionInForce(HRA_CITY_RULES, month) ?? HRA_CITY_RULES[0]!;
}

interface DeductionCaps extends Dated {
  section80CPaise: number;
  npsPaise: number;
  healthSelfPaise: number;
  healthSelfSeniorPaise: number;
  healthParentsPaise: number;
  healthParentsSeniorPaise: number;
  homeLoanInterestPaise: number;
  /** Annual rent above which the landlord's PAN must be given (rule 26C / rule 205, Form 12BB / 124). */
  landlordPanAbovePaise: number;
  source: string;
}

export const DEDUCTION_CAPS: readonly DeductionCaps[] = [
  {
    effectiveFrom: '2025-04-01',
    section80CPaise: inr(1_50_000),
    npsPaise: inr(50_000),
    healthSelfPaise: inr(25_000),
    healthSelfSeniorPaise: inr(50_000),
    healthParentsPaise: inr(25_000),
    healthParentsSeniorPaise: inr(50_000),
    homeLoanInterestPaise: inr(2_00_000),
    landlordPanAbovePaise: inr(1_00_000),
    source: 'Income-tax Act 1961 ss.80C, 80CCE, 80CCD(1B), 80D(2)-(4), 24(b) second proviso; rule 26C and Form 12BB (landlord PAN above ₹1 lakh a year)',
  },
  {
    effectiveFrom: '2026-04-01',
    section80CPaise: inr(1_50_000),
    npsPaise: inr(50_000),
    healthSelfPaise: inr(25_000),
    healthSelfSeniorPaise: inr(50_000),
    healthParentsPaise: inr(25_000),
    healthParentsSeniorPaise: inr(50_000),
    homeLoanInterestPaise: inr(2_00_000),
    landlordPanAbovePaise: inr(1_00_000),
    source: 'Income-tax Act 2025 ss.123, 124, 126, 22 (limits carried over from the 1961 Act); rule 205 and Form 124 (landlord PAN above ₹1 lakh a year)',
  },
];

export function deductionCaps(financialYear: string): DeductionCaps {
  return versionInForce(DEDUCTION_CAPS, `${financialYear.slice(0, 4)}-04`) ?? DEDUCTION_CAPS[0]!;
}

/** Rent for the HRA exemption: what is paid a month, for which months of the year, and where the house is. */
export interface RentDeclaration {
  monthlyRentPaise: number;
  /** 'YYYY-MM', first and last month of the year the house is rented. */
  fromMonth: string;
  toMonth: string;
  city: HraCity;
}

/** The amounts that count this month (declared or verified, as the company's setting says), in paise. */
export interface OldRegimeDeclarations {
  rent?: RentDeclaration | null;
  /** s.80C investments beyond the employee's PF. */
  section80CPaise?: number;
  npsPaise?: number;
  healthSelfPaise?: number;
  /** The employee, spouse or a child insured is a senior citizen. */
  healthSelfSenior?: boolean;
  healthParentsPaise?: number;
  healthParentsSenior?: boolean;
  homeLoanInterestPaise?: number;
}

/** One month's HRA exemption: the least of the three limbs, nothing outside the rented months. */
export function hraExemptionForMonth(month: string, pay: { basicPaise: number; hraPaise: number }, rent: RentDeclaration | null | undefined): number {
  if (!rent || month < rent.fromMonth || month > rent.toMonth || pay.hraPaise <= 0) return 0;
  const fifty = hraCityRule(month).fiftyPercentCities.includes(rent.city);
  const rentOverTenth = rent.monthlyRentPaise - Math.floor(pay.basicPaise / 10);
  const share = Math.floor((pay.basicPaise * (fifty ? 50 : 40)) / 100);
  return Math.max(0, Math.min(pay.hraPaise, rentOverTenth, share));
}

/** The deductions other than 80C and HRA, each at its cap: what the year's estimate may take off. */
export interface CappedDeductions {
  npsPaise: number;
  healthSelfPaise: number;
  healthParentsPaise: number;
  homeLoanInterestPaise: number;
  totalPaise: number;
}

export function cappedDeductions(d: OldRegimeDeclarations, financialYear: string, age: AgeBand): CappedDeductions {
  const caps = deductionCaps(financialYear);
  const clamp = (v: number | undefined, cap: number) => Math.max(0, Math.min(v ?? 0, cap));
  // The employee's own age makes "self" senior as well as a ticked box (a senior spouse or child).
  const selfSenior = d.healthSelfSenior || age !== 'below-60';
  const out = {
    npsPaise: clamp(d.npsPaise, caps.npsPaise),
    healthSelfPaise: clamp(d.healthSelfPaise, selfSenior ? caps.healthSelfSeniorPaise : caps.healthSelfPaise),
    healthParentsPaise: clamp(d.healthParentsPaise, d.healthParentsSenior ? caps.healthParentsSeniorPaise : caps.healthParentsPaise),
    homeLoanInterestPaise: clamp(d.homeLoanInterestPaise, caps.homeLoanInterestPaise),
  };
  return { ...out, totalPaise: out.npsPaise + out.healthSelfPaise + out.healthParentsPaise + out.homeLoanInterestPaise };
}

/**
 * Salary income from an earlier employer in the same year, as the employee furnishes it (Form 12B;
 * Form 122 from Tax Year 2026-27): the year's estimate adds it to what this employer pays.
 */
export interface PreviousEmployment {
  /** Gross salary paid by the earlier employer(s) this year. */
  salaryPaise: number;
  /** What of it was exempt there (HRA and other allowances exempt under the Act). */
  exemptionsPaise: number;
  employeePfPaise: number;
  professionalTaxPaise: number;
  /** Income tax they deducted. */
  taxPaise: number;
}
