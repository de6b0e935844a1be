/**
 * The going-live screens rendered in the whole app: the dashboard's set-up checklist (each step a
 * link, done ones ticked, gone when all are done), the go-live settings, and the adjustment form's
 * field errors.
 */
import { screen, within } from '@testing-library/react';
import type { SetupChecklist } from '../../../shared/schemas/setup-checklist';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

const STEPS: SetupChecklist['steps'] = [
  { key: 'profile', label: 'Company profile', done: true },
  { key: 'leave-policy', label: 'Leave policy', done: true },
  { key: 'holidays', label: 'Holidays', done: false },
  { key: 'employees', label: 'Employees', done: true },
  { key: 'statutory', label: 'Statutory details', done: false },
  { key: 'opening-balances', label: 'Go-live date and opening balances', done: false },
  { key: 'first-payroll', label: 'First payroll', done: false },
];

const open = (path: string, checklist: SetupChecklist, more: Parameters<typeof mockFetch>[0] = {}) => {
  mockFetch({
    'GET /api/company/go-live': () => json(200, { goLiveDate: null, payBasis: 'attendance', inviteOnImport: 'now' }),
    'GET /api/dashboard/setup': () => json(200, checklist),
    'GET /api/employee': () => json(200, []),
    'GET /api/attendance': () => json(200, []),
    'GET /api/attendance/summary': () => json(200, []),
    'GET /api/dashboard/summary': () => json(200, { activeEmployees: 0, onLeaveToday: 0, pendingLeaves: 0, openTasks: 0, lastPayrollRun: null }),
    ...more,
  });
  return renderApp({ path, token: adminToken() });
};

describe('going live', () => {
  it('lists the set-up steps on the dashboard, each linked to its screen and ticked when done', async () => {
    open('/admin', { steps: STEPS, complete: false });
    const card = await screen.findByRole('region', { name: 'Set up your company' });
    expect(within(card).getByText('3 of 7 done. Each step ticks itself when it is done.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Holidays (to do)' })).toHaveAttribute('href', '/admin/holidays');
    expect(within(card).getByRole('link', { name: 'Company profile (done)' })).toHaveAttribute('href', '/admin/company');
    expect(within(card).getByRole('link', { name: 'Go-live date and opening balances (to do)' })).toHaveAttribute('href', '/admin/going-live');
  });

  it('shows no checklist once every step is done', async () => {
    open('/admin', { steps: STEPS.map((s) => ({ ...s, done: true })), complete: true });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Admin' });
    expect(screen.queryByRole('region', { name: 'Set up your company' })).not.toBeInTheDocument();
  });

  it('names every bad field of an adjustment before sending it', async () => {
    const { user } = open('/admin/going-live', { steps: STEPS, complete: false });
    const form = await screen.findByRole('region', { name: 'Adjust a leave balance' });
    await user.type(within(form).getByLabelText('Days (+ or −)'), '0.25');
    await user.click(within(form).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(form).findByText('employeeId is required')).toBeInTheDocument();
    expect(within(form).getByText('leaveType is required')).toBeInTheDocument();
    expect(within(form).getByText('days must be a whole or half number of days')).toBeInTheDocument();
    expect(within(form).getByText('reason is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves the go-live date, pay basis and invitations, and asks for the date first', async () => {
    const saved: unknown[] = [];
    const { user } = open('/admin/going-live', { steps: STEPS, complete: false }, {
      'PUT /api/company/go-live': async (req: Request) => {
        const body = (await req.json()) as unknown;
        saved.push(body);
        return json(200, body);
      },
    });
    const card = await screen.findByRole('region', { name: 'Go-live settings' });
    const date = await within(card).findByLabelText('Go-live date');
    await user.click(within(card).getByRole('button', { name: 'Save go-live settings' }));
    expect(await within(card).findByText('Choose the go-live date')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);

    await user.type(date, '2026-11-26');
    await user.click(within(card).getByRole('radio', { name: /^On leave:/ }));
    await user.click(within(card).getByRole('radio', { name: 'Hold them for the Invite button on the Employee List' }));
    await user.click(within(card).getByRole('button', { name: 'Save go-live settings' }));
    expect(await screen.findByText('Go-live settings saved')).toBeInTheDocument();
    expect(saved).toEqual([{ goLiveDate: '2026-11-26', payBasis: 'leave', inviteOnImport: 'later' }]);
    expect(within(card).queryByText('Choose the go-live date')).not.toBeInTheDocument();
  });
});
