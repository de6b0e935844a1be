/**
 * The year's income-tax computation of one employee from what was actually paid: the approved
 * months' salary and TDS, an earlier employer's figures, and the declarations that count at the
 * year's end. These are the figures of Form 16 Part B (up to FY 2025-26) or of Form 130's
 * computation of income and tax (from Tax Year 2026-27), and of the salary annexure of the year's
 * last quarterly return (Form 24Q Annexure II; Form 138 from Tax Year 2026-27). Pure: the server loads, this adds up.
 *
 * Salary, HRA exemption and TDS are sums over the months, so the statement adds up to the slips:
 * its total TDS is the slips' TDS plus the earlier employer's.
 */
import { annualIncomeTax, ageBandFor, incomeTaxRulesFor, oldRegimeForAge, type AgeBand, type AnnualTax, type TaxRegime } from './income-tax';
import type { RuleBook } from './rule-versions';
import { cappedDeductions, deductionCaps, hraExemptionForMonth, type CappedDeductions, type OldRegimeDeclarations, type PreviousEmployment } from './tax-declarations';

export interface StatementMonth {
  month: string;
  grossPaise: number;
  basicPaise: number;
  hraPaise: number;
  employeePfPaise: number;
  professionalTaxPaise: number;
  tdsPaise: number;
}

export interface StatementInput {
  financialYear: string;
  regime: TaxRegime;
  dateOfBirth?: string | null;
  months: readonly StatementMonth[];
  previousEmployment?: PreviousEmployment | null;
  /** The declarations that count at the year's end (old regime); ignored under the new regime. */
  declarations?: OldRegimeDeclarations | null;
  /** The company's rule book (rate tables, HRA cities, caps, senior limits); the shipped one when missing. */
  book?: RuleBook;
}

export interface AnnualTaxStatement {
  financialYear: string;
  regime: TaxRegime;
  ageBand: AgeBand;
  months: (StatementMonth & { hraExemptPaise: number })[];
  salaryPaise: number;
  previousSalaryPaise: number;
  /** Exempt allowances: HRA here, plus what the earlier employer exempted. */
  hraExemptPaise: number;
  previousExemptionsPaise: number;
  standardDeductionPaise: number;
  professionalTaxPaise: number;
  /** Income chargeable under "Salaries". */
  salaryIncomePaise: number;
  /** Interest on a self-occupied house's loan: a loss from house property, set off against salary. */
  homeLoanInterestPaise: number;
  /** s.80C (s.123 of the 2025 Act) with the employee's PF, at the year's cap. */
  section80CPaise: number;
  section80CCapPaise: number;
  capped: CappedDeductions;
  chapterVIAPaise: number;
  totalIncomePaise: number;
  tax: AnnualTax;
  tdsThisEmployerPaise: number;
  tdsPreviousEmployerPaise: number;
  /** Tax less all TDS: positive is still to pay with the return, negative is a refund due. */
  balancePaise: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export function annualTaxStatement(input: StatementInput): AnnualTaxStatement {
  const { financialYear, regime } = input;
  const ageBand = ageBandFor(input.dateOfBirth, financialYear);
  const firstMonth = `${financialYear.slice(0, 4)}-04`;
  const rules = oldRegimeForAge(incomeTaxRulesFor(regime, firstMonth, input.book), ageBand, input.book);
  const old = regime === 'old';
  const d = old ? (input.declarations ?? {}) : {};
  const prev = input.previousEmployment;

  const months = [...input.months]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({ ...m, hraExemptPaise: old ? hraExemptionForMonth(m.month, m, d.rent, input.book) : 0 }));
  const salary = sum(months.map((m) => m.grossPaise));
  const previousSalary = prev?.salaryPaise ?? 0;
  const hraExempt = sum(months.map((m) => m.hraExemptPaise));
  const previousExemptions = prev?.exemptionsPaise ?? 0;
  const gross = salary + previousSalary - hraExempt - previousExemptions;
  const standard = Math.min(rules.standardDeductionPaise, Math.max(0, gross));
  const pt = rules.professionalTaxDeductible ? sum(months.map((m) => m.professionalTaxPaise)) + (prev?.professionalTaxPaise ?? 0) : 0;
  const salaryIncome = Math.max(0, gross - standard - pt);
  const capped = old ? cappedDeductions(d, financialYear, ageBand, input.book) : { npsPaise: 0, healthSelfPaise: 0, healthParentsPaise: 0, homeLoanInterestPaise: 0, totalPaise: 0 };
  const pf = sum(months.map((m) => m.employeePfPaise)) + (prev?.employeePfPaise ?? 0);
  const section80CCap = deductionCaps(financialYear, input.book).section80CPaise;
  const section80C = old ? Math.min(section80CCap, pf + Math.max(0, d.section80CPaise ?? 0)) : 0;
  const chapterVIA = section80C + capped.npsPaise + capped.healthSelfPaise + capped.healthParentsPaise;
  const totalIncome = Math.max(0, salaryIncome - capped.homeLoanInterestPaise - chapterVIA);
  const tax = annualIncomeTax(totalIncome, rules);
  const tdsHere = sum(months.map((m) => m.tdsPaise));
  const tdsBefore = prev?.taxPaise ?? 0;
  return {
    financialYear,
    regime,
    ageBand,
    months,
    salaryPaise: salary,
    previousSalaryPaise: previousSalary,
    hraExemptPaise: hraExempt,
    previousExemptionsPaise: previousExemptions,
    standardDeductionPaise: standard,
    professionalTaxPaise: pt,
    salaryIncomePaise: salaryIncome,
    homeLoanInterestPaise: capped.homeLoanInterestPaise,
    section80CPaise: section80C,
    section80CCapPaise: section80CCap,
    capped,
    chapterVIAPaise: chapterVIA,
    totalIncomePaise: tax.taxableIncomePaise,
    tax,
    tdsThisEmployerPaise: tdsHere,
    tdsPreviousEmployerPaise: tdsBefore,
    balancePaise: tax.totalPaise - tdsHere - tdsBefore,
  };
}
