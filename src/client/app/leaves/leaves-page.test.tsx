import { screen, waitFor, within } from '@testing-library/react';
import { EMPTY, PREFIX } from '../../copy';
import type { Leave } from '../../../shared/schemas/leave';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken, employeeToken } from '../../test/tokens';
import { leavesApi } from '../../features/leaves/leaves-api';
import { dashboardFrame } from '../../test/fixtures';

const leave = (id: string, status: Leave['status'], extra: Partial<Leave> = {}): Leave => ({
  _id: id,
  employeeId: 'EMP0001',
  name: 'Asha Rao',
  startDate: `2026-04-0${id}`,
  endDate: `2026-04-0${id}`,
  reason: `Reason ${id}`,
  status,
  leaveTypeId: '1',
  leaveType: 'Casual',
  days: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...extra,
});


const BALANCES = {
  employeeId: 'EMP0001',
  name: 'Asha Rao',
  balances: [
    { leaveTypeId: '1', leaveType: 'Casual', paid: true, year: '2026', carriedForward: 0, accrued: 12, taken: 2, pending: 1, available: 9 },
    { leaveTypeId: '3', leaveType: 'Earned', paid: true, year: '2026', carriedForward: 4.5, accrued: 13.5, taken: 0, pending: 0, available: 18 },
  ],
};

/** The dashboards' own calls (greeting, welcome card, attendance overview), answered blandly. */
const FRAME: Parameters<typeof mockFetch>[0] = {
  ...dashboardFrame(),
  'GET /api/leave-balances/me': () => json(200, BALANCES),
};

/** A tiny in-memory /api/leave, so refetches after invalidation see the change. */
function fakeLeaveServer(initial: Leave[], overrides: Parameters<typeof mockFetch>[0] = {}) {
  const rows = [...initial];
  const network = mockFetch({
    ...FRAME,
    'GET /api/leave': (req) => {
      const status = new URL(req.url).searchParams.get('status');
      return json(200, status ? rows.filter((r) => r.status === status) : rows);
    },
    'POST /api/leave': async (req) => {
      const body = (await req.clone().json()) as Pick<Leave, 'startDate' | 'endDate' | 'reason'>;
      rows.unshift(leave('9', 'pending', body));
      return json(201, { msg: 'Leave request submitted', _id: '9' });
    },
    ...overrides,
  });
  const leaveGets = () => network.requests().filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/leave');
  return { ...network, rows, leaveGets };
}

// The dashboard frames show their own sections next to this screen, so every query is scoped.
const region = (name: string) => screen.getByRole('region', { name });
const list = (name: string) => within(region(name));
const form = () => within(region('Request a Leave'));
const columnHeaders = (name: string) => list(name).getAllByRole('columnheader').map((th) => th.textContent);

/** The error toasts on screen (the spec's alerts of this screen). */
const errorToasts = () => {
  const stack = screen.queryByRole('region', { name: 'Notifications' });
  return stack ? within(stack).queryAllByRole('alert').map((a) => a.textContent) : [];
};

const MY = 'My Leave Requests';
const ALL = 'All Leave Requests';

describe('leave requests, employee view', () => {
  const open = async (rows: Leave[], overrides: Parameters<typeof mockFetch>[0] = {}) => {
    const server = fakeLeaveServer(rows, overrides);
    const app = renderApp({ path: '/employee/leaves', token: employeeToken() });
    await screen.findByRole('heading', { name: MY });
    return { ...app, ...server };
  };

  it("shows 'Request a Leave' with three required fields and the employee's columns", async () => {
    await open([
      leave('1', 'pending', { leaveType: 'Sick', dayPart: 'first-half', days: 0.5 }),
      leave('2', 'approved', { decidedBy: 'Meera Manager', decidedAs: 'manager', remark: 'Enjoy the trip' }),
      leave('3', 'rejected', { decidedBy: 'Kiran Standin', decidedAs: 'stand-in', remark: 'Quarter close' }),
      leave('4', 'cancelled', { cancelled: { by: 'Asha Rao', at: '2026-03-02T10:00:00.000Z', reason: null } }),
    ]);
    expect(form().getByRole('heading', { name: 'Request a Leave' })).toBeInTheDocument();
    expect(form().getByLabelText('Start Date')).toBeRequired();
    expect(form().getByLabelText('Start Date')).toHaveAttribute('type', 'date');
    expect(form().getByLabelText('End Date')).toBeRequired();
    expect(form().getByLabelText('End Date')).toHaveAttribute('type', 'date');
    expect(form().getByLabelText('Reason')).toBeRequired();
    expect(form().getByRole('button', { name: 'Submit Leave Request' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: ALL })).not.toBeInTheDocument();
    await list(MY).findByText('Reason 1');
    // The spec's columns, and beyond them the type (half day too), the days, and who decided with their remark.
    expect(columnHeaders(MY)).toEqual(['Start Date', 'End Date', 'Leave Type', 'Days', 'Reason', 'Status', 'Decision']);
    const cells = (reason: string) => within(list(MY).getByRole('cell', { name: reason }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells('Reason 1')).toEqual(['2026-04-01', '2026-04-01', 'Sick, first half', '0.5', 'Reason 1', 'Pending', '—']);
    expect(cells('Reason 2').slice(2)).toEqual(['Casual', '1', 'Reason 2', 'Approved', 'Meera Manager: Enjoy the trip']);
    expect(cells('Reason 3').at(-1)).toBe('Kiran Standin (stand-in): Quarter close');
    expect(cells('Reason 4').at(-1)).toBe('Cancelled by Asha Rao on 2026-03-02');
    expect(list(MY).getByRole('table', { name: MY })).toBeInTheDocument();
    expect(list(MY).queryByRole('button')).not.toBeInTheDocument();
  });

  it('withdraws a pending request after asking; the row then says who cancelled it and when', async () => {
    const rows = [leave('1', 'pending', { cancelAction: 'withdraw' }), leave('2', 'approved')];
    const { user, requests } = await open(rows, {
      'PUT /api/leave/cancel/1': () => {
        Object.assign(rows[0]!, { status: 'cancelled', cancelAction: undefined, cancelled: { by: 'Asha Rao', at: '2026-03-05T10:00:00.000Z', reason: null } });
        return json(200, { msg: 'Leave request withdrawn' });
      },
    });
    await list(MY).findByText('Reason 1');
    // Only a row the server offers an action on has a button; the Actions column comes with it.
    expect(columnHeaders(MY).at(-1)).toBe('Actions');
    expect(list(MY).getAllByRole('button')).toHaveLength(1);
    await user.click(list(MY).getByRole('button', { name: 'Withdraw: Casual, 2026-04-01 (1 day)' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Withdraw this request?' });
    expect(ask).toHaveAccessibleDescription(/^Withdraw your request for Casual, 2026-04-01 \(1 day\)/);
    expect(requests().filter((r) => r.method === 'PUT')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Withdraw' }));
    await expectToast('Leave request withdrawn');
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/leave/cancel/1');
    expect(await put.json()).toEqual({});
    expect(await list(MY).findByText('Cancelled by Asha Rao on 2026-03-05')).toBeInTheDocument();
    // Nothing left to act on: the list is the spec's again.
    await waitFor(() => expect(columnHeaders(MY).at(-1)).toBe('Decision'));
  });

  it('asks to cancel approved leave with an optional reason, and keeps it when dismissed', async () => {
    const rows = [leave('2', 'approved', { cancelAction: 'ask', decidedBy: 'Meera Manager', decidedAs: 'manager' })];
    const { user, requests } = await open(rows, {
      'PUT /api/leave/cancel/2': () => {
        Object.assign(rows[0]!, { cancelAction: undefined, cancelRequested: { at: '2026-03-05T10:00:00.000Z', reason: 'Trip called off' } });
        return json(200, { msg: 'Your request to cancel this leave was sent' });
      },
    });
    const button = await list(MY).findByRole('button', { name: /^Ask to cancel: Casual, 2026-04-02/ });
    await user.click(button);
    let ask = await screen.findByRole('alertdialog', { name: 'Ask to cancel this leave?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    await user.click(button);
    ask = await screen.findByRole('alertdialog', { name: 'Ask to cancel this leave?' });
    await user.type(within(ask).getByRole('textbox', { name: 'Reason (optional)' }), 'Trip called off');
    await user.click(within(ask).getByRole('button', { name: 'Send request' }));
    await expectToast('Your request to cancel this leave was sent');
    expect(await requests().find((r) => r.method === 'PUT')!.json()).toEqual({ reason: 'Trip called off' });
    expect(await list(MY).findByText('Meera Manager. Cancellation asked on 2026-03-05: Trip called off')).toBeInTheDocument();
  });

  it("shows the employee's balance of each leave type above the form", async () => {
    await open([]);
    const table = within(await list('My Leave Balance').findByRole('table', { name: 'My Leave Balance' }));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Leave Type', 'Available', 'Accrued', 'Carried Forward', 'Taken', 'Pending']);
    expect(table.getAllByRole('row').slice(1).map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Casual', '9', '12', '0', '2', '1'],
      ['Earned', '18', '13.5', '4.5', '0', '0'],
    ]);
    expect(list('My Leave Balance').getByText(/Leave year 2026/)).toBeInTheDocument();
    // Its scroller takes the keyboard's focus, for a table wider than a phone.
    expect(region('My Leave Balance (scrolls)')).toHaveAttribute('tabindex', '0');
  });

  it('refreshes the balance when a request is filed (the leave list tag)', async () => {
    const { requests, app } = await open([]);
    await list('My Leave Balance').findByRole('table');
    const balanceGets = () => requests().filter((r) => new URL(r.url).pathname === '/api/leave-balances/me').length;
    const before = balanceGets();
    app.store.dispatch(leavesApi.util.invalidateTags([{ type: 'Leave', id: 'LIST' }]));
    await waitFor(() => expect(balanceGets()).toBe(before + 1));
  });

  it('shows each status as a capitalised badge: green approved, red rejected, yellow otherwise', async () => {
    await open([leave('1', 'pending'), leave('2', 'approved'), leave('3', 'rejected')]);
    const table = within(await list(MY).findByRole('table'));
    expect(table.getByText('Pending')).toHaveClass('badge', 'badge--warning');
    expect(table.getByText('Approved')).toHaveClass('badge', 'badge--success');
    expect(table.getByText('Rejected')).toHaveClass('badge', 'badge--danger');
  });

  it("shows 'No leave requests found.' when there are none", async () => {
    await open([]);
    expect(await list(MY).findByText(EMPTY.leaves)).toBeInTheDocument();
    expect(list(MY).queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows 'Error fetching leaves: ' with the server msg when the list fails", async () => {
    await open([], { 'GET /api/leave': () => json(500, { msg: 'Database unavailable' }) });
    expect(await list(MY).findByRole('alert')).toHaveTextContent(`${PREFIX.fetchLeaves}Database unavailable`);
    expect(list(MY).queryByText(EMPTY.leaves)).not.toBeInTheDocument();
  });

  it('submits the request, shows the server msg, clears the form and refreshes the list', async () => {
    const { user, requests, leaveGets } = await open([]);
    await list(MY).findByText(EMPTY.leaves);
    const before = leaveGets().length;
    await user.type(form().getByLabelText('Start Date'), '2026-05-04');
    await user.type(form().getByLabelText('End Date'), '2026-05-06');
    await user.type(form().getByLabelText('Reason'), 'Moving house');
    await user.click(form().getByRole('button', { name: 'Submit Leave Request' }));

    expect(await form().findByRole('status')).toHaveTextContent('Leave request submitted');
    const post = requests().find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/leave');
    expect(await post.json()).toEqual({ startDate: '2026-05-04', endDate: '2026-05-06', reason: 'Moving house' });
    expect(form().getByLabelText('Start Date')).toHaveValue('');
    expect(form().getByLabelText('End Date')).toHaveValue('');
    expect(form().getByLabelText('Reason')).toHaveValue('');
    // The new request appears through tag invalidation, not a reload.
    expect(await list(MY).findByText('Moving house')).toBeInTheDocument();
    expect(leaveGets().length).toBe(before + 1);
    expect(errorToasts()).toEqual([]);
  });

  it('leaves the date order to the server and shows its msg with the spec prefix, in the form and as an error toast', async () => {
    const { user, requests } = await open([], {
      'POST /api/leave': () => json(400, { msg: 'End date cannot be before start date' }),
    });
    await user.type(form().getByLabelText('Start Date'), '2026-05-09');
    await user.type(form().getByLabelText('End Date'), '2026-05-01');
    await user.type(form().getByLabelText('Reason'), 'Backwards');
    await user.click(form().getByRole('button', { name: 'Submit Leave Request' }));

    const text = `${PREFIX.submitLeave}End date cannot be before start date`;
    await expectToast(text, 'error');
    expect(requests().filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(form().getByRole('alert')).toHaveTextContent(text);
    // The employee can fix the form instead of typing it again.
    expect(form().getByLabelText('Reason')).toHaveValue('Backwards');
    expect(form().getByRole('button', { name: 'Submit Leave Request' })).toBeEnabled();
  });
});

describe('leave requests, admin view', () => {
  const open = async (rows: Leave[], overrides: Parameters<typeof mockFetch>[0] = {}) => {
    const server = fakeLeaveServer(rows, {
      'PUT /api/leave/approve/1': async (req) => {
        const { status } = (await req.clone().json()) as { status: Leave['status'] };
        server.rows.find((r) => r._id === '1')!.status = status;
        return json(200, { msg: `Leave request ${status}` });
      },
      ...overrides,
    });
    const app = renderApp({ path: '/admin/leaves', token: adminToken() });
    await screen.findByRole('heading', { name: ALL });
    await list(ALL).findByRole('table');
    return { ...app, ...server };
  };
  const rows = () => [
    leave('1', 'pending', { employeeId: 'EMP0007', leaveType: 'Sick', days: 0.5, dayPart: 'first-half' }),
    leave('2', 'approved', { employeeId: 'EMP0008' }),
    leave('3', 'rejected', { employeeId: 'EMP0009' }),
  ];
  const bodyRows = () => list(ALL).getAllByRole('row').slice(1);

  it('has no request form, and shows the Employee ID and Actions columns, and each request\'s type and working days', async () => {
    await open(rows());
    expect(screen.queryByRole('heading', { name: 'Request a Leave' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Leave Request' })).not.toBeInTheDocument();
    // The spec's columns in the spec's order; the type and the days beside the dates.
    expect(columnHeaders(ALL)).toEqual(['Employee ID', 'Start Date', 'End Date', 'Leave Type', 'Days', 'Reason', 'Status', 'Actions']);
    // The admin sees whose request it is: the name beside the ID.
    expect(list(ALL).getByRole('cell', { name: 'EMP0008 Asha Rao' })).toBeInTheDocument();
    const cells = (row: number) => within(bodyRows()[row]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(0).slice(1, 5)).toEqual(['2026-04-01', '2026-04-01', 'Sick, first half', '0.5']);
    expect(cells(1).slice(1, 5)).toEqual(['2026-04-02', '2026-04-02', 'Casual', '1']);
  });

  it('offers Approve and Reject only on pending requests', async () => {
    await open(rows());
    const [pendingRow, approvedRow, rejectedRow] = bodyRows();
    expect(within(pendingRow!).getByRole('button', { name: /^Approve/ })).toHaveTextContent('Approve');
    expect(within(pendingRow!).getByRole('button', { name: /^Reject/ })).toHaveTextContent('Reject');
    expect(within(approvedRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rejectedRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(list(ALL).getAllByRole('button')).toHaveLength(2);
  });

  it('approving sends the decision, and every open list refreshes by invalidation', async () => {
    const { app, user, requests, leaveGets } = await open(rows());
    // A second, status-filtered view of the same data held elsewhere in the app.
    const pendingView = app.store.dispatch(leavesApi.endpoints.getLeaves.initiate({ status: 'pending' }));
    await pendingView;
    const selectPending = leavesApi.endpoints.getLeaves.select({ status: 'pending' });
    expect(selectPending(app.store.getState()).data?.leaves.map((l) => l._id)).toEqual(['1']);
    const gets = leaveGets().length;

    await user.click(list(ALL).getByRole('button', { name: 'Approve leave of EMP0007 from 2026-04-01 to 2026-04-01' }));
    // It asks first, naming whose request and which days; nothing is sent until the answer.
    const ask = await screen.findByRole('alertdialog', { name: 'Approve this request?' });
    expect(ask).toHaveAccessibleDescription(/^Approve the request of .+ \(EMP0007\) for .*2026-04-01/);
    expect(requests().filter((r) => r.method === 'PUT')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Approve' }));

    await expectToast('Leave request approved');
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/leave/approve/1');
    expect(await put.json()).toEqual({ status: 'approved' });
    expect(within(bodyRows()[0]!).getByText('Approved')).toHaveClass('badge--success');
    expect(within(bodyRows()[0]!).queryByRole('button')).not.toBeInTheDocument();
    // Both views refresh: this list and the pending one (the frame's strip counts 'on leave' from the summary).
    await waitFor(() => expect(leaveGets().length).toBe(gets + 2));
    await waitFor(() => expect(selectPending(app.store.getState()).data?.leaves).toEqual([]));
    pendingView.unsubscribe();
    expect(errorToasts()).toEqual([]);
  });

  it('rejecting sends status rejected', async () => {
    const { user, requests } = await open(rows());
    await user.click(list(ALL).getByRole('button', { name: /^Reject leave of EMP0007/ }));
    const ask = await screen.findByRole('alertdialog', { name: 'Reject this request?' });
    // A rejection needs a remark (the API keeps it optional).
    await user.click(within(ask).getByRole('button', { name: 'Reject' }));
    expect(within(ask).getByRole('textbox', { name: 'Remark (required to reject)' })).toHaveAccessibleDescription(/Write why it is rejected/);
    await user.type(within(ask).getByRole('textbox'), 'Cover is short');
    await user.click(within(ask).getByRole('button', { name: 'Reject' }));
    await expectToast('Leave request rejected');
    expect(await requests().find((r) => r.method === 'PUT')!.json()).toEqual({ status: 'rejected', remark: 'Cover is short' });
    expect(within(bodyRows()[0]!).getByText('Rejected')).toHaveClass('badge--danger');
  });

  it('approving leave in an approved payroll month shows the server\'s note in an in-app dialog at once', async () => {
    const note = 'October 2026 is already approved, and this leave falls in it: the approved slips stay as they are.';
    const { user } = await open(rows(), {
      'PUT /api/leave/approve/1': () => json(200, { msg: 'Leave request approved', approvedMonth: { months: ['2026-10'], msg: note } }),
    });
    await user.click(list(ALL).getByRole('button', { name: /^Approve leave of EMP0007/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Approve this request?' })).getByRole('button', { name: 'Approve' }));
    await expectToast('Leave request approved');
    const dialog = await screen.findByRole('alertdialog', { name: 'This changes an approved payroll month' });
    expect(dialog).toHaveTextContent(note);
    await user.click(within(dialog).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("shows 'Error approving leave: ' with the server msg as an error toast and the request as the server has it", async () => {
    const { user } = await open(rows(), {
      'PUT /api/leave/approve/1': () => json(409, { msg: 'This leave request has already been approved' }),
    });
    await user.click(list(ALL).getByRole('button', { name: /^Approve leave of EMP0007/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Approve this request?' })).getByRole('button', { name: 'Approve' }));
    await expectToast(`${PREFIX.approveLeave}This leave request has already been approved`, 'error');
    // The optimistic badge is undone; the refetch shows what the server holds (still pending here).
    await waitFor(() => expect(within(bodyRows()[0]!).getByText('Pending')).toBeInTheDocument());
    await waitFor(() => expect(within(bodyRows()[0]!).getByRole('button', { name: /^Approve/ })).toBeEnabled());
    expect(list(ALL).queryByRole('status')).not.toBeInTheDocument();
  });

  it('cancels approved leave only with a reason, and shows who cancelled it, when and why', async () => {
    const all = [leave('2', 'approved', { employeeId: 'EMP0008', cancelAction: 'cancel', cancelRequested: { at: '2026-03-04T10:00:00.000Z', reason: 'Plans changed' } })];
    const { user, requests } = await open(all, {
      'PUT /api/leave/cancel/2': async (req) => {
        const { reason } = (await req.clone().json()) as { reason: string };
        Object.assign(all[0]!, { status: 'cancelled', cancelAction: undefined, cancelRequested: undefined, cancelled: { by: 'Admin', at: '2026-03-05T10:00:00.000Z', reason } });
        return json(200, { msg: 'Leave cancelled and the days returned to the balance' });
      },
    });
    // The requester's ask shows under the status.
    expect(within(bodyRows()[0]!).getByText('Cancellation asked on 2026-03-04: Plans changed')).toBeInTheDocument();
    await user.click(list(ALL).getByRole('button', { name: 'Cancel leave: Asha Rao (EMP0008), Casual, 2026-04-02 (1 day)' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Cancel this leave?' });
    expect(ask).toHaveAccessibleDescription(/^Cancel the approved leave of Asha Rao \(EMP0008\) for Casual, 2026-04-02/);
    await user.click(within(ask).getByRole('button', { name: 'Cancel leave' }));
    const reason = within(ask).getByRole('textbox', { name: 'Reason (required)' });
    expect(reason).toHaveAccessibleDescription(/Write why the leave is cancelled/);
    expect(reason).toHaveFocus();
    expect(requests().filter((r) => r.method === 'PUT')).toEqual([]);
    await user.type(reason, 'As asked');
    await user.click(within(ask).getByRole('button', { name: 'Cancel leave' }));
    await expectToast('Leave cancelled and the days returned to the balance');
    expect(await requests().find((r) => r.method === 'PUT')!.json()).toEqual({ reason: 'As asked' });
    expect(await within(bodyRows()[0]!).findByText('Cancelled by Admin on 2026-03-05: As asked')).toBeInTheDocument();
    expect(within(bodyRows()[0]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows 'Error cancelling leave: ' with the server msg when the cancellation is refused", async () => {
    const { user } = await open([leave('2', 'approved', { cancelAction: 'cancel' })], {
      'PUT /api/leave/cancel/2': () => json(409, { msg: 'A cancelled leave request cannot be cancelled' }),
    });
    await user.click(list(ALL).getByRole('button', { name: /^Cancel leave:/ }));
    const ask = await screen.findByRole('alertdialog', { name: 'Cancel this leave?' });
    await user.type(within(ask).getByRole('textbox'), 'Duplicate');
    await user.click(within(ask).getByRole('button', { name: 'Cancel leave' }));
    await expectToast('Error cancelling leave: A cancelled leave request cannot be cancelled', 'error');
  });

  it("shows 'Error fetching leaves: ' for admins too", async () => {
    fakeLeaveServer([], { 'GET /api/leave': () => json(403, { msg: 'You do not have permission to do this' }) });
    renderApp({ path: '/admin/leaves', token: adminToken() });
    await screen.findByRole('heading', { name: ALL });
    expect(await list(ALL).findByRole('alert')).toHaveTextContent(
      `${PREFIX.fetchLeaves}You do not have permission to do this`,
    );
  });

  it("shows 'No leave requests found.' when nobody has asked for leave", async () => {
    fakeLeaveServer([]);
    renderApp({ path: '/admin/leaves', token: adminToken() });
    await screen.findByRole('heading', { name: ALL });
    expect(await list(ALL).findByText(EMPTY.leaves)).toBeInTheDocument();
  });
});
