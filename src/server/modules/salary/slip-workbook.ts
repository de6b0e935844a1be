/**
 * Renders a computed salary slip as an .xlsx: company header, employee details, days, earnings and
 * deductions side by side, totals, net pay in figures and in words, employer contributions. The
 * lines come from slip-sections.ts, as the PDF's do, so both hold the same figures. Every text cell
 * goes through escapeFormula, so a name like "=HYPERLINK(…)" stays text.
 */
import type { SalarySlip } from '../../../shared/payroll/salary-slip';
import { escapeFormula } from '../../spreadsheet-safety';
import type { SlipEmployee } from './salary-repository';
import { lateMarksLine, overtimeLine, slipSections } from './slip-sections';
import { bufferedWorkbook, INR_FORMAT } from './xlsx-buffer';
import type { SlipExtras } from './slip-extras';
import type { SlipCompany } from '../company';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The row labels tests and readers look for. */
export const SLIP_LABELS = {
  netPay: 'Net Pay (₹)',
  netInWords: 'Net Pay in Words',
  totalEarnings: 'Total Earnings',
  totalDeductions: 'Total Deductions',
  totalEmployer: 'Total Employer Contributions',
  yearToDate: 'Year to Date',
  leave: 'Leave Days (taken; left at the month end)',
  rulesUsed: 'Statutory rules used',
  companyAddress: 'Company Address',
} as const;

/** 'salary-slip_EMP0001_2026-10.xlsx'; anything unexpected in the id becomes '_'. */
export const slipFileName = (employeeId: string, month: string) => `salary-slip_${employeeId.replace(/[^A-Za-z0-9-]/g, '_')}_${month}.xlsx`;

const rupees = (paise: number) => paise / 100;
const text = (value: string) => escapeFormula(value);

export interface SlipDocument {
  companyName: string;
  employee: Pick<SlipEmployee, 'employeeId' | 'name' | 'email' | 'position' | 'joinedOn'>;
  slip: SalarySlip;
  /** Stamped into the file's properties. */
  generatedAt: Date;
  /** The status mark, identity, year to date and leave lines (slip-extras.ts); none for a bare slip. */
  extras?: SlipExtras;
  /** The company profile's address (lines) and logo, printed under and beside the name. */
  company?: SlipCompany;
}

/** The address on one line, as the slip's header prints it. */
export const addressLine = (address: string | null | undefined) => (address ? address.split('\n').join(', ') : '');

/** The .xlsx bytes of a slip (about 7 KB), written by the streaming writer (xlsx-buffer.ts). */
export async function renderSlipWorkbook({ companyName, employee, slip, generatedAt, extras, company }: SlipDocument): Promise<Buffer> {
  const { wb, bytes } = bufferedWorkbook(companyName, generatedAt);
  wb.modified = generatedAt;
  const ws = wb.addWorksheet('Salary Slip', { pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true } });
  ws.columns = [{ width: 26 }, { width: 30 }, { width: 28 }, { width: 30 }];

  const title = (row: number, value: string, size: number) => {
    ws.mergeCells(row, 1, row, 4);
    const cell = ws.getCell(row, 1);
    cell.value = text(value);
    cell.font = { bold: true, size };
    cell.alignment = { horizontal: 'center' };
  };
  const pair = (row: number, col: number, label: string, value: string | number, opts: { money?: boolean; bold?: boolean } = {}) => {
    const labelCell = ws.getCell(row, col);
    labelCell.value = text(label);
    labelCell.font = { bold: true };
    const valueCell = ws.getCell(row, col + 1);
    valueCell.value = typeof value === 'string' ? text(value) : value;
    if (opts.money) valueCell.numFmt = INR_FORMAT;
    if (typeof value === 'number') valueCell.alignment = { horizontal: 'right' };
    if (opts.bold) valueCell.font = { bold: true };
  };

  const sections = slipSections({ companyName, employee, slip, generatedAt, extras });
  title(1, companyName, 14);
  title(2, sections.title, 12);
  if (sections.stamp) {
    title(3, sections.stamp, 11);
    ws.getCell(3, 1).font = { bold: true, size: 11, color: { argb: 'FFB45309' } };
  }

  // Details two to a row from row 4, then days and the monthly gross.
  // Row 3 is the stamp's, so the company's address leads the details (the PDF prints it under the name).
  const details: [string, string][] = company?.address ? [[SLIP_LABELS.companyAddress, addressLine(company.address)], ...sections.details] : [...sections.details];
  details.forEach(([label, value], i) => pair(4 + Math.floor(i / 2), 1 + (i % 2) * 2, label, value));
  const daysRow = 4 + Math.ceil(details.length / 2);
  pair(daysRow, 1, 'Working Days', slip.days.working);
  pair(daysRow, 3, 'Paid Days', slip.days.paid);
  pair(daysRow + 1, 1, 'LOP Days', slip.days.lop);
  pair(daysRow + 1, 3, 'Monthly Gross (₹)', rupees(slip.monthlyGrossPaise), { money: true });
  for (const [label, value] of lateMarksLine(slip)) pair(daysRow + 2, 1, label, value);
  if (extras?.leaveTaken !== undefined) pair(daysRow + 2, 3, 'Leave Days Taken', extras.leaveTaken);
  // Overtime hours take a row of their own, only in a month that had any.
  const overtime = overtimeLine(slip);
  for (const [label, value] of overtime) pair(daysRow + 3, 1, label, value);

  const headerRow = daysRow + 3 + overtime.length;
  const header = ws.getRow(headerRow);
  header.values = ['Earnings', 'Amount (₹)', 'Deductions', 'Amount (₹)'];
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  const lines = Math.max(sections.earnings.length, sections.deductions.length);
  for (let i = 0; i < lines; i += 1) {
    const earning = sections.earnings[i];
    const deduction = sections.deductions[i];
    if (earning) pair(headerRow + 1 + i, 1, earning.label, rupees(earning.paise), { money: true });
    if (deduction) pair(headerRow + 1 + i, 3, deduction.label, rupees(deduction.paise), { money: true });
  }
  let row = headerRow + 1 + lines;
  pair(row, 1, SLIP_LABELS.totalEarnings, rupees(sections.totalEarningsPaise), { money: true, bold: true });
  pair(row, 3, SLIP_LABELS.totalDeductions, rupees(sections.totalDeductionsPaise), { money: true, bold: true });
  ws.getRow(row).eachCell((cell) => (cell.border = { top: { style: 'thin' } }));

  row += 2;
  pair(row, 1, SLIP_LABELS.netPay, rupees(sections.netPaise), { money: true, bold: true });
  pair(row + 1, 1, SLIP_LABELS.netInWords, sections.netInWords);
  ws.mergeCells(row + 1, 2, row + 1, 4);
  row += 3;

  if (sections.employerContributions.length) {
    ws.getCell(row, 1).value = text('Employer Contributions (not deducted from pay)');
    ws.getCell(row, 1).font = { bold: true };
    row += 1;
    for (const line of sections.employerContributions) {
      pair(row, 1, line.label, rupees(line.paise), { money: true });
      row += 1;
    }
    const total = sections.employerContributions.reduce((sum, line) => sum + line.paise, 0);
    pair(row, 1, SLIP_LABELS.totalEmployer, rupees(total), { money: true, bold: true });
    row += 2;
  }

  for (const [heading, lines] of [
    ['Notes', sections.notes],
    [SLIP_LABELS.rulesUsed, sections.rules],
  ] as const) {
    if (!lines.length) continue;
    ws.getCell(row, 1).value = text(heading);
    ws.getCell(row, 1).font = { bold: true };
    row += 1;
    for (const note of lines) {
      ws.mergeCells(row, 1, row, 4);
      ws.getCell(row, 1).value = text(note);
      ws.getCell(row, 1).alignment = { wrapText: true, vertical: 'top' };
      // Room for the sentence: about 90 characters a line across the four columns.
      ws.getRow(row).height = 15 * Math.ceil(note.length / 90);
      row += 1;
    }
    row += 1;
  }

  for (const [heading, list] of [
    [SLIP_LABELS.yearToDate, sections.yearToDate],
    [SLIP_LABELS.leave, sections.leave],
  ] as const) {
    if (!list.length) continue;
    ws.getCell(row, 1).value = text(heading);
    ws.getCell(row, 1).font = { bold: true };
    row += 1;
    list.forEach(([label, value], i) => pair(row + Math.floor(i / 2), 1 + (i % 2) * 2, label, value));
    row += Math.ceil(list.length / 2) + 1;
  }

  ws.mergeCells(row, 1, row, 4);
  ws.getCell(row, 1).value = text('This is a computer-generated salary slip and needs no signature.');
  ws.getCell(row, 1).font = { italic: true, size: 9 };

  // Every row stays in memory until here, so cells above could be filled in any order.
  ws.commit();
  await wb.commit();
  return bytes;
}
