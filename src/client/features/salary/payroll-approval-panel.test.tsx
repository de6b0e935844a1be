/** The Payroll Register's approval: draft -> confirm -> approved, and the re-run dialog with its labelled reason. */
import { screen, waitFor, within } from '@testing-library/react';
import type { PayrollApprovalState } from '../../../shared/schemas/payroll-approval';
import type { PayrollRegister } from '../../../shared/schemas/payroll-register';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { mockAdminScreen } from '../../test/admin-screen-network';

const zero = { pf: 0, esi: 0, professionalTax: 0, tds: 0, total: 0 };
const employer = { epf: 0, eps: 0, edli: 0, pfAdmin: 0, esi: 0, total: 0 };
const REGISTER: PayrollRegister = {
  month: '2025-04',
  monthLabel: 'April 2025',
  rows: [
    { employeeId: 'EMP0001', name: 'Asha Rao', joiningDate: '2024-01-01', stateOfWork: 'KA', taxRegime: 'new', workingDays: 26, paidDays: 26, lopDays: 0, monthlyGross: 20000, earnedGross: 20000, deductions: zero, employer, net: 20000 },
  ],
  totals: { employees: 1, earnedGross: 20000, deductions: zero, employer, net: 20000 },
  warnings: [],
  incomeTaxEstimated: false,
  source: 'preview',
  liveDiffers: null,
};
const DRAFT: PayrollApprovalState = { month: '2025-04', approved: false, approvedAt: null, approvedBy: null, reruns: 0, lastRerun: null, runId: null, slipRelease: 'approval', releasedAt: null };
const APPROVED: PayrollApprovalState = { ...DRAFT, approved: true, approvedAt: '2025-05-02T05:30:00.000Z', approvedBy: 'Priya Admin', runId: '7' };

describe('Payroll Register approval', () => {
  it('approves a draft after the in-app confirm, then shows it approved', async () => {
    let state = DRAFT;
    const network = mockAdminScreen({
      'GET /api/salary/register/2025-04': () => json(200, REGISTER),
      'GET /api/salary/register/2025-04/approval': () => json(200, state),
      'POST /api/salary/register/2025-04/approve': () => {
        state = APPROVED;
        return json(202, { msg: 'April 2025 approved and locked: 1 salary slip to email', runId: '7', version: 1, changed: 1, unchanged: 0 });
      },
    });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2025-04', token: adminToken() });
    expect(await screen.findByText('Draft preview')).toBeInTheDocument();
    const approve = await screen.findByRole('button', { name: 'Approve and send slips' });
    await waitFor(() => expect(approve).toBeEnabled());
    await user.click(approve);

    const dialog = await screen.findByRole('alertdialog', { name: 'Approve April 2025?' });
    expect(dialog).toHaveTextContent('locks April 2025 and emails 1 salary slip');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(network.requests().filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve and send slips' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve and send' }));
    expect(await screen.findByText('April 2025 approved and locked: 1 salary slip to email')).toBeInTheDocument();
    expect(await screen.findByText(/^Approved on .+ by Priya Admin\. The month is locked\./)).toBeInTheDocument();
    expect(screen.getByText(/^Figures as approved on .+\. A re-run computes them again from today.s data/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve and send slips' })).not.toBeInTheDocument();
    expect(network.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('warns in the re-run dialog and its result when slips stay as approved because their difference was paid as arrears', async () => {
    const warning = '1 slip of April 2025 stays as approved: their statutory difference for April 2025 was already paid as arrears in June 2025, and a re-run would pay it twice.';
    mockAdminScreen({
      'GET /api/salary/register/2025-04': () => json(200, REGISTER),
      'GET /api/salary/register/2025-04/approval': () => json(200, APPROVED),
      'GET /api/salary/payments/2025-04': () =>
        json(200, { month: '2025-04', approved: true, batches: [], owed: { people: 1, total: 20000 }, recoveries: [], release: { mode: 'approval', releasedAt: null, canRelease: false, blockedBy: null } }),
      'GET /api/salary/register/2025-04/rerun-preview': () =>
        json(200, {
          month: '2025-04',
          version: 1,
          changes: [{ employeeId: 'EMP0002', name: 'Ravi Shetty', netBefore: 30000, netAfter: 29000 }],
          unchanged: 0,
          refreshed: 0,
          kept: [{ employeeId: 'EMP0001', name: 'Asha Rao', paidIn: ['June 2025'] }],
          warning,
          previewHash: 'b'.repeat(32),
        }),
      'POST /api/salary/register/2025-04/rerun': () =>
        json(202, { msg: 'April 2025 re-run: no salary slip changed, so none is emailed', runId: null, version: 2, changed: 0, unchanged: 0, warning, kept: [{ employeeId: 'EMP0001', name: 'Asha Rao', paidIn: ['June 2025'] }] }),
    });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2025-04', token: adminToken() });
    await user.click(await screen.findByRole('button', { name: 'Re-run with reason' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Re-run April 2025' });
    const kept = await within(dialog).findByRole('status');
    expect(kept).toHaveTextContent('Kept as approved, so nothing is paid twice. ' + warning);
    expect(kept).toHaveTextContent(/Asha Rao\s*EMP0001: difference paid as arrears in June 2025/);
    await user.type(within(dialog).getByLabelText('Reason for the re-run'), 'PF ceiling back-dated');
    await user.click(within(dialog).getByRole('button', { name: 'Re-run and send changed slips' }));
    expect(await screen.findByText(`April 2025 re-run: no salary slip changed, so none is emailed. ${warning}`)).toBeInTheDocument();
  });

  it('re-runs an approved month only with a reason, typed in a labelled field', async () => {
    let state = APPROVED;
    const reasons: unknown[] = [];
    const network = mockAdminScreen({
      'GET /api/salary/register/2025-04': () => json(200, REGISTER),
      'GET /api/salary/register/2025-04/approval': () => json(200, state),
      'GET /api/salary/payments/2025-04': () =>
        json(200, { month: '2025-04', approved: true, batches: [], owed: { people: 1, total: 20000 }, recoveries: [], release: { mode: 'approval', releasedAt: null, canRelease: false, blockedBy: null } }),
      'GET /api/salary/register/2025-04/rerun-preview': () =>
        json(200, { month: '2025-04', version: 1, changes: [{ employeeId: 'EMP0001', name: 'Asha Rao', netBefore: 20000, netAfter: 19000 }], unchanged: 0, refreshed: 0, kept: [], warning: null, previewHash: 'a'.repeat(32) }),
      'POST /api/salary/register/2025-04/rerun': async (request: Request) => {
        reasons.push(await request.json());
        state = { ...APPROVED, reruns: 1, lastRerun: { at: '2025-05-03T05:30:00.000Z', by: 'Priya Admin', reason: 'Arrears for EMP0001' } };
        return json(202, { msg: 'April 2025 re-run: 1 salary slip changed and will be emailed; 0 unchanged slips not sent again', runId: '8', version: 2, changed: 1, unchanged: 0 });
      },
    });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2025-04', token: adminToken() });
    await user.click(await screen.findByRole('button', { name: 'Re-run with reason' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Re-run April 2025' });
    const reason = within(dialog).getByLabelText('Reason for the re-run');
    expect(reason).toHaveFocus();
    // The slips that change are listed above the reason: person, ID, net before and after.
    const changes = await within(dialog).findByRole('region', { name: 'Slips that change' });
    expect(changes).toHaveTextContent(/Asha Rao\s*EMP0001\s*₹20,000(\.00)?\s*₹19,000(\.00)?/);
    await user.click(within(dialog).getByRole('button', { name: 'Re-run and send changed slips' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason of 3 to 500 characters');
    expect(reasons).toEqual([]);

    await user.type(reason, 'Arrears for EMP0001');
    await user.click(within(dialog).getByRole('button', { name: 'Re-run and send changed slips' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(reasons).toEqual([{ reason: 'Arrears for EMP0001', previewHash: 'a'.repeat(32) }]);
    expect(await screen.findByText(/Last re-run on .+ by Priya Admin: .Arrears for EMP0001./)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Approval' })).toHaveTextContent('The month is locked. 1 re-run.');
    expect(screen.getByText(/^Figures as approved on .+, updated by the re-run on .+\./)).toBeInTheDocument();
    // The re-run stored new figures: the register is read again.
    const registerReads = () => network.requests().filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/salary/register/2025-04').length;
    await waitFor(() => expect(registerReads()).toBe(2));
  });

  const rerunScreen = (preview: object) => {
    const network = mockAdminScreen({
      'GET /api/salary/register/2025-04': () => json(200, REGISTER),
      'GET /api/salary/register/2025-04/approval': () => json(200, APPROVED),
      'GET /api/salary/payments/2025-04': () =>
        json(200, { month: '2025-04', approved: true, batches: [], owed: { people: 0, total: 0 }, recoveries: [], release: { mode: 'approval', releasedAt: null, canRelease: false, blockedBy: null } }),
      'GET /api/salary/register/2025-04/rerun-preview': () => json(200, { month: '2025-04', version: 1, unchanged: 1, kept: [], warning: null, previewHash: 'c'.repeat(32), ...preview }),
      'POST /api/salary/register/2025-04/rerun': () => json(202, { msg: 'April 2025 re-run: no salary slip changed, so none is emailed', runId: null, version: 2, changed: 0, unchanged: 1 }),
    });
    return { network, ...renderApp({ path: '/admin/payroll/register?month=2025-04', token: adminToken() }) };
  };

  it('does not offer a re-run that would change nothing: it says so and only closes', async () => {
    const { network, user } = rerunScreen({ changes: [], refreshed: 0 });
    await user.click(await screen.findByRole('button', { name: 'Re-run with reason' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Re-run April 2025' });
    expect(await within(dialog).findByText('No slip changes: a re-run now stores and sends nothing new.')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Nothing to re-run: no slip would change/);
    expect(within(dialog).queryByRole('button', { name: 'Re-run and send changed slips' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Reason for the re-run')).not.toBeInTheDocument();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(network.requests().filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('offers a re-run that only brings changed bank details up to date, named for what it does', async () => {
    const { network, user } = rerunScreen({ changes: [], refreshed: 2 });
    await user.click(await screen.findByRole('button', { name: 'Re-run with reason' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Re-run April 2025' });
    expect(await within(dialog).findByText(/^2 people.s bank or identity details changed since approval: a re-run puts the new details in the files and sends no slip\.$/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Re-run and send changed slips' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for the re-run'), 'New bank account for two people');
    await user.click(within(dialog).getByRole('button', { name: 'Re-run to update bank details' }));
    await waitFor(() => expect(network.requests().filter((r) => r.method === 'POST')).toHaveLength(1));
  });
});
