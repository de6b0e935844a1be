import { screen, within } from '@testing-library/react';
import type { EmployeeBalances } from '../../../shared/schemas/leave-policy';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { balancesCsv } from './leave-balance-report';

const balance = (leaveType: string, available: number) => ({
  leaveTypeId: leaveType,
  leaveType,
  paid: true,
  year: '2026',
  carriedForward: 0,
  accrued: available,
  taken: 0,
  pending: 0,
  adjusted: 0,
  available,
});
const ROWS: EmployeeBalances[] = [
  { employeeId: 'EMP0001', name: 'Asha Rao', balances: [balance('Casual', 9), balance('Earned', 12.5)] },
  { employeeId: 'EMP0002', name: '=HYPERLINK("x")', balances: [balance('Casual', 12), balance('Earned', 0)] },
];

const open = (rows: EmployeeBalances[] = ROWS) => {
  mockFetch({
    'GET /api/leave-balances': () => json(200, rows),
    'GET /api/employee': () => json(200, []),
    'GET /api/attendance': () => json(200, []),
    'GET /api/attendance/summary': () => json(200, []),
    'GET /api/dashboard/summary': () => json(200, { activeEmployees: 0, onLeaveToday: 0, pendingLeaves: 0, openTasks: 0, lastPayrollRun: null }),
  });
  return renderApp({ path: '/admin/leave-balances', token: adminToken() });
};

describe('leave balances report', () => {
  it("shows each employee's available days of each type, and searches by name or ID", async () => {
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Leave Balances' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent?.trim())).toEqual(['Employee', 'Casual', 'Earned']);
    expect(within(table).getByText('12.5')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search by name or employee ID'), 'asha');
    expect(await screen.findByText('Showing 1 of 2')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search by name or employee ID'));
    await user.type(screen.getByLabelText('Search by name or employee ID'), 'nobody at all');
    expect(await screen.findByText('No employees match this search.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Leave Balances' })).not.toBeInTheDocument();
  });

  it('says so when there are no active employees', async () => {
    open([]);
    expect(await screen.findByText('No active employees.')).toBeInTheDocument();
  });

  it('exports every figure, with cells guarded against formulas', () => {
    const lines = balancesCsv(ROWS).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Employee ID,Name,Casual available,Casual accrued,Casual carried forward,Casual taken,Casual pending,Earned available,Earned accrued,Earned carried forward,Earned taken,Earned pending');
    expect(lines[1]).toBe('EMP0001,Asha Rao,9,9,0,0,0,12.5,12.5,0,0,0');
    expect(lines[2]).toMatch(/^EMP0002,"'=HYPERLINK\(""x""\)",12,/);
  });
});
