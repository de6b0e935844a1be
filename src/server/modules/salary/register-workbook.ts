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
  // The wages PF was computed on, as the ECR reports them.
  'PF Wages', 'EPS Wages', 'EDLI Wages',
] as const;
const FIRST_WAGES_COLUMN = REGISTER_COLUMNS.indexOf('PF Wages') + 1;
/** The last money column (Carried Forward); ESI Coverage after it is text. */
const LAST_MONEY_COLUMN = REGISTER_COLUMNS.indexOf('Carried Forward') + 1;

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
  };
  header.commit();
  for (const r of register.rows) {
    const row = ws.addRow([
      escapeFormula(r.employeeId), escapeFormula(r.name), r.joiningDate, r.stateOfWork, r.taxRegime, r.workingDays, r.paidDays, r.lopDays,
      r.monthlyGross, r.earnedGross, r.deductions.pf, r.deductions.esi, r.deductions.professionalTax, r.deductions.tds, r.deductions.total,
      r.employer.epf, r.employer.eps, r.employer.edli, r.employer.pfAdmin, r.employer.esi, r.employer.total, r.net,
      r.carriedForward ?? 0, escapeFormula(r.esiCoverage ?? ''),
      ...(r.pfWages ? [r.pfWages.epf, r.pfWages.eps, r.pfWages.edli] : []),
    ]);
    money(row);
    row.commit();
  }
  const t = register.totals;
  const totals = ws.addRow([
    'Total', `${t.employees} employees`, '', '', '', '', '', '', '', t.earnedGross, t.deductions.pf, t.deductions.esi, t.deductions.professionalTax, t.deductions.tds, t.deductions.total,
    t.employer.epf, t.employer.eps, t.employer.edli, t.employer.pfAdmin, t.employer.esi, t.employer.total, t.net,
    register.rows.reduce((sum, r) => sum + (r.carriedForward ?? 0), 0),
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
  await wb.commit();
  return bytes;
}
