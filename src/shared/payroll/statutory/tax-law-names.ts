/**
 * The names the law gives the salary-tax provisions and forms, by financial year ("tax year" under
 * the 2025 Act): slips, statements and files of a year use the names of the Act in force that year.
 *
 * - Up to FY 2025-26: the Income-tax Act 1961 and the Income-tax Rules 1962.
 * - From 1 April 2026 (Tax Year 2026-27): the Income-tax Act 2025, which replaced the 1961 Act from
 *   that date. Only these of its names are confirmed here: s.392 for TDS on salary (was s.192; the
 *   Finance Bill 2026 notes, as quoted), s.397(2) for the higher rate without a PAN (was s.206AA;
 *   https://www.aubsp.com/section-80r-income-tax-act), s.202 for the new regime's rates (was
 *   s.115BAC(1A)), and Form 130 for the annual salary TDS certificate (was Form 16).
 *   Every other 2025-Act section or form number is null: its label then names the relief or the
 *   document in words, never a number that could not be confirmed.
 */
import type { TaxRegime } from './income-tax';

export interface TaxLawNames {
  act: string;
  /** 'Financial year' under the 1961 Act, 'Tax year' under the 2025 Act. */
  yearWord: string;
  tdsSection: string;
  noPanSection: string;
  regimeSection: Record<TaxRegime, string>;
  /** Null where the section or form number of the 2025 Act could not be confirmed here: the label then names the relief only. */
  hraExemption: string | null;
  section80C: string | null;
  section80CCD1B: string | null;
  section80D: string | null;
  homeLoanInterest: string | null;
  standardDeduction: string | null;
  rebate: string | null;
  /** The annual salary TDS certificate, and the part of it our statement carries. */
  certificate: string;
  certificatePart: string;
  quarterlyReturn: string | null;
  declarationForm: string | null;
  previousEmployerForm: string | null;
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
  hraExemption: null,
  section80C: null,
  section80CCD1B: null,
  section80D: null,
  homeLoanInterest: null,
  standardDeduction: null,
  rebate: null,
  certificate: 'Form 130',
  certificatePart: 'Form 130 (computation of income and tax)',
  quarterlyReturn: null,
  declarationForm: null,
  previousEmployerForm: null,
};

/** The names in force for a financial year written '2026-27'. */
export function taxLawNames(financialYear: string): TaxLawNames {
  return Number(financialYear.slice(0, 4)) >= 2026 ? ACT_2025 : ACT_1961;
}

/** 'Investments (s.80C)' where the year's section is known, 'Investments' where it is not. */
export const withSection = (label: string, section: string | null) => (section ? `${label} (${section})` : label);
