/**
 * The 30-day chart and the live table on the same card never disagree. Here the server's
 * summary is a step behind (as it is between two of its fetches); the poll brings a new punch and
 * the chart's today follows the table at once, with no second summary request.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { localDateString, shiftDate } from '../../../shared/format';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import { namedEmployee } from '../../test/fixtures';
import { json, mockFetch } from '../../test/network';
import { renderInApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { AttendanceOverview } from './attendance-overview';

const today = localDateString();
const employee = namedEmployee;
const EMPLOYEES = [employee(1, 'Asha'), employee(2, 'Zoe')];
// 29 earlier days with someone present, and today as the server counted it before anyone punched.
const SUMMARY: AttendanceSummaryDay[] = Array.from({ length: 30 }, (_, i) => ({
  date: shiftDate(today, i - 29),
  present: i === 29 ? 0 : 1,
  absent: i === 29 ? 2 : 1,
}));
const punchedIn = (email: string): AttendanceRecord => ({
  _id: email,
  employeeId: null,
  email,
  date: today,
  status: 'P',
  punchIn: new Date().toISOString(),
  punchOut: null,
});

const renderOverview = (pollingInterval: number) => renderInApp(<AttendanceOverview date={today} pollingInterval={pollingInterval} />, adminToken());

/** The chart's numbers for a day, read from its text alternative (the table of every day). */
function chartDay(date: string) {
  const figure = screen.getByRole('figure', { name: 'Present vs absent, last 30 days' });
  const row = within(within(figure).getByRole('table')).getByRole('rowheader', { name: date }).parentElement!;
  const [present, absent] = within(row).getAllByRole('cell').map((td) => Number(td.textContent));
  return { present, absent };
}

describe('the 30-day chart agrees with the live table', () => {
  it("after a punch, the chart's today counts the same people the table shows present", async () => {
    let records: AttendanceRecord[] = [];
    const { requests } = mockFetch({
      'GET /api/attendance': () => json(200, records),
      'GET /api/employee': () => json(200, EMPLOYEES),
      'GET /api/attendance/summary': () => json(200, SUMMARY),
    });
    renderOverview(100);
    const figure = await screen.findByRole('figure', { name: 'Present vs absent, last 30 days' });
    await within(figure).findByText(/Today: 0 present, 2 absent\./);
    expect(chartDay(today)).toEqual({ present: 0, absent: 2 });

    // Asha punches in; the next poll brings her record.
    records = [punchedIn('asha@acme.in')];
    const row = (await screen.findByTitle('asha@acme.in', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('Present')).toBeInTheDocument();
    expect(within(figure).getByText(/Today: 1 present, 1 absent\./)).toBeInTheDocument();
    expect(chartDay(today)).toEqual({ present: 1, absent: 1 });
    // The earlier days are the server's, untouched.
    expect(chartDay(shiftDate(today, -1))).toEqual({ present: 1, absent: 1 });
    // Agreement came from the same live records, not from asking the server for the summary again.
    const summaryCalls = requests().filter((r) => new URL(r.url).pathname === '/api/attendance/summary');
    expect(summaryCalls).toHaveLength(1);
  });

  it("shows 'No attendance recorded yet' for a company nobody has punched in at, and draws no bars", async () => {
    mockFetch({
      'GET /api/attendance': () => json(200, []),
      'GET /api/employee': () => json(200, EMPLOYEES),
      'GET /api/attendance/summary': () => json(200, SUMMARY.map((d) => ({ ...d, present: 0, absent: 2 }))),
    });
    renderOverview(60_000);
    const figure = await screen.findByRole('figure', { name: 'Present vs absent, last 30 days' });
    expect(await within(figure).findByText('No attendance recorded yet')).toBeInTheDocument();
    expect(figure.querySelector('.bars')).toBeNull();
    expect(within(figure).queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for the summary again when it ends on a day that is no longer today (a dashboard left open overnight)', async () => {
    const yesterdays = SUMMARY.map((d) => ({ ...d, date: shiftDate(d.date, -1) }));
    let answer = yesterdays;
    const { requests } = mockFetch({
      'GET /api/attendance': () => json(200, []),
      'GET /api/employee': () => json(200, EMPLOYEES),
      'GET /api/attendance/summary': () => {
        const sent = answer;
        answer = SUMMARY;
        return json(200, sent);
      },
    });
    renderOverview(60_000);
    await waitFor(() => expect(chartDay(today)).toEqual({ present: 0, absent: 2 }));
    expect(requests().filter((r) => new URL(r.url).pathname === '/api/attendance/summary')).toHaveLength(2);
  });
});
