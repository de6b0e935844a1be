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

  it('quotes comma-separated cells, cuts long text to maxLength, and refuses an account or an amount too long for its column', () => {
    const cutNames = { ...format(','), columns: format(',').columns.map((c) => (c.field === 'beneficiaryName' ? { ...c, maxLength: 3 } : c)) };
    const lines = buildTemplatedBankFile(cutNames, hostile.map(credit), file).split('\r\n');
    expect(lines[2]).toBe("56680,566801234567890,12345.67,'=H");
    expect(lines[3]).toBe('56680,566801234567890,12345.67,Rav');
    expect(buildTemplatedBankFile(format(','), [credit('Ravi, Kumar\nX')], file).split('\r\n')[2]).toBe('56680,566801234567890,12345.67,"Ravi, Kumar X"');
    // An account never shrinks to fit: the file is refused, naming the line and the column, in one line of text.
    const short = { ...format(','), columns: format(',').columns.map((c) => (c.field === 'beneficiaryAccount' ? { ...c, maxLength: 12 } : c)) };
    expect(() => buildTemplatedBankFile(short, [credit('Asha\nRao')], file)).toThrow(/^The bank file cannot be made: a value does not fit .* EMP0001 \(Asha Rao\): Account has 15 characters, the column holds 12\. Fix/);
    // Nor, where the template says so, a name.
    expect(() => buildTemplatedBankFile({ ...cutNames, truncateText: false }, [credit('Ravi')], file)).toThrow(/EMP0001 \(Ravi\): Name has 4 characters, the column holds 3/);
  });
});

describe('the fixed-width bank file', () => {
  type Field = BankFormat['columns'][number]['field'];
  // The debit row and each credit share one layout: account, D or C, date, particulars, amount.
  const fixedLine = (account: Field, partTranType: 'D' | 'C', particulars: Field, amount: Field): BankFormat['columns'] => [
    { field: account, header: 'Account Number', width: 15, exact: true },
    { field: 'fixed', header: 'Part Tran Type', value: partTranType, width: 1 },
    { field: 'paymentDate', header: 'Value Date', width: 8 },
    { field: particulars, header: 'Particulars', width: 20 },
    { field: amount, header: 'Transaction Amount', width: 18, align: 'right', pad: '0' },
  ];
  const fixedFormat = (over: Partial<BankFormat> = {}): BankFormat => ({
    template: 'custom',
    layout: 'fixed',
    amountFormat: 'paise',
    headerRow: false,
    dateFormat: 'DDMMYYYY',
    debitAccount: '566800100012345',
    debitRow: fixedLine('debitAccount', 'D', 'narration', 'total'),
    columns: fixedLine('beneficiaryAccount', 'C', 'beneficiaryName', 'amount'),
    ...over,
  });
  const amounts = [24_300, 110_043];

  it('pads every cell to its width, amounts zero-filled in paise, names as plain ASCII without separators', () => {
    const credits = [{ ...credit('Zoë Fernandes'), amountPaise: amounts[0]! }, { ...credit('=CMD|"x",y\r\nC'), account: '566801234567891', amountPaise: amounts[1]! }];
    const lines = buildTemplatedBankFile(fixedFormat(), credits, file).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.pop()).toBe('');
    for (const line of lines) expect(line).toHaveLength(15 + 1 + 8 + 20 + 18);
    const cut = (line: string) => [line.slice(0, 15), line.slice(15, 16), line.slice(16, 24), line.slice(24, 44), line.slice(44)];
    expect(cut(lines[0]!)).toEqual(['566800100012345', 'D', '02112026', 'Salary Oct 2026     ', '000000000000134343']);
    expect(cut(lines[1]!)).toEqual(['566801234567890', 'C', '02112026', 'Zoe Fernandes       ', '000000000000024300']);
    expect(cut(lines[2]!)).toEqual(['566801234567891', 'C', '02112026', 'CMD  x  y  C        ', '000000000000110043']);
  });

  it('refuses a value too long for its width, or an account short of an exact width, naming each line; cuts names only when told to', () => {
    const long = { ...credit('Venkata Lakshmi Narasimha Raghavan'), account: '5668012345678901234' };
    const short = { ...credit('Asha Rao'), employeeId: 'EMP0002', account: '5668012' };
    expect(() => buildTemplatedBankFile(fixedFormat(), [long, short], file)).toThrow(
      'The bank file cannot be made: 3 values do not fit the bank\'s columns (nothing is ever cut from an account, an amount or a date). ' +
        'EMP0001 (Venkata Lakshmi Narasimha Raghavan): Account Number has 19 characters, the column holds 15; ' +
        'EMP0001 (Venkata Lakshmi Narasimha Raghavan): Particulars has 34 characters, the column holds 20; ' +
        'EMP0002 (Asha Rao): Account Number has 7 characters, the column needs exactly 15. Fix the details or the template in Payroll settings, then make the file again',
    );
    const lines = buildTemplatedBankFile(fixedFormat({ truncateText: true }), [{ ...long, account: '566801234567890' }], file).split('\r\n');
    expect(lines[1]!.slice(24, 44)).toBe('Venkata Lakshmi Nara');
    // An amount that outgrows its width is refused whatever truncateText says.
    const narrow = fixedFormat({ truncateText: true, columns: fixedFormat().columns.map((c) => (c.field === 'amount' ? { ...c, width: 5 } : c)) });
    expect(() => buildTemplatedBankFile(narrow, [{ ...credit('Asha'), amountPaise: 1_234_567 }], file)).toThrow(/EMP0001 \(Asha\): Transaction Amount has 7 characters, the column holds 5/);
  });
});
