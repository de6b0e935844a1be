import type { EmployeeBalances } from '../../../shared/schemas/leave-policy';
import { downloadFailure } from '../../test/download-failure';
import { availableText, balancesCsv, balancesExport } from './leave-balance-report';

const balance = (leaveType: string, paid: boolean, available: number, taken: number) => ({
  leaveTypeId: paid ? 1 : 4,
  leaveType,
  paid,
  year: 2026,
  accrued: paid ? 12 : 0,
  carriedForward: 0,
  taken,
  pending: 0,
  available,
});

describe('leave balance figures', () => {
  it('an unpaid type has no balance: a dash on screen and an empty cell in the CSV, never a negative count', () => {
    expect(availableText(balance('Casual', true, 9.5, 2.5))).toBe('9.5');
    expect(availableText(balance('Leave Without Pay', false, -3, 3))).toBe('—');
    const rows = [{ employeeId: 'EMP0001', name: 'Asha Rao', balances: [balance('Casual', true, 9.5, 2.5), balance('Leave Without Pay', false, -3, 3)] }] as unknown as EmployeeBalances[];
    const [, line] = balancesCsv(rows).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(line).toBe('EMP0001,Asha Rao,9.5,12,0,2.5,0,,0,0,3,0');
  });

  it('says why the export could not be made, never an empty toast', async () => {
    expect(await downloadFailure(balancesExport, [], undefined)).toEqual(['Error exporting the CSV: the browser could not make the file. Try again.']);
  });
});
