import { screen, waitFor, within } from '@testing-library/react';
import { CORRECTION_MSG } from '../../../shared/attendance-corrections/correction-messages';
import type { Correction, CorrectionCreate } from '../../../shared/schemas/attendance-correction';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken, employeeToken } from '../../test/tokens';
import { leaveScreenFrame } from '../../test/fixtures';


const correction = (id: string, extra: Partial<Correction> = {}): Correction => ({
  _id: id,
  employeeId: 'EMP0001',
  name: 'Asha Rao',
  date: '2026-03-05',
  inTime: '09:30',
  outTime: '18:15',
  kind: 'missed-punch-out',
  reason: 'Left in a hurry',
  status: 'pending',
  original: { status: 'P', inTime: '09:32', outTime: null },
  createdAt: '2026-03-06T04:00:00.000Z',
  ...extra,
});

/** A tiny in-memory corrections API, so refetches after invalidation see the change. */
function fakeServer(initial: Correction[]) {
  const rows = [...initial];
  const network = mockFetch({
    ...leaveScreenFrame(),
    'GET /api/attendance/corrections/me': () => json(200, rows),
    'GET /api/attendance/corrections': (req) => {
      const status = new URL(req.url).searchParams.get('status');
      return json(200, status ? rows.filter((r) => r.status === status) : rows);
    },
    'POST /api/attendance/corrections': async (req) => {
      const body = (await req.clone().json()) as CorrectionCreate;
      rows.unshift(correction('9', { ...body, original: null }));
      return json(201, { msg: CORRECTION_MSG.requested, _id: '9' });
    },
    'PUT /api/attendance/corrections/7': async (req) => {
      const { status } = (await req.clone().json()) as { status: 'approved' | 'rejected' };
      rows.find((r) => r._id === '7')!.status = status;
      return json(200, { msg: CORRECTION_MSG.decided(status) });
    },
  });
  const sent = (method: string, path: string) => network.requests().filter((r) => r.method === method && new URL(r.url).pathname === path);
  return { ...network, rows, sent };
}

const section = () => within(screen.getByRole('region', { name: /^(Attendance corrections|Pending attendance corrections)$/ }));
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));

describe('attendance corrections, employee side', () => {
  const open = async (rows: Correction[]) => {
    const server = fakeServer(rows);
    const app = renderApp({ path: '/employee/leaves', token: employeeToken() });
    await screen.findByRole('heading', { name: 'Attendance corrections' });
    return { ...app, ...server };
  };

  it('shows the request form and an empty list', async () => {
    await open([]);
    expect(section().getByLabelText('Date')).toHaveAttribute('type', 'date');
    expect(section().getByLabelText('In time')).toHaveAttribute('type', 'time');
    expect(section().getByLabelText('Out time')).toHaveAttribute('type', 'time');
    expect(section().getByLabelText('What happened')).toHaveDisplayValue('Forgot to punch out');
    expect(section().getByLabelText('Reason')).toBeRequired();
    expect(await section().findByText('No attendance corrections yet.')).toBeInTheDocument();
  });

  it('lists own corrections with the asked-for and recorded times and a status badge', async () => {
    await open([correction('7', { status: 'approved' }), correction('6', { date: '2026-03-02', status: 'rejected', original: null, kind: 'client-site', reason: 'At Infosys' })]);
    const table = await section().findByRole('table', { name: 'My attendance corrections' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'Requested', 'Recorded', 'Reason', 'Status']);
    expect(rowTexts(table)).toEqual([
      ['2026-03-05', '09:30 – 18:15', '09:32 – –', 'Forgot to punch out: Left in a hurry', 'Approved'],
      ['2026-03-02', '09:30 – 18:15', 'No record', 'Worked at a client site: At Infosys', 'Rejected'],
    ]);
  });

  it('sends a request, shows the server msg, clears the form and lists the new one as pending', async () => {
    const { user, sent } = await open([]);
    await section().findByText('No attendance corrections yet.');
    await user.type(section().getByLabelText('Date'), '2026-03-05');
    await user.type(section().getByLabelText('In time'), '09:30');
    await user.type(section().getByLabelText('Out time'), '18:15');
    await user.selectOptions(section().getByLabelText('What happened'), 'Missed the punch-in');
    await user.type(section().getByLabelText('Reason'), '  Forgot my card ');
    await user.click(section().getByRole('button', { name: 'Request Correction' }));

    expect(await section().findByText(CORRECTION_MSG.requested)).toBeInTheDocument();
    const [post] = sent('POST', '/api/attendance/corrections');
    expect(await post!.clone().json()).toEqual({ date: '2026-03-05', inTime: '09:30', outTime: '18:15', kind: 'missed-punch-in', reason: 'Forgot my card' });
    expect(section().getByLabelText('Reason')).toHaveValue('');
    const table = await section().findByRole('table', { name: 'My attendance corrections' });
    expect(rowTexts(table)[0]).toEqual(['2026-03-05', '09:30 – 18:15', 'No record', 'Missed the punch-in: Forgot my card', 'Pending']);
  });

  it('says an out time before the in time is wrong without sending anything', async () => {
    const { user, sent } = await open([]);
    await user.type(section().getByLabelText('Date'), '2026-03-05');
    await user.type(section().getByLabelText('In time'), '18:00');
    await user.type(section().getByLabelText('Out time'), '09:00');
    await user.type(section().getByLabelText('Reason'), 'Swapped');
    await user.click(section().getByRole('button', { name: 'Request Correction' }));
    // Said above the form and beside the out time, which is marked and takes the focus.
    await waitFor(() => expect(section().getAllByText(CORRECTION_MSG.outNotAfterIn)).toHaveLength(2));
    expect(section().getByLabelText('Out time')).toHaveAttribute('aria-invalid', 'true');
    expect(section().getByLabelText('Out time')).toHaveAccessibleDescription(CORRECTION_MSG.outNotAfterIn);
    expect(section().getByLabelText('Out time')).toHaveFocus();
    expect(section().getByLabelText('In time')).not.toHaveAttribute('aria-invalid');
    expect(sent('POST', '/api/attendance/corrections')).toEqual([]);
  });

  it('marks every blank field at once, focus on the first, and sends nothing', async () => {
    const { user, sent } = await open([]);
    await user.type(section().getByLabelText('In time'), '09:00');
    await user.click(section().getByRole('button', { name: 'Request Correction' }));
    await waitFor(() => expect(section().getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true'));
    expect(section().getByLabelText('Out time')).toHaveAttribute('aria-invalid', 'true');
    expect(section().getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(section().getByLabelText('In time')).not.toHaveAttribute('aria-invalid');
    expect(section().getByLabelText('Date')).toHaveFocus();
    expect(section().getByLabelText('Date')).toHaveAccessibleDescription('Required');
    expect(sent('POST', '/api/attendance/corrections')).toEqual([]);
  });
});

describe('attendance corrections, admin side', () => {
  const open = async (rows: Correction[]) => {
    const server = fakeServer(rows);
    const app = renderApp({ path: '/admin/leaves', token: adminToken() });
    await screen.findByRole('heading', { name: 'Pending attendance corrections' });
    return { ...app, ...server };
  };

  it('lists the pending ones with the employee, and approves one after the in-app question', async () => {
    const { user, sent } = await open([correction('7')]);
    const table = await section().findByRole('table', { name: 'Pending attendance corrections' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Employee', 'Date', 'Requested', 'Recorded', 'Reason', 'Actions']);
    expect(section().queryByRole('form')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Approve attendance correction of Asha Rao for 2026-03-05' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this correction?' });
    expect(dialog).toHaveTextContent("Asha Rao's attendance for 2026-03-05 will be set to 09:30 – 18:15 and marked present.");
    expect(sent('PUT', '/api/attendance/corrections/7')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await expectToast(CORRECTION_MSG.decided('approved'));
    expect(await sent('PUT', '/api/attendance/corrections/7')[0]!.clone().json()).toEqual({ status: 'approved' });
    expect(await section().findByText('No attendance corrections are waiting for a decision.')).toBeInTheDocument();
  });

  it('sends nothing when the question is cancelled', async () => {
    const { user, sent } = await open([correction('7')]);
    const table = await section().findByRole('table', { name: 'Pending attendance corrections' });
    await user.click(within(table).getByRole('button', { name: /^Reject attendance correction of Asha Rao/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this correction?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent('PUT', '/api/attendance/corrections/7')).toEqual([]);
  });
});
