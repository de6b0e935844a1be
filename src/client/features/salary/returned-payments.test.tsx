/** The Payroll Register's returned payments: search a paid batch, tick, give the reason, review, confirm, then "owed again". */
import { screen, waitFor, within } from '@testing-library/react';
import type { MonthPayments, PaymentBatch } from '../../../shared/schemas/payroll-payments';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { approvedOctober, approvedRegister, paidBatch, paymentLine } from '../../test/fixtures';

const REGISTER = approvedRegister(1200);
const APPROVED = approvedOctober('approval');
const lines = Array.from({ length: 1200 }, (_, i) => paymentLine(i + 1, i === 41 ? { name: 'Rohan Venkataraghavan Subramaniam-Krishnamurthy' } : {}));
const BATCH = paidBatch(lines);
const payments = (batch: PaymentBatch): MonthPayments => ({
  month: '2026-10',
  approved: true,
  batches: [batch],
  owed: { people: 0, total: 0 },
  recoveries: [],
  release: { mode: 'approval', releasedAt: null, canRelease: false, blockedBy: null },
});

describe('Returned payments', () => {
  it('marks the bounced payments of a paid batch after a review, and lists them as owed again', async () => {
    let batch = BATCH;
    const sent: unknown[] = [];
    const network = mockAdminScreen({
      'GET /api/salary/register/2026-10': () => json(200, REGISTER),
      'GET /api/salary/register/2026-10/approval': () => json(200, APPROVED),
      'GET /api/salary/payments/2026-10': () => json(200, payments(batch)),
      'POST /api/salary/payments/batches/41/returned': async (req) => {
        const body = (await req.clone().json()) as { employeeIds: string[]; reason: string };
        sent.push(body);
        batch = { ...batch, returned: body.employeeIds.length, lines: batch.lines.map((l) => (body.employeeIds.includes(l.employeeId) ? { ...l, returned: { at: '2026-11-05T05:00:00.000Z', reason: body.reason } } : l)) };
        return json(200, batch);
      },
    });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2026-10', token: adminToken() });
    await user.click(await screen.findByRole('button', { name: 'Returned payments of batch 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Returned payments of batch 1' });
    expect(dialog).toHaveAccessibleDescription(/Batch 1 was paid on 2026-11-01 \(UTR HDFCN520261101\)/);
    // 1,200 credits: 50 shown, the rest by searching.
    expect(within(dialog).getByText('Showing 50 of 1,200 credits: search to find the others.')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Credits of the batch' })).getAllByRole('checkbox')).toHaveLength(50);
    const search = within(dialog).getByLabelText('Find a person');
    expect(search).toHaveFocus();

    // Nothing ticked: the review is refused in place.
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tick at least one person whose payment the bank returned');

    // Pasted: typed letter by letter, each keystroke searches 1,200 credits again.
    await user.paste('subramaniam');
    await user.click(within(dialog).getByRole('checkbox', { name: /Rohan Venkataraghavan Subramaniam-Krishnamurthy EMP0042/ }));
    await user.clear(search);
    await user.paste('EMP1199');
    await user.click(within(dialog).getByRole('checkbox', { name: /Person 1199/ }));
    expect(within(dialog).getByText('2 people ticked, ₹60,000.00.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText("Bank's reason"), 'Account closed');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));

    expect(dialog).toHaveAccessibleDescription('Mark 2 payments of batch 1 as returned by the bank: ₹60,000.00.');
    const table = within(dialog).getByRole('region', { name: 'Payments to mark returned' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(dialog).toHaveTextContent('Reason: Account closed');
    expect(dialog).toHaveTextContent('Make the next bank file: it pays only them, once.');
    expect(network.requests().filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Mark returned' }));
    await waitFor(() => expect(dialog).toHaveAccessibleDescription('2 payments marked returned: ₹60,000.00 owed again.'));
    expect(network.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(sent).toEqual([{ employeeIds: ['EMP0042', 'EMP1199'], reason: 'Account closed' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const owed = await screen.findByRole('heading', { name: 'Owed again: 2 returned payments' });
    const note = owed.closest('div')!;
    expect(note).toHaveTextContent('re-run October 2026 with a reason, then make the next bank file: it pays them once.');
    expect(note).toHaveTextContent(/Person 1199\s*EMP1199: ₹30,000.00 \(batch 1, Account closed\)/);
  }, 90_000);

  it('counts the matches of a search aloud, and moves the focus from step to step for a keyboard user', async () => {
    mockAdminScreen({
      'GET /api/salary/register/2026-10': () => json(200, REGISTER),
      'GET /api/salary/register/2026-10/approval': () => json(200, APPROVED),
      'GET /api/salary/payments/2026-10': () => json(200, payments(BATCH)),
      'POST /api/salary/payments/batches/41/returned': () =>
        json(200, { ...BATCH, returned: 1, lines: BATCH.lines.map((l) => (l.employeeId === 'EMP0007' ? { ...l, returned: { at: '2026-11-05T05:00:00.000Z', reason: 'Invalid IFSC' } } : l)) }),
    });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2026-10', token: adminToken() });
    await user.click(await screen.findByRole('button', { name: 'Returned payments of batch 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Returned payments of batch 1' });
    const search = within(dialog).getByRole('searchbox', { name: 'Find a person' });
    expect(search).toHaveFocus();

    // The count is a status (read out as it changes) and describes the search field.
    const count = within(dialog).getByRole('status');
    expect(count).toHaveTextContent('Showing 50 of 1,200 credits: search to find the others.');
    await user.paste('EMP01');
    expect(count).toHaveTextContent('100 matches: showing the first 50; type more to narrow them.');
    expect(search).toHaveAccessibleDescription('Name, employee ID or the last digits of the account 100 matches: showing the first 50; type more to narrow them.');
    await user.keyboard('2');
    expect(count).toHaveTextContent(/^10 matches$/);
    await user.clear(search);
    await user.paste('EMP0007');
    expect(count).toHaveTextContent(/^1 match$/);
    await user.clear(search);
    await user.paste('nobody here');
    expect(count).toHaveTextContent('No credit of this batch matches \u201cnobody here\u201d.');
    await user.clear(search);
    await user.paste('EMP0007');

    // Keyboard only: tick, choose the reason, on to the review.
    await user.tab();
    expect(within(dialog).getByRole('checkbox', { name: /Person 7 EMP0007/ })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(within(dialog).getByLabelText("Bank's reason")).toHaveFocus();
    await user.selectOptions(within(dialog).getByLabelText("Bank's reason"), 'Invalid IFSC');
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Review' })).toHaveFocus();
    await user.keyboard('{Enter}');

    // The pick step is gone with the button that had the focus: the review's heading has it now.
    expect(within(dialog).getByRole('heading', { name: 'Check, then mark returned' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('region', { name: 'Payments to mark returned' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus();
    // Back to the pick step: the search again, with what was ticked kept.
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('searchbox', { name: 'Find a person' })).toHaveFocus();
    expect(within(dialog).getByText('1 person ticked, ₹30,000.00.')).toBeInTheDocument();
    // Enter in the search submits the step.
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('heading', { name: 'Check, then mark returned' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Mark returned' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog).toHaveAccessibleDescription('1 payment marked returned: ₹30,000.00 owed again.'));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  }, 90_000);
});
