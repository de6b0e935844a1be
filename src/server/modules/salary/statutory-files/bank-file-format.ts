/**
 * A bank file laid out by the company's column template (payroll settings, bankFormat): which
 * columns, in what order, under which headers, the payment date's format and the debit account, so
 * a bank's bulk-upload layout can be matched without code. The generic layout is
 * bank-transfer-file.ts's; this writer is for the 'custom' template.
 *
 * Each cell is one line of plain text on its own, whatever reached it: control characters (C0, C1,
 * DEL, U+2028/2029) become spaces before the field is formula-guarded and quoted (csvField), so no
 * name can add a line to a payment file.
 */
import { csvField } from '../../../../shared/csv-text';
import { CONTROL_CHARACTERS, type BankField, type BankFormat } from '../../../../shared/schemas/payroll-payments';
import { salaryNarration } from './bank-transfer-file';

export interface BankCredit {
  employeeId: string;
  email: string;
  name: string;
  account: string;
  ifsc: string;
  amountPaise: number;
}

export interface BankFileContext {
  month: string;
  /** The payment date, YYYY-MM-DD (the batch's day). */
  date: string;
  /** 'PAY-2026-10-1': the month's batch, for the bank's reference column. */
  batchReference: string;
  /** The narration column's text; the month's salary narration when missing (a settlement names itself). */
  narration?: string;
}

const cell = (value: string) => csvField(value.replace(CONTROL_CHARACTERS, ' '));

/** YYYY-MM-DD in one of the template's date formats. */
export function formatBankDate(date: string, format: BankFormat['dateFormat']): string {
  const [y, m, d] = date.split('-') as [string, string, string];
  switch (format) {
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'DD-MM-YYYY':
      return `${d}-${m}-${y}`;
    case 'MM/DD/YYYY':
      return `${m}/${d}/${y}`;
    case 'DDMMYYYY':
      return `${d}${m}${y}`;
    case 'YYYY-MM-DD':
      return date;
  }
}

function value(field: BankField, credit: BankCredit, format: BankFormat, file: BankFileContext, fixed = ''): string {
  switch (field) {
    case 'beneficiaryAccount':
      return credit.account;
    case 'ifsc':
      return credit.ifsc;
    case 'amount':
      return (credit.amountPaise / 100).toFixed(2);
    case 'beneficiaryName':
      return credit.name;
    case 'narration':
      return file.narration ?? salaryNarration(file.month);
    case 'paymentDate':
      return formatBankDate(file.date, format.dateFormat);
    case 'debitAccount':
      return format.debitAccount ?? '';
    case 'employeeId':
      return credit.employeeId;
    case 'email':
      return credit.email;
    case 'batchReference':
      return file.batchReference;
    case 'fixed':
      return fixed;
  }
}

/** The file's text: the header line when the template has one, then a line per credit, CRLF-ended. */
export function buildTemplatedBankFile(format: BankFormat, credits: readonly BankCredit[], file: BankFileContext): string {
  const lines: string[] = [];
  if (format.headerRow) lines.push(format.columns.map((c) => cell(c.header)).join(','));
  for (const credit of credits) lines.push(format.columns.map((c) => cell(value(c.field, credit, format, file, c.value))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
