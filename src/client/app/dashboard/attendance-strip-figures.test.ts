import type { AttendanceRecord } from '../../../shared/schemas/attendance';
import type { AdminDashboardSummary } from '../../../shared/schemas/dashboard';
import { stripFigures } from './attendance-strip-figures';

const TODAY = '2026-03-10';
const record = (email: string, status = 'P', date = TODAY): AttendanceRecord => ({
  _id: email,
  employeeId: null,
  email,
  date,
  status,
  punchIn: status === 'P' ? `${date}T03:30:00.000Z` : null,
  punchOut: null,
});
const counts = (today: Partial<AdminDashboardSummary['today']>): Pick<AdminDashboardSummary, 'today'> => ({
  today: { employed: 10, present: 0, onLeave: 2, absent: 8, off: 0, dayOff: null, ...today },
});
const sum = (f: ReturnType<typeof stripFigures>) => f.present! + f.absent! + f.onLeave! + f.off!;

describe('the attendance strip figures', () => {
  it('on a working day: present live, on leave not absent, the four add up to those employed', () => {
    const records = [record('a@x.in'), record('b@x.in', 'H'), record('c@x.in', 'A'), record('d@x.in', 'P', '2026-03-09')];
    const figures = stripFigures(TODAY, records, counts({}));
    expect(figures).toEqual({ present: 2, absent: 6, onLeave: 2, off: 0 });
    expect(sum(figures)).toBe(10);
  });

  it('on a holiday or weekly off nobody is absent: the rest are off today', () => {
    const figures = stripFigures(TODAY, [record('a@x.in')], counts({ dayOff: 'holiday' }));
    expect(figures).toEqual({ present: 1, absent: 0, onLeave: 2, off: 7 });
    expect(sum(figures)).toBe(10);
  });

  it('shows a dash for what has not arrived', () => {
    expect(stripFigures(TODAY, undefined, counts({}))).toEqual({ present: null, absent: null, onLeave: 2, off: null });
    expect(stripFigures(TODAY, [], undefined)).toEqual({ present: 0, absent: null, onLeave: null, off: null });
  });
});
