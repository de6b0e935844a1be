/**
 * The names the law gives the salary-tax provisions and forms, by financial year ("tax year" under
 * the 2025 Act): slips, statements and files of a year use the names of the Act in force that year.
 *
 * - Up to FY 2025-26: the Income-tax Act 1961 and the Income-tax Rules 1962.
 * - From 1 April 2026 (Tax Year 2026-27): the Income-tax Act 2025 (it replaced the 1961 Act from that
 *   date) and the Income-tax Rules 2026 (notified 20 March 2026). Sections by the section-wise
 *   comparison of the two Acts (https://www.aubsp.com/section-wise-comparison-between-income-tax-act-2025-and-income-tax-act-1961/7,
 *   as quoted): 80C -> 123, 80CCD -> 124, 80D -> 126; house-property interest s.24(b) -> s.22
 *   (https://www.taxtmi.com/manuals?id=916, as quoted); HRA s.10(13A) -> Schedule III
 *   (https://www.taxtmi.com/manuals?id=868, as quoted); salary TDS s.192 -> s.392 and no-PAN
 *   s.206AA -> s.397(2). Forms by the Rules 2026 as quoted: Form 16 -> Form 130 (salary TDS
 *   certificate, s.395(4)); Form 24Q -> Form 138 (quarterly salary TDS statement); Form 12BB ->
 *   Form 124 (the employee's claims, s.392(5)(b), rule 205); Form 12B -> Form 122 (income from a
 *   previous employer, s.392(4)(a), rule 204(1)).
 */
import type { TaxRegime } from './income-tax';

export interface TaxLawNames {
  act: string;
  /** 'Financial year' under the 1961 Act, 'Tax year' under the 2025 Act. */
  yearWord: string;
  tdsSection: string;
  noPanSection: string;
  regimeSection: Record<TaxRegime, string>;
  hraExemption: string;
  section80C: string;
  section80CCD1B: string;
  section80D: string;
  homeLoanInterest: string;
  /** Null where the section number of the 2025 Act could not be confirmed here: the label then names the relief only. */
  standardDeduction: string | null;
  rebate: string | null;
  /** The annual salary TDS certificate, and the part of it our statement carries. */
  certificate: string;
  certificatePart: string;
  quarterlyReturn: string;
  declarationForm: string;
  previousEmployerForm: string;
}

const ACT_1961: TaxLawNames = {
  act: 'Income-tax Act 1961',
  yearWord: 'Financial year',
  tdsSection: 's.192',
  noPanSection: 's.206AA',
  regimeSection: { new: 's.115BAC(1A)', old: 'First Schedule, old rates' },
  hraExemption: 's.10(13A) with rule 2A',
  section80C: 's.80C',
  section80CCD1B: 's.80CCD(1B)',
  section80D: 's.80D',
  homeLoanInterest: 's.24(b)',
  standardDeduction: 's.16(ia)',
  rebate: 's.87A',
  certificate: 'Form 16',
  certificatePart: 'Form 16 Part B',
  quarterlyReturn: 'Form 24Q',
  declarationForm: 'Form 12BB',
  previousEmployerForm: 'Form 12B',
};

const ACT_2025: TaxLawNames = {
  act: 'Income-tax Act 2025',
  yearWord: 'Tax year',
  tdsSection: 's.392',
  noPanSection: 's.397(2)',
  regimeSection: { new: 's.202', old: 'First Schedule, old rates' },
  hraExemption: 'Schedule III with the Income-tax Rules 2026',
  section80C: 's.123',
  section80CCD1B: 's.124',
  section80D: 's.126',
  homeLoanInterest: 's.22',
  standardDeduction: null,
  rebate: null,
  certificate: 'Form 130',
  certificatePart: 'Form 130 (computation of income and tax)',
  quarterlyReturn: 'Form 138',
  declarationForm: 'Form 124',
  previousEmployerForm: 'Form 122',
};

/** The names in force for a financial year written '2026-27'. */
export function taxLawNames(financialYear: string): TaxLawNames {
  return Number(financialYear.slice(0, 4)) >= 2026 ? ACT_2025 : ACT_1961;
}
