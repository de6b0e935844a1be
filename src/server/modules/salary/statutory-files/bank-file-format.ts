/**
 * A bank file laid out by the company's column template (payroll settings, bankFormat): which
 * columns, in what order, under which headers, the payment date's format and the debit account, so
 * a bank's bulk-upload layout can be matched without code. A template may add a file header line
 * (FILEHDR, a corporate ID, the file's number) and a debit row for the company's account with the
 * file's total before the credits, and may separate cells by a pipe instead of a comma, or lay them
 * out in fixed widths with nothing between them. The generic layout is bank-transfer-file.ts's;
 * this writer is for the 'custom' template.
 *
 * Each cell is one line of plain text on its own, whatever reached it: control characters (C0, C1,
 * DEL, U+2028/2029) become spaces before the field is formula-guarded and, with commas, quoted
 * (csvField); with pipes a pipe inside a value becomes a space too (the banks' pipe files know no
 * quoting). In a fixed-width file a cell is printable ASCII only (accents dropped, anything else a
 * space, so one character is one byte and the widths hold), commas, pipes and quotes become spaces,
 * and a leading formula character is dropped. No name can add a line or a cell to a payment file.
 *
 * A value longer than its column is never cut when it is an account, an amount, a date or a count:
 * the file is refused (409), naming each line and column that does not fit. Text (names,
 * narrations, references) is cut or refused as the template's truncateText says.
 */
import { csvField } from '../../../../shared/csv-text';
import { escapeFormula } from '../../../../shared/spreadsheet-safety';
import { CONTROL_CHARACTERS, type BankColumn, type BankField, type BankFormat } from '../../../../shared/schemas/payroll-payments';
import { conflict } from '../../../errors';
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

/** The file's extension: a comma-separated file is a .csv; pipe and fixed-width files are the banks' .txt. */
export const bankFileExtension = (format: BankFormat): 'csv' | 'txt' => (format.template === 'custom' && (format.layout === 'fixed' || format.separator === '|') ? 'txt' : 'csv');

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** Fields whose text may be cut to the column's maxLength: never an account, an amount or a date. */
const CUTTABLE = new Set<BankField>(['beneficiaryName', 'narration', 'shortNarration', 'employeeId', 'email', 'batchReference', 'fixed']);

/** One delimited cell, one line of plain text, escaped for the file's separator, formula-guarded, then cut to `maxLength` when given. */
function delimitedCell(value: string, separator: ',' | '|', maxLength?: number): string {
  let text = value.replace(CONTROL_CHARACTERS, ' ');
  if (separator === '|') text = text.replace(/\|/g, ' ');
  text = String(escapeFormula(text));
  if (maxLength) text = text.slice(0, maxLength);
  // The guard's apostrophe is already there, so csvField's own guard leaves the text as it is.
  return separator === ',' ? csvField(text) : text;
}

/**
 * A fixed-width cell's text before padding: printable ASCII only (one character, one byte), no
 * separator a reader might split on, no leading formula character.
 */
export function fixedWidthText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/[,|"]/g, ' ')
    .replace(/^[=+\-@\s]+/, '');
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

const money = (paise: number, format: BankFormat) => (format.amountFormat === 'paise' ? String(paise) : (paise / 100).toFixed(2));

function value(field: BankField, line: LineSubject, format: BankFormat, file: BankFileContext, facts: FileFacts, fixed = ''): string {
  switch (field) {
    case 'beneficiaryAccount':
      return line.account;
    case 'accountBranch':
      return line.account.slice(0, 5);
    case 'ifsc':
      return line.ifsc;
    case 'amount':
      return money(line.amountPaise, format);
    case 'total':
      return money(facts.totalPaise, format);
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

/** A value that does not fit its column: which line, which column, and why. */
export interface BankFileProblem {
  /** 'fileHeader', 'debitRow', or the employee ID of a credit. */
  line: string;
  /** The credit's name, for the message. */
  name?: string;
  column: string;
  problem: string;
}

const LINE_NAMES: Record<string, string> = { fileHeader: 'the file header', debitRow: 'the debit row' };

/** One value that does not fit: "EMP0002 (Asha Rao): Account Number has 7 characters, the column needs exactly 15". */
export const problemText = (p: BankFileProblem) => `${LINE_NAMES[p.line] ?? `${p.line}${p.name ? ` (${p.name.replace(CONTROL_CHARACTERS, ' ')})` : ''}`}: ${p.column} ${p.problem}`;

/** The refusal's words: each line and column that does not fit, the first ten spelled out. */
export function describeProblems(problems: readonly BankFileProblem[]): string {
  const shown = problems.slice(0, 10).map(problemText);
  const more = problems.length > 10 ? `; and ${problems.length - 10} more` : '';
  return `The bank file cannot be made: ${problems.length === 1 ? 'a value does not' : `${problems.length} values do not`} fit the bank's columns (nothing is ever cut from an account, an amount or a date). ${shown.join('; ')}${more}. Fix the details or the template in Payroll settings, then make the file again`;
}

/** The lines of a file, each without its line end, and what did not fit (an overflowing cell is cut in the text only so a preview can show it). */
export interface BankFileLayout {
  lines: string[];
  problems: BankFileProblem[];
}

/**
 * The file's lines: the file header when the template has one, the column headers when asked, the
 * debit row when the template has one, then a line per credit; and every value that does not fit.
 */
export function layoutTemplatedBankFile(format: BankFormat, credits: readonly BankCredit[], file: BankFileContext): BankFileLayout {
  const separator = format.separator ?? ',';
  const fixed = format.layout === 'fixed';
  const cutText = format.truncateText ?? !fixed;
  const facts: FileFacts = { totalPaise: credits.reduce((sum, c) => sum + c.amountPaise, 0), credits: credits.length };
  const company: LineSubject = { account: format.debitAccount ?? '', ifsc: '', name: '', employeeId: '', email: '', amountPaise: facts.totalPaise };
  const problems: BankFileProblem[] = [];

  const fixedCell = (c: BankColumn, raw: string, where: { line: string; name?: string }) => {
    const width = c.width ?? raw.length;
    let text = fixedWidthText(raw);
    if (text.length > width) {
      if (!(cutText && CUTTABLE.has(c.field))) problems.push({ ...where, column: c.header, problem: `has ${text.length} characters, the column holds ${width}` });
      text = text.slice(0, width);
    } else if (c.exact && text.length < width) {
      problems.push({ ...where, column: c.header, problem: `has ${text.length} characters, the column needs exactly ${width}` });
    }
    const pad = c.pad ?? ' ';
    return c.align === 'right' ? text.padStart(width, pad) : text.padEnd(width, pad);
  };
  const delimited = (c: BankColumn, raw: string, where: { line: string; name?: string }) => {
    const cuttable = CUTTABLE.has(c.field);
    const clean = raw.replace(CONTROL_CHARACTERS, ' ');
    if (c.maxLength && clean.length > c.maxLength && !(cuttable && cutText)) problems.push({ ...where, column: c.header, problem: `has ${clean.length} characters, the column holds ${c.maxLength}` });
    return delimitedCell(raw, separator, cuttable && cutText ? c.maxLength : undefined);
  };
  const line = (columns: readonly BankColumn[], subject: LineSubject, where: { line: string; name?: string }) =>
    columns.map((c) => (fixed ? fixedCell : delimited)(c, value(c.field, subject, format, file, facts, c.value), where)).join(fixed ? '' : separator);

  const lines: string[] = [];
  if (format.fileHeader?.length) lines.push(line(format.fileHeader, company, { line: 'fileHeader' }));
  if (format.headerRow && !fixed) lines.push(format.columns.map((c) => delimitedCell(c.header, separator)).join(separator));
  if (format.debitRow?.length) lines.push(line(format.debitRow, company, { line: 'debitRow' }));
  for (const credit of credits) lines.push(line(format.columns, credit, { line: credit.employeeId, name: credit.name }));
  return { lines, problems };
}

/**
 * The file's text, CRLF-ended lines (see layoutTemplatedBankFile). A value that does not fit its
 * column refuses the whole file (409), naming each line and column: a bank file is never written
 * with a cut account or amount.
 */
export function buildTemplatedBankFile(format: BankFormat, credits: readonly BankCredit[], file: BankFileContext): string {
  const { lines, problems } = layoutTemplatedBankFile(format, credits, file);
  if (problems.length) throw Object.assign(conflict(describeProblems(problems)), { problems });
  return `${lines.join('\r\n')}\r\n`;
}
