import { GENERIC_BANK_FORMAT, type BankFormat } from '../../../shared/schemas/payroll-payments';
import { positions, serverTemplateProblems, templateProblems, toFixedWidth } from './bank-template-cells';

describe('the bank template builder’s cells', () => {
  const delimited: BankFormat = {
    ...GENERIC_BANK_FORMAT,
    template: 'custom',
    dateFormat: 'DD/MM/YYYY',
    debitAccount: '566800100012345',
    debitRow: [{ field: 'debitAccount', header: 'Debit' }],
    columns: [
      { field: 'beneficiaryAccount', header: 'Account' },
      { field: 'fixed', header: 'Type', value: 'NEFT' },
      { field: 'paymentDate', header: 'Date' },
      { field: 'amount', header: 'Amount' },
    ],
  };

  it('gives each cell a width when the file turns fixed-width: numbers right and zero-filled, fixed text as long as itself, dates as their format', () => {
    const fixed = toFixedWidth(delimited);
    expect(fixed).toMatchObject({ layout: 'fixed', headerRow: false });
    expect(fixed.columns.map((c) => [c.width, c.align ?? 'left', c.pad ?? ' '])).toEqual([
      [20, 'left', ' '],
      [4, 'left', ' '],
      [10, 'left', ' '],
      [15, 'right', '0'],
    ]);
    expect(fixed.debitRow![0]!.width).toBe(20);
    expect(positions(fixed.columns)).toEqual([
      { from: 1, to: 20 },
      { from: 21, to: 24 },
      { from: 25, to: 34 },
      { from: 35, to: 49 },
    ]);
    expect(templateProblems(fixed)).toEqual({});
  });

  it('names each bad field by the path its control uses, from the schema and from the server', () => {
    const fixed = toFixedWidth(delimited);
    const broken = { ...fixed, columns: fixed.columns.map((c, i) => (i === 1 ? { ...c, width: undefined, value: 'NEFT' } : c)), debitAccount: null };
    expect(templateProblems(broken)).toEqual({ 'columns.1.width': expect.stringMatching(/width is required for Type/), debitAccount: expect.stringMatching(/debitAccount is required/) });
    expect(serverTemplateProblems({ 'bankFormat.columns.0.width': 'too wide', slipRelease: 'x' })).toEqual({ 'columns.0.width': 'too wide' });
  });
});
