/**
 * The bank bulk-transfer file of a month: one credit per employee of their net pay, as a CSV a
 * bank's bulk-payment upload maps (account number, IFSC, amount with two decimals, beneficiary
 * name, narration). The account number is written in full: this file is for the bank, which is why
 * only admins may download it and each download is audited. No BOM: bank uploads read plain text.
 * Every field passes the formula guard (csvField), since names are typed by people.
 *
 * Left out: an employee without an account number or IFSC, and one with nothing to pay.
 */
import { csvField, type CsvValue } from '../../../../shared/csv-text';
import { monthLabel } from '../../../../shared/payroll/pay-month';
import { portalName, type BuiltFile, type FilingRow, type LeftOut } from './filing-row';

export const BANK_COLUMNS = ['Beneficiary Account Number', 'IFSC', 'Amount', 'Beneficiary Name', 'Narration'] as const;

/** "Salary Nov 2026": short, as banks cap narrations (often at 30 characters). */
export const salaryNarration = (month: string) => {
  const [name, year] = monthLabel(month).split(' ');
  return `Salary ${name!.slice(0, 3)} ${year}`;
};

const line = (cells: readonly CsvValue[]) => cells.map(csvField).join(',');

/**
 * The beneficiary name as the bank file carries it: ASCII letters, dots and spaces only (accents
 * dropped), single-spaced. Bank bulk-upload importers often split on commas and line breaks without
 * reading CSV quotes, so a name must not hold the file's separators (comma, quote, CR, LF) or any
 * control character, whatever the input rules let through; this is the file's own guard.
 */
export const beneficiaryName = (name: string) => portalName(name, true);

export function buildBankTransfer(rows: readonly FilingRow[], month: string): BuiltFile<string> {
  const narration = salaryNarration(month);
  const lines = [line(BANK_COLUMNS)];
  const leftOut: LeftOut[] = [];
  for (const r of rows) {
    if (!r.bankAccount || !r.ifsc) {
      leftOut.push({ employeeId: r.employeeId, name: r.name, reason: 'no bank account and IFSC' });
      continue;
    }
    if (r.net <= 0) {
      leftOut.push({ employeeId: r.employeeId, name: r.name, reason: 'nothing to pay this month' });
      continue;
    }
    const name = beneficiaryName(r.name);
    if (!name) {
      leftOut.push({ employeeId: r.employeeId, name: r.name, reason: 'the name has no letters the bank file accepts' });
      continue;
    }
    lines.push(line([r.bankAccount, r.ifsc, r.net.toFixed(2), name, narration]));
  }
  return { content: `${lines.join('\r\n')}\r\n`, leftOut };
}

export const bankFileName = (month: string) => `bank-transfer_${month}.csv`;
