import { screen, within } from '@testing-library/react';
import type { ImportReport, ImportReportDetail } from '../../../shared/schemas/import';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

const REPORT: ImportReport = {
  _id: '7',
  kind: 'employees',
  fileName: 'acme-staff-november.xlsx',
  mode: 'add',
  by: 'Admin',
  createdAt: '2026-11-26T09:30:00.000Z',
  counts: { added: 1140, updated: 0, unchanged: 0, failed: 60 },
};
const DETAIL: ImportReportDetail = {
  ...REPORT,
  rows: Array.from({ length: 1200 }, (_, k) =>
    k % 20 === 15
      ? { row: k + 2, employeeId: `ACM${1001 + k}`, result: 'failed' as const, error: 'invalid email "x", salary: "lots" is not an amount', problems: ['invalid email "x"', 'salary: "lots" is not an amount'] }
      : { row: k + 2, employeeId: `ACM${1001 + k}`, result: 'added' as const },
  ),
};

const open = (path: string, reports: ImportReport[] = [REPORT]) => {
  mockFetch({
    'GET /api/company/imports': () => json(200, reports),
    'GET /api/company/imports/7': () => json(200, DETAIL),
    'GET /api/employee': () => json(200, []),
    'GET /api/attendance': () => json(200, []),
    'GET /api/attendance/summary': () => json(200, []),
    'GET /api/dashboard/summary': () => json(200, { activeEmployees: 0, onLeaveToday: 0, pendingLeaves: 0, openTasks: 0, lastPayrollRun: null }),
  });
  return renderApp({ path, token: adminToken() });
};

describe('import reports', () => {
  it('lists past imports with a link to each report', async () => {
    open('/admin/employees/imports');
    const link = await screen.findByRole('link', { name: /^View report of acme-staff-november\.xlsx/ });
    expect(link).toHaveAttribute('href', '/admin/employees/imports/7');
  });

  it('shows the empty state', async () => {
    open('/admin/employees/imports', []);
    expect(await screen.findByText(/^No imports yet\./)).toBeInTheDocument();
  });

  it("opens on a report's rows with problems, each problem beside its field, then all 1,200 rows", async () => {
    const { user } = open('/admin/employees/imports/7');
    await screen.findByRole('heading', { name: 'Import report: acme-staff-november.xlsx' });
    expect(screen.getByText('1,140 added, 0 updated, 0 unchanged, 60 with problems.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows with problems' });
    expect(table).toHaveAttribute('aria-rowcount', '61');
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('email')).toBeInTheDocument();
    expect(within(first).getByText('salary')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download failed rows (.csv)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All rows' }));
    expect(await screen.findByRole('table', { name: 'All rows' })).toHaveAttribute('aria-rowcount', '1201');
  });
});
