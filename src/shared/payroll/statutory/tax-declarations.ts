/**
 * What an employee on the old regime declares for a financial year, and what each declaration is
 * worth against the year's salary: the HRA exemption month by month, and the deductions with their
 * caps. The new regime allows none of these (s.115BAC(2); s.202 of the 2025 Act), so the employer's
 * estimate under it ignores them.
 *
 * HRA exemption (s.10(13A) with rule 2A; from Tax Year 2026-27 the 2025 Act's HRA exemption with
 * the Income-tax Rules 2026): for each month the rented house is occupied, the least of
 *   (a) the HRA received for the month;
 *   (b) the rent paid for the month less 10% of the month's salary;
 *   (c) 50% of that salary where the rented house is in one of the listed cities, 40% elsewhere;
 * where "salary" is basic pay with the dearness allowance that counts for retirement benefits (and
 * commission at a fixed percentage of turnover): the slip's basic. The city is where the house is,
 * not where the employee works. The list of 50% cities is a dated rule in the company's rule book
 * (tax-rule-catalogue.ts), as are the caps below.
 *
 * Deductions (old regime), each with its cap (deductionCaps), named by the 1961 Act (the 2025 Act's
 * numbers, s.123, s.124, s.126 and s.22(1)(b), are in tax-law-names.ts):
 * - s.80C: ₹1,50,000 for life insurance, PF, PPF, ELSS, tuition, home-loan
 *   principal and the like; the employee's PF from the slips counts first (tds.ts adds it).
 * - s.80CCD(1B): ₹50,000 more for the employee's own NPS contribution.
 * - s.80D: health insurance for self, spouse and children up to ₹25,000 (₹50,000 when one of
 *   them is a senior citizen), and for parents up to ₹25,000 more (₹50,000 when a parent is).
 * - s.24(b): interest on a loan for a self-occupied house, up to ₹2,00,000.
 */
import { SHIPPED_BOOK } from './rule-catalogue';
import { versionOn, type RuleBook, type RuleVersion } from './rule-versions';
import { HRA_CITIES, TAX_RULE_KEYS, type HraCity } from './tax-rule-catalogue';
import type { AgeBand } from './income-tax';

export { HRA_CITIES, type HraCity };

/**
 * A tax rule's version on `day` from the company's book; before the first version, the first (the
 * limits of the first year computed here stand for any earlier month a test or an import asks about).
 */
function taxRule<V>(book: RuleBook, key: string, day: string): RuleVersion<V> {
  const found = versionOn<V>(book, key, day);
  if (found) return found;
  const first = book.get(key)?.[0] ?? SHIPPED_BOOK.get(key)?.[0];
  if (!first) throw new RangeError(`no ${key} rule in the book`);
  return first as RuleVersion<V>;
}

/** The 50% cities in force in a pay month ('YYYY-MM'), with the source of the list. */
export function hraCityRule(month: string, book: RuleBook = SHIPPED_BOOK): { fiftyPercentCities: readonly HraCity[]; source: string } {
  const v = taxRule<readonly HraCity[]>(book, TAX_RULE_KEYS.hraCities, `${month}-01`);
  return { fiftyPercentCities: v.value, source: v.source };
}

export interface DeductionCaps {
  section80CPaise: number;
  npsPaise: number;
  healthSelfPaise: number;
  healthSelfSeniorPaise: number;
  healthParentsPaise: number;
  healthParentsSeniorPaise: number;
  homeLoanInterestPaise: number;
  /** Annual rent above which the landlord's PAN must be given (Form 12BB, and the form that replaced it). */
  landlordPanAbovePaise: number;
}

/** The caps of a financial year ('2026-27'): the versions in force on its first day, 1 April. */
export function deductionCaps(financialYear: string, book: RuleBook = SHIPPED_BOOK): DeductionCaps {
  const day = `${financialYear.slice(0, 4)}-04-01`;
  const cap = (key: string) => taxRule<number>(book, key, day).value;
  const k = TAX_RULE_KEYS;
  return {
    section80CPaise: cap(k.section80C),
    npsPaise: cap(k.nps),
    healthSelfPaise: cap(k.healthSelf),
    healthSelfSeniorPaise: cap(k.healthSelfSenior),
    healthParentsPaise: cap(k.healthParents),
    healthParentsSeniorPaise: cap(k.healthParentsSenior),
    homeLoanInterestPaise: cap(k.homeLoanInterest),
    landlordPanAbovePaise: cap(k.landlordPanAbove),
  };
}

/** The old regime's nil-rate limits for senior (60+) and very senior (80+) citizens in a financial year. */
export function seniorExemptions(financialYear: string, book: RuleBook = SHIPPED_BOOK): { seniorPaise: number; superSeniorPaise: number } {
  const day = `${financialYear.slice(0, 4)}-04-01`;
  return { seniorPaise: taxRule<number>(book, TAX_RULE_KEYS.seniorExemption, day).value, superSeniorPaise: taxRule<number>(book, TAX_RULE_KEYS.superSeniorExemption, day).value };
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
export function hraExemptionForMonth(month: string, pay: { basicPaise: number; hraPaise: number }, rent: RentDeclaration | null | undefined, book: RuleBook = SHIPPED_BOOK): number {
  if (!rent || month < rent.fromMonth || month > rent.toMonth || pay.hraPaise <= 0) return 0;
  const fifty = hraCityRule(month, book).fiftyPercentCities.includes(rent.city);
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

export function cappedDeductions(d: OldRegimeDeclarations, financialYear: string, age: AgeBand, book: RuleBook = SHIPPED_BOOK): CappedDeductions {
  const caps = deductionCaps(financialYear, book);
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
