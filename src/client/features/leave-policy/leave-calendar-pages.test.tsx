/** The leave calendar's admin screens, rendered in the app with only fetch replaced. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WhosOff } from '../../../shared/schemas/holiday-calendar';
import type { Holiday, LeaveType } from '../../../shared/schemas/leave-policy';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';

const DASHBOARD = { activeEmployees: 0, onLeaveToday: 0, pendingLeaves: 0, openTasks: 0, lastPayrollRun: null };
const open = (path: string, handlers: Parameters<typeof mockAdminScreen>[0]) => {
  const network = mockAdminScreen({ 'GET /api/dashboard/summary': () => json(200, DASHBOARD), ...handlers });
  return { ...renderApp({ path, token: adminToken() }), ...network };
};
const sent = (requests: Request[], method: string, path: string) => requests.filter((r) => r.method === method && new URL(r.url).pathname === path);

const HOLIDAYS: Holiday[] = [
  { _id: '1', date: '2026-01-26', name: 'Republic Day', optional: false, repeatsYearly: false, firstDate: '2026-01-26' },
  { _id: '2', date: '2026-03-19', name: 'Ugadi', optional: true, repeatsYearly: false, firstDate: '2026-03-19' },
];

describe('Holidays', () => {
  it("lists the year's holidays, moves between years, and says when a year has none", async () => {
    const { user, requests } = open('/admin/holidays?year=2026', {
      'GET /api/holidays': (r) => json(200, new URL(r.url).searchParams.get('year') === '2026' ? HOLIDAYS : []),
    });
    const table = await screen.findByRole('table', { name: 'Holidays 2026' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 3).map((c) => c.textContent))).toEqual([
      ['Mon, 2026-01-26', 'Republic Day', 'Mandatory'],
      ['Thu, 2026-03-19', 'Ugadi', 'Optional'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Next year' }));
    expect(await screen.findByText('No holidays for 2027 yet. Add them one at a time below, or import a CSV file.')).toBeInTheDocument();
    expect(sent(requests(), 'GET', '/api/holidays').map((r) => new URL(r.url).searchParams.get('year'))).toEqual(['2026', '2027']);
  });

  it('deletes a holiday only after the in-app question, and Cancel sends nothing', async () => {
    const { user, requests } = open('/admin/holidays?year=2026', {
      'GET /api/holidays': () => json(200, HOLIDAYS),
      'DELETE /api/holidays/1': () => json(200, { msg: 'Holiday removed' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Republic Day (2026-01-26)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete holiday' });
    expect(dialog).toHaveTextContent('Delete Republic Day on 2026-01-26?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(requests(), 'DELETE', '/api/holidays/1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Republic Day (2026-01-26)' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Holiday removed');
    expect(sent(requests(), 'DELETE', '/api/holidays/1')).toHaveLength(1);
  });

  it('adds a holiday, checking the date before sending', async () => {
    const { user, requests } = open('/admin/holidays?year=2026', {
      'GET /api/holidays': () => json(200, HOLIDAYS),
      'POST /api/holidays': () => json(201, { msg: 'Holiday added', _id: '3' }),
    });
    await screen.findByRole('table', { name: 'Holidays 2026' });
    await user.type(screen.getByLabelText('Name'), 'Diwali');
    await user.click(screen.getByRole('button', { name: 'Add Holiday' }));
    expect(await screen.findByText('Fix the marked field below.')).toBeInTheDocument();
    // The field is marked, its message beside it, and focus is on it.
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Date')).toHaveFocus();
    expect(sent(requests(), 'POST', '/api/holidays')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-11-08' } });
    await user.click(screen.getByLabelText('Optional holiday (each person may choose to take it)'));
    await user.click(screen.getByRole('button', { name: 'Add Holiday' }));
    expect(await screen.findByText('Holiday added')).toBeInTheDocument();
    const [post] = sent(requests(), 'POST', '/api/holidays');
    expect(await post!.json()).toEqual({ date: '2026-11-08', name: 'Diwali', optional: true, repeatsYearly: false });
  });

  it('edits a holiday in a dialog and marks it as repeating every year', async () => {
    const { user, requests } = open('/admin/holidays?year=2026', {
      'GET /api/holidays': () => json(200, HOLIDAYS),
      'PUT /api/holidays/1': () => json(200, { msg: 'Holiday updated' }),
    });
    await screen.findByRole('table', { name: 'Holidays 2026' });
    await user.click(screen.getByRole('button', { name: 'Edit Republic Day (2026-01-26)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Edit holiday: Republic Day' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-01-26');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Gantantra Diwas');
    await user.click(within(dialog).getByLabelText('Repeats every year on this date'));
    await user.click(within(dialog).getByRole('button', { name: 'Save holiday' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const [put] = sent(requests(), 'PUT', '/api/holidays/1');
    expect(await put!.json()).toEqual({ date: '2026-01-26', name: 'Gantantra Diwas', optional: false, repeatsYearly: true });
  });

  it("marks the server's refusal on the edit dialog's date field", async () => {
    const taken = 'There is already a holiday on 2026-03-19';
    const { user } = open('/admin/holidays?year=2026', {
      'GET /api/holidays': () => json(200, HOLIDAYS),
      'PUT /api/holidays/1': () => json(409, { msg: taken, fieldErrors: { date: taken } }),
    });
    await screen.findByRole('table', { name: 'Holidays 2026' });
    await user.click(screen.getByRole('button', { name: 'Edit Republic Day (2026-01-26)' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-03-19' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save holiday' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription(taken);
    expect(within(dialog).getByLabelText('Date')).toHaveFocus();
  });

  it('shows a repeating holiday as "Every year" and names it in the delete question', async () => {
    const repeating = [{ _id: '7', date: '2027-01-26', name: 'Republic Day', optional: false, repeatsYearly: true, firstDate: '2026-01-26' }];
    const { user } = open('/admin/holidays?year=2027', { 'GET /api/holidays': () => json(200, repeating) });
    const table = await screen.findByRole('table', { name: 'Holidays 2027' });
    expect(within(table).getByText('Every year')).toHaveAttribute('title', 'Every year since 2026');
    await user.click(screen.getByRole('button', { name: 'Delete Republic Day (2027-01-26)' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('repeats every year on this date? It goes from every year');
  });

  it('imports a CSV file as text/csv and lists the rows to fix when it is refused', async () => {
    const { user, requests } = open('/admin/holidays?year=2026', {
      'GET /api/holidays': () => json(200, HOLIDAYS),
      'POST /api/holidays/import': () =>
        json(400, { msg: 'Nothing was imported: 2 rows have errors. Fix them and import the file again.', added: 0, errors: ['Row 3: name is required', 'Row 4: optional must be yes or no ("maybe")'] }),
    });
    await screen.findByRole('table', { name: 'Holidays 2026' });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByText('Please select a CSV file to import')).toBeInTheDocument();
    const csv = 'date,name,optional\n2026-01-26,Republic Day,no\n2026-02-01,,no\n2026-03-01,Holi,maybe\n';
    await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'india.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const refused = await screen.findByText('Nothing was imported: 2 rows have errors. Fix them and import the file again.');
    const box = refused.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Row 3: name is required', 'Row 4: optional must be yes or no ("maybe")']);
    const [post] = sent(requests(), 'POST', '/api/holidays/import');
    expect(new URL(post!.url).searchParams.get('file')).toBe('india.csv');
    expect(post!.headers.get('content-type')).toBe('text/csv');
    expect(await post!.text()).toBe(csv);
  });
});

const TYPES: LeaveType[] = [
  { _id: '1', name: 'Casual', code: 'CL', yearlyEntitlement: 12, accrual: 'yearly', proRate: true, carryForwardCap: 0, halfDayAllowed: true, paid: true, active: true, isDefault: true },
  { _id: '3', name: 'Earned', code: 'EL', yearlyEntitlement: 15, accrual: 'monthly', proRate: true, carryForwardCap: 30, halfDayAllowed: false, paid: true, active: true, isDefault: false },
];

describe('Leave types', () => {
  it('lists the rules and code of each type and saves an edit, the code renamed with it', async () => {
    const { user, requests } = open('/admin/leave-types', {
      'GET /api/leave-types': () => json(200, TYPES),
      'PUT /api/leave-types/3': async (r) => json(200, { ...TYPES[1], ...((await r.clone().json()) as object) }),
    });
    const table = await screen.findByRole('table', { name: 'Leave types' });
    const earned = within(table).getAllByRole('row')[2]!;
    expect(within(earned).getAllByRole('cell').slice(0, 9).map((c) => c.textContent)).toEqual(['Earned', 'EL', '15', 'Monthly', 'Yes', '30', 'No', 'Yes', 'Active']);
    await user.click(within(earned).getByRole('button', { name: 'Edit Earned' }));
    const form = await screen.findByRole('form', { name: 'Edit Earned' });
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByLabelText('Code')).toHaveValue('EL');
    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Code'), 'PL');
    await user.clear(within(form).getByLabelText('Carry-forward cap (days)'));
    await user.type(within(form).getByLabelText('Carry-forward cap (days)'), '10');
    await user.click(within(form).getByLabelText('Half days allowed'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expectToast('Earned saved');
    expect(screen.queryByRole('form', { name: 'Edit Earned' })).not.toBeInTheDocument();
    const [put] = sent(requests(), 'PUT', '/api/leave-types/3');
    expect(await put!.json()).toEqual({ name: 'Earned', code: 'PL', yearlyEntitlement: 15, accrual: 'monthly', proRate: true, carryForwardCap: 10, halfDayAllowed: true, paid: true, active: true });
  });

  it("keeps the default type active and shows the server's refusal in the editor", async () => {
    const { user } = open('/admin/leave-types', {
      'GET /api/leave-types': () => json(200, TYPES),
      'POST /api/leave-types': () => json(409, { msg: 'A leave type named Casual already exists', fieldErrors: { name: 'A leave type named Casual already exists' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Casual' }));
    expect(within(await screen.findByRole('form', { name: 'Edit Casual' })).getByLabelText('Active (offered on the leave request form)')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add leave type' }));
    const form = await screen.findByRole('form', { name: 'New leave type' });
    await user.type(within(form).getByLabelText('Name'), 'Casual');
    await user.type(within(form).getByLabelText('Days a year'), '5');
    await user.click(within(form).getByRole('button', { name: 'Add type' }));
    expect(await within(form).findByText('Error saving leave type: A leave type named Casual already exists')).toBeInTheDocument();
    // The field the server names is marked, described by its message, and takes the focus.
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/A leave type named Casual already exists/);
    expect(name).toHaveFocus();
  });

  it('marks the name and the code the server finds taken, in the editor only, focus on the name', async () => {
    const name = 'A leave type named Sick already exists';
    const code = 'Another leave type already has the code CL';
    const { user } = open('/admin/leave-types', {
      'GET /api/leave-types': () => json(200, TYPES),
      'PUT /api/leave-types/3': () => json(409, { msg: name, fieldErrors: { name, code } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Earned' }));
    const form = await screen.findByRole('form', { name: 'Edit Earned' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(name);
    expect(within(form).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Days a year')).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByText(`Error saving leave type: ${name}`)).toBeInTheDocument();
    // Said in the editor, beside the fields: no toast over the table repeats it.
    expect(screen.getAllByText(new RegExp(name)).every((el) => form.contains(el))).toBe(true);
    // Editing the name takes its mark away and leaves the focus there; the code keeps its own.
    await user.type(within(form).getByLabelText('Name'), ' leave');
    expect(within(form).getByLabelText('Name')).toHaveValue('Earned leave');
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks every field the form finds wrong before sending, at once', async () => {
    const { user, requests } = open('/admin/leave-types', { 'GET /api/leave-types': () => json(200, TYPES) });
    await user.click(await screen.findByRole('button', { name: 'Add leave type' }));
    const form = await screen.findByRole('form', { name: 'New leave type' });
    await user.clear(within(form).getByLabelText('Carry-forward cap (days)'));
    await user.click(within(form).getByRole('button', { name: 'Add type' }));
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByLabelText('Days a year')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Carry-forward cap (days)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(sent(requests(), 'POST', '/api/leave-types')).toEqual([]);
  });
});

describe('Leave settings', () => {
  it('starts from the saved settings, says the rule in words and saves it', async () => {
    const { user, requests } = open('/admin/leave-settings', {
      'GET /api/leave-settings': () => json(200, { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } }),
      'PUT /api/leave-settings': () => json(200, { msg: 'Leave settings saved' }),
    });
    const start = await screen.findByLabelText('Leave year starts in');
    expect(start).toHaveValue('1');
    expect(screen.getByText('Weekly off: Sunday')).toBeInTheDocument();
    await user.selectOptions(start, '4');
    await user.click(screen.getByLabelText('2nd Saturday'));
    await user.click(screen.getByLabelText('4th Saturday'));
    expect(screen.getByText('Weekly off: Sunday and the 2nd and 4th Saturday')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Saturday'));
    expect(screen.getByText('Weekly off: Saturday and Sunday')).toBeInTheDocument();
    expect(screen.queryByLabelText('2nd Saturday')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await expectToast('Leave settings saved');
    const [put] = sent(requests(), 'PUT', '/api/leave-settings');
    expect(await put!.json()).toEqual({ leaveYearStartMonth: 4, weeklyOff: { weekdays: [0, 6], saturdays: [] } });
  });

  it('marks the weekly offs when every day is ticked, focus on the first box, and sends nothing', async () => {
    const { user, requests } = open('/admin/leave-settings', {
      'GET /api/leave-settings': () => json(200, { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } }),
    });
    await screen.findByLabelText('Leave year starts in');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) await user.click(screen.getByLabelText(day));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const boxes = within(screen.getByRole('group', { name: 'Weekly offs' })).getAllByRole('checkbox');
    for (const box of boxes) {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription('At least one day of the week must be a working day');
    }
    expect(boxes[0]).toHaveFocus();
    expect(sent(requests(), 'PUT', '/api/leave-settings')).toEqual([]);
    // A working day again: the mark goes.
    await user.click(screen.getByLabelText('Monday'));
    expect(screen.getByLabelText('Tuesday')).not.toHaveAttribute('aria-invalid');
  });
});

describe("Who's off", () => {
  const answer = (from: string, to: string): WhosOff => ({
    from,
    to,
    weeklyOff: { weekdays: [0], saturdays: [] },
    holidays: from <= '2026-11-24' && to >= '2026-11-24' ? [{ _id: '1', date: '2026-11-24', name: 'Guru Nanak Jayanti', optional: false, repeatsYearly: false, firstDate: '2026-11-24' }] : [],
    leaves: Array.from({ length: 5 }, (_, i) => ({
      _id: String(i),
      employeeId: `EMP000${i + 1}`,
      name: `Person ${i + 1}`,
      leaveType: 'Casual',
      startDate: '2026-11-25',
      endDate: '2026-11-25',
      dayPart: i === 0 ? ('first-half' as const) : null,
    })).filter((l) => l.startDate >= from && l.startDate <= to),
  });
  const whosOff = () => ({
    'GET /api/whos-off': (r: Request) => {
      const q = new URL(r.url).searchParams;
      return json(200, answer(q.get('from')!, q.get('to')!));
    },
  });

  it('shows a month with holidays, weekly offs and a few names per day, and the whole day on choosing it', async () => {
    const { user, requests } = open('/admin/whos-off?date=2026-11-23', whosOff());
    const day = await screen.findByRole('button', { name: 'Wed, 25 Nov: 5 off' });
    // The names are what the cell shows; its accessible name says the day and the count in words.
    expect(within(day).getAllByRole('listitem', { hidden: true }).map((li) => li.textContent)).toEqual(['Person 1', 'Person 2', 'Person 3']);
    expect(day).toHaveTextContent('+2 more');
    expect(screen.getByRole('button', { name: 'Tue, 24 Nov, Guru Nanak Jayanti: Nobody off' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sun, 29 Nov, Weekly off: Nobody off' })).toBeInTheDocument();
    await user.click(day);
    const detail = await screen.findByRole('region', { name: 'Wed, 25 Nov: 5 off' });
    expect(within(detail).getAllByRole('listitem')[0]).toHaveTextContent('Person 1 EMP0001 · Casual, first half');
    expect(within(detail).getAllByRole('listitem')).toHaveLength(5);
    const [first] = sent(requests(), 'GET', '/api/whos-off');
    expect(Object.fromEntries(new URL(first!.url).searchParams)).toEqual({ from: '2026-10-26', to: '2026-12-06' });
  });

  it('moves by weeks in the week view and asks only for the week shown', async () => {
    const { user, requests } = open('/admin/whos-off?view=week&date=2026-11-23', whosOff());
    expect(await screen.findByRole('heading', { name: '23 Nov – 29 Nov 2026' })).toBeInTheDocument();
    expect(within(await screen.findByRole('region', { name: 'Wed, 25 Nov' })).getAllByRole('listitem')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: '30 Nov – 6 Dec 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Nobody is on approved leave in this period.')).toBeInTheDocument();
    expect(sent(requests(), 'GET', '/api/whos-off').map((r) => new URL(r.url).searchParams.get('from'))).toEqual(['2026-11-23', '2026-11-30']);
  });

  it('is linked from Leave Management', async () => {
    open('/admin/leaves', { 'GET /api/leave': () => json(200, { leaves: [], hasMore: false }) });
    const nav = await screen.findByRole('navigation', { name: 'Leave administration' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/admin/whos-off', '/admin/leave-balances', '/admin/holidays', '/admin/leave-types', '/admin/leave-settings']);
  });
});
