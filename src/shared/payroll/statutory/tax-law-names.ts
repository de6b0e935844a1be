/**
 * The names the law gives the salary-tax provisions and forms, by financial year ("tax year" under
 * the 2025 Act): slips, statements and files of a year use the names of the Act in force that year.
 *
 * - Up to FY 2025-26: the Income-tax Act 1961 and the Income-tax Rules 1962.
 * - From 1 April 2026 (Tax Year 2026-27): the Income-tax Act 2025 (30 of 2025), which replaced the
 *   1961 Act from that date, and the Income-tax Rules 2026. Each number below was found in at least
 *   two public sources that agree (the Act's text or its contents as reproduced, and section-wise
 *   tables of the 1961 and 2025 Acts); the whole list, with its sources, is in the tax module's README
 *   (src/server/modules/tax/README.md, "Names of the Act"):
 *   s.392 TDS on salary (was s.192); s.397(2) the higher rate without a PAN (was s.206AA); s.202 the
 *   new regime's rates (was s.115BAC(1A)); s.123 investments (was s.80C); s.124 NPS contributions
 *   (was s.80CCD; the sub-section that carries 80CCD(1B)'s ₹50,000 is not confirmed, so the section
 *   alone is cited); s.126 health insurance (was s.80D); s.22(1)(b) home-loan interest (was s.24(b));
 *   s.156 the rebate (was s.87A; the withdrawn February 2025 Bill numbered it 157); Form 124 the
 *   employee's declaration (was Form 12BB); Form 122 the earlier employer's salary (was Form 12B);
 *   Form 130 the annual salary TDS certificate (was Form 16); Form 138 the quarterly return (was 24Q).
 *   Two names stay null, because no source gives a number: the HRA exemption (rule 2A's successor
 *   is in the Income-tax Rules 2026, its section in the Act is not confirmed) and the standard
 *   deduction (somewhere in s.19's table): their labels name the relief in words.
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
  section80C: 's.123',
  section80CCD1B: 's.124',
  section80D: 's.126',
  homeLoanInterest: 's.22(1)(b)',
  standardDeduction: null,
  rebate: 's.156',
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

/** 'Investments (s.80C)' where the year's section is known, 'House rent' where it is not. */
export const withSection = (label: string, section: string | null) => (section ? `${label} (${section})` : label);
