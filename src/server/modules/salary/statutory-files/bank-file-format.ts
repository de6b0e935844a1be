/**
 * A bank file laid out by the company's column template (payroll settings, bankFormat): which
 * columns, in what order, under which headers, the payment date's format and the debit account, so
 * a bank's bulk-upload layout can be matched without code. A template may add a file header line
 * (FILEHDR, a corporate ID, the file's number) and a debit row for the company's account with the
 * file's total before the credits, and may separate cells by a pipe instead of a comma. The generic
 * layout is bank-transfer-file.ts's; this writer is for the 'custom' template.
 *
 * Each cell is one line of plain text on its own, whatever reached it: control characters (C0, C1,
 * DEL, U+2028/2029) become spaces before the field is formula-guarded and, with commas, quoted
 * (csvField); with pipes a pipe inside a value becomes a space too (the banks' pipe files know no
 * quoting). No name can add a line or a cell to a payment file.
 */
import { csvField } from '../../../../shared/csv-text';
import { escapeFormula } from '../../../../shared/spreadsheet-safety';
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
  /** The file's number for a file header ('261001': October 2026's first batch); empty when none. */
  fileSequence?: string;
  /** The narration column's text; the month's salary narration when missing (a settlement names itself). */
  narration?: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** Fields whose text may be cut to the column's maxLength: never an account, an amount or a date. */
const CUTTABLE = new Set<BankField>(['beneficiaryName', 'narration', 'shortNarration', 'employeeId', 'email', 'batchReference', 'fixed']);

/** One cell, one line of plain text, escaped for the file's separator, formula-guarded, then cut to `maxLength` when given. */
function cell(value: string, separator: ',' | '|', maxLength?: number): string {
  let text = value.replace(CONTROL_CHARACTERS, ' ');
  if (separator === '|') text = text.replace(/\|/g, ' ');
  text = String(escapeFormula(text));
  if (maxLength) text = text.slice(0, maxLength);
  // The guard's apostrophe is already there, so csvField's own guard leaves the text as it is.
  return separator === ',' ? csvField(text) : text;
}

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

/** What a line is about: a credit, or the company's own lines (the header, the debit row), which carry the debit account and the total. */
interface LineSubject {
  account: string;
  ifsc: string;
  name: string;
  employeeId: string;
  email: string;
  amountPaise: number;
}

interface FileFacts {
  totalPaise: number;
  credits: number;
}

const money = (paise: number) => (paise / 100).toFixed(2);

function value(field: BankField, line: LineSubject, format: BankFormat, file: BankFileContext, facts: FileFacts, fixed = ''): string {
  switch (field) {
    case 'beneficiaryAccount':
      return line.account;
    case 'accountBranch':
      return line.account.slice(0, 5);
    case 'ifsc':
      return line.ifsc;
    case 'amount':
      return money(line.amountPaise);
    case 'total':
      return money(facts.totalPaise);
    case 'creditCount':
      return String(facts.credits);
    case 'beneficiaryName':
      return line.name;
    case 'narration':
      return file.narration ?? salaryNarration(file.month);
    case 'shortNarration': {
      if (file.narration) return file.narration;
      const [y, m] = file.month.split('-');
      return `SAL ${MONTHS[Number(m) - 1]} ${y}`;
    }
    case 'paymentDate':
      return formatBankDate(file.date, format.dateFormat);
    case 'debitAccount':
      return format.debitAccount ?? '';
    case 'employeeId':
      return line.employeeId;
    case 'email':
      return line.email;
    case 'batchReference':
      return file.batchReference;
    case 'fileSequence':
      return file.fileSequence ?? '';
    case 'fixed':
      return fixed;
  }
}

/**
 * The file's text, CRLF-ended lines: the file header when the template has one, the column headers
 * when asked, the debit row when the template has one, then a line per credit.
 */
export function buildTemplatedBankFile(format: BankFormat, credits: readonly BankCredit[], file: BankFileContext): string {
  const separator = format.separator ?? ',';
  const facts: FileFacts = { totalPaise: credits.reduce((sum, c) => sum + c.amountPaise, 0), credits: credits.length };
  const company: LineSubject = { account: format.debitAccount ?? '', ifsc: '', name: '', employeeId: '', email: '', amountPaise: facts.totalPaise };
  const line = (columns: BankFormat['columns'], subject: LineSubject) =>
    columns
      .map((c) => {
        return cell(value(c.field, subject, format, file, facts, c.value), separator, CUTTABLE.has(c.field) ? c.maxLength : undefined);
      })
      .join(separator);
  const lines: string[] = [];
  if (format.fileHeader?.length) lines.push(line(format.fileHeader, company));
  if (format.headerRow) lines.push(format.columns.map((c) => cell(c.header, separator)).join(separator));
  if (format.debitRow?.length) lines.push(line(format.debitRow, company));
  for (const credit of credits) lines.push(line(format.columns, credit));
  return `${lines.join('\r\n')}\r\n`;
}
