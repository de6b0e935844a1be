/**
 * The templated bank file's escaping: whatever a name holds, each cell stays one cell of one line,
 * guarded against spreadsheet formulas, with commas (CSV quoting) and with pipes (a pipe in a value
 * becomes a space: the banks' pipe files know no quoting).
 */
import type { BankFormat } from '../../../../shared/schemas/payroll-payments';
import { buildTemplatedBankFile, type BankCredit } from './bank-file-format';

const credit = (name: string): BankCredit => ({ employeeId: 'EMP0001', email: 'a@b.in', name, account: '566801234567890', ifsc: 'UBIN0556688', amountPaise: 12_345_67 });
const file = { month: '2026-10', date: '2026-11-02', batchReference: 'PAY-2026-10-1', fileSequence: '261001' };
const format = (separator: ',' | '|'): BankFormat => ({
  template: 'custom',
  separator,
  headerRow: false,
  dateFormat: 'DDMMYYYY',
  debitAccount: '566800100012345',
  fileHeader: [{ field: 'fixed', header: 'File header', value: 'FILEHDR' }, { field: 'fileSequence', header: 'File number' }, { field: 'creditCount', header: 'Credits' }],
  debitRow: [{ field: 'accountBranch', header: 'Sol' }, { field: 'debitAccount', header: 'Debit' }, { field: 'total', header: 'Total' }, { field: 'paymentDate', header: 'Date' }],
  columns: [
    { field: 'accountBranch', header: 'Sol' },
    { field: 'beneficiaryAccount', header: 'Account' },
    { field: 'amount', header: 'Amount' },
    { field: 'beneficiaryName', header: 'Name', maxLength: 20 },
  ],
});

describe('the templated bank file', () => {
  const hostile = ['=HYPERLINK("http://x")|CR|99999', 'Ravi, Kumar\r\nFILEHDR|X', '+91 Asha\u2028Rao', '@SUM(A1)'];

  it('keeps every pipe-separated cell in its line and column', () => {
    const text = buildTemplatedBankFile(format('|'), hostile.map(credit), file);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(2 + hostile.length + 1);
    expect(lines[0]).toBe('FILEHDR|261001|4');
    expect(lines[1]).toBe('56680|566800100012345|49382.68|02112026');
    for (const line of lines.slice(2, -1)) expect(line.split('|')).toHaveLength(4);
    expect(lines[2]).toBe("56680|566801234567890|12345.67|'=HYPERLINK(\"http://");
    expect(lines[3]).toBe('56680|566801234567890|12345.67|Ravi, Kumar  FILEHDR');
    expect(lines[4]).toBe("56680|566801234567890|12345.67|'+91 Asha Rao");
    expect(lines[5]).toBe("56680|566801234567890|12345.67|'@SUM(A1)");
  });

  it('quotes comma-separated cells and never cuts an account or an amount', () => {
    const long = { ...format(','), columns: [...format(',').columns.map((c) => ({ ...c, maxLength: 3 }))] };
    const lines = buildTemplatedBankFile(long, hostile.map(credit), file).split('\r\n');
    expect(lines[2]).toBe("56680,566801234567890,12345.67,'=H");
    expect(lines[3]).toBe('56680,566801234567890,12345.67,Rav');
    expect(buildTemplatedBankFile(format(','), [credit('Ravi, Kumar\nX')], file).split('\r\n')[2]).toBe('56680,566801234567890,12345.67,"Ravi, Kumar X"');
  });
});
