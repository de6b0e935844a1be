/** The Payroll Register's payments where slips wait for payment: make the bank file, mark it paid, then release the slips, once. */
import { screen, waitFor, within } from '@testing-library/react';
import type { MonthPayments, PaymentBatch } from '../../../shared/schemas/payroll-payments';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { approvedOctober, approvedRegister, paidBatch, paymentLine } from '../../test/fixtures';

const REGISTER = approvedRegister(2);
const APPROVED = approvedOctober('release');
const CREATED: PaymentBatch = paidBatch([paymentLine(1), paymentLine(2)], { state: 'created', paidOn: null, bankReference: null });

describe('Payments: approve, pay, then release', () => {
  it('makes the bank file, marks it paid with the bank reference, and only then releases the slips, once', async () => {
    let payments: MonthPayments = {
      month: '2026-10',
      approved: true,
      batches: [],
      owed: { people: 2, total: 60_000 },
      recoveries: [],
      release: { mode: 'release', releasedAt: null, canRelease: false, blockedBy: 'Pay October 2026 first: download its bank file, upload it to the bank, and mark the batch paid; then release the slips' },
    };
    const posts: string[] = [];
    const network = mockAdminScreen({
      'GET /api/salary/register/2026-10': () => json(200, REGISTER),
      'GET /api/salary/register/2026-10/approval': () => json(200, APPROVED),
      'GET /api/salary/payments/2026-10': () => json(200, payments),
      'POST /api/salary/payments/2026-10/batches': () => {
        posts.push('batch');
        payments = { ...payments, batches: [CREATED], owed: { people: 0, total: 0 }, release: { ...payments.release, blockedBy: 'Batch 1 of October 2026 is not marked paid yet: mark it paid (date and bank reference) before releasing the slips' } };
        return json(201, CREATED);
      },
      'POST /api/salary/payments/batches/41/paid': async (req) => {
        const body = (await req.clone().json()) as { paidOn: string; bankReference: string };
        posts.push(`paid ${body.bankReference}`);
        const paid = { ...CREATED, state: 'paid' as const, paidOn: body.paidOn, bankReference: body.bankReference };
        payments = { ...payments, batches: [paid], release: { ...payments.release, canRelease: true, blockedBy: null } };
        return json(200, paid);
      },
      'POST /api/salary/register/2026-10/release': () => {
        posts.push('release');
        payments = { ...payments, release: { ...payments.release, canRelease: false, releasedAt: '2026-11-03T05:30:00.000Z' } };
        return json(202, { msg: 'October 2026 released: 2 salary slips to email', runId: '9' });
      },
    });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2026-10', token: adminToken() });
    const panel = await screen.findByRole('region', { name: 'Payments' });
    // Nothing paid yet: the release waits, and says why.
    const release = await within(panel).findByRole('button', { name: 'Release slips' });
    expect(release).toBeDisabled();
    expect(release).toHaveAccessibleDescription(/^Pay October 2026 first/);

    await user.click(within(panel).getByRole('button', { name: 'Make the bank file' }));
    await user.click(await within(panel).findByRole('button', { name: 'Mark paid batch 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark batch 1 paid' });
    // The reference is required.
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the bank reference (UTR or batch number)');
    await user.type(within(dialog).getByLabelText('Bank reference'), 'UTR HDFCN52026110300123');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Release slips' })).toBeEnabled());
    expect(within(panel).getByRole('region', { name: 'Bank files (payment batches) of this month' })).toHaveTextContent(/Paid \d{4}-\d\d-\d\d, UTR HDFCN52026110300123/);
    await user.click(within(panel).getByRole('button', { name: 'Release slips' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Release the slips of October 2026?' });
    await user.click(within(confirm).getByRole('button', { name: 'Release slips' }));
    expect(await within(panel).findByText('Slips released on 3 Nov 2026.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Release slips' })).not.toBeInTheDocument();
    expect(posts).toEqual(['batch', 'paid UTR HDFCN52026110300123', 'release']);
    expect(network.requests().filter((r) => r.method === 'POST' && r.url.endsWith('/release'))).toHaveLength(1);
  }, 60_000);

  it("names the bank file in a refused download's toast", async () => {
    const paid = { ...CREATED, state: 'paid' as const, paidOn: '2026-11-03', bankReference: 'UTR1' };
    const payments: MonthPayments = { month: '2026-10', approved: true, batches: [paid], owed: { people: 0, total: 0 }, recoveries: [], release: { mode: 'release', releasedAt: null, canRelease: true, blockedBy: null } };
    mockAdminScreen({
      'GET /api/salary/register/2026-10': () => json(200, REGISTER),
      'GET /api/salary/register/2026-10/approval': () => json(200, APPROVED),
      'GET /api/salary/payments/2026-10': () => json(200, payments),
      'GET /api/salary/payments/batches/41/file': () => json(409, { msg: 'This batch was replaced by batch 2' }),
    });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2026-10', token: adminToken() });
    const panel = await screen.findByRole('region', { name: 'Payments' });
    await user.click(await within(panel).findByRole('button', { name: 'Download batch 1' }));
    const toasts = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Error downloading the bank file: This batch was replaced by batch 2')).toBeInTheDocument();
  });
});
