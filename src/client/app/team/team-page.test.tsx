import { screen, waitFor, within } from '@testing-library/react';
import type { CompOff } from '../../../shared/schemas/comp-off';
import type { Leave } from '../../../shared/schemas/leave';
import type { NotificationList, StandInView, TeamBalance } from '../../../shared/schemas/team';
import { json, mockFetch } from '../../test/network';
import { dashboardFrame } from '../../test/fixtures';
import { expectToast, renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';
import { BELL_UI, TEAM_UI } from '../../features/team/team-copy';

const REPORT = { employeeId: 'EMP0007', name: 'Venkata Satya Lakshmi Narasimha Subrahmanyam' };

const pendingLeave: Leave = {
  _id: '31',
  employeeId: REPORT.employeeId,
  name: REPORT.name,
  requester: REPORT,
  startDate: '2031-03-03',
  endDate: '2031-03-04',
  reason: 'Sister’s wedding in Madurai',
  status: 'pending',
  stage: 'manager',
  canDecide: true,
  leaveTypeId: '1',
  leaveType: 'Casual',
  days: 2,
  createdAt: '2031-02-20T10:00:00.000Z',
};

const balances: TeamBalance[] = [
  {
    ...REPORT,
    balances: [
      { leaveTypeId: '1', leaveType: 'Casual', paid: true, available: 9, taken: 2, pending: 1 },
      { leaveTypeId: '2', leaveType: 'Earned', paid: true, available: 13.5, taken: 0, pending: 0 },
      { leaveTypeId: '9', leaveType: 'Leave Without Pay', paid: false, available: -2, taken: 2, pending: 0 },
    ],
  },
];

const approvedLeave: Leave = {
  ...pendingLeave,
  _id: '32',
  startDate: '2031-03-17',
  endDate: '2031-03-17',
  reason: 'Passport appointment',
  status: 'approved',
  stage: undefined,
  canDecide: false,
  days: 1,
  decidedBy: 'Meera Manager',
  decidedAs: 'manager',
  cancelAction: 'cancel',
  cancelRequested: { at: '2031-03-02T10:00:00.000Z', reason: 'Appointment moved' },
};

/** A small My Team server: its stand-ins and notifications change as the screen acts on them. */
function teamServer(leaves: Leave[] = [pendingLeave], compOffs: CompOff[] = []) {
  const standIns: StandInView[] = [{ _id: '5', standInId: '8', employeeId: 'EMP0008', name: 'Kiran Standin', from: '2020-01-01', to: '2099-12-31' }];
  let notifications: NotificationList = {
    unread: 2,
    items: [
      { _id: '71', kind: 'leave.request', title: 'Leave request from Venkata', body: '', createdAt: '2031-02-20T10:00:00.000Z', read: false },
      { _id: '72', kind: 'correction.request', title: 'Attendance correction from Venkata', body: '', createdAt: '2031-02-19T10:00:00.000Z', read: false },
    ],
  };
  let preferences = { digest: false };
  const network = mockFetch({
    ...dashboardFrame(),
    'GET /api/team/summary': () => json(200, { hasReports: true, waiting: 1, managerPowers: true }),
    'GET /api/team/attendance': () =>
      json(200, { date: '2031-03-03', members: [{ _id: '7', ...REPORT, position: 'Senior Analyst', status: 'P', punchIn: '2031-03-03T03:45:00.000Z', punchOut: null, onLeave: false }] }),
    'GET /api/leave': () => json(200, leaves),
    'PUT /api/leave/cancel/32': async (req) => {
      const { reason } = (await req.clone().json()) as { reason: string };
      const row = leaves.find((l) => l._id === '32')!;
      Object.assign(row, { status: 'cancelled', cancelAction: undefined, cancelRequested: undefined, cancelled: { by: 'Meera Manager', at: '2031-03-03T10:00:00.000Z', reason } });
      return json(200, { msg: 'Leave cancelled and the days returned to the balance' });
    },
    'GET /api/attendance/corrections': () => json(200, []),
    'GET /api/comp-off': () => json(200, compOffs),
    'GET /api/team/whos-off': (req) => {
      const q = new URL(req.url).searchParams;
      const from = q.get('from')!;
      return json(200, {
        from,
        to: q.get('to'),
        weeklyOff: { weekdays: [0], saturdays: [] },
        holidays: [],
        leaves: [{ _id: '40', ...REPORT, leaveType: 'Casual', startDate: from, endDate: from, dayPart: null }],
      });
    },
    'GET /api/team/leave-balances': () => json(200, balances),
    'GET /api/team/stand-ins': () => json(200, standIns),
    'GET /api/team/stand-in-candidates': () =>
      json(200, [
        { _id: '3', employeeId: 'EMP0003', name: 'Bina Boss', relation: 'manager' },
        { _id: '8', employeeId: 'EMP0008', name: 'Kiran Standin', relation: 'peer' },
        { _id: '7', ...REPORT, relation: 'report' },
      ]),
    'POST /api/team/stand-ins': async (req) => {
      const body = (await req.clone().json()) as { standInId: string; from: string; to: string };
      standIns.unshift({ _id: '6', standInId: body.standInId, employeeId: 'EMP0003', name: 'Bina Boss', from: body.from, to: body.to });
      return json(201, { msg: 'Stand-in added', _id: '6' });
    },
    'DELETE /api/team/stand-ins/5': () => {
      standIns.splice(standIns.findIndex((s) => s._id === '5'), 1);
      return json(200, { msg: 'Stand-in removed' });
    },
    'GET /api/notifications': () => json(200, notifications),
    'GET /api/notifications/preferences': () => json(200, preferences),
    'PUT /api/notifications/preferences': async (req) => {
      preferences = (await req.clone().json()) as { digest: boolean };
      return json(200, preferences);
    },
    'PUT /api/notifications/read': () => {
      notifications = { unread: 0, items: notifications.items.map((n) => ({ ...n, read: true })) };
      return json(200, { msg: 'Marked read', unread: 0 });
    },
  });
  const sent = (method: string, path: string) => network.requests().filter((r) => r.method === method && new URL(r.url).pathname === path);
  return { ...network, sent };
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('My Team', () => {
  it('shows the requests to decide, who is off this week, the balances and the stand-ins, and no pay', async () => {
    const server = teamServer();
    renderApp({ path: '/employee/team', token: employeeToken() });
    expect(await screen.findByRole('heading', { name: TEAM_UI.pendingTitle })).toBeInTheDocument();
    await screen.findByRole('table', { name: TEAM_UI.pendingTitle });
    expect(screen.getByRole('button', { name: new RegExp(`^Approve leave of ${REPORT.name}`) })).toBeEnabled();

    // Who's off: this week, Monday to Sunday, the report on its first day.
    const whosOff = await screen.findByRole('heading', { name: TEAM_UI.whosOffTitle });
    const card = within(whosOff.closest('section')!);
    expect(await card.findByText(/1 person on approved leave/)).toBeInTheDocument();
    const [call] = server.sent('GET', '/api/team/whos-off');
    const q = new URL(call!.url).searchParams;
    expect(new Date(`${q.get('from')}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((Date.parse(`${q.get('to')}T00:00:00Z`) - Date.parse(`${q.get('from')}T00:00:00Z`)) / 86_400_000).toBe(6);
    expect(card.getByText(REPORT.name)).toBeInTheDocument();

    // Balances: a column a type, pending apart, an unpaid type with no balance to spend.
    const table = within(await screen.findByRole('table', { name: TEAM_UI.balancesTitle }));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Employee', 'Casual', 'Earned', 'Leave Without Pay']);
    const row = table.getAllByRole('row')[1]!;
    expect([...row.querySelectorAll('th, td')].slice(1).map((c) => c.textContent)).toEqual(['9 (1 pending)', '13.5', '—']);

    // Stand-ins: the one named, standing in now.
    const standIns = within(await screen.findByRole('table', { name: TEAM_UI.standInsTitle }));
    expect(standIns.getByText('Kiran Standin')).toBeInTheDocument();
    expect(standIns.getByText(TEAM_UI.standInNow)).toBeInTheDocument();

    // My Team's own sections (the welcome card above them is the manager's own record).
    const team = [TEAM_UI.pendingTitle, TEAM_UI.teamLeaveTitle, TEAM_UI.whosOffTitle, TEAM_UI.balancesTitle, TEAM_UI.standInsTitle, "Today's attendance"]
      .map((title) => screen.getByRole('heading', { name: new RegExp(`^${title}`) }).closest('section')!.textContent)
      .join(' ');
    expect(team).toContain(REPORT.name);
    expect(team).not.toMatch(/salary|₹|bank|PAN\b/i);
  });

  it('says a comp-off request that waited too long was sent to HR as well', async () => {
    const compOff: CompOff = {
      _id: '51',
      ...REPORT,
      workDate: '2031-03-02',
      dayOff: 'weekly-off',
      days: 1,
      workedMinutes: 540,
      reason: 'Data centre move on Sunday',
      status: 'pending',
      stage: 'manager',
      expiresOn: null,
      remark: null,
      decidedBy: null,
      createdAt: '2031-02-20T10:00:00.000Z',
      canDecide: true,
      escalated: true,
    };
    teamServer([], [compOff]);
    renderApp({ path: '/employee/team', token: employeeToken() });
    const table = within(await screen.findByRole('table', { name: TEAM_UI.pendingTitle }));
    const row = (await table.findByText('Data centre move on Sunday')).closest('tr')!;
    expect(within(row).getByText(TEAM_UI.escalated)).toBeInTheDocument();
  });

  it('puts a report’s ask to cancel among the requests, and cancels approved leave with a reason', async () => {
    const server = teamServer([pendingLeave, { ...approvedLeave }]);
    const { user } = renderApp({ path: '/employee/team', token: employeeToken() });
    const requests = within(await screen.findByRole('table', { name: TEAM_UI.pendingTitle }));
    const ask = requests.getByRole('cell', { name: /^Asks to cancel: Casual, 2031-03-17/ }).closest('tr')!;
    expect(within(ask).getByRole('cell', { name: 'Appointment moved' })).toBeInTheDocument();

    // The team's leave: every request, what became of it, and Cancel leave on the approved one.
    const teamLeave = within(await screen.findByRole('table', { name: TEAM_UI.teamLeaveTitle }));
    expect(teamLeave.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Employee', 'Leave', 'Status', 'Decision', 'Actions']);
    expect(teamLeave.getByText('Meera Manager. Cancellation asked on 2031-03-02: Appointment moved')).toBeInTheDocument();
    expect(teamLeave.getAllByRole('button')).toHaveLength(1);

    await user.click(within(ask).getByRole('button', { name: /^Cancel leave: Venkata/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this leave?' });
    expect(dialog).toHaveAccessibleDescription(new RegExp(`^Cancel the approved leave of ${REPORT.name} \\(EMP0007\\) for Casual, 2031-03-17`));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel leave' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason (required)' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.sent('PUT', '/api/leave/cancel/32')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox'), 'As asked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel leave' }));
    await expectToast('Leave cancelled and the days returned to the balance');
    expect(await server.sent('PUT', '/api/leave/cancel/32')[0]!.json()).toEqual({ reason: 'As asked' });
    // The lists refresh: the ask is gone from the requests, and the team's leave says who, when and why.
    expect(await teamLeave.findByText('Cancelled by Meera Manager on 2031-03-03: As asked')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: /^Asks to cancel/ })).not.toBeInTheDocument();
    expect(teamLeave.queryAllByRole('button')).toHaveLength(0);
  });

  it('names a stand-in from the people offered, after checking the dates', async () => {
    const server = teamServer();
    const { user } = renderApp({ path: '/employee/team', token: employeeToken() });
    const person = await screen.findByLabelText(TEAM_UI.standInPerson);
    expect(within(person).getAllByRole('group').map((g) => g.getAttribute('label'))).toEqual([TEAM_UI.relations.manager, TEAM_UI.relations.peer, TEAM_UI.relations.report]);
    await user.click(screen.getByRole('button', { name: TEAM_UI.addStandIn }));
    // Every empty field is marked at once, the person first, which takes the focus.
    expect(await screen.findAllByText(TEAM_UI.standInPersonRequired)).toHaveLength(2);
    expect(person).toHaveAttribute('aria-invalid', 'true');
    expect(person).toHaveFocus();
    expect(screen.getByLabelText(TEAM_UI.standInFrom)).toHaveAccessibleDescription(TEAM_UI.standInDatesRequired);
    expect(screen.getByLabelText(TEAM_UI.standInTo)).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(person, 'Bina Boss (EMP0003)');
    await user.type(screen.getByLabelText(TEAM_UI.standInFrom), '2031-03-10');
    await user.type(screen.getByLabelText(TEAM_UI.standInTo), '2031-03-08');
    await user.click(screen.getByRole('button', { name: TEAM_UI.addStandIn }));
    expect(await screen.findAllByText(TEAM_UI.standInDatesOrder)).toHaveLength(2);
    expect(screen.getByLabelText(TEAM_UI.standInTo)).toHaveAccessibleDescription(TEAM_UI.standInDatesOrder);
    expect(server.sent('POST', '/api/team/stand-ins')).toHaveLength(0);
    await user.clear(screen.getByLabelText(TEAM_UI.standInTo));
    await user.type(screen.getByLabelText(TEAM_UI.standInTo), '2031-03-14');
    await user.click(screen.getByRole('button', { name: TEAM_UI.addStandIn }));
    expect(await screen.findByText('Stand-in added')).toBeInTheDocument();
    expect(await server.sent('POST', '/api/team/stand-ins')[0]!.json()).toEqual({ standInId: '3', from: '2031-03-10', to: '2031-03-14' });
    const table = within(await screen.findByRole('table', { name: TEAM_UI.standInsTitle }));
    expect(await table.findByText('Bina Boss')).toBeInTheDocument();
    expect(table.getByText(TEAM_UI.standInLater)).toBeInTheDocument();
  });

  it('removes a stand-in after the in-app question', async () => {
    const server = teamServer();
    const { user } = renderApp({ path: '/employee/team', token: employeeToken() });
    const remove = await screen.findByRole('button', { name: /^Remove Kiran Standin as stand-in/ });
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Kiran Standin');
    await user.click(within(dialog).getByRole('button', { name: TEAM_UI.remove }));
    await expectToast('Stand-in removed');
    expect(server.sent('DELETE', '/api/team/stand-ins/5')).toHaveLength(1);
    expect(await screen.findByText(TEAM_UI.noStandIns)).toBeInTheDocument();
  });
});

describe('the bell', () => {
  it('shows the unread count, lists the notifications and the requests waiting, and marks them read', async () => {
    const server = teamServer();
    const { user } = renderApp({ path: '/employee/team', token: employeeToken() });
    const bell = await screen.findByRole('button', { name: BELL_UI.button(2) });
    expect(bell).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = section(BELL_UI.title);
    expect(panel.getByText(BELL_UI.waiting(1))).toBeInTheDocument();
    expect(panel.getByText('Leave request from Venkata')).toBeInTheDocument();
    expect(panel.getAllByRole('button', { name: /^Mark read:/ })).toHaveLength(2);
    await user.click(panel.getByRole('button', { name: BELL_UI.markAll }));
    // The count follows the server's answer after the refetch the mark invalidates.
    expect(await screen.findByRole('button', { name: BELL_UI.button(0) })).not.toHaveTextContent(/\d/);
    expect(server.sent('PUT', '/api/notifications/read')).toHaveLength(1);
    expect(panel.queryAllByRole('button', { name: /^Mark read:/ })).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: BELL_UI.button(0) })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('lets the person choose one daily digest instead of single mails', async () => {
    const server = teamServer();
    const { user } = renderApp({ path: '/employee/team', token: employeeToken() });
    const bell = await screen.findByRole('button', { name: BELL_UI.button(2) });
    // Asked only once the panel opens.
    expect(server.sent('GET', '/api/notifications/preferences')).toHaveLength(0);
    await user.click(bell);
    const digest = await section(BELL_UI.title).findByRole('checkbox', { name: BELL_UI.digest });
    await waitFor(() => expect(digest).toBeEnabled());
    expect(digest).not.toBeChecked();
    await user.click(digest);
    expect(digest).toBeChecked();
    await waitFor(() => expect(server.sent('PUT', '/api/notifications/preferences')).toHaveLength(1));
    expect(await server.sent('PUT', '/api/notifications/preferences')[0]!.json()).toEqual({ digest: true });
  });

  it('polls once a minute, and not while the tab is hidden', async () => {
    teamServer();
    const { app } = renderApp({ path: '/employee/team', token: employeeToken() });
    await screen.findByRole('button', { name: BELL_UI.button(2) });
    // RTK Query copies its subscriptions into the store a moment after they change, so wait for them.
    const bellSubscriptions = () => {
      const subscriptions = (app.store.getState() as { api: { subscriptions: Record<string, Record<string, { pollingInterval?: number; skipPollingIfUnfocused?: boolean }>> } }).api.subscriptions;
      return Object.entries(subscriptions).find(([key]) => key.startsWith('getNotifications'))?.[1] ?? {};
    };
    await waitFor(() => expect(Object.values(bellSubscriptions())).toContainEqual(expect.objectContaining({ pollingInterval: 60_000, skipPollingIfUnfocused: true })), { timeout: 15_000 });
  });
});
