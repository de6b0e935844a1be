/**
 * Monthly TDS on salary (Income-tax Act s.192): estimate the year's salary income and its tax, take
 * off the tax already deducted, and spread the rest evenly over the months still to be paid,
 * this one included.
 *
 * Only the months the employee is paid by this employer are projected: a joiner's year starts with
 * what was paid before (by an earlier employer, if declared, in `yearToDate`), and a leaver's ends
 * with `lastMonth`, so neither has tax deducted for months without salary. A raise or a LOP month
 * re-spreads the remainder; a month's TDS is never negative (an excess is left for the return).
 */
import { annualIncomeTax, type AnnualTax, type TaxRegimeRules } from './income-tax';
import { roundToRupee } from './rounding';

export interface YearToDate {
  /** Taxable salary paid this financial year before this month. */
  salaryPaise: number;
  taxPaise: number;
  employeePfPaise: number;
  professionalTaxPaise: number;
}

export const NOTHING_YET: YearToDate = { salaryPaise: 0, taxPaise: 0, employeePfPaise: 0, professionalTaxPaise: 0 };

export interface TdsInput {
  rules: TaxRegimeRules;
  yearToDate: YearToDate;
  /** This month's taxable salary, employee PF and professional tax. */
  thisMonth: { salaryPaise: number; employeePfPaise: number; professionalTaxPaise: number };
  /** What the months after this one, to the year's end or the last month employed, are expected to pay. */
  laterMonths: { count: number; salaryPaise: number; employeePfPaise: number; professionalTaxPaise: number };
  /** Old regime: other deductions declared for the year (HRA exemption, 80D, …) and 80C beyond PF. */
  declared?: { section80CPaise?: number; otherDeductionsPaise?: number };
  /** The employee has not given a PAN (s.206AA: at least 20%). */
  panMissing?: boolean;
}

export interface TdsResult {
  financialYear: string;
  projectedSalaryPaise: number;
  deductionsPaise: number;
  annualTax: AnnualTax;
  /** This month's TDS, whole rupees. */
  monthPaise: number;
  /** True when monthPaise is the s.206AA minimum (no PAN), above what the projection gives. */
  noPanRate: boolean;
}

/**
 * Income-tax Act s.206AA(1): a deductee who does not furnish a PAN has tax deducted at the higher of
 * the rate in force and 20%. For salary the CBDT's yearly circular on TDS under s.192 reads it as
 * the higher of the average rate and 20%, and no deduction where the estimated income is below the
 * taxable limit: so no TDS when the year's tax (after the s.87A rebate) is nil, and otherwise at least
 * 20% of the month's taxable salary, which is the month's salary less its share of the year's
 * deductions (standard deduction; under the old regime PT and 80C too).
 */
const NO_PAN_RATE_BP = 2_000;

/** The TDS to deduct this month, with the projection it comes from. */
export function monthlyTds(input: TdsInput): TdsResult {
  const { rules, yearToDate: ytd, thisMonth, laterMonths } = input;
  const projectedSalary = ytd.salaryPaise + thisMonth.salaryPaise + laterMonths.salaryPaise;
  const projectedPf = ytd.employeePfPaise + thisMonth.employeePfPaise + laterMonths.employeePfPaise;
  const projectedPt = ytd.professionalTaxPaise + thisMonth.professionalTaxPaise + laterMonths.professionalTaxPaise;
  let deductions = Math.min(rules.standardDeductionPaise, projectedSalary);
  if (rules.professionalTaxDeductible) deductions += projectedPt;
  deductions += Math.min(rules.section80CLimitPaise, projectedPf + (input.declared?.section80CPaise ?? 0));
  if (rules.regime === 'old') deductions += input.declared?.otherDeductionsPaise ?? 0;
  const annualTax = annualIncomeTax(projectedSalary - deductions, rules);
  const remaining = Math.max(0, annualTax.totalPaise - ytd.taxPaise);
  const spread = roundToRupee(remaining / (laterMonths.count + 1));
  let noPan = 0;
  if (input.panMissing && annualTax.totalPaise > 0 && projectedSalary > 0) {
    const taxableThisMonth = thisMonth.salaryPaise * Math.max(0, 1 - deductions / projectedSalary);
    noPan = roundToRupee((taxableThisMonth * NO_PAN_RATE_BP) / 10_000);
  }
  return {
    financialYear: rules.financialYear,
    projectedSalaryPaise: projectedSalary,
    deductionsPaise: deductions,
    annualTax,
    monthPaise: Math.max(spread, noPan),
    noPanRate: noPan > spread,
  };
}
