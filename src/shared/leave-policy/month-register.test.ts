import { leaveTypeCodes, registerRow } from './month-register';
import { SUNDAY_OFF } from './work-calendar';

describe('month register row', () => {
  it('gives leave types short codes, unique even when initials clash', () => {
    const codes = leaveTypeCodes([
      { id: 1, name: 'Casual' },
      { id: 2, name: 'Sick' },
      { id: 3, name: 'Earned' },
      { id: 4, name: 'Leave Without Pay' },
      { id: 5, name: 'Compensatory' },
      { id: 6, name: 'casual (old)' },
    ]);
    expect([...codes.values()]).toEqual(['CL', 'SL', 'EL', 'LWP', 'CL5', 'CO']);
  });

  it('codes a half-day on a Friday before a holiday weekend, and counts the slip figures', () => {
    // February 2026: Friday 13th a half day of Casual leave (worked the other half), Monday 16th a holiday.
    const row = registerRow({
      month: '2026-02',
      joinedOn: '2026-02-03',
      today: '2026-03-01',
      calendar: { weeklyOff: { weekdays: [0], saturdays: [2, 4] }, holidays: new Set(['2026-02-16']) },
      attendance: new Map([
        ['2026-02-03', 'P'],
        ['2026-02-04', 'H'],
        ['2026-02-05', 'A'],
      ]),
      leaves: [{ startDate: '2026-02-13', endDate: '2026-02-13', typeCode: 'CL', half: true }],
    });
    expect(row.codes.slice(0, 17)).toEqual(['–', '–', 'P', 'HD', 'A', 'A', 'A', 'WO', 'A', 'A', 'A', 'A', 'HL-CL', 'WO', 'WO', 'H', 'A']);
    expect(row.totals.leave).toEqual({ CL: 0.5 });
    // 28 days - 4 Sundays - 2 Saturdays = 22 working; 1 before joining; LOP = every other working day gone.
    expect(row.totals.lop).toBe(row.codes.filter((c) => c === 'A').length);
    expect(row.totals.paidDays).toBe(22 - 1 - row.totals.lop);
    expect(row.lopDates[0]).toBe('2026-02-05');
  });

  it('leaves today and later blank, and a leave over a weekly off is no leave on the off day', () => {
    const row = registerRow({
      month: '2026-11',
      joinedOn: '2020-01-01',
      today: '2026-11-23',
      calendar: { weeklyOff: SUNDAY_OFF, holidays: new Set() },
      attendance: new Map(),
      leaves: [{ startDate: '2026-10-30', endDate: '2026-11-03', typeCode: 'EL', half: false }],
    });
    expect(row.codes.slice(0, 4)).toEqual(['WO', 'L-EL', 'L-EL', 'A']);
    expect(row.codes.slice(22)).toEqual(['', '', '', '', '', '', 'WO', '']);
    expect(row.totals.leave).toEqual({ EL: 2 });
  });
});
