/**
 * The payroll register as an .xlsx ("the register exports as xlsx"): one row per employee
 * with every figure of the preview, a totals row, the PF ceiling and the statutory rule versions used
 * on a "Rules" sheet, and the warnings on another. Text cells go
 * through escapeFormula, as the slip's do.
 */
import type ExcelJS from 'exceljs';
import type { PayrollRegister } from '../../../shared/schemas/payroll-register';
import { escapeFormula } from '../../spreadsheet-safety';
import { bufferedWorkbook, INR_FORMAT } from './xlsx-buffer';

/** Column headers, in order; tests read the sheet by them. */
export const REGISTER_COLUMNS = [
  'Employee ID', 'Name', 'Joining Date', 'State', 'Tax Regime', 'Working Days', 'Paid Days', 'LOP Days',
  'Monthly Gross', 'Earned Gross', 'PF (Employee)', 'ESI (Employee)', 'Professional Tax', 'TDS', 'Total Deductions',
  'EPF (Employer)', 'EPS', 'EDLI', 'PF Admin', 'ESI (Employer)', 'Employer Total', 'Net Pay',
  // Why ESI covers the employee or not, and what the 50% limit on deductions carried to next month.
  'Carried Forward', 'ESI Coverage',
  // The month's overtime (days and weeks) in hours, and its pay (in Earned Gross).
  'Overtime (hours)', 'Overtime Pay',
  // The wages PF was computed on, as the ECR reports them.
  'PF Wages', 'EPS Wages', 'EDLI Wages',
] as const;
const FIRST_WAGES_COLUMN = REGISTER_COLUMNS.indexOf('PF Wages') + 1;
/** The last money column (Carried Forward); ESI Coverage after it is text. */
const LAST_MONEY_COLUMN = REGISTER_COLUMNS.indexOf('Carried Forward') + 1;
const OVERTIME_PAY_COLUMN = REGISTER_COLUMNS.indexOf('Overtime Pay') + 1;

/** Column headers of the sheet of PF differences of approved months. */
export const RULE_ARREARS_COLUMNS = [
  'Employee ID', 'Name', 'Month', 'Ceiling Approved', 'Ceiling Now', 'EPF Wages', 'EPS Wages', 'EDLI Wages',
  'PF (Employee)', 'EPF (Employer)', 'EPS', 'EDLI', 'PF Admin', 'Total',
] as const;

/** Column headers of the sheet of ESI and professional-tax differences of approved months. */
export const OTHER_ARREARS_COLUMNS = [
  'Employee ID', 'Name', 'Month', 'Scheme', 'ESI Wages Added', 'Employee Approved', 'Employee Now', 'Employer Approved', 'Employer Now', 'Difference',
] as const;

/** The open month's ESI and PT differences of approved months: every row, the totals, and who pays. */
function otherArrearsSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, section: NonNullable<PayrollRegister['ruleArrears']>, others: NonNullable<NonNullable<PayrollRegister['ruleArrears']>['others']>) {
  const ws = wb.addWorksheet('ESI and PT Differences');
  ws.columns = OTHER_ARREARS_COLUMNS.map((c, i) => ({ key: String(i), width: i === 1 ? 28 : c === 'Month' ? 16 : 14 }));
  ws.addRow([`ESI and professional tax differences of approved months, to pay with ${section.payMonthLabel} or by a re-run of the month`]).font = { bold: true, size: 13 };
  ws.addRow([escapeFormula(others.rule)]);
  ws.addRow([...OTHER_ARREARS_COLUMNS]).font = { bold: true };
  const money = (row: ExcelJS.Row) => {
    for (let c = 5; c <= OTHER_ARREARS_COLUMNS.length; c += 1) row.getCell(c).numFmt = INR_FORMAT;
  };
  for (const r of others.rows) {
    const row = ws.addRow([escapeFormula(r.employeeId), escapeFormula(r.name), r.forMonthLabel, r.scheme === 'esi' ? 'ESI' : 'PT', r.wages, r.employeeApproved, r.employeeNow, r.employerApproved, r.employerNow, r.total]);
    money(row);
    row.commit();
  }
  const total = ws.addRow(['Total', `${others.count} differences, ${others.people} people`, `ESI ${others.totals.esi}`, `PT ${others.totals.pt}`, '', '', '', '', '', others.totals.total]);
  total.font = { bold: true };
  money(total);
  total.commit();
  if (others.excess.count) ws.addRow([`Paid too much for ${others.excess.count} months (₹${others.excess.total}): claim it from ESIC or the state; nothing is taken from pay`]).commit();
  ws.commit();
}

/**
 * The open month's PF differences of approved months (a rule version back-dated into them): one row
 * per person and month, the total, and the rule for the employee's share. Every row, not only those
 * the screen lists.
 */
function ruleArrearsSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, section: NonNullable<PayrollRegister['ruleArrears']>) {
  const ws = wb.addWorksheet('PF Differences');
  ws.columns = RULE_ARREARS_COLUMNS.map((c, i) => ({ key: String(i), width: i === 1 ? 28 : c === 'Month' ? 16 : 14 }));
  ws.addRow([`PF differences of approved months, to pay with ${section.payMonthLabel} or by a re-run of the month`]).font = { bold: true, size: 13 };
  ws.addRow([section.versions.map((v) => `${v.label} from ${v.effectiveFrom}: ${escapeFormula(v.source)}`).join('; ')]);
  ws.addRow([escapeFormula(section.employeeShareRule)]);
  ws.addRow([...RULE_ARREARS_COLUMNS]).font = { bold: true };
  const money = (row: ExcelJS.Row) => {
    for (let c = 4; c <= RULE_ARREARS_COLUMNS.length; c += 1) row.getCell(c).numFmt = INR_FORMAT;
  };
  for (const r of section.rows) {
    const row = ws.addRow([escapeFormula(r.employeeId), escapeFormula(r.name), r.forMonthLabel, r.ceilingApproved, r.ceilingNow, r.epfWages, r.epsWages, r.edliWages, r.employee, r.employerEpf, r.eps, r.edli, r.admin, r.total]);
    money(row);
    row.commit();
  }
  const t = section.totals;
  const total = ws.addRow(['Total', `${section.count} person-months, ${section.people} people`, '', '', '', '', '', '', t.employee, t.employerEpf, t.eps, t.edli, t.admin, t.total]);
  total.font = { bold: true };
  money(total);
  total.commit();
  if (section.paid.count) ws.addRow([`Already put in ${section.payMonthLabel}: ${section.paid.count} person-months, ₹${section.paid.total}`]).commit();
  if (section.excess.count) ws.addRow([`PF went down for ${section.excess.count} person-months (₹${section.excess.total} remitted in excess): claim it from EPFO; nothing is taken from pay`]).commit();
  ws.commit();
}

export const registerFileName = (month: string) => `payroll-register_${month}.xlsx`;

export async function renderRegisterWorkbook(register: PayrollRegister, companyName: string, generatedAt: Date): Promise<Buffer> {
  const { wb, bytes } = bufferedWorkbook(companyName, generatedAt);
  const ws = wb.addWorksheet('Register', { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = REGISTER_COLUMNS.map((c, i) => ({ key: String(i), width: i === 1 ? 28 : c === 'ESI Coverage' ? 44 : 14 }));
  // Says which figures these are, as the screen does: the stored slips of an approved month, or a preview.
  const source = register.source === 'approved' ? 'as approved' : 'preview computed from today\u2019s data';
  ws.addRow([escapeFormula(`${companyName}: payroll register for ${register.monthLabel}, ${source}`)]).font = { bold: true, size: 13 };
  const header = ws.addRow([...REGISTER_COLUMNS]);
  header.font = { bold: true };
  const money = (row: ExcelJS.Row) => {
    for (let c = 9; c <= LAST_MONEY_COLUMN; c += 1) row.getCell(c).numFmt = INR_FORMAT;
    for (let c = FIRST_WAGES_COLUMN; c < FIRST_WAGES_COLUMN + 3; c += 1) row.getCell(c).numFmt = INR_FORMAT;
    row.getCell(OVERTIME_PAY_COLUMN).numFmt = INR_FORMAT;
  };
  header.commit();
  for (const r of register.rows) {
    const row = ws.addRow([
      escapeFormula(r.employeeId), escapeFormula(r.name), r.joiningDate, r.stateOfWork, r.taxRegime, r.workingDays, r.paidDays, r.lopDays,
      r.monthlyGross, r.earnedGross, r.deductions.pf, r.deductions.esi, r.deductions.professionalTax, r.deductions.tds, r.deductions.total,
      r.employer.epf, r.employer.eps, r.employer.edli, r.employer.pfAdmin, r.employer.esi, r.employer.total, r.net,
      r.carriedForward ?? 0, escapeFormula(r.esiCoverage ?? ''),
      Math.round(((r.overtime?.minutes ?? 0) / 60) * 100) / 100, r.overtime?.pay ?? 0,
      ...(r.pfWages ? [r.pfWages.epf, r.pfWages.eps, r.pfWages.edli] : []),
    ]);
    money(row);
    row.commit();
  }
  const t = register.totals;
  const totals = ws.addRow([
    'Total', `${t.employees} employees`, '', '', '', '', '', '', '', t.earnedGross, t.deductions.pf, t.deductions.esi, t.deductions.professionalTax, t.deductions.tds, t.deductions.total,
    t.employer.epf, t.employer.eps, t.employer.edli, t.employer.pfAdmin, t.employer.esi, t.employer.total, t.net,
    register.rows.reduce((sum, r) => sum + (r.carriedForward ?? 0), 0), '',
    Math.round((register.rows.reduce((sum, r) => sum + (r.overtime?.minutes ?? 0), 0) / 60) * 100) / 100,
    Math.round(register.rows.reduce((sum, r) => sum + (r.overtime?.pay ?? 0) * 100, 0)) / 100,
  ]);
  totals.font = { bold: true };
  money(totals);
  totals.commit();
  ws.commit();

  // The PF ceiling the month used and every statutory rule version its slips used, with sources.
  const rules = wb.addWorksheet('Rules');
  rules.columns = [{ width: 44 }, { width: 14 }, { width: 100 }];
  if (register.pf) {
    rules.addRow(['PF wage ceiling used', register.pf.ceiling, escapeFormula(register.pf.ceilingNote ?? '')]).commit();
    rules.addRow(['PF administration charges (with the monthly minimum)', register.pf.adminCharges, register.pf.adminMinimumTopUp ? `includes ${register.pf.adminMinimumTopUp} to reach the minimum` : '']).commit();
    rules.addRow([]).commit();
  }
  rules.addRow(['Rule', 'First day', 'Source']).font = { bold: true };
  for (const v of register.ruleVersions ?? []) rules.addRow([escapeFormula(v.label), v.effectiveFrom, escapeFormula(v.source)]).commit();
  rules.commit();

  const warnings = wb.addWorksheet('Warnings');
  warnings.columns = [{ width: 14 }, { width: 16 }, { width: 90 }];
  warnings.addRow(['Employee ID', 'Kind', 'Warning']).font = { bold: true };
  for (const w of register.warnings) warnings.addRow([escapeFormula(w.employeeId), w.kind, escapeFormula(w.text)]).commit();
  warnings.commit();
  if (register.ruleArrears) ruleArrearsSheet(wb, register.ruleArrears);
  if (register.ruleArrears?.others) otherArrearsSheet(wb, register.ruleArrears, register.ruleArrears.others);
  await wb.commit();
  return bytes;
}
