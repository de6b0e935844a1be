/** The approved month's filing files on the Payroll Register: four labelled buttons, their progress, who a file left out, the server's msg on a failure, and nothing before approval. */
import { screen, waitFor, within } from '@testing-library/react';
import { deferred, json, mockFetch } from '../../test/network';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { expectToast, renderApp, renderInApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { parseLeftOut } from './payroll-files-api';
import { PayrollFilesGroup } from './payroll-files-group';

const approval = (approved: boolean) => () =>
  json(200, { month: '2026-10', approved, approvedAt: approved ? '2026-11-03T05:00:00.000Z' : null, approvedBy: approved ? 'Admin' : null, reruns: 0, lastRerun: null, runId: approved ? '7' : null });
const APPROVED = { 'GET /api/salary/register/2026-10/approval': approval(true) };

const file = (name: string, leftOut: unknown[] = []) =>
  new Response('100427607286#~#Kavya Nair#~#18000', {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'x-left-out': encodeURIComponent(JSON.stringify(leftOut)) },
  });

describe('PayrollFilesGroup', () => {
  let saved: string[];
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/file'), revokeObjectURL: jest.fn() });
    saved = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('offers the four files by name, saves one, says who it left out, and is busy while it downloads', async () => {
    const ecr = deferred();
    const network = mockFetch({
      ...APPROVED,
      'GET /api/salary/files/2026-10/ecr': () => ecr.promise,
      'GET /api/salary/files/2026-10/bank': () => file('bank-transfer_2026-10.csv'),
      'GET /api/salary/payments/2026-10': () => json(200, { month: '2026-10', batches: [] }),
      'POST /api/salary/payments/2026-10/batches': () => json(201, { _id: '1', seq: 1 }),
    });
    const { user } = renderInApp(<PayrollFilesGroup month="2026-10" />, adminToken());
    expect(await screen.findByRole('heading', { name: 'Files to upload' })).toBeInTheDocument();
    expect(screen.getByText('October 2026 is approved: these files are made from its slips as approved.')).toBeInTheDocument();
    const names = ['EPFO ECR (.txt)', 'ESI return (.xlsx)', 'Professional tax (.csv)', 'Bank transfer (.csv)'];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Bank transfer (.csv)' })).toHaveAccessibleDescription('Net pay to full account numbers; each download is audited');

    // Keyboard: Tab to the first button, Enter starts it; it shows its progress and cannot be pressed twice.
    await user.tab();
    expect(screen.getByRole('button', { name: 'EPFO ECR (.txt)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Downloading...' })).toBeDisabled();
    ecr.release(file('ECR_2026-10.txt', [{ employeeId: 'EMP0004', reason: 'no UAN' }]));
    await waitFor(() => expect(saved).toEqual(['ECR_2026-10.txt']));
    expect(screen.getByRole('status')).toHaveTextContent('Saved ECR_2026-10.txt. Left out: EMP0004 (no UAN).');
    expect(screen.getByRole('button', { name: 'EPFO ECR (.txt)' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Bank transfer (.csv)' }));
    await waitFor(() => expect(saved).toEqual(['ECR_2026-10.txt', 'bank-transfer_2026-10.csv']));
    expect(screen.getByRole('status')).toHaveTextContent(/^Saved bank-transfer_2026-10.csv.$/);
    // The month's first bank file is made by POST (a read never makes one), then read; the month's
    // approval and payments are asked again, so the payments panel shows the new batch.
    expect(network.requests().map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/salary/register/2026-10/approval',
      'GET /api/salary/files/2026-10/ecr',
      'GET /api/salary/payments/2026-10',
      'POST /api/salary/payments/2026-10/batches',
      'GET /api/salary/files/2026-10/bank',
      'GET /api/salary/register/2026-10/approval',
    ]);
  });

  it("shows the server's msg when a file is refused", async () => {
    mockFetch({ ...APPROVED, 'GET /api/salary/files/2026-10/esi': () => json(409, { msg: 'October 2026 is not approved yet' }) });
    const { user } = renderInApp(<PayrollFilesGroup month="2026-10" />, adminToken());
    await user.click(await screen.findByRole('button', { name: 'ESI return (.xlsx)' }));
    await expectToast('Error downloading the ESI sheet: October 2026 is not approved yet', 'error');
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'ESI return (.xlsx)' })).toBeEnabled();
  });

  it('shows nothing for a month not approved', async () => {
    const network = mockFetch({ 'GET /api/salary/register/2026-10/approval': approval(false) });
    const { app } = renderInApp(<PayrollFilesGroup month="2026-10" />, adminToken());
    await waitFor(() => expect(network.requests()).toHaveLength(1));
    await waitFor(() => expect(app.store.getState().api.queries['getPayrollApproval("2026-10")']?.status).toBe('fulfilled'));
    expect(screen.queryByRole('heading', { name: 'Files to upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('sits on the Payroll Register of an approved month', async () => {
    const zero = { pf: 0, esi: 0, professionalTax: 0, tds: 0, total: 0 };
    const register = {
      month: '2026-10', monthLabel: 'October 2026', rows: [], warnings: [], incomeTaxEstimated: false, source: 'approved' as const,
      totals: { employees: 0, earnedGross: 0, deductions: zero, employer: { epf: 0, eps: 0, edli: 0, pfAdmin: 0, esi: 0, total: 0 }, net: 0 },
    };
    mockAdminScreen({ ...APPROVED, 'GET /api/salary/register/2026-10': () => json(200, register) });
    renderApp({ path: '/admin/payroll/register?month=2026-10', token: adminToken() });
    const group = await screen.findByRole('region', { name: 'Files to upload' });
    expect(within(group).getAllByRole('button')).toHaveLength(4);
  });

  it('reads the left-out header, ignoring what it cannot read', () => {
    expect(parseLeftOut(encodeURIComponent('[{"employeeId":"EMP1","reason":"no UAN"},{"x":1}]'))).toEqual([{ employeeId: 'EMP1', reason: 'no UAN' }]);
    expect(parseLeftOut('%E0%A4%A')).toEqual([]);
    expect(parseLeftOut(null)).toEqual([]);
  });
});
