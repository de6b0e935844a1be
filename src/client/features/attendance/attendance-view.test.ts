import { ATTENDANCE_MSG } from '../../../shared/messages';
import { MSG } from '../../copy';
import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import { defaultRange, overviewRows, summaryFacts } from './attendance-view';
import { rangeProblem } from './range-problem';

const record = (email: string, status = 'P', id = email): AttendanceRecord => ({
  _id: id,
  employeeId: null,
  email,
  date: '2026-03-10',
  status,
  punchIn: '2026-03-10T03:30:00.000Z',
  punchOut: null,
});

describe('attendance view logic', () => {
  it('the default range is the last 30 days, today included', () => {
    expect(defaultRange('2026-03-10')).toEqual({ startDate: '2026-02-09', endDate: '2026-03-10' });
  });

  it('a range needs both dates, in order', () => {
    expect(rangeProblem('', '2026-01-01')).toBe(MSG.datesRequired);
    expect(rangeProblem('2026-01-01', '')).toBe(MSG.datesRequired);
    expect(rangeProblem('2026-01-02', '2026-01-01')).toBe(ATTENDANCE_MSG.startAfterEnd);
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
  });

  it('overview rows: sorted by email, named from the roster, Unknown otherwise', () => {
    const rows = overviewRows(
      [record('zoe@x.in'), record('Asha@x.in'), record('gone@x.in', 'A'), record('bala@x.in', 'H')],
      [
        { email: 'asha@x.in', name: 'Asha Rao' },
        { email: 'bala@x.in', name: 'Bala K' },
        { email: 'zoe@x.in', name: 'Zoe M' },
      ],
    );
    expect(rows.map((r) => [r.email, r.name])).toEqual([
      ['Asha@x.in', 'Asha Rao'],
      ['bala@x.in', 'Bala K'],
      ['gone@x.in', 'Unknown'],
      ['zoe@x.in', 'Zoe M'],
    ]);
  });

  it('chart facts: today is the last day; the average is rounded', () => {
    expect(
      summaryFacts([
        { date: '2026-03-08', present: 3, absent: 1 },
        { date: '2026-03-09', present: 4, absent: 0 },
        { date: '2026-03-10', present: 2, absent: 2 },
      ]),
    ).toEqual({ days: 3, present: 2, absent: 2, averagePresent: 3 });
    expect(summaryFacts([])).toEqual({ days: 0, present: 0, absent: 0, averagePresent: 0 });
  });
});
