/**
 * A salary slip as labelled lines, in the order a payslip shows them: the one reading of a slip
 * that documents are written from, so a PDF and a spreadsheet of the same slip hold the same figures.
 */
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import { arrearLabel } from '../../../shared/payroll/arrear-lines';
import { monthLabel } from '../../../shared/payroll/pay-month';
import { describeLateMarks } from '../../../shared/work-hours/work-hours';
import { hoursAndMinutes } from '../../../shared/day-rules/overtime';
import type { StatutoryDeductions } from '../../../shared/payroll/statutory/statutory-deductions';
import type { SlipDocument } from './slip-workbook';
import { formatRupees } from '../../paise-text';
import { taxLawNames } from '../../../shared/payroll/statutory/tax-law-names';
import { employerCostOf } from '../../../shared/payroll/statutory/pf-corrections';
import { statutoryCorrectionCost } from '../../../shared/payroll/statutory/esi-pt-corrections';
import { ruleVersionLines, ruleVersionSummary } from '../../../shared/payroll/slip-notes';

export interface SlipLine {
  label: string;
  paise: number;
}

export interface SlipSections {
  title: string;
  /** Draft or revised mark under the title; null for a slip as first approved. */
  stamp: string | null;
  /** Who and when: employee ID, name, email, position, joining date, pay period. */
  details: readonly [string, string][];
  /** Days and the monthly gross: working, paid and LOP days. */
  days: readonly [string, string][];
  earnings: readonly SlipLine[];
  deductions: readonly SlipLine[];
  totalEarningsPaise: number;
  totalDeductionsPaise: number;
  /** Paid by the employer on top of pay; empty when the caller has none to show. */
  employerContributions: readonly SlipLine[];
  netPaise: number;
  netInWords: string;
  /** The financial year to date (gross, PF, PT, TDS); empty for a bare slip. */
  yearToDate: readonly [string, string][];
  /** Leave balances per type at the month's end; empty for a bare slip. */
  leave: readonly [string, string][];
  /** Sentences that explain the figures (shared/payroll/slip-notes.ts): the company's settings and the rules applied. */
  notes: readonly string[];
  /** The statutory rule versions used, one line each (shared/payroll/slip-notes.ts ruleVersionLines); empty when none were recorded. */
  rules: readonly string[];
  /** The same in one short paragraph, rule and first day only (ruleVersionSummary), for the PDF's single page; null when none. */
  rulesSummary: string | null;
}

/** Employer contribution lines from a month's statutory figures, leaving out the nil ones. */
export function employerContributionLines(employer: StatutoryDeductions['employer']): SlipLine[] {
  const lines: SlipLine[] = [
    { label: 'Provident Fund (EPF)', paise: employer.epfPaise },
    { label: 'Pension Fund (EPS)', paise: employer.epsPaise },
    { label: 'EDLI', paise: employer.edliPaise },
    { label: 'PF Admin Charges', paise: employer.pfAdminPaise },
    { label: 'ESI (Employer)', paise: employer.esiPaise },
  ];
  return lines.filter((line) => line.paise !== 0);
}

/**
 * The deduction lines of a slip: ESI only for an employee it covers, the others always (a nil TDS
 * says so), and deductions an earlier month's 50% limit carried here when some were recovered.
 */
export function deductionLines(deductions: SalarySlip['deductions'], esiCovered: boolean): SlipLine[] {
  return [
    { label: 'Provident Fund (Employee)', paise: deductions.providentFundPaise },
    ...(esiCovered || deductions.esiPaise ? [{ label: 'ESI (Employee)', paise: deductions.esiPaise }] : []),
    { label: 'Professional Tax', paise: deductions.professionalTaxPaise },
    ...(deductions.recoveredPaise ? [{ label: 'Carried from last month', paise: deductions.recoveredPaise }] : []),
    { label: 'Income Tax (TDS)', paise: deductions.tdsPaise },
  ];
}

/**
 * PF differences of earlier months this slip pays (a rule version back-dated into them): the
 * employee's share deducted, one line per month it is for, and the employer's cost (its shares and
 * the employee's share it pays) beside the contributions. The notes say why and who pays.
 */
export function pfCorrectionLines(slip: SalarySlip): { deductions: SlipLine[]; employer: SlipLine[] } {
  const list = slip.pfCorrections ?? [];
  return {
    deductions: list.filter((c) => c.recoveredPaise).map((c) => ({ label: `PF Arrears (Employee): ${monthLabel(c.forMonth)}`, paise: c.recoveredPaise })),
    employer: [
      ...list.map((c) => ({ label: `PF Arrears (Employer): ${monthLabel(c.forMonth)}`, paise: employerCostOf(c) })),
      ...(slip.statutoryCorrections ?? []).map((c) => ({ label: `${c.scheme === 'esi' ? 'ESI' : 'PT'} Arrears (Employer): ${monthLabel(c.forMonth)}`, paise: statutoryCorrectionCost(c) })),
    ],
  };
}

/** "Late Marks: 5 (½ day LOP)", its own line when the month had any; the LOP is in LOP Days too. */
export const lateMarksLine = (slip: SalarySlip): [string, string][] =>
  slip.lateMarks.count ? [['Late Marks', describeLateMarks(slip.lateMarks.count, slip.lateMarks.lopDays)]] : [];

/**
 * "Overtime Hours: 1:40 (paid at 2×)" or "… (not paid)", its own line when the month had any; the
 * pay is the Overtime earning.
 */
export const overtimeLine = (slip: SalarySlip): [string, string][] => {
  const ot = slip.overtime;
  if (!ot) return [];
  return [['Overtime Hours', `${hoursAndMinutes(ot.minutes)} (${ot.paid ? `paid at ${ot.rate}×` : 'not paid'})`]];
};

/**
 * ' under Drivers' (or ' under the default split'): a period's structure, when the month's periods
 * are not all under one; '' otherwise.
 */
export function periodStructure(slip: Pick<SalarySlip, 'salaryPeriods'>, p: NonNullable<SalarySlip['salaryPeriods']>[number]): string {
  const names = new Set((slip.salaryPeriods ?? []).map((x) => x.structureName ?? ''));
  if (names.size < 2) return '';
  return p.structureName ? ` under ${p.structureName}` : ' under the default split';
}

/**
 * A month with a salary or structure change says so, one line per period: 'Salary from 2026-11-16:
 * ₹36,000.00 (13 paid days)', with ' under Drivers' when the structure changed too.
 */
export const salaryPeriodLines = (slip: SalarySlip): [string, string][] =>
  (slip.salaryPeriods ?? []).map((p) => [`Salary from ${p.from}`, `₹${formatRupees(p.monthlyGrossPaise)} (${p.paidDays} paid ${p.paidDays === 1 ? 'day' : 'days'})${periodStructure(slip, p)}`]);

const REGIME = { new: 'New', old: 'Old' } as const;

/**
 * 'New, FY 2025-26' up to 2025-26, 'New, Tax year 2026-27' after, in the words of the Act in force
 * for the slip's year. Where the year's rates are not in the tables yet, the rates used say so:
 * '… (2026-27 rates)'. Kept short: it shares a line of the slip's header with its label.
 */
export function taxRegimeText(slip: SalarySlip): string {
  const { taxRegime, financialYear, incomeTaxRatesYear, incomeTaxFromAnotherYear } = slip.statutory;
  const law = taxLawNames(financialYear);
  const year = law.yearWord === 'Tax year' ? `Tax year ${financialYear}` : `FY ${financialYear}`;
  return `${REGIME[taxRegime]}, ${year}${incomeTaxFromAnotherYear ? ` (${incomeTaxRatesYear} rates)` : ''}`;
}

/** The note naming the law the TDS follows: 'Income tax: TDS u/s 392, Income-tax Act 2025.' */
function taxLawNote(slip: SalarySlip): string {
  const law = taxLawNames(slip.statutory.financialYear);
  const act = law.yearWord === 'Tax year' ? `, ${law.act}` : '';
  return `Income tax: TDS u/s ${law.tdsSection.slice(2)}${act}.`;
}

/** The sections of a slip document; employer contributions as the caller gives them, by default the slip's own. */
export function slipSections(doc: SlipDocument, employerContributions: readonly SlipLine[] = employerContributionLines(doc.slip.employer)): SlipSections {
  const { employee, slip, extras } = doc;
  return {
    title: `Salary Slip for ${slip.monthLabel}`,
    stamp: extras?.stamp ?? null,
    yearToDate: extras?.yearToDate ?? [],
    leave: extras?.leave ?? [],
    details: [
      ['Employee ID', employee.employeeId],
      ['Name', employee.name],
      ['Email', employee.email],
      ['Position', employee.position],
      ['Date of Joining', employee.joinedOn],
      ['Pay Period', `${slip.payableFrom} to ${slip.payableTo}`],
      ['State of Work', slip.statutory.stateName ?? slip.statutory.stateOfWork],
      ['Tax Regime', taxRegimeText(slip)],
      ...(extras?.identity ?? []),
    ],
    days: [
      ['Working Days', String(slip.days.working)],
      ['Paid Days', String(slip.days.paid)],
      ['LOP Days', String(slip.days.lop)],
      ['Monthly Gross', `₹${formatRupees(slip.monthlyGrossPaise)}`],
      ...(slip.structureName ? [['Salary Structure', slip.structureName] as [string, string]] : []),
      ...salaryPeriodLines(slip),
      ...lateMarksLine(slip),
      ...overtimeLine(slip),
    ],
    earnings: [
      { label: 'Basic', paise: slip.earnings.basicPaise },
      { label: 'House Rent Allowance', paise: slip.earnings.hraPaise },
      ...(slip.earnings.allowances ?? []).map((a) => ({ label: a.name, paise: a.paise })),
      { label: 'Special Allowance', paise: slip.earnings.specialPaise },
      ...(slip.earnings.overtimePaise ? [{ label: 'Overtime', paise: slip.earnings.overtimePaise }] : []),
      ...(slip.arrears ?? []).map((a) => ({ label: arrearLabel(a, monthLabel), paise: a.amountPaise })),
    ],
    deductions: [...deductionLines(slip.deductions, slip.statutory.esiCovered), ...pfCorrectionLines(slip).deductions],
    totalEarningsPaise: slip.earnings.totalPaise,
    totalDeductionsPaise: slip.deductions.totalPaise,
    employerContributions: [...employerContributions, ...pfCorrectionLines(slip).employer],
    netPaise: slip.netPaise,
    netInWords: slip.netInWords,
    notes: [...(slip.notes ?? []), taxLawNote(slip)],
    rules: ruleVersionLines(slip),
    rulesSummary: ruleVersionSummary(slip),
  };
}
