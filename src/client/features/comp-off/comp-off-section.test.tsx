import { screen, waitFor, within } from '@testing-library/react';
import { COMP_OFF_MSG } from '../../../shared/day-rules/comp-off-messages';
import type { CompOff, CompOffCreate, CompOffMine } from '../../../shared/schemas/comp-off';
import { DEFAULT_DAY_RULES } from '../../../shared/schemas/day-rules';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken, employeeToken } from '../../test/tokens';
import { leaveScreenFrame } from '../../test/fixtures';

const request = (id: string, extra: Partial<CompOff> = {}): CompOff => ({
  _id: id,
  employeeId: 'EMP0001',
  name: 'Asha Rao',
  workDate: '2026-08-02',
  dayOff: 'weekly-off',
  days: 1,
  workedMinutes: 540,
  reason: 'Release weekend',
  status: 'pending',
  stage: 'manager',
  expiresOn: null,
  remark: null,
  decidedBy: null,
  createdAt: '2026-08-03T04:00:00.000Z',
  ...extra,
});

const FRAME: Parameters<typeof mockFetch>[0] = {
  ...leaveScreenFrame(),
  'GET /api/attendance/corrections/me': () => json(200, []),
  'GET /api/attendance/corrections': () => json(200, []),
  'GET /api/day-rules': () => json(200, { ...DEFAULT_DAY_RULES, compOff: { enabled: true, expiryDays: 30 } }),
};

function fakeServer(rows: CompOff[]) {
  const mine = (): CompOffMine => ({
    enabled: true,
    expiryDays: 30,
    leaveTypeId: '9',
    balance: { earned: 1, expired: 0, taken: 0, pending: 0, available: 1 },
    eligible: rows.some((r) => r.workDate === '2026-08-15') ? [] : [{ date: '2026-08-15', dayOff: 'holiday', days: 0.5, workedMinutes: 300 }],
    requests: rows,
  });
  const network = mockFetch({
    ...FRAME,
    'GET /api/comp-off/mine': () => json(200, mine()),
    'GET /api/comp-off': () => json(200, rows.filter((r) => r.status === 'pending')),
    'POST /api/comp-off': async (req) => {
      const body = (await req.clone().json()) as CompOffCreate;
      rows.unshift(request('8', { ...body, dayOff: 'holiday', days: 0.5 }));
      return json(201, { msg: COMP_OFF_MSG.requested, _id: '8' });
    },
    'POST /api/comp-off/7/withdraw': async (req) => {
      const row = rows.find((r) => r._id === '7')!;
      row.status = 'withdrawn';
      row.remark = ((await req.clone().json()) as { reason?: string }).reason ?? null;
      return json(200, { msg: COMP_OFF_MSG.withdrawn });
    },
    'PUT /api/comp-off/7': async (req) => {
      const { status } = (await req.clone().json()) as { status: 'approved' | 'rejected' };
      rows.find((r) => r._id === '7')!.status = status;
      return json(200, { msg: COMP_OFF_MSG.decided(status) });
    },
  });
  const sent = (method: string, path: string) => network.requests().filter((r) => r.method === method && new URL(r.url).pathname === path);
  return { ...network, sent };
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));

describe('comp-off, employee side', () => {
  it('shows the balance, asks for a holiday worked from the list, and lists it as pending', async () => {
    const { sent } = fakeServer([request('7', { status: 'approved', expiresOn: '2026-09-01', decidedBy: 'Meera Iyer' })]);
    const { user } = renderApp({ path: '/employee/leaves', token: employeeToken() });
    const card = within(await screen.findByRole('region', { name: 'Comp-off' }));
    expect(await card.findByText('Available: 1 day (earned 1 day, taken or asked for 0 days)')).toBeInTheDocument();
    expect(rowTexts(card.getByRole('table', { name: 'My comp-off requests' }))).toEqual([['2026-08-02', 'Weekly off', '1 day', '2026-09-01', 'Release weekend', 'Approved', '']]);

    await user.selectOptions(card.getByLabelText('Day worked'), '2026-08-15: holiday, 5 h 00 m worked, earns 0.5 days');
    await user.type(card.getByLabelText('Reason'), ' Server move ');
    await user.click(card.getByRole('button', { name: 'Request comp-off' }));
    expect(await card.findByText(COMP_OFF_MSG.requested)).toBeInTheDocument();
    expect(await sent('POST', '/api/comp-off')[0]!.clone().json()).toEqual({ workDate: '2026-08-15', reason: 'Server move' });
    expect(await card.findByText('No holiday or weekly off you worked in the last 30 days is waiting to be asked for.')).toBeInTheDocument();
    expect(rowTexts(card.getByRole('table', { name: 'My comp-off requests' }))[0]).toEqual(['2026-08-15', 'Holiday', '0.5 days', '–', 'Server move', 'Pending', 'Withdraw']);
  });
});

describe('comp-off, withdrawing', () => {
  it('withdraws a pending request after the in-app question, with a toast, and the list updates', async () => {
    const { sent } = fakeServer([request('7'), request('6', { workDate: '2026-07-26', status: 'approved', expiresOn: '2026-08-25' })]);
    const { user } = renderApp({ path: '/employee/leaves', token: employeeToken() });
    const table = await screen.findByRole('table', { name: 'My comp-off requests' });
    // Only the pending one offers it.
    expect(within(table).getAllByRole('button', { name: /^Withdraw/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Withdraw comp-off request for 2026-08-02']);
    await user.click(within(table).getByRole('button', { name: 'Withdraw comp-off request for 2026-08-02' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this comp-off request?' });
    expect(dialog).toHaveTextContent('Withdraw your request for 2026-08-02, 1 day off. It no longer waits for a decision, and you may ask for the day again later.');
    // Kept: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent('POST', '/api/comp-off/7/withdraw')).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Withdraw comp-off request for 2026-08-02' }));
    const again = await screen.findByRole('alertdialog', { name: 'Withdraw this comp-off request?' });
    await user.type(within(again).getByLabelText('Reason (optional)'), 'Plans changed');
    await user.click(within(again).getByRole('button', { name: 'Withdraw' }));
    await expectToast(COMP_OFF_MSG.withdrawn);
    expect(await sent('POST', '/api/comp-off/7/withdraw')[0]!.clone().json()).toEqual({ reason: 'Plans changed' });
    await waitFor(() => expect(rowTexts(screen.getByRole('table', { name: 'My comp-off requests' }))[0]!.slice(5, 7)).toEqual(['Withdrawn', '']));
    expect(within(screen.getByRole('table', { name: 'My comp-off requests' })).queryByRole('button', { name: /^Withdraw/ })).toBeNull();
  });
});

describe('comp-off, admin side', () => {
  it('lists the pending ones and approves one after the in-app question', async () => {
    const { sent } = fakeServer([request('7')]);
    const { user } = renderApp({ path: '/admin/leaves', token: adminToken() });
    const table = await screen.findByRole('table', { name: 'Comp-off to decide' });
    expect(rowTexts(table)[0]!.slice(1, 5)).toEqual(['2026-08-02', 'Weekly off', '1 day', 'Release weekend']);
    await user.click(within(table).getByRole('button', { name: 'Approve comp-off of Asha Rao for 2026-08-02' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve comp-off?' });
    expect(dialog).toHaveTextContent('Asha Rao gets 1 day of Compensatory Off for working on 2026-08-02, to take within 30 days of it.');
    expect(sent('PUT', '/api/comp-off/7')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expectToast(COMP_OFF_MSG.decided('approved'));
    expect(await sent('PUT', '/api/comp-off/7')[0]!.clone().json()).toEqual({ status: 'approved' });
  });
});
