/** The working hours card under Leave settings and a person's own hours on Edit Employee. */
import { screen, within } from '@testing-library/react';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

const DASHBOARD = { activeEmployees: 0, onLeaveToday: 0, pendingLeaves: 0, openTasks: 0, lastPayrollRun: null };
const SETTINGS = { shift: { start: '09:30', end: '18:30', graceMinutes: 15 }, lateMarkRule: { enabled: false, freePerMonth: 2, marksPerStep: 3, daysPerStep: 0.5 } };
const open = (path: string, handlers: Parameters<typeof mockAdminScreen>[0]) => {
  const network = mockAdminScreen({ 'GET /api/dashboard/summary': () => json(200, DASHBOARD), 'GET /api/work-hours': () => json(200, SETTINGS), ...handlers });
  return { ...renderApp({ path, token: adminToken() }), ...network };
};
const sent = (requests: Request[], method: string, path: string) => requests.filter((r) => r.method === method && new URL(r.url).pathname === path);

describe('Working hours and late marks (Leave settings)', () => {
  it('starts from the saved hours, refuses a bad grace before sending, and saves the rule turned on', async () => {
    const { user, requests } = open('/admin/leave-settings', {
      'GET /api/leave-settings': () => json(200, { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } }),
      'PUT /api/work-hours': () => json(200, { msg: 'Working hours saved' }),
    });
    const card = await screen.findByRole('region', { name: 'Working hours and late marks' });
    const grace = await within(card).findByLabelText('Grace minutes');
    expect(within(card).getByLabelText('Shift start')).toHaveValue('09:30');
    expect(within(card).getByText('Off: late marks are counted and shown, but cost no pay.')).toBeInTheDocument();

    await user.clear(grace);
    await user.type(grace, '150');
    await user.click(within(card).getByRole('button', { name: 'Save working hours' }));
    // Said above the form, and on the field itself, which takes the focus.
    expect(await within(card).findByRole('alert')).toHaveTextContent('Fix the marked field below.');
    expect(grace).toHaveAttribute('aria-invalid', 'true');
    expect(grace).toHaveAccessibleDescription(/^Must be from 0 to 120/);
    expect(grace).toHaveFocus();
    expect(sent(requests(), 'PUT', '/api/work-hours')).toHaveLength(0);

    // An emptied time is marked as every other empty required field is.
    const start = within(card).getByLabelText('Shift start');
    await user.clear(start);
    await user.click(within(card).getByRole('button', { name: 'Save working hours' }));
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(/^Required/);
    await user.type(start, '09:30');

    await user.clear(grace);
    await user.type(grace, '10');
    await user.click(within(card).getByLabelText('Turn late marks into loss of pay'));
    expect(within(card).getByText('For example: 5 late marks in a month = ½ day of loss of pay.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save working hours' }));
    expect(await within(card).findByText('Working hours saved')).toBeInTheDocument();
    const [put] = sent(requests(), 'PUT', '/api/work-hours');
    expect(await put!.json()).toEqual({ shift: { start: '09:30', end: '18:30', graceMinutes: 10 }, lateMarkRule: { ...SETTINGS.lateMarkRule, enabled: true } });
  });
});

describe('Pay rules (Leave settings)', () => {
  it('says the late-mark rule is limited to the time lost, starts from the saved pay rules and saves a change', async () => {
    const { user, requests } = open('/admin/leave-settings', {
      'GET /api/leave-settings': () => json(200, { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } }),
      'GET /api/salary/pay-rules': () => json(200, { halfDayPay: 'half', esiWages: 'gross' }),
      'PUT /api/salary/pay-rules': async (request) => json(200, await request.clone().json()),
    });
    const hours = await screen.findByRole('region', { name: 'Working hours and late marks' });
    expect(await within(hours).findByText(/never cost more than the pay for the minutes actually late \(Code on Wages s\.20\)/)).toBeInTheDocument();

    const card = await screen.findByRole('region', { name: 'Pay rules' });
    const half = await within(card).findByLabelText('Half a day (default): pay for the time worked');
    expect(half).toBeChecked();
    expect(within(card).getByRole('group', { name: 'ESI coverage and contributions are on' })).toHaveAccessibleDescription(/circular of 10 Dec 2025/);
    await user.click(within(card).getByLabelText('A full day'));
    await user.click(within(card).getByRole('button', { name: 'Save pay rules' }));
    expect(await within(card).findByText('Pay rules saved')).toBeInTheDocument();
    const [put] = sent(requests(), 'PUT', '/api/salary/pay-rules');
    expect(await put!.json()).toEqual({ halfDayPay: 'full', esiWages: 'gross' });
  });
});

describe("A person's own working hours (Edit Employee)", () => {
  it('offers the company hours or their own, and clears their own with shift null', async () => {
    const employee = { _id: '7', employeeId: 'EMP0007', name: 'Irfan Siddiqui', email: 'irfan@acme.in', position: 'Analyst', salary: 48000, joiningDate: '2025-01-06', statutory: null };
    const own = { start: '22:00', end: '06:00', graceMinutes: 10 };
    const { user, requests } = open('/admin/employees/edit/7', {
      'GET /api/employee/7': () => json(200, employee),
      'GET /api/work-hours/employees/7': () => json(200, { employeeId: 'EMP0007', name: 'Irfan Siddiqui', own, effective: own }),
      'PUT /api/work-hours/employees/7': () => json(200, { msg: "Irfan Siddiqui now keeps the company's working hours" }),
    });
    const card = await screen.findByRole('region', { name: 'Working hours' });
    expect(await within(card).findByLabelText('Shift end')).toHaveValue('06:00');
    expect(within(card).getByText('Ends the next day (an overnight shift).')).toBeInTheDocument();
    await user.click(await within(card).findByLabelText("Company hours (09:30–18:30, 15 minutes' grace)"));
    expect(within(card).queryByLabelText('Shift end')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save working hours' }));
    expect(await within(card).findByText("Irfan Siddiqui now keeps the company's working hours")).toBeInTheDocument();
    const [put] = sent(requests(), 'PUT', '/api/work-hours/employees/7');
    expect(await put!.json()).toEqual({ shift: null });
  });
});
