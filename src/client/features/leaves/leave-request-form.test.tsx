/**
 * The leave request form beyond the spec's three fields, in the whole app against a fake
 * server: the type selector with each type's balance, the half-day choice, the working days between
 * the dates, the balance, and the server's refusal shown in the form.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { PREFIX } from '../../copy';
import { LEAVE_REQUEST_MSG } from '../../../shared/leave-policy/leave-request';
import type { Holiday } from '../../../shared/schemas/leave-policy';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';
import { dashboardFrame, leaveType } from '../../test/fixtures';


const TYPES = [
  leaveType('1', 'Casual', { isDefault: true }),
  leaveType('2', 'Sick'),
  leaveType('3', 'Earned', { halfDayAllowed: false, accrual: 'monthly', yearlyEntitlement: 15 }),
  leaveType('4', 'Leave Without Pay', { paid: false, yearlyEntitlement: 0 }),
  leaveType('5', 'Sabbatical', { active: false }),
];
const row = (id: string, name: string, available: number, paid = true) => ({ leaveTypeId: id, leaveType: name, paid, year: '2026', carriedForward: 0, accrued: available, taken: 0, pending: 0, available });
const BALANCES = { employeeId: 'EMP0001', name: 'Asha Rao', balances: [row('1', 'Casual', 9), row('2', 'Sick', 12), row('3', 'Earned', 3.5), row('4', 'Leave Without Pay', 0, false)] };
// Independence Day 2026 is Saturday 15 August; Sunday the 16th is the weekly off.
const HOLIDAYS: Holiday[] = [{ _id: '1', date: '2026-08-15', name: 'Independence Day', optional: false, repeatsYearly: false, firstDate: '2026-08-15' }];

function open(overrides: Parameters<typeof mockFetch>[0] = {}) {
  const posted: unknown[] = [];
  const network = mockFetch({
    ...dashboardFrame(),
    'GET /api/attendance/corrections': () => json(200, []),
    'GET /api/leave': () => json(200, []),
    'GET /api/leave-balances/me': () => json(200, BALANCES),
    'GET /api/leave-types': () => json(200, TYPES),
    'GET /api/leave-settings': () => json(200, { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } }),
    'GET /api/holidays': (req) => json(200, new URL(req.url).searchParams.get('year') === '2026' ? HOLIDAYS : []),
    'POST /api/leave': async (req) => {
      posted.push(await req.clone().json());
      return json(201, { msg: 'Leave request submitted', _id: '9' });
    },
    ...overrides,
  });
  const app = renderApp({ path: '/employee/leaves', token: employeeToken() });
  return { ...app, ...network, posted };
}

const form = () => within(screen.getByRole('region', { name: 'Request a Leave' }));
/** The type selector, once the page (a lazy chunk) and the types are there. */
const typeSelect = async () => within(await screen.findByRole('region', { name: 'Request a Leave' })).findByRole('combobox', { name: 'Leave Type' });
const options = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

describe('the leave request form: type, half day, working days and balance', () => {
  it('offers the active types with what is left of each, the default preselected, and says its balance', async () => {
    open();
    const select = await typeSelect();
    await waitFor(() => expect(options(select)).toEqual(['Casual (9 available)', 'Sick (12 available)', 'Earned (3.5 available)', 'Leave Without Pay (unpaid)']));
    expect(select).toHaveValue('1');
    expect(select).toHaveAccessibleDescription('Casual balance: 9 days available in leave year 2026.');
  });

  it('counts the working days between the dates, leaving out the weekly off and the holiday', async () => {
    const { user } = open();
    await typeSelect();
    await user.type(form().getByLabelText('Start Date'), '2026-08-14');
    await user.type(form().getByLabelText('End Date'), '2026-08-17');
    expect(await form().findByText('2 working days: leaves out 1 weekly off and Independence Day (15 Aug)')).toBeInTheDocument();
    expect(await typeSelect()).toHaveAccessibleDescription('Casual balance: 9 days available in leave year 2026. 7 days left after this request.');
    // A weekend holds no working day.
    await user.clear(form().getByLabelText('End Date'));
    await user.clear(form().getByLabelText('Start Date'));
    await user.type(form().getByLabelText('Start Date'), '2026-08-15');
    await user.type(form().getByLabelText('End Date'), '2026-08-16');
    expect(await form().findByText('No working days: these dates are weekly offs or holidays.')).toBeInTheDocument();
  });

  it('offers a first or second half for one day of a type that allows it, and sends it', async () => {
    const { user, posted } = open();
    await typeSelect();
    expect(form().queryByRole('group', { name: 'Duration' })).not.toBeInTheDocument();
    await user.type(form().getByLabelText('Start Date'), '2026-08-14');
    await user.type(form().getByLabelText('End Date'), '2026-08-14');
    const duration = within(await form().findByRole('group', { name: 'Duration' }));
    expect(duration.getByRole('radio', { name: 'Full day' })).toBeChecked();
    await user.click(duration.getByRole('radio', { name: 'Second half' }));
    expect(await form().findByText('0.5 working days')).toBeInTheDocument();
    // Earned has no half days: the choice goes, and a full day is counted.
    await user.selectOptions(await typeSelect(), '3');
    expect(form().queryByRole('group', { name: 'Duration' })).not.toBeInTheDocument();
    expect(await form().findByText('1 working day')).toBeInTheDocument();
    await user.selectOptions(await typeSelect(), '2');
    await user.click(within(await form().findByRole('group', { name: 'Duration' })).getByRole('radio', { name: 'First half' }));
    await user.type(form().getByLabelText('Reason'), 'Doctor');
    await user.click(form().getByRole('button', { name: 'Submit Leave Request' }));
    await form().findByText('Leave request submitted');
    expect(posted).toEqual([{ startDate: '2026-08-14', endDate: '2026-08-14', reason: 'Doctor', leaveTypeId: '2', dayPart: 'first-half' }]);
    // Cleared: the default type again, no half day on offer.
    expect(await typeSelect()).toHaveValue('1');
    expect(form().queryByRole('group', { name: 'Duration' })).not.toBeInTheDocument();
  });

  it("warns before sending when the request is beyond the balance, and shows the server's refusal as the form's error", async () => {
    const refusal = LEAVE_REQUEST_MSG.beyondBalance('Earned', 4, 3.5, 'Leave Without Pay');
    const { user, requests } = open({ 'POST /api/leave': () => json(409, { msg: refusal }) });
    await user.selectOptions(await typeSelect(), '3');
    await user.type(form().getByLabelText('Start Date'), '2026-08-03');
    await user.type(form().getByLabelText('End Date'), '2026-08-06');
    expect(await form().findByText(refusal)).toBeInTheDocument();
    await user.type(form().getByLabelText('Reason'), 'Trip');
    await user.click(form().getByRole('button', { name: 'Submit Leave Request' }));
    expect(await form().findByRole('alert')).toHaveTextContent(`${PREFIX.submitLeave}${refusal}`);
    // Said once in the form: the warning gives way to the refusal that repeats it.
    expect(form().getAllByText(refusal, { exact: false })).toHaveLength(1);
    // The warning does not stop the person: the server decides, and its refusal is what is shown.
    expect(requests().filter((r) => r.method === 'POST')).toHaveLength(1);
    // What was chosen stays for the person to change.
    expect(await typeSelect()).toHaveValue('3');
  });

  it('sends the spec body alone when nothing beyond it is chosen', async () => {
    const { user, posted } = open();
    await typeSelect();
    await user.type(form().getByLabelText('Start Date'), '2026-08-10');
    await user.type(form().getByLabelText('End Date'), '2026-08-11');
    await user.type(form().getByLabelText('Reason'), 'Family');
    await user.click(form().getByRole('button', { name: 'Submit Leave Request' }));
    await form().findByText('Leave request submitted');
    expect(posted).toEqual([{ startDate: '2026-08-10', endDate: '2026-08-11', reason: 'Family' }]);
  });

  it('asks for the balance on the first day of a later leave (a monthly type has earned more by then)', async () => {
    const later = `${new Date().getFullYear() + 1}-03-09`;
    const { user, requests } = open();
    await typeSelect();
    await user.type(form().getByLabelText('Start Date'), later);
    await waitFor(() => expect(requests().some((r) => new URL(r.url).searchParams.get('asOf') === later)).toBe(true));
  });

  it('still files the spec request when the leave types cannot be loaded', async () => {
    const { user, posted } = open({ 'GET /api/leave-types': () => json(500, { msg: 'Server error' }) });
    await screen.findByRole('region', { name: 'Request a Leave' });
    expect(await form().findByText('Leave types could not be loaded: the request is filed as the default type.')).toBeInTheDocument();
    await user.type(form().getByLabelText('Start Date'), '2026-08-10');
    await user.type(form().getByLabelText('End Date'), '2026-08-10');
    await user.type(form().getByLabelText('Reason'), 'Errand');
    await user.click(form().getByRole('button', { name: 'Submit Leave Request' }));
    await form().findByText('Leave request submitted');
    expect(posted).toEqual([{ startDate: '2026-08-10', endDate: '2026-08-10', reason: 'Errand' }]);
  });

  it("marks the three blank fields at once under the spec's 'All fields are required', focus on the first", async () => {
    const { user, posted } = open();
    await typeSelect();
    await user.type(form().getByLabelText('Reason'), 'Family');
    await user.click(form().getByRole('button', { name: 'Submit Leave Request' }));
    expect(await form().findByText('All fields are required')).toBeInTheDocument();
    expect(form().getByLabelText('Start Date')).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByLabelText('End Date')).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByLabelText('Reason')).not.toHaveAttribute('aria-invalid');
    expect(form().getByLabelText('Start Date')).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it("marks each field the server names, what is wrong beside it (without the API's name of the field)", async () => {
    const { user } = open({
      'POST /api/leave': () => json(400, { msg: 'startDate must be a date', fieldErrors: { startDate: 'startDate must be a date', endDate: 'endDate must be a date', reason: 'reason is too long' } }),
    });
    await typeSelect();
    await user.type(form().getByLabelText('Start Date'), '2026-08-17');
    await user.type(form().getByLabelText('End Date'), '2026-08-18');
    await user.type(form().getByLabelText('Reason'), 'Family');
    await user.click(form().getByRole('button', { name: 'Submit Leave Request' }));
    await waitFor(() => expect(form().getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true'));
    expect(form().getByLabelText('Start Date')).toHaveAccessibleDescription('Must be a date');
    expect(form().getByLabelText('End Date')).toHaveAccessibleDescription('Must be a date');
    expect(form().getByLabelText('Reason')).toHaveAccessibleDescription('Too long');
    expect(form().getByLabelText('Start Date')).toHaveFocus();
    expect(form().getByText(`${PREFIX.submitLeave}startDate must be a date`)).toBeInTheDocument();
  });

});
