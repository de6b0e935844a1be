/**
 * The settings screen's preview of a bank file template before it is saved: the first lines the
 * template writes for three sample people (a long name among them, so a cut or a refusal shows),
 * and each value that would not fit, in the words a refused file uses. Nothing is stored.
 */
import type { BankFormat, BankPreview } from '../../../shared/schemas/payroll-payments';
import type { AppContext } from '../../context';
import { dateInZone } from '../../../shared/format';
import { bankFileExtension, layoutTemplatedBankFile, problemText, type BankCredit } from './statutory-files/bank-file-format';
import { csvField } from '../../../shared/csv-text';
import { BANK_COLUMNS, beneficiaryName, salaryNarration } from './statutory-files/bank-transfer-file';

/** Fifteen-digit accounts, as a Finacle bank numbers them, so the sample fits the usual widths. */
export const SAMPLE_CREDITS: readonly BankCredit[] = [
  { employeeId: 'EMP0001', email: 'asha.rao@example.in', name: 'Asha Rao', account: '566801234567890', ifsc: 'UBIN0556688', amountPaise: 48_250_00 },
  { employeeId: 'EMP0002', email: 'venkata.raghavan@example.in', name: 'Venkata Lakshmi Narasimha Raghavan', account: '501001234567891', ifsc: 'HDFC0001234', amountPaise: 1_12_345_50 },
  { employeeId: 'EMP0003', email: 'zoe.dsouza@example.in', name: 'Zoë DSouza', account: '004501234567892', ifsc: 'SBIN0001234', amountPaise: 35_000_00 },
];


export function previewBankFile(ctx: AppContext, format: BankFormat): BankPreview {
  const date = dateInZone(ctx.now(), ctx.config.timeZone);
  // The month paid is usually the one before the payment day, as a real batch's narration says.
  const [y, m] = date.split('-').map(Number) as [number, number];
  const month = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  if (format.template === 'generic') {
    const lines = [BANK_COLUMNS.join(','), ...SAMPLE_CREDITS.map((c) => [c.account, c.ifsc, (c.amountPaise / 100).toFixed(2), beneficiaryName(c.name), salaryNarration(month)].map(csvField).join(','))];
    return { lines, credits: SAMPLE_CREDITS.length, problems: [], extension: 'csv' };
  }
  const { lines, problems } = layoutTemplatedBankFile(format, SAMPLE_CREDITS, { month, date, batchReference: `PAY-${month}-1`, fileSequence: `${month.slice(2, 4)}${month.slice(5, 7)}01` });
  return {
    lines,
    credits: SAMPLE_CREDITS.length,
    problems: problems.map(problemText),
    extension: bankFileExtension(format),
  };
}
